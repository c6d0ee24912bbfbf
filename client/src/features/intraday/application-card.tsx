import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { MARKET_RULES, type Market } from '@kabuto/schema/market';
import { formatAmount, formatCount, formatMoney } from '../../lib/format.ts';
import { instrumentName } from '../../lib/instrument-name.ts';
import { LOCALE_OF } from '../../lib/i18n.ts';
import { storage } from '../../lib/storage.ts';
import { Field } from '../../components/product-bits.tsx';
import type { IntradayApplication, IntradayDetail } from './intraday.api.ts';
import { closeDetail, intradayState, loadDetail } from './intraday.store.ts';
import { IntradayOrderForm } from './order-form.tsx';

/** A profit or loss with the market's rise and fall colours (none for zero). */
function PnlText({ value, currency }: { value: string; currency: string }) {
  const tone = /^-/.test(value) ? 'fall' : /^0(\.0+)?$/.test(value) ? '' : 'rise';
  return <span className={tone}>{formatAmount(value, currency)}</span>;
}

/**
 * An instant in the exchange's own time zone, named in the reader's words ("11/24 15:30 東京時間"),
 * not the browser's "GMT-5" / "GMT+9".
 */
function exchangeTime(ms: number | null, market: Market): string {
  if (!ms) return '--';
  const zone = i18next.t(`intraday.zone.${market}`);
  return `${new Date(ms).toLocaleString(LOCALE_OF[storage.language()], {
    timeZone: MARKET_RULES[market].timeZone,
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })} ${zone}`;
}

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

type IntradayTrade = IntradayDetail['trades'][number];

/** The traded stock's name in the reader's language and its code (the code alone without names). */
function TradeName({ symbol, name }: Pick<IntradayTrade, 'symbol' | 'name'>) {
  const shown = instrumentName({ symbol, name }, storage.language());
  return (
    <div className="intraday-trade-name" data-testid="intraday-trade-name">
      <strong>{shown}</strong>
      {shown === symbol ? null : <small className="muted"> {symbol}</small>}
    </div>
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
          className="intraday-trade"
          data-testid="intraday-trade"
          data-status={trade.status}
          data-reason={trade.close_reason ?? ''}
        >
          <TradeName symbol={trade.symbol} name={trade.name} />
          <div className="detail-row">
            <span>
              {t(`trade.${trade.side}`)} × {formatCount(trade.qty)}
            </span>
            <span className="muted">@{formatMoney(trade.open_price)}</span>
          </div>
          <div className="detail-row">
            <span className="muted">
              {trade.status === 'holding'
                ? t('intraday.open')
                : `${t(`intraday.closeReason.${trade.close_reason ?? 'user'}`)} @${formatMoney(trade.close_price)}`}
            </span>
            {trade.pnl === null ? null : <PnlText value={trade.pnl} currency={currency} />}
          </div>
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
  const market = app.market as Market;
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
          <Field label={t('intraday.closesAt')} id="intraday-closes-at">
            {exchangeTime(app.closes_at, market)}
          </Field>
        </>
      ) : (
        <Field label={t('intraday.settledAt')}>{exchangeTime(app.settled_at, market)}</Field>
      )}
      <Field label={t('intraday.pnl')} id="intraday-pnl">
        <PnlText value={app.pnl} currency={app.currency} />
      </Field>
      {app.forced_close_fee ? (
        <Field label={t('intraday.forcedCloseFee')}>{money(app.forced_close_fee)}</Field>
      ) : null}
      {app.status === 'trading' ? <IntradayOrderForm market={market} /> : null}
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
