import { pow10, divideRounded, type DecimalRate } from '../money/rounding.ts';
import { scaleOf, type Currency } from '../money/currency.ts';
import { platformAccount, userAccount } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/journal.ts';

/** The published spread on every exchange, in basis points off the mid rate (0.50%). */
export const EXCHANGE_SPREAD_BP = 50n;

export interface ExchangeQuote {
  readonly from: Currency;
  readonly to: Currency;
  /** units of `to` per one unit of `from`, from the feed */
  readonly midRate: DecimalRate;
  /** the mid rate less the spread: what the user gets */
  readonly appliedRate: DecimalRate;
  readonly spreadBp: bigint;
  readonly amountInMinor: bigint;
  readonly amountOutMinor: bigint;
}

/** mid × (1 − spread), kept exact: the scale grows by four digits. */
export function applySpread(mid: DecimalRate, spreadBp: bigint): DecimalRate {
  return { mantissa: mid.mantissa * (10_000n - spreadBp), scale: mid.scale + 4 };
}

/**
 * Prices an exchange of `amountInMinor` of `from` into `to`. The amount out is rounded down to
 * the target currency's minor unit (the user never gets a fraction the house did not have).
 */
export function quoteExchange(options: {
  from: Currency;
  to: Currency;
  midRate: DecimalRate;
  amountInMinor: bigint;
  spreadBp?: bigint;
}): ExchangeQuote {
  const spreadBp = options.spreadBp ?? EXCHANGE_SPREAD_BP;
  const appliedRate = applySpread(options.midRate, spreadBp);
  const numerator = options.amountInMinor * appliedRate.mantissa * pow10(scaleOf(options.to));
  const denominator = pow10(appliedRate.scale + scaleOf(options.from));
  return {
    from: options.from,
    to: options.to,
    midRate: options.midRate,
    appliedRate,
    spreadBp,
    amountInMinor: options.amountInMinor,
    amountOutMinor: divideRounded(numerator, denominator, 'down'),
  };
}

/** One journal, two linked legs through the house's FX book: balanced per currency. */
export function exchangePostings(userId: number, quote: ExchangeQuote): Posting[] {
  return [
    { account: userAccount(userId, 'cash', quote.from), amountMinor: -quote.amountInMinor },
    { account: platformAccount('platform:fx', quote.from), amountMinor: quote.amountInMinor },
    { account: platformAccount('platform:fx', quote.to), amountMinor: -quote.amountOutMinor },
    { account: userAccount(userId, 'cash', quote.to), amountMinor: quote.amountOutMinor },
  ];
}

/** A rate as a decimal string with at most `digits` fractional digits (half-even), for display. */
export function formatRate(rate: DecimalRate, digits = 6): string {
  const scaled =
    rate.scale > digits
      ? divideRounded(rate.mantissa, pow10(rate.scale - digits), 'half-even')
      : rate.mantissa * pow10(digits - rate.scale);
  const text = scaled.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
