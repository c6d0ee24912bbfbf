import {
  CURRENCIES,
  divideRates,
  parseRate,
  type Currency,
  type DecimalRate,
  type RateLookup,
} from '../domain/index.ts';

/** The feed quotes every currency against the yen: `FX:USDJPY` is yen per dollar. */
export function fxSymbol(currency: Currency): string {
  return `FX:${currency}JPY`;
}

/**
 * Builds a rate lookup from the latest-quote hash (symbol -> JSON with `price`).
 * Cross rates go through JPY; a currency without a feed quote has no rate.
 */
export function rateLookupFromLatest(latest: Record<string, string>): RateLookup {
  const yenPer = new Map<Currency, DecimalRate>([['JPY', { mantissa: 1n, scale: 0 }]]);
  for (const currency of CURRENCIES) {
    const raw = latest[fxSymbol(currency)];
    if (!raw || currency === 'JPY') continue;
    try {
      yenPer.set(currency, parseRate(String((JSON.parse(raw) as { price?: unknown }).price)));
    } catch {
      // a malformed feed value is treated as no rate (RELIABILITY.md API10: bound the feed)
    }
  }
  return (from, to) => {
    const a = yenPer.get(from);
    const b = yenPer.get(to);
    return a && b && b.mantissa !== 0n ? divideRates(a, b) : undefined;
  };
}
