import { Refusal, type CreditPreview } from '@kabuto/schema/contracts';
import { formatScaled, parseWholeMajorAmount, scaleOf } from '@kabuto/schema/domain';
import { findInstrument, formatPrice, type Instrument } from '@kabuto/schema/market';
import { stopOutPrice } from '@kabuto/schema/modules/trading';
import type { PositionRecord } from '../trading/public.ts';

/** The amount of an addition in the position's minor units, or `credit_invalid`. */
export function creditAmountOf(raw: unknown, position: Pick<PositionRecord, 'currency'>): bigint {
  const amount = parseWholeMajorAmount(raw, position.currency);
  if (amount === null) throw new Refusal('credit_invalid');
  return amount;
}

/** Where a position is stopped out at a margin, at the market's decimals (null: never). */
export function stopOutPriceText(
  instrument: Instrument,
  position: PositionRecord,
  margin: bigint,
): string | null {
  const price = stopOutPrice(instrument, { ...position, margin });
  return price === null ? null : formatPrice(price, instrument.market);
}

/**
 * A position's margin, open credit and stop-out price before and after adding `amount` (minor
 * units): what the dialog shows and what `trade/addcredit` answers. The position's margin
 * already holds its open credits.
 */
export function creditFigures(
  position: PositionRecord,
  openCredit: bigint,
  amount: bigint,
): CreditPreview {
  const instrument = findInstrument(position.symbol) as Instrument;
  const wire = (minor: bigint) => formatScaled(minor, scaleOf(position.currency));
  return {
    position_id: String(position.id),
    currency: position.currency,
    amount: wire(amount),
    margin: wire(position.margin),
    margin_after: wire(position.margin + amount),
    credit: wire(openCredit),
    credit_after: wire(openCredit + amount),
    stop_out_price: stopOutPriceText(instrument, position, position.margin),
    stop_out_price_after: stopOutPriceText(instrument, position, position.margin + amount),
  };
}
