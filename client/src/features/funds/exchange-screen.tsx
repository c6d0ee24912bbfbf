import { Button, Dialog, Form, Input, Picker } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../../components/header-bar.tsx';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { formatMoney } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { EXCHANGE_CURRENCIES, type ExchangePrice } from './funds.api.ts';

const COLUMNS = [EXCHANGE_CURRENCIES.map((c) => ({ label: c, value: c }))];

function CurrencyPicker({ value, onChange, testId }: { value: string; onChange: (currency: string) => void; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={testId}>{value} ▾</Button>
      <Picker columns={COLUMNS} visible={open} value={[value]} onClose={() => setOpen(false)} onConfirm={(v: Array<string | number | null>) => onChange(String(v[0] ?? value))} />
    </>
  );
}

function PriceCard({ price }: { price: ExchangePrice }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="exchange-price">
      <div className="figure-grid">
        <div className="figure"><label>{t('money.midRate')}</label><strong>{price.mid_rate}</strong></div>
        <div className="figure"><label>{t('money.appliedRate')}</label><strong>{price.applied_rate}</strong></div>
        <div className="figure"><label>{t('money.spread')}</label><strong>{price.spread}</strong></div>
        <div className="figure"><label>{t('money.receive')}</label><strong data-testid="exchange-receive">{formatMoney(price.receive)} {price.to}</strong></div>
      </div>
    </div>
  );
}

/** /mine/exchange: every direction between the spec's currencies at the feed rate less the published spread. */
export function ExchangeScreen() {
  const { t } = useTranslation();
  const [from, setFrom] = useState('JPY');
  const [to, setTo] = useState('USD');
  const [amount, setAmount] = useState('');
  const [price, setPrice] = useState<ExchangePrice | null>(null);
  const quote = async () => {
    const response = await callApi<ExchangePrice>('fund/exchangequote', { from, to, amount });
    setPrice(response.status === 1 ? response.data : null);
  };
  const confirm = async () => {
    if (!price) return;
    const ok = await Dialog.confirm({ content: t('money.exchangeConfirm', { amount: formatMoney(price.amount), from: price.from, receive: formatMoney(price.receive), to: price.to, rate: price.applied_rate }) });
    if (!ok) return;
    const response = await callApi<ExchangePrice>('fund/exchange', { from, to, amount, quote_id: price.quote_id, request_id: newRequestId() });
    if (response.status !== 1) return;
    showMessage(translateMsg(response.msg));
    setPrice(null);
    setAmount('');
  };
  return (
    <div className="screen" data-testid="exchange-screen">
      <HeaderBar title={t('money.exchange')} />
      <div className="card exchange-pair">
        <CurrencyPicker value={from} onChange={(c) => { setFrom(c); setPrice(null); }} testId="exchange-from" />
        <button type="button" className="swap-button" aria-label="swap" onClick={() => { setFrom(to); setTo(from); setPrice(null); }}>⇄</button>
        <CurrencyPicker value={to} onChange={(c) => { setTo(c); setPrice(null); }} testId="exchange-to" />
      </div>
      <Form layout="vertical">
        <Form.Item label={`${t('money.amount')} (${from})`}>
          <Input inputMode="decimal" value={amount} onChange={(v: string) => { setAmount(v); setPrice(null); }} data-testid="exchange-amount" />
        </Form.Item>
      </Form>
      {price ? <PriceCard price={price} /> : null}
      <div className="form-actions">
        {price
          ? <Button block color="primary" size="large" onClick={() => void confirm()} data-testid="exchange-confirm">{t('money.exchangeNow')}</Button>
          : <Button block color="primary" size="large" disabled={!amount} onClick={() => void quote()} data-testid="exchange-quote">{t('money.getRate')}</Button>}
      </div>
    </div>
  );
}
