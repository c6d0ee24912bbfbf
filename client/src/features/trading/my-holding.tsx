import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditTime, merge } from 'rxjs';
import { formatAmount, formatMoney } from '../../lib/format.ts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { accountResync$ } from '../../lib/account-seq.ts';
import { storage } from '../../lib/storage.ts';
import { quoteTicks$ } from '../../lib/quote-stream.ts';
import { trendOf } from '../../lib/trend.ts';
import { tradingApi, type Holding, type HoldingSide } from './trading.api.ts';

function SideLines({
  side,
  figures,
  currency,
}: {
  side: 'long' | 'short';
  figures: HoldingSide;
  currency: string;
}) {
  const { t } = useTranslation();
  const rows: Array<[string, string, string]> = [
    ['trade.heldQty', String(figures.qty), `holding-${side}-qty`],
    ['trade.avgCost', formatMoney(figures.avg_price), `holding-${side}-avg`],
    ['trade.evalPnl', formatAmount(figures.pnl, currency), `holding-${side}-pnl`],
  ];
  return (
    <div style={{ marginTop: 6 }}>
      <small className={side === 'long' ? 'rise' : 'fall'}>{t(`trade.${side}`)}</small>
      {rows.map(([label, value, id]) => (
        <div className="detail-row" key={label}>
          <span className="muted">{t(label)}</span>
          <span
            className={`num ${label === 'trade.evalPnl' ? trendOf(figures.pnl) : ''}`}
            data-testid={id}
          >
            {value}
          </span>
        </div>
      ))}
    </div>
  );
}

/** The signed-in user's holding in one stock (spec section 3: held quantity, average cost, evaluated P&L), live. */
export function MyHolding({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [holding, setHolding] = useState<Holding | null>(null);
  const reload = useCallback(() => void tradingApi.holding(symbol).then(setHolding), [symbol]);
  useEffect(() => {
    if (!storage.hasSession()) return undefined;
    reload();
    const changes = merge(fromSocketEvent('order:updated'), accountResync$(), quoteTicks$([symbol]))
      .pipe(auditTime(2000))
      .subscribe(reload);
    return () => changes.unsubscribe();
  }, [symbol, reload]);
  if (!holding) return null;
  return (
    <div className="card" data-testid="my-holding">
      <strong>{t('trade.myHolding')}</strong>
      {holding.long ? (
        <SideLines side="long" figures={holding.long} currency={holding.currency} />
      ) : null}
      {holding.short ? (
        <SideLines side="short" figures={holding.short} currency={holding.currency} />
      ) : null}
      {!holding.long && !holding.short ? (
        <p className="muted" style={{ margin: '6px 0 0' }} data-testid="holding-none">
          {t('trade.notHeld')}
        </p>
      ) : null}
    </div>
  );
}
