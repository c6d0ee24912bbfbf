import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Market } from '@kabuto/schema/market';
import { formatAmount, formatMoney } from '../../lib/format.ts';
import { Field, when } from '../ipo/ipo-bits.tsx';
import type { IntradayApplication, IntradayDetail } from './intraday.api.ts';
import { closeDetail, intradayState, loadDetail } from './intraday.store.ts';
import { IntradayOrderForm } from './order-form.tsx';

/** The application's state in the spec's words (applied, trading, submitted, traded, failed). */
export function IntradayStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`ipo-tag intraday-${status}`}
      data-testid="intraday-status"
      data-status={status}
    >
      {t(`intraday.status.${status}`)}
    </span>
  );
}

function Trades({ detail }: { detail: IntradayDetail }) {
  const { t } = useTranslation();
  const currency = detail.application.currency;
  if (detail.trades.length === 0) return <p className="muted">{t('intraday.noTrades')}</p>;
  return (
    <div data-testid="intraday-trades">
      {detail.trades.map((trade) => (
        <div
          key={trade.position_id}
          className="detail-row"
          data-testid="intraday-trade"
          data-status={trade.status}
          data-reason={trade.close_reason ?? ''}
        >
          <span>
            {trade.symbol} {t(`trade.${trade.side}`)} {trade.qty} @{formatMoney(trade.open_price)}
          </span>
          <span>
            {trade.status === 'holding'
              ? t('intraday.open')
              : `${t(`intraday.closeReason.${trade.close_reason ?? 'user'}`)} @${formatMoney(trade.close_price)} · ${formatAmount(trade.pnl, currency)}`}
          </span>
        </div>
      ))}
    </div>
  );
}

/** One application: its figures, the order sheet while it trades, and its trades on demand. */
export function ApplicationCard({ app }: { app: IntradayApplication }) {
  const { t } = useTranslation();
  const { details } = useSnapshot(intradayState);
  const detail = details[app.id] as IntradayDetail | undefined;
  const money = (value: string | null) => formatAmount(value, app.currency);
  const open = ['applied', 'trading', 'submitted'].includes(app.status);
  return (
    <div
      className="card"
      data-testid="intraday-application"
      data-id={app.id}
      data-status={app.status}
    >
      <div className="detail-row">
        <strong>
          {t(`intraday.market.${app.currency}`)} · {app.session_date}
        </strong>
        <IntradayStatusTag status={app.status} />
      </div>
      <Field label={t('intraday.amount')}>{money(app.amount)}</Field>
      <Field label={t('intraday.buyingPower')}>
        {money(app.buying_power)} (×{app.leverage})
      </Field>
      {open ? (
        <>
          <Field label={t('intraday.buyingPowerLeft')} id="intraday-power-left">
            {money(app.buying_power_left)}
          </Field>
          <Field label={t('intraday.balance')}>{money(app.balance)}</Field>
          <Field label={t('intraday.closesAt')}>{when(app.closes_at)}</Field>
        </>
      ) : (
        <Field label={t('intraday.settledAt')}>{when(app.settled_at)}</Field>
      )}
      <Field label={t('intraday.pnl')} id="intraday-pnl">
        <span className={app.pnl.startsWith('-') ? 'fall' : 'rise'}>{money(app.pnl)}</span>
      </Field>
      {app.forced_close_fee ? (
        <Field label={t('intraday.forcedCloseFee')}>{money(app.forced_close_fee)}</Field>
      ) : null}
      {app.status === 'trading' ? <IntradayOrderForm market={app.market as Market} /> : null}
      <button
        type="button"
        className="link-button"
        style={{ marginTop: 8, background: 'none', border: 0, color: 'var(--adm-color-primary)' }}
        onClick={() => void (detail ? closeDetail(app.id) : loadDetail(app.id))}
        data-testid="intraday-detail-toggle"
      >
        {detail ? t('intraday.hideTrades') : t('intraday.showTrades')}
      </button>
      {detail ? <Trades detail={detail} /> : null}
    </div>
  );
}
