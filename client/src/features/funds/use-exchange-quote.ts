import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../../lib/api-client.ts';
import type { ExchangePrice } from './funds.api.ts';

/** Re-quote this long before the server's lock lapses, so a confirm never reaches a lapsed quote. */
const REQUOTE_MARGIN_MS = 1000;

/** The quote on screen and the moment (epoch ms) its lock lapses. */
interface ShownQuote {
  price: ExchangePrice;
  expiresAt: number;
}

/**
 * The priced exchange on screen and the seconds it has left. When it lapses a fresh quote replaces
 * it (a new rate the user sees before confirming); `current` tells whether a quote is still the one
 * on screen and valid.
 */
export function useExchangeQuote({
  from,
  to,
  amount,
}: {
  from: string;
  to: string;
  amount: string;
}) {
  const [shown, setShown] = useState<ShownQuote | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const pending = useRef(false);
  const fetchQuote = useCallback(async () => {
    if (pending.current) return;
    pending.current = true;
    setShown((s) => (s ? { ...s, price: { ...s.price, quote_id: '' } } : s));
    const response = await callApi('fund/exchangequote', { from, to, amount });
    pending.current = false;
    const priced = response.status === 1 ? response.data : null;
    setNow(Date.now());
    setShown(
      priced ? { price: priced, expiresAt: Date.now() + priced.valid_seconds * 1000 } : null,
    );
  }, [from, to, amount]);
  const price = shown?.price ?? null;
  const expiresAt = shown?.expiresAt ?? 0;
  useEffect(() => {
    if (!price?.quote_id) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [price?.quote_id]);
  const lapsed = price !== null && price.quote_id !== '' && now >= expiresAt - REQUOTE_MARGIN_MS;
  useEffect(() => {
    if (lapsed) void fetchQuote();
  }, [lapsed, fetchQuote]);
  const secondsLeft = price?.quote_id && !lapsed ? Math.ceil((expiresAt - now) / 1000) : null;
  const current = (quoteId: string) =>
    quoteId !== '' && price?.quote_id === quoteId && Date.now() < expiresAt - REQUOTE_MARGIN_MS;
  return { price, secondsLeft, fetchQuote, clear: () => setShown(null), current };
}
