import { z } from 'zod';
import { displayCurrencyField, requestIdField } from './fields.ts';
import { symbolField } from './quotes.dto.ts';

const positiveInt = (max: number) => z.coerce.number().int().min(0).max(max);

const orderFields = {
  symbol: symbolField,
  side: z.enum(['long', 'short']),
  kind: z.enum(['market', 'limit']),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,8})?$/)
    .optional(),
  qty: positiveInt(100_000_000),
  leverage: positiveInt(100),
};
const priceMatchesKind = (o: { kind: string; price?: string | undefined }) =>
  (o.kind === 'limit') === (o.price !== undefined);
const priceRule = { message: 'limit orders take a price, market orders none', path: ['price'] };

export const placeOrderRequest = z
  .strictObject({ ...orderFields, request_id: requestIdField })
  .refine(priceMatchesKind, priceRule);
export const previewOrderRequest = z.strictObject(orderFields).refine(priceMatchesKind, priceRule);
export const closePositionRequest = z.strictObject({
  position_id: z.coerce.number().int().positive(),
  qty: z.coerce.number().int().positive().max(100_000_000).optional(),
  request_id: requestIdField,
});
export const cancelOrderRequest = z.strictObject({ order_id: z.coerce.number().int().positive() });
export const positionListRequest = z.strictObject({ type: displayCurrencyField });
export const holdingRequest = z.strictObject({ symbol: symbolField });
