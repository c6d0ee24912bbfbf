import { Button, Dialog, Form, Input, Picker } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { formatMoney } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage, showRefusal } from '../../lib/toast.ts';
import type { ExchangePrice } from './funds.api.ts';
import { EXCHANGE_CURRENCIES, openingPair } from './exchange-currencies.ts';
import { useExchangeQuote } from './use-exchange-quote.ts';

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

/** From and to currency pickers with a swap between them; any change drops the quote on screen. */
function CurrencyPair({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  return (
    <div className="card exchange-pair">
      <CurrencyPicker value={from} onChange={(c) => onChange(c, to)} testId="exchange-from" />
      <button
        type="button"
        className="swap-button"
        aria-label="swap"
        onClick={() => onChange(to, from)}
      >
        ⇄
      </button>
      <CurrencyPicker value={to} onChange={(c) => onChange(from, c)} testId="exchange-to" />
    </div>
  );
}

type ExchangeQuote = ReturnType<typeof useExchangeQuote>;

/** Confirms the quote on screen and exchanges at its rate; a lapsed quote is refused, not sent. */
function useConfirmExchange(
  { from, to, amount }: { from: string; to: string; amount: string },
  quote: ExchangeQuote,
  onDone: () => void,
) {
  const { t } = useTranslation();
  const { price } = quote;
  return async () => {
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
    onDone();
  };
}

/** Get a rate first; with a rate on screen, exchange at it. */
function ExchangeAction({
  quote,
  amount,
  onConfirm,
}: {
  quote: ExchangeQuote;
  amount: string;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { price } = quote;
  return (
    <div className="form-actions">
      {price ? (
        <Button
          block
          color="primary"
          size="large"
          disabled={!price.quote_id}
          onClick={() => void onConfirm()}
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
  );
}

/** /mine/exchange: every direction between the spec's currencies at the feed rate less the published spread. */
export function ExchangeScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [opening] = useState(() => openingPair(params.get('to')));
  const [from, setFrom] = useState(opening.from);
  const [to, setTo] = useState(opening.to);
  const [amount, setAmount] = useState('');
  const quote = useExchangeQuote({ from, to, amount });
  const confirm = useConfirmExchange({ from, to, amount }, quote, () => setAmount(''));
  return (
    <div className="screen" data-testid="exchange-screen">
      <HeaderBar title={t('money.exchange')} />
      <CurrencyPair
        from={from}
        to={to}
        onChange={(nextFrom, nextTo) => {
          setFrom(nextFrom);
          setTo(nextTo);
          quote.clear();
        }}
      />
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
      {quote.price ? <PriceCard price={quote.price} secondsLeft={quote.secondsLeft} /> : null}
      <ExchangeAction quote={quote} amount={amount} onConfirm={confirm} />
    </div>
  );
}
