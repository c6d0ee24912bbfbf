import { divideRounded } from '../money/rounding.ts';
import { notionalMinor } from '../market/prices.ts';
import { MARKET_RULES, type Market } from '../market/rules.ts';

export type TradeSide = 'buy' | 'sell';

/** Fees of one execution, in minor units of the instrument's currency (spec: buy fee, sell fee, stamp duty). */
export interface FeeBreakdown {
  readonly commission: bigint;
  readonly stampDuty: bigint;
  readonly transferFee: bigint;
  readonly regulatoryFee: bigint;
  readonly total: bigint;
}

const PPM = 1_000_000n;

/**
 * Fees from the market's schedule (rules.ts): commission on the notional with its minimum and cap
 * (half up), sell-side duty (half up), both-sides transfer fee (half up), and the US per-share sell
 * fee rounded up to the cent and capped. A zero notional costs nothing.
 */
export function computeFees(
  market: Market,
  side: TradeSide,
  price: bigint,
  qty: bigint,
): FeeBreakdown {
  const { fees } = MARKET_RULES[market];
  const notional = notionalMinor(market, price, qty, 'half-up');
  if (notional === 0n) {
    return { commission: 0n, stampDuty: 0n, transferFee: 0n, regulatoryFee: 0n, total: 0n };
  }
  let commission = divideRounded(notional * BigInt(fees.commissionPpm), PPM, 'half-up');
  if (commission < fees.commissionMinMinor && fees.commissionPpm > 0) {
    commission = fees.commissionMinMinor;
  }
  if (fees.commissionMaxMinor !== null && commission > fees.commissionMaxMinor) {
    commission = fees.commissionMaxMinor;
  }
  const stampDuty =
    side === 'sell' ? divideRounded(notional * BigInt(fees.sellDutyPpm), PPM, 'half-up') : 0n;
  const transferFee = divideRounded(notional * BigInt(fees.transferFeePpm), PPM, 'half-up');
  // Millionths of a major unit per share → minor units (cents): × 10^scale / 10^6, rounded up.
  let regulatoryFee = 0n;
  if (side === 'sell' && fees.sellPerShareFeeMillionths > 0) {
    regulatoryFee = divideRounded(qty * BigInt(fees.sellPerShareFeeMillionths) * 100n, PPM, 'up');
    if (regulatoryFee > fees.sellPerShareFeeMaxMinor) regulatoryFee = fees.sellPerShareFeeMaxMinor;
  }
  return {
    commission,
    stampDuty,
    transferFee,
    regulatoryFee,
    total: commission + stampDuty + transferFee + regulatoryFee,
  };
}
