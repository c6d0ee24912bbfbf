import type { Instrument } from '../market/instruments.ts';
import { MARKET_RULES } from '../market/rules.ts';
import { scaleOf } from '../money/currency.ts';
import { divideRounded, pow10 } from '../money/rounding.ts';
import { marginState, type PositionSide } from './order-rules.ts';

type MarginedPosition = { side: PositionSide; qty: bigint; openPrice: bigint; margin: bigint };

/**
 * The formula's price, moved by whole price units to the first one where `marginState` itself
 * says stop_out (P&L rounds toward zero and value half-even in minor units, so the exact boundary
 * can sit a unit or two from the rational one): the price shown is the price the watcher acts at.
 */
function settleOnRule(instrument: Instrument, position: MarginedPosition, price: bigint): bigint {
  const worse = position.side === 'long' ? -1n : 1n;
  const stopsAt = (p: bigint) => marginState(instrument, position, p) === 'stop_out';
  let settled = price;
  for (let step = 0; step < 1_000 && !stopsAt(settled); step += 1) settled += worse;
  for (let step = 0; step < 1_000 && stopsAt(settled - worse); step += 1) settled -= worse;
  return settled;
}

/**
 * The price (in the market's price units) where `marginState` turns to `stop_out`: equity
 * (margin + unrealised P&L) falls below the market's stop-out percent s of the position's value
 * at that price. With open price O, quantity q, margin M (minor units; added credit included)
 * and k = 10^(price scale − currency scale):
 *
 *   long:  stopped out below  B = 100·(O·q − M·k) / (q·(100 − s)), rounded down (`down`)
 *   short: stopped out above  B = 100·(O·q + M·k) / (q·(100 + s)), rounded up (`up`)
 *
 * So adding an amount A to the margin moves B by exactly A / (q·(1 − s/100)) for a long (down)
 * and A / (q·(1 + s/100)) for a short (up), in currency per share; before rounding to the price
 * unit. A long whose margin covers its whole cost (B ≤ 0) is never stopped out: null. The result
 * is then settled on `marginState` (the first price unit where the watcher stops the position out).
 */
export function stopOutPrice(instrument: Instrument, position: MarginedPosition): bigint | null {
  const rules = MARKET_RULES[instrument.market];
  const k = pow10(rules.priceScale - scaleOf(instrument.currency));
  const s = BigInt(rules.stopOutPercent);
  const { qty, openPrice, margin } = position;
  if (qty <= 0n) return null;
  if (position.side === 'long') {
    const numerator = 100n * (openPrice * qty - margin * k);
    if (numerator <= 0n) return null;
    const boundary = divideRounded(numerator, qty * (100n - s), 'down');
    return boundary <= 0n ? null : settleOnRule(instrument, position, boundary);
  }
  const boundary = divideRounded(100n * (openPrice * qty + margin * k), qty * (100n + s), 'up');
  return settleOnRule(instrument, position, boundary);
}
