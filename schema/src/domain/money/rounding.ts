/**
 * Named rounding of an exact ratio numerator/denominator (bigints) to an integer.
 * Every place that rounds money calls one of these by name, so the mode is visible.
 */
export type RoundingMode = 'half-even' | 'half-up' | 'down' | 'up';

function divFloor(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder !== 0n && remainder < 0n !== denominator < 0n ? quotient - 1n : quotient;
}

export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const floor = divFloor(numerator, denominator);
  const remainder = numerator - floor * denominator; // same sign as denominator, |r| < |d|
  if (remainder === 0n) return floor;
  const absRemainderTwice = (remainder < 0n ? -remainder : remainder) * 2n;
  const absDenominator = denominator < 0n ? -denominator : denominator;
  switch (mode) {
    case 'down':
      return numerator < 0n !== denominator < 0n ? floor + 1n : floor;
    case 'up':
      return numerator < 0n !== denominator < 0n ? floor : floor + 1n;
    case 'half-up':
      if (absRemainderTwice === absDenominator) {
        return numerator < 0n !== denominator < 0n ? floor : floor + 1n;
      }
      return absRemainderTwice > absDenominator ? floor + 1n : floor;
    case 'half-even':
      if (absRemainderTwice === absDenominator) return floor % 2n === 0n ? floor : floor + 1n;
      return absRemainderTwice > absDenominator ? floor + 1n : floor;
  }
}

/** A rate as an exact decimal: value = mantissa / 10^scale (e.g. 149.235 = 149235 / 10^3). */
export interface DecimalRate {
  readonly mantissa: bigint;
  readonly scale: number;
}

const RATE = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

export function parseRate(text: string): DecimalRate {
  const match = RATE.exec(text);
  if (!match) throw new RangeError(`not a rate: ${text}`);
  const fraction = match[2] ?? '';
  return { mantissa: BigInt((match[1] ?? '0') + fraction), scale: fraction.length };
}

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}
