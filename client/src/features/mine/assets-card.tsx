import { Button, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AssetsData } from '@kabuto/schema/contracts';
import { appConfig } from '../../lib/app-config.ts';
import { assetsState, loadAssets } from '../../lib/assets.store.ts';
import { callApi, newRequestId, refusalDetail } from '../../lib/api-client.ts';
import { formatAmount } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { storage, type DisplayCurrencyKey } from '../../lib/storage.ts';
import { formatWhen } from '../../lib/format-time.ts';

const CURRENCIES: readonly DisplayCurrencyKey[] = ['jpy', 'usd', 'cny'];

/** The `stock` storage key (spec section 3): the currency every summary figure is shown in. */
function CurrencyPicker() {
  const { t } = useTranslation();
  const choose = (values: DisplayCurrencyKey[]) => {
    const next = values[0];
    if (!next || next === storage.currency()) return;
    storage.saveCurrency(next);
    assetsState.summary = null;
    void loadAssets({ loading: false });
  };
  return (
    <div className="figure" data-testid="currency-picker">
      <label>{t('mine.displayCurrency')}</label>
      <Selector
        columns={3}
        showCheckMark={false}
        value={[storage.currency()]}
        onChange={choose}
        options={CURRENCIES.map((c) => ({
          label: <span data-testid={`currency-${c}`}>{c.toUpperCase()}</span>,
          value: c,
        }))}
      />
    </div>
  );
}

/** Claims the paper grant in one currency; a claim too soon says when the next one opens. */
async function claimGrant(currency: DisplayCurrencyKey): Promise<void> {
  const response = await callApi(
    'user/paperfund',
    { currency, request_id: newRequestId() },
    { quiet: true },
  );
  const nextAt = response.status === 1 ? undefined : refusalDetail(response, 'next_claim_at');
  const params: Record<string, string> = {
    currency: currency.toUpperCase(),
    ...(nextAt ? { when: formatWhen(nextAt) } : {}),
  };
  showMessage(translateMsg(response.msg, params));
  await loadAssets({ loading: false }); // the toast stays; fund:updated also resyncs
}

function GrantButtons() {
  const { t } = useTranslation();
  if (appConfig.get('mode') !== 'paper') return null;
  return (
    <>
      <div className="grant-row">
        {CURRENCIES.map((c) => (
          <Button
            key={c}
            size="small"
            onClick={() => void claimGrant(c)}
            data-testid={`paper-grant-${c}`}
          >
            {t('mine.paperGrantIn', { currency: c.toUpperCase() })}
          </Button>
        ))}
      </div>
      <p className="muted" style={{ fontSize: 12, margin: '6px 0 0' }}>
        {t('mine.paperGrantHint')}
      </p>
    </>
  );
}

function Figure({
  label,
  value,
  currency,
  testId,
}: {
  label: string;
  value: string | undefined;
  currency: string;
  testId: string;
}) {
  return (
    <div className="figure">
      <label>{label}</label>
      <strong data-testid={testId}>{formatAmount(value, currency)}</strong>
    </div>
  );
}

/** Cash in each currency, unconverted: the same figure the order sheet and Withdraw show. */
function CashByCurrency({ summary }: { summary: AssetsData }) {
  const { t } = useTranslation();
  const held = Object.entries(summary.cash ?? {});
  if (held.length === 0) return null;
  return (
    <div style={{ marginTop: 12 }} data-testid="cash-by-currency">
      <label className="muted" style={{ fontSize: 12 }}>
        {t('mine.cashByCurrency')}
      </label>
      {held.map(([currency, amount]) => (
        <div className="cash-row" key={currency}>
          <span>{currency}</span>
          <strong className="num" data-testid={`cash-${currency}`}>
            {formatAmount(amount, currency)}
          </strong>
        </div>
      ))}
    </div>
  );
}

/** Spec section 3's account summary in the display currency, from the server's one computation. */
export function AssetsCard() {
  const { t } = useTranslation();
  const { summary } = useSnapshot(assetsState) as { summary: AssetsData | null };
  const currency = summary?.currency ?? storage.currency().toUpperCase();
  return (
    <div className="card" data-testid="assets-card">
      <CurrencyPicker />
      <div className="figure total" style={{ marginTop: 12 }}>
        <label>{t('mine.assets')}</label>
        <strong data-testid="assets-total">{formatAmount(summary?.total, currency)}</strong>
      </div>
      <div className="figure-grid">
        <Figure
          label={t('trade.buyingPower')}
          value={summary?.available}
          currency={currency}
          testId="assets-available"
        />
        <Figure
          label={t('trade.workingFunds')}
          value={summary?.frozen}
          currency={currency}
          testId="assets-frozen"
        />
        <Figure
          label={t('mine.pnl')}
          value={summary?.unrealized_pnl}
          currency={currency}
          testId="assets-pnl"
        />
        <Figure
          label={t('mine.debt')}
          value={summary?.debt}
          currency={currency}
          testId="assets-debt"
        />
        <Figure
          label={t('mine.marketValue')}
          value={summary?.market_value}
          currency={currency}
          testId="assets-mv"
        />
      </div>
      {summary?.unpriced.length ? (
        <p className="muted">
          {t('mine.unpriced')}
          {summary.unpriced.join(', ')}
        </p>
      ) : null}
      {summary ? <CashByCurrency summary={summary} /> : null}
      <GrantButtons />
    </div>
  );
}
