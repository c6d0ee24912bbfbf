import { useSnapshot } from 'valtio';
import type { QuoteRow } from '@kabuto/schema/contracts';
import { liveQuotes } from './live-quotes.store.ts';
import { trendOf } from '../../lib/trend.ts';
import { useTranslation } from 'react-i18next';
import { storage } from '../../lib/storage.ts';
import { fundamentalsLine } from './fundamentals.ts';

export { trendOf };

/** Digit grouping for a price string; the string's own decimals stay (exact, no float). */
export function groupDigits(value: string | null | undefined): string {
  if (!value) return '--';
  const [whole = '0', fraction] = value.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

export function formatRate(changeRate: string | null | undefined): string {
  if (!changeRate) return '--';
  return `${Number(changeRate) > 0 ? '+' : ''}${changeRate}%`;
}

/** A price that flashes in the rise or fall colour when it changes. */
export function LivePrice({
  symbol,
  fallback,
  className,
  testId,
}: {
  symbol: string;
  fallback: string | null;
  className?: string;
  testId?: string;
}) {
  const quote = useSnapshot(liveQuotes)[symbol];
  const price = quote?.price ?? fallback;
  const flash =
    quote && quote.flash > 0
      ? `${quote.direction > 0 ? 'flash-up' : 'flash-down'}${quote.flash % 2 ? ' flash-alt' : ''}`
      : '';
  return (
    <span
      className={`num ${trendOf(quote?.change_rate)} ${flash} ${className ?? ''}`}
      data-testid={testId}
    >
      {groupDigits(price)}
    </span>
  );
}

export function LiveRate({
  symbol,
  fallback,
  badge,
  testId,
}: {
  symbol: string;
  fallback: string | null;
  badge?: boolean;
  testId?: string;
}) {
  const quote = useSnapshot(liveQuotes)[symbol];
  const rate = quote?.change_rate ?? fallback;
  const trend = trendOf(rate);
  return (
    <span className={`num ${badge ? `badge bg-${trend}` : trend}`} data-testid={testId}>
      {formatRate(rate)}
    </span>
  );
}

/** One list row: name and code (and, in rankings, market value and PER), live price, live change badge. */
export function QuoteListRow({
  row,
  onOpen,
  withFundamentals = false,
}: {
  row: QuoteRow;
  onOpen: (symbol: string) => void;
  withFundamentals?: boolean;
}) {
  const { t } = useTranslation();
  const figures = withFundamentals
    ? fundamentalsLine(row, storage.language(), {
        marketValue: t('quotes.fund.rankLine.marketValue'),
        per: t('quotes.fund.rankLine.per'),
        loss: t('quotes.fund.loss'),
      })
    : null;
  return (
    <div
      className="quote-row"
      role="button"
      tabIndex={0}
      onClick={() => onOpen(row.symbol)}
      data-testid={`quote-row-${row.symbol}`}
    >
      <div style={{ minWidth: 0 }}>
        <div className="name">{row.name}</div>
        <div className="code">
          {row.symbol.replace(/^IDX:/, '')} · {row.market}
        </div>
        {figures ? (
          <div className="code" data-testid={`rank-fund-${row.symbol}`}>
            {figures}
          </div>
        ) : null}
      </div>
      <LivePrice symbol={row.symbol} fallback={row.price} className="price" />
      <LiveRate symbol={row.symbol} fallback={row.change_rate} badge />
    </div>
  );
}
