import { Refusal } from '@kabuto/schema/contracts';
import { formatPrice, parseScaledPrice, type Instrument } from '@kabuto/schema/market';
import type { AlertCondition } from '@kabuto/schema/modules/alerts/domain/alert-index.ts';
import { formatScaled } from '@kabuto/schema/domain';

/** The most a day's change alert may ask for, in hundredths of a percent (±50.00%). */
const CHANGE_LIMIT = 5_000n;

/**
 * An alert's threshold from what the user wrote: a positive price at the market's decimals
 * (`tick_size_invalid` past them), or a non-zero percent within ±50 in hundredths.
 */
export function thresholdOf(
  instrument: Instrument,
  condition: AlertCondition,
  value: string,
): bigint {
  if (condition === 'change_pct') {
    const match = /^(-?)(\d{1,2})(?:\.(\d{1,2}))?$/.exec(value);
    if (!match) throw new Refusal('alert_value_invalid');
    const size = BigInt(match[2] as string) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
    if (size === 0n || size > CHANGE_LIMIT) throw new Refusal('alert_value_invalid');
    return match[1] === '-' ? -size : size;
  }
  if (value.startsWith('-')) throw new Refusal('alert_value_invalid');
  let price: bigint;
  try {
    price = parseScaledPrice(value, instrument.market);
  } catch {
    throw new Refusal('alert_value_invalid');
  }
  if (price <= 0n) throw new Refusal('alert_value_invalid');
  return price;
}

/** A threshold as the user wrote it: a price, or a signed percent ("5.00", "-3.50"). */
export function thresholdText(
  instrument: Instrument,
  condition: AlertCondition,
  threshold: bigint,
): string {
  return condition === 'change_pct'
    ? formatScaled(threshold, 2)
    : formatPrice(threshold, instrument.market);
}
