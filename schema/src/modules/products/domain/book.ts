import { divideRounded } from '../../../domain/money/rounding.ts';
import { navFromBook, unitsForAmountDown, valueOfUnitsDown } from './nav.ts';
import { WEIGHT_WHOLE, type Weights } from './strategies.ts';

/**
 * A product's book: its cash (minor units), its holdings (shares per instrument, the product's
 * own table, never trading's positions) and the unit steps outstanding. Pure: the worker loads
 * it, strikes it and writes back what `strikeBook` returns.
 */
export interface Book {
  readonly cash: bigint;
  readonly holdings: Readonly<Record<string, bigint>>;
  readonly units: bigint;
  /** The last NAV struck (the opening NAV before the first strike). */
  readonly nav: bigint;
}

/**
 * A closing price as an exact number of minor units per share: `num / den` (a market whose prices
 * carry more decimals than its currency has a `den` of 10^shift).
 */
export interface ClosePrice {
  readonly num: bigint;
  readonly den: bigint;
}

export type ClosePrices = Readonly<Record<string, ClosePrice>>;

/** The value of `shares` at `price` in minor units, rounded down (a book is never marked up). */
export function markDown(price: ClosePrice, shares: bigint): bigint {
  return divideRounded(price.num * shares, price.den, 'down');
}

/**
 * The cash a trade of `shares` (positive: bought, negative: sold) moves out of the book when it
 * holds `held`: the change of the holding's mark, so a trade at the close never changes the book's
 * value and selling a holding in pieces yields exactly its mark (a plain price × shares rounded
 * down each time would lose a minor unit per piece). It differs from price × shares by less than
 * one minor unit.
 */
export function tradeCash(price: ClosePrice, held: bigint, shares: bigint): bigint {
  return markDown(price, held + shares) - markDown(price, held);
}

/** The book's value at the closes: cash + every holding marked down. */
export function bookValue(book: Pick<Book, 'cash' | 'holdings'>, closes: ClosePrices): bigint {
  let value = book.cash;
  for (const [symbol, shares] of Object.entries(book.holdings)) {
    if (shares === 0n) continue;
    const price = closes[symbol];
    if (price === undefined) throw new RangeError(`no close for ${symbol}`);
    value += markDown(price, shares);
  }
  return value;
}

export interface PendingFollow {
  readonly orderId: string;
  readonly amount: bigint;
}

export interface DueRedemption {
  readonly orderId: string;
  readonly units: bigint;
}

export interface Trade {
  readonly symbol: string;
  /** Positive: bought; negative: sold. */
  readonly shares: bigint;
  /** Cash out of the book (positive) or into it (negative), minor units. */
  readonly cash: bigint;
}

export interface Strike {
  readonly nav: bigint;
  /** The book's value at the closes before any follow or redemption. */
  readonly valueBefore: bigint;
  readonly issued: ReadonlyArray<{ orderId: string; units: bigint; amount: bigint }>;
  readonly paid: ReadonlyArray<{ orderId: string; units: bigint; amount: bigint }>;
  readonly trades: readonly Trade[];
  readonly book: Book;
}

/**
 * One strike at a market close, in this order:
 * 1. the book is marked at the closes and the NAV struck from it (down); with no units
 *    outstanding the last NAV stands;
 * 2. redemptions due at this NAV are valued (units × NAV, down) and leave the book as cash owed;
 * 3. pending follows enter the book and receive units at this NAV (down);
 * 4. the book rebalances to the strategy's target weights at the closes, each trade's cash being
 *    the change of the holding's mark (`tradeCash`): sales first, then purchases in whole shares while cash lasts, so the book's value after the
 *    strike is exactly its value before, plus follows, less what is owed.
 * Rounding always favours the book; whatever is rounded off stays in it.
 */
export function strikeBook(
  book: Book,
  closes: ClosePrices,
  weights: Weights,
  follows: readonly PendingFollow[],
  redemptions: readonly DueRedemption[],
): Strike {
  const valueBefore = bookValue(book, closes);
  const nav = book.units > 0n ? navFromBook(valueBefore, book.units) : book.nav;
  if (nav <= 0n) throw new RangeError('the NAV has reached zero');

  let units = book.units;
  let owed = 0n;
  const paid = redemptions.map((r) => {
    if (r.units <= 0n || r.units > units) {
      throw new RangeError(`redemption ${r.orderId} exceeds the units outstanding`);
    }
    const amount = valueOfUnitsDown(r.units, nav);
    units -= r.units;
    owed += amount;
    return { orderId: r.orderId, units: r.units, amount };
  });

  let cash = book.cash;
  const issued = follows.map((f) => {
    const issuedUnits = unitsForAmountDown(f.amount, nav);
    units += issuedUnits;
    cash += f.amount;
    return { orderId: f.orderId, units: issuedUnits, amount: f.amount };
  });

  // The value the remaining holders own, invested to the target weights.
  const investable = valueBefore + issued.reduce((a, f) => a + f.amount, 0n) - owed;
  const holdings: Record<string, bigint> = { ...book.holdings };
  const targets = targetShares(investable, weights, holdings, closes);
  const trades: Trade[] = [];
  const trade = (symbol: string, shares: bigint) => {
    const price = closes[symbol] as ClosePrice;
    const held = holdings[symbol] ?? 0n;
    const moved = tradeCash(price, held, shares);
    cash -= moved;
    holdings[symbol] = held + shares;
    trades.push({ symbol, shares, cash: moved });
  };
  for (const [symbol, target] of Object.entries(targets)) {
    const held = holdings[symbol] ?? 0n;
    if (target < held) trade(symbol, target - held);
  }
  // Trades move no value and the targets are worth at most what the holders own, so after the
  // sales the cash covers what is owed (checked, never expected to fail).
  if (cash < owed) throw new RangeError('the book cannot pay what it owes');
  for (const [symbol, target] of Object.entries(targets)) {
    const held = holdings[symbol] ?? 0n;
    if (target <= held) continue;
    const price = closes[symbol] as ClosePrice;
    const spare = cash - owed;
    // as many of the wanted shares as the spare cash pays for
    const affordable =
      price.num > 0n ? divideRounded(spare * price.den, price.num, 'down') : target - held;
    let buy = affordable < target - held ? affordable : target - held;
    while (buy > 0n && tradeCash(price, held, buy) > spare) buy -= 1n;
    if (buy > 0n) trade(symbol, buy);
  }
  for (const symbol of Object.keys(holdings)) if (holdings[symbol] === 0n) delete holdings[symbol];

  cash -= owed;
  return { nav, valueBefore, issued, paid, trades, book: { cash, holdings, units, nav } };
}

/** Whole shares of each name the target weights ask for out of `investable` minor units (down). */
export function targetShares(
  investable: bigint,
  weights: Weights,
  holdings: Readonly<Record<string, bigint>>,
  closes: ClosePrices,
): Record<string, bigint> {
  const targets: Record<string, bigint> = {};
  for (const symbol of new Set([...Object.keys(holdings), ...Object.keys(weights)])) {
    const price = closes[symbol];
    const weight = BigInt(Math.max(0, Math.floor(weights[symbol] ?? 0)));
    if (price === undefined) {
      if (weight > 0n || (holdings[symbol] ?? 0n) !== 0n) {
        throw new RangeError(`no close for ${symbol}`);
      }
      continue;
    }
    // target shares = floor(investable × weight / 10,000 / (num / den))
    targets[symbol] =
      price.num > 0n
        ? divideRounded(investable * weight * price.den, BigInt(WEIGHT_WHOLE) * price.num, 'down')
        : 0n;
  }
  return targets;
}
