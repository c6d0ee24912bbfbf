import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '@kabuto/schema/contracts';
import { formatCount } from '../../lib/format.ts';
import { storage } from '../../lib/storage.ts';
import { compactAmount } from './fundamentals.ts';

/**
 * PER, EPS, market value, shares outstanding and dividend yield at the price the screen opened
 * with, labelled as simulated: the simulator has no filings behind them.
 */
export function FundamentalsCard({ detail }: { detail: QuoteDetail }) {
  const { t } = useTranslation();
  if (detail.fundamentals_source === null) return null;
  const language = storage.language();
  const cells: Array<[string, string, string]> = [
    [
      'quotes.fund.marketValue',
      `${compactAmount(detail.market_value, language)} ${detail.currency}`,
      'fund-market-value',
    ],
    ['quotes.fund.per', detail.per ?? t('quotes.fund.loss'), 'fund-per'],
    ['quotes.fund.eps', `${detail.eps ?? '--'} ${detail.currency}`, 'fund-eps'],
    ['quotes.fund.shares', formatCount(detail.shares_outstanding ?? ''), 'fund-shares'],
    ['quotes.fund.yield', `${detail.dividend_yield ?? '--'}%`, 'fund-yield'],
  ];
  return (
    <section className="card fundamentals" data-testid="fundamentals" aria-labelledby="fund-title">
      <h3 id="fund-title" className="fund-title">
        {t('quotes.fund.title')}
      </h3>
      <p className="muted fund-note" data-testid="fund-simulated">
        {t('quotes.fund.simulated')}
      </p>
      <dl className="fund-grid">
        {cells.map(([label, value, id]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd className="num" data-testid={id}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
