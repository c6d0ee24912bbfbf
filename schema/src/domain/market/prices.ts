import { scaleOf } from '../money/currency.ts';
import { formatScaled } from '../money/money.ts';
import { divideRounded, pow10, type RoundingMode } from '../money/rounding.ts';
import { MARKET_RULES, type Market } from './rules.ts';

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,8}))?$/;

export class PriceFormatError extends Error {
  override readonly name = 'PriceFormatError';
}

/** Parses a decimal price into the market's price scale; refuses more decimals than the scale holds. */
export function parseScaledPrice(text: string, market: Market): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new PriceFormatError(`not a price: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  const scale = MARKET_RULES[market].priceScale;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > scale) {
    throw new PriceFormatError(`${market} prices have ${scale} decimals: ${text}`);
  }
  return BigInt(whole + trimmed.padEnd(scale, '0'));
}

/** An exact price string for the wire: the market's minimum decimals, more only when the tick needs them. */
export function formatPrice(price: bigint, market: Market): string {
  const { priceScale, priceMinDecimals } = MARKET_RULES[market];
  const full = formatScaled(price, priceScale);
  if (priceScale === 0) return full;
  const [whole, fraction = ''] = full.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(priceMinDecimals, '0');
  return kept.length === 0 ? `${whole}` : `${whole}.${kept}`;
}

/** Percent change with two decimals, rounded half away from zero ("1.50", "-0.01"). */
export function changeRate(price: bigint, prevClose: bigint): string {
  if (prevClose === 0n) return '0.00';
  const doubled = ((price - prevClose) * 20_000n) / prevClose;
  const rounded = doubled >= 0n ? (doubled + 1n) / 2n : (doubled - 1n) / 2n;
  return formatScaled(rounded, 2);
}

/** Price × quantity in minor units of the market's currency, with a named rounding mode. */
export function notionalMinor(
  market: Market,
  price: bigint,
  qty: bigint,
  mode: RoundingMode,
): bigint {
  const shift = MARKET_RULES[market].priceScale - scaleOf(MARKET_RULES[market].currency);
  return shift <= 0 ? price * qty * pow10(-shift) : divideRounded(price * qty, pow10(shift), mode);
}

/**
 * Rounds a derived price (an adjusted bar) half up to the decimals quotes are shown with
 * (`priceDisplayDecimals`): JP keeps its 0.1-yen and 0.5-yen steps, US and CN their cents.
 */
export function roundToDisplay(price: bigint, market: Market): bigint {
  const { priceScale, priceDisplayDecimals } = MARKET_RULES[market];
  const unit = pow10(priceScale - priceDisplayDecimals);
  return divideRounded(price, unit, 'half-up') * unit;
}
