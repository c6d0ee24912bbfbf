import { Button, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import {
  buyingPowerOf,
  INTRADAY_RULES,
  intradayMarketOf,
  leverageText,
} from '@kabuto/schema/intraday';
import { formatAmount } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { RefusalNote } from '../../components/product-bits.tsx';
import { intradayApi, type IntradayCurrency } from './intraday.api.ts';
import { loadApplications } from './intraday.store.ts';

const CURRENCIES: IntradayCurrency[] = ['JPY', 'USD', 'CNY'];

/** Buying power of a typed amount (whole major units), exact: amount × leverage rounded down. */
function buyingPowerText(currency: IntradayCurrency, amount: string): string | null {
  const market = intradayMarketOf(currency);
  if (!market || !/^\d{1,13}$/.test(amount) || /^0+$/.test(amount)) return null;
  const scale = scaleOf(currency);
  const power = buyingPowerOf(market, BigInt(amount) * 10n ** BigInt(scale));
  return formatAmount(formatScaled(power, scale), currency);
}

/** The application form: market (by currency), amount, the leverage and buying power it gives. */
export function ApplyForm() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<IntradayCurrency>('JPY');
  const [amount, setAmount] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const market = intradayMarketOf(currency) ?? 'JP';
  const power = buyingPowerText(currency, amount.trim());
  const submit = async () => {
    setBusy(true);
    const answer = await intradayApi.apply(currency, amount.trim());
    setBusy(false);
    setRefusal(answer.refused ? answer.msg : null);
    if (!answer.refused) {
      showMessage(translateMsg(answer.msg));
      setAmount('');
      await loadApplications();
    }
  };
  return (
    <div className="card" data-testid="intraday-apply">
      <div className="ipo-section-title">{t('intraday.apply')}</div>
      <Selector
        columns={3}
        value={[currency]}
        onChange={(v: IntradayCurrency[]) => v[0] && setCurrency(v[0])}
        options={CURRENCIES.map((c) => ({ label: t(`intraday.market.${c}`), value: c }))}
        data-testid="intraday-currency"
      />
      <div className="detail-row" style={{ marginTop: 8 }}>
        <span className="muted">{t('intraday.leverage')}</span>
        <span data-testid="intraday-leverage">×{leverageText(market)}</span>
      </div>
      <Input
        value={amount}
        onChange={setAmount}
        placeholder={t('intraday.amountPlaceholder', { currency })}
        inputMode="numeric"
        style={{ margin: '8px 0', border: '1px solid #e3e7ee', borderRadius: 8, padding: 8 }}
        data-testid="intraday-amount"
      />
      <div className="detail-row">
        <span className="muted">{t('intraday.buyingPower')}</span>
        <span data-testid="intraday-apply-power">{power ?? '--'}</span>
      </div>
      {INTRADAY_RULES[market].longAllowed ? null : (
        <p className="muted" style={{ fontSize: 12 }} data-testid="intraday-cn-note">
          {t('intraday.cnNote')}
        </p>
      )}
      <p className="muted" style={{ fontSize: 12 }}>
        {t(`intraday.rule.${market}`)}
      </p>
      <RefusalNote msg={refusal} id="intraday-apply-refusal" />
      <Button
        block
        color="primary"
        loading={busy}
        disabled={!power}
        onClick={() => void submit()}
        data-testid="intraday-apply-submit"
      >
        {t('intraday.applySubmit')}
      </Button>
    </div>
  );
}
