import type { QuoteRow, QuoteSnapshot } from '@kabuto/schema/contracts';
import type { Instrument } from '@kabuto/schema/market';

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
  };
}
