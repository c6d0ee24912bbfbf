import { Refusal } from '@kabuto/schema/contracts';
import {
  addDays,
  isOnTick,
  localClock,
  localToUtcMs,
  MARKET_RULES,
  parseScaledPrice,
  PriceFormatError,
  roundToTick,
  withinLimits,
  type Instrument,
  type LocalDate,
} from '@kabuto/schema/market';
import {
  trailingTrigger,
  triggerSideValid,
  type AnyOrderKind,
  type Direction,
  type MarketContext,
  type Trail,
} from '@kabuto/schema/trading';

/** What an order waits on beyond its kind: limit, trigger, trail, and the end of its validity. */
export interface OrderTerms {
  readonly kind: AnyOrderKind;
  readonly limit: bigint | null;
  readonly trigger: bigint | null;
  readonly trail: Trail | null;
  readonly watermark: bigint | null;
  readonly expiresAt: number | null;
}

export interface OrderTermsInput {
  kind: AnyOrderKind;
  price?: string | undefined;
  trigger_price?: string | undefined;
  trail?: string | undefined;
  trail_unit?: 'price' | 'percent' | undefined;
  validity?: string | undefined;
}

/** A price the user typed, at the market's scale (a malformed one is `tick_size_invalid`). */
export function parsePriceText(instrument: Instrument, text: string | undefined): bigint | null {
  if (text === undefined) return null;
  try {
    return parseScaledPrice(text, instrument.market);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new Refusal('tick_size_invalid');
    throw error;
  }
}

/** Six calendar months after `date` (the 31st of a shorter month is its last day). */
export function sixMonthsAfter(date: LocalDate): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const months = y * 12 + (m - 1) + 6;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/**
 * The end of an order's validity in the market's own time zone: `day` is the end of today there,
 * a date the end of that date, at most six months ahead; none given means the longest (six
 * months). A market order fills at once and has none.
 */
export function expiryOf(
  instrument: Instrument,
  validity: string | undefined,
  kind: AnyOrderKind,
  nowMs: number,
): number | null {
  if (kind === 'market') return null;
  const timeZone = MARKET_RULES[instrument.market].timeZone;
  const today = localClock(nowMs, timeZone).date;
  const latest = sixMonthsAfter(today);
  const last = validity === undefined ? latest : validity === 'day' ? today : validity;
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(last) && addDays(last, 0) === last;
  if (!valid || last < today || last > latest) throw new Refusal('validity_invalid');
  return localToUtcMs(addDays(last, 1), 0, timeZone);
}

/** A trail as typed: a price distance on the price scale, or a percent 0.1–50 in 0.01% steps. */
function parseTrail(
  instrument: Instrument,
  text: string,
  unit: 'price' | 'percent',
  lastPrice: bigint,
): Trail {
  if (unit === 'percent') {
    const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
    if (!match) throw new Refusal('trail_invalid');
    const hundredths = BigInt(match[1] as string) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
    if (hundredths < 10n || hundredths > 5_000n) throw new Refusal('trail_invalid');
    return { amount: hundredths, unit };
  }
  let amount: bigint;
  try {
    amount = parseScaledPrice(text, instrument.market);
  } catch {
    throw new Refusal('trail_invalid');
  }
  if (amount <= 0n || amount >= lastPrice) throw new Refusal('trail_invalid');
  return { amount, unit };
}

/**
 * The terms of an order that waits, checked against the instrument and the market: a limit and a
 * trigger on the tick grid and within today's price limits, a trigger on the side of the last
 * price that makes it wait (a buy stop above, a sell stop below), a trail in range (its first
 * trigger from the last price), and the validity.
 */
export function termsOf(
  instrument: Instrument,
  input: OrderTermsInput,
  direction: Direction,
  market: MarketContext & { lastPrice: bigint },
  nowMs: number,
): OrderTerms {
  const limit = parsePriceText(instrument, input.price);
  if (limit !== null && !isOnTick(instrument.tickTable, limit)) {
    throw new Refusal('tick_size_invalid');
  }
  if (limit !== null && !withinLimits(market.limits, limit)) {
    throw new Refusal('price_limit_exceeded');
  }
  let trigger = parsePriceText(instrument, input.trigger_price);
  if (trigger !== null) {
    if (!isOnTick(instrument.tickTable, trigger)) throw new Refusal('tick_size_invalid');
    // The side first: a buy stop under the market is wrong wherever the day's limits are.
    if (!triggerSideValid(direction, trigger, market.lastPrice)) {
      throw new Refusal('trigger_invalid');
    }
    if (!withinLimits(market.limits, trigger)) throw new Refusal('price_limit_exceeded');
  }
  let trail: Trail | null = null;
  let watermark: bigint | null = null;
  if (input.kind === 'trailing_stop' && input.trail && input.trail_unit) {
    trail = parseTrail(instrument, input.trail, input.trail_unit, market.lastPrice);
    watermark = market.lastPrice;
    // On the tick grid, away from the price: a price the market can print.
    const followed = trailingTrigger(direction, watermark, trail);
    trigger = roundToTick(instrument.tickTable, followed, direction === 'sell' ? 'down' : 'up');
  }
  const expiresAt = expiryOf(instrument, input.validity, input.kind, nowMs);
  return { kind: input.kind, limit, trigger, trail, watermark, expiresAt };
}
