import { SEED_FX, parseRate } from '@kabuto/schema/domain';
import { fxSymbol } from '@kabuto/schema/contracts';

/** FX pairs walk like instruments: yen per unit with four decimals, a 0.0001 step. */
export function fxWalkInstruments() {
  return SEED_FX.map(({ currency, startRate }) => {
    const rate = parseRate(startRate);
    const scale = 4;
    return {
      symbol: fxSymbol(currency),
      priceScale: scale,
      tickMinor: 1n,
      startPriceMinor: rate.mantissa * 10n ** BigInt(scale - rate.scale),
    };
  });
}
