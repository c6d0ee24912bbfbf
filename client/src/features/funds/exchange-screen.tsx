import { Button, Dialog, Form, Input, Picker } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../../components/header-bar.tsx';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { formatMoney } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage, showRefusal } from '../../lib/toast.ts';
import { EXCHANGE_CURRENCIES, type ExchangePrice } from './funds.api.ts';

const COLUMNS = [EXCHANGE_CURRENCIES.map((c) => ({ label: c, value: c }))];

function CurrencyPicker({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (currency: string) => void;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={testId}>
        {value} ▾
      </Button>
      <Picker
        columns={COLUMNS}
        visible={open}
        value={[value]}
        onClose={() => setOpen(false)}
        onConfirm={(v: Array<string | number | null>) => onChange(String(v[0] ?? value))}
      />
    </>
  );
}

function PriceCard({ price, secondsLeft }: { price: ExchangePrice; secondsLeft: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="exchange-price" data-quote-id={price.quote_id}>
      <div className="figure-grid">
        <div className="figure">
          <label>{t('money.midRate')}</label>
          <strong>{price.mid_rate}</strong>
        </div>
        <div className="figure">
          <label>{t('money.appliedRate')}</label>
          <strong data-testid="exchange-rate">{price.applied_rate}</strong>
        </div>
        <div className="figure">
          <label>{t('money.spread')}</label>
          <strong>{price.spread}</strong>
        </div>
        <div className="figure">
          <label>{t('money.receive')}</label>
          <strong data-testid="exchange-receive">
            {formatMoney(price.receive)} {price.to}
          </strong>
        </div>
      </div>
      <div
        className="muted"
        style={{ marginTop: 8 }}
        data-testid="exchange-countdown"
        data-seconds={secondsLeft ?? ''}
      >
        {secondsLeft === null
          ? t('money.quoteRefreshing')
          : t('money.quoteValid', { seconds: secondsLeft })}
      </div>
    </div>
  );
}

/** Re-quote this long before the server's lock lapses, so a confirm never reaches a lapsed quote. */
const REQUOTE_MARGIN_MS = 1000;

/**
 * The priced exchange on screen and the seconds it has left. When it lapses a fresh quote replaces
 * it (a new rate the user sees before confirming); `current` tells whether a quote is still the one
 * on screen and valid.
 */
function useExchangeQuote({ from, to, amount }: { from: string; to: string; amount: string }) {
  const [price, setPrice] = useState<ExchangePrice | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const expiresAt = useRef(0);
  const pending = useRef(false);
  const fetchQuote = useCallback(async () => {
    if (pending.current) return;
    pending.current = true;
    setPrice((shown) => (shown ? { ...shown, quote_id: '' } : shown));
    const response = await callApi('fund/exchangequote', { from, to, amount });
    pending.current = false;
    const priced = response.status === 1 ? response.data : null;
    expiresAt.current = priced ? Date.now() + priced.valid_seconds * 1000 : 0;
    setNow(Date.now());
    setPrice(priced);
  }, [from, to, amount]);
  useEffect(() => {
    if (!price?.quote_id) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [price?.quote_id]);
  const lapsed =
    price !== null && price.quote_id !== '' && now >= expiresAt.current - REQUOTE_MARGIN_MS;
  useEffect(() => {
    if (lapsed) void fetchQuote();
  }, [lapsed, fetchQuote]);
  const secondsLeft =
    price?.quote_id && !lapsed ? Math.ceil((expiresAt.current - now) / 1000) : null;
  const current = (quoteId: string) =>
    quoteId !== '' &&
    price?.quote_id === quoteId &&
    Date.now() < expiresAt.current - REQUOTE_MARGIN_MS;
  return { price, secondsLeft, fetchQuote, clear: () => setPrice(null), current };
}

/** /mine/exchange: every direction between the spec's currencies at the feed rate less the published spread. */
export function ExchangeScreen() {
  const { t } = useTranslation();
  const [from, setFrom] = useState('JPY');
  const [to, setTo] = useState('USD');
  const [amount, setAmount] = useState('');
  const quote = useExchangeQuote({ from, to, amount });
  const { price } = quote;
  const confirm = async () => {
    if (!price?.quote_id) return;
    const ok = await Dialog.confirm({
      content: t('money.exchangeConfirm', {
        amount: formatMoney(price.amount),
        from: price.from,
        receive: formatMoney(price.receive),
        to: price.to,
        rate: price.applied_rate,
      }),
    });
    if (!ok) return;
    // The rate lapsed while the dialog was open: a new one is on screen; the user confirms that one.
    if (!quote.current(price.quote_id)) return showRefusal(translateMsg('quote_expired'));
    const response = await callApi('fund/exchange', {
      from,
      to,
      amount,
      quote_id: price.quote_id,
      request_id: newRequestId(),
    });
    if (response.status !== 1) {
      if (response.msg === 'quote_expired') void quote.fetchQuote();
      return;
    }
    showMessage(translateMsg(response.msg));
    quote.clear();
    setAmount('');
  };
  return (
    <div className="screen" data-testid="exchange-screen">
      <HeaderBar title={t('money.exchange')} />
      <div className="card exchange-pair">
        <CurrencyPicker
          value={from}
          onChange={(c) => {
            setFrom(c);
            quote.clear();
          }}
          testId="exchange-from"
        />
        <button
          type="button"
          className="swap-button"
          aria-label="swap"
          onClick={() => {
            setFrom(to);
            setTo(from);
            quote.clear();
          }}
        >
          ⇄
        </button>
        <CurrencyPicker
          value={to}
          onChange={(c) => {
            setTo(c);
            quote.clear();
          }}
          testId="exchange-to"
        />
      </div>
      <Form layout="vertical">
        <Form.Item label={`${t('money.amount')} (${from})`}>
          <Input
            inputMode="decimal"
            value={amount}
            onChange={(v: string) => {
              setAmount(v);
              quote.clear();
            }}
            data-testid="exchange-amount"
          />
        </Form.Item>
      </Form>
      {price ? <PriceCard price={price} secondsLeft={quote.secondsLeft} /> : null}
      <div className="form-actions">
        {price ? (
          <Button
            block
            color="primary"
            size="large"
            disabled={!price.quote_id}
            onClick={() => void confirm()}
            data-testid="exchange-confirm"
          >
            {t('money.exchangeNow')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            size="large"
            disabled={!amount}
            onClick={() => void quote.fetchQuote()}
            data-testid="exchange-quote"
          >
            {t('money.getRate')}
          </Button>
        )}
      </div>
    </div>
  );
}
