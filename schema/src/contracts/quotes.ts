import type { QuoteTick } from './realtime-events.ts';

/**
 * The latest state of one symbol, as the feed keeps it in Redis (`quote:latest` hash) and the
 * gateway serves it. Prices are exact decimal strings on the tick grid; `turnover` is in the
 * instrument's currency, major units. `limit_up`/`limit_down` are null where the market has no
 * daily limit (US). `source` names the provider, e.g. "simulator (seed 20261121)".
 */
export interface QuoteSnapshot extends QuoteTick {
  market: 'US' | 'JP' | 'CN' | 'FX';
  open: string;
  high: string;
  low: string;
  prev_close: string;
  limit_up: string | null;
  limit_down: string | null;
  phase: string;
  /** Exchange-local trading date. */
  date: string;
  source: string;
}

/** The compact frame that travels to clients. */
export function tickOf(snapshot: QuoteSnapshot): QuoteTick {
  return {
    symbol: snapshot.symbol,
    price: snapshot.price,
    change_rate: snapshot.change_rate,
    volume: snapshot.volume,
    turnover: snapshot.turnover,
    seq: snapshot.seq,
    ts: snapshot.ts,
  };
}
