import { divideRounded } from '../../../domain/money/rounding.ts';

/**
 * NAV arithmetic in exact integers.
 *
 * - Units are integers with `UNIT_DECIMALS` fixed decimals (1 unit = 10,000 unit steps).
 * - A NAV is the value of one whole unit in the book currency's minor units, scaled by
 *   `NAV_SCALE` (a NAV of 1.0000 yen per unit is 10,000).
 * - Every rounding is `'down'` and in the holder's disfavour: the NAV is struck down from the book's
 *   value, units issued for money are rounded down, money paid for units is rounded down. What is
 *   rounded off stays in the product's book, so value is conserved exactly.
 *
 * While a NAV is at most `UNIT_SCALE × NAV_SCALE` (10,000 minor units per unit), one unit step is
 * worth at most one minor unit, so a holder loses less than one minor unit per follow or
 * redemption (`followShortfallBound`).
 */
export const UNIT_DECIMALS = 4;
export const UNIT_SCALE = 10n ** BigInt(UNIT_DECIMALS);
export const NAV_DECIMALS = 4;
export const NAV_SCALE = 10n ** BigInt(NAV_DECIMALS);
/** Unit steps × NAV ÷ this = minor units. */
export const UNIT_NAV_SCALE = UNIT_SCALE * NAV_SCALE;
/** The NAV a product opens at: one major unit per unit (for a currency with `minorDecimals`). */
export function openingNav(minorDecimals: number): bigint {
  return NAV_SCALE * 10n ** BigInt(minorDecimals);
}

/** The NAV struck from a book worth `bookValueMinor` with `totalUnits` unit steps outstanding (down). */
export function navFromBook(bookValueMinor: bigint, totalUnits: bigint): bigint {
  if (totalUnits <= 0n) throw new RangeError('no units outstanding');
  if (bookValueMinor < 0n) throw new RangeError('negative book value');
  return divideRounded(bookValueMinor * UNIT_NAV_SCALE, totalUnits, 'down');
}

/** Unit steps issued for `amountMinor` at `nav` (down: the remainder stays in the book). */
export function unitsForAmountDown(amountMinor: bigint, nav: bigint): bigint {
  if (nav <= 0n) throw new RangeError('NAV must be positive');
  if (amountMinor < 0n) throw new RangeError('negative amount');
  return divideRounded(amountMinor * UNIT_NAV_SCALE, nav, 'down');
}

/** Minor units paid for `units` unit steps at `nav` (down: the remainder stays in the book). */
export function valueOfUnitsDown(units: bigint, nav: bigint): bigint {
  if (units < 0n) throw new RangeError('negative units');
  return divideRounded(units * nav, UNIT_NAV_SCALE, 'down');
}

/** The most a holder can lose to rounding in one follow or redemption at `nav`, in minor units (exclusive bound). */
export function followShortfallBound(nav: bigint): bigint {
  return nav <= UNIT_NAV_SCALE ? 1n : divideRounded(nav, UNIT_NAV_SCALE, 'up');
}

/** A NAV for the wire: "1.0234" (major units per unit, for a currency with `minorDecimals`). */
export function formatNav(nav: bigint, minorDecimals: number): string {
  const decimals = NAV_DECIMALS + minorDecimals;
  const negative = nav < 0n;
  const digits = (negative ? -nav : nav).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).slice(0, Math.max(NAV_DECIMALS, 0));
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Units for the wire: "123.4567". */
export function formatUnits(units: bigint): string {
  const digits = units.toString().padStart(UNIT_DECIMALS + 1, '0');
  return `${digits.slice(0, -UNIT_DECIMALS)}.${digits.slice(-UNIT_DECIMALS)}`;
}

/**
 * The day's return of a NAV over the previous one in basis points of a percent ×100
 * (i.e. 1e-6 fractions: 12,345 = 1.2345%), rounded half-even. Display only: never money.
 */
export function dailyReturnMicro(previousNav: bigint, nav: bigint): bigint {
  if (previousNav <= 0n) return 0n;
  return divideRounded((nav - previousNav) * 1_000_000n, previousNav, 'half-even');
}

/** The average of the daily returns of a NAV history (1e-6 fractions, half-even); 0 with fewer than two NAVs. */
export function averageDailyReturnMicro(navs: readonly bigint[]): bigint {
  if (navs.length < 2) return 0n;
  let sum = 0n;
  for (let i = 1; i < navs.length; i += 1) {
    const previous = navs[i - 1] as bigint;
    sum += divideRounded(((navs[i] as bigint) - previous) * 10n ** 12n, previous, 'half-even');
  }
  return divideRounded(sum, BigInt(navs.length - 1) * 1_000_000n, 'half-even');
}

/** The largest peak-to-trough fall of a NAV history, as a 1e-6 fraction of the peak (half-even). */
export function maxDrawdownMicro(navs: readonly bigint[]): bigint {
  let peak = 0n;
  let worst = 0n;
  for (const nav of navs) {
    if (nav > peak) peak = nav;
    if (peak > 0n) {
      const fall = divideRounded((peak - nav) * 1_000_000n, peak, 'half-even');
      if (fall > worst) worst = fall;
    }
  }
  return worst;
}

/** A 1e-6 fraction as a percent with two decimals ("1.23", "-0.05"), half-even. Display only. */
export function formatMicroPercent(micro: bigint): string {
  const hundredths = divideRounded(micro, 100n, 'half-even');
  const negative = hundredths < 0n;
  const digits = (negative ? -hundredths : hundredths).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
