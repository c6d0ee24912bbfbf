import type { QuoteRow, QuoteSnapshot } from '@kabuto/schema/contracts';
import { fundamentalsAt, parseScaledPrice, type Instrument } from '@kabuto/schema/market';

export type Lang = 'jp' | 'cn' | 'us';

export function nameIn(instrument: Instrument, lang: Lang): string {
  return lang === 'cn'
    ? instrument.names.zh
    : lang === 'us'
      ? instrument.names.en
      : instrument.names.ja;
}

/** A list row: the instrument with its latest quote, or nulls before the feed's first print. */
export function quoteRow(
  instrument: Instrument,
  snapshot: QuoteSnapshot | undefined,
  lang: Lang,
): QuoteRow {
  return {
    symbol: instrument.symbol,
    market: instrument.market,
    name: nameIn(instrument, lang),
    names: { ...instrument.names },
    price: snapshot?.price ?? null,
    change_rate: snapshot?.change_rate ?? null,
    volume: snapshot?.volume ?? null,
    turnover: snapshot?.turnover ?? null,
    ...fundamentalFields(instrument, snapshot),
  };
}

const NO_FUNDAMENTALS = {
  market_value: null,
  per: null,
  eps: null,
  shares_outstanding: null,
  dividend_yield: null,
  fundamentals_source: null,
} as const;

/** The stock's simulated fundamentals at its latest price (market value, PER, yield move with it). */
export function fundamentalFields(
  instrument: Instrument,
  snapshot: QuoteSnapshot | undefined,
): Pick<
  QuoteRow,
  'market_value' | 'per' | 'eps' | 'shares_outstanding' | 'dividend_yield' | 'fundamentals_source'
> {
  if (!snapshot?.price) return NO_FUNDAMENTALS;
  const figures = fundamentalsAt(instrument, parseScaledPrice(snapshot.price, instrument.market));
  return figures ? { ...figures, fundamentals_source: 'simulated' } : NO_FUNDAMENTALS;
}
