import { findInstrument } from '../domain/market/instruments.ts';
import { parseScaledPrice } from '../domain/market/prices.ts';

/** Last prices from the latest-quote hash (symbol → snapshot JSON), at each market's price scale. */
export function lastPriceFromLatest(
  latest: Record<string, string>,
): (symbol: string) => bigint | null {
  return (symbol) => {
    const raw = latest[symbol];
    const instrument = findInstrument(symbol);
    if (!raw || !instrument) return null;
    try {
      return parseScaledPrice(
        String((JSON.parse(raw) as { price?: unknown }).price),
        instrument.market,
      );
    } catch {
      return null;
    }
  };
}
