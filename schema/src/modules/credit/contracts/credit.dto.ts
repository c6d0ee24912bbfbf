import { z } from 'zod';
import { decimalString } from '../../../contracts/http/answers.ts';
import {
  displayCurrencyField,
  langField,
  requestIdField,
  wholeNumberField,
} from '../../../contracts/http/fields.ts';

/**
 * Added credit (CONTRACT.md section 6): margin added to an open position, and the list of
 * additions. `amount` is read by the module's rule (`parseWholeMajorAmount`, platform money), not here, so every
 * malformed amount (missing, 0, -1, 1.5, 1e3, abc) answers the spec's `credit_invalid`.
 */
const amountField = z.union([z.string().max(64), z.number()]).optional();

export const addCreditRequest = z.strictObject({
  position_id: wholeNumberField(1),
  amount: amountField,
  request_id: requestIdField,
});
export const creditPreviewRequest = z.strictObject({
  position_id: wholeNumberField(1),
  amount: amountField,
});
export const creditListRequest = z.strictObject({ type: displayCurrencyField, lang: langField });

/** A position's margin figures before and after an addition (the dialog's before → after). */
export const creditPreviewResponse = z.object({
  position_id: z.string(),
  currency: z.string(),
  amount: decimalString,
  margin: decimalString,
  margin_after: decimalString,
  credit: decimalString,
  credit_after: decimalString,
  /** Where the position is stopped out (long: at or below, short: at or above); null: never. */
  stop_out_price: z.string().nullable(),
  stop_out_price_after: z.string().nullable(),
});
export type CreditPreview = z.infer<typeof creditPreviewResponse>;

export const addedCreditResponse = creditPreviewResponse.extend({ credit_id: z.string() });
export type AddedCredit = z.infer<typeof addedCreditResponse>;

/** One addition in the spec's shape: `status` 0 while its position is open, 1 once returned. */
export const creditItemResponse = z.object({
  id: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  /** open | returned */
  state: z.enum(['open', 'returned']),
  credit: decimalString,
  currency: z.string(),
  position_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  created_at: z.number(),
  returned_at: z.number().nullable(),
});
export type CreditItem = z.infer<typeof creditItemResponse>;
/** `trade/ustockslist`: `data` is the list itself, as every list call answers. */
export const creditListResponse = z.array(creditItemResponse);
