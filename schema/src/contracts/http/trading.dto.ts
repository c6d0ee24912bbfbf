import { z } from 'zod';
import { displayCurrencyField, requestIdField } from './fields.ts';
import { symbolField } from './quotes.dto.ts';

const positiveInt = (max: number) => z.coerce.number().int().min(0).max(max);

export const placeOrderRequest = z
  .strictObject({
    symbol: symbolField,
    side: z.enum(['long', 'short']),
    kind: z.enum(['market', 'limit']),
    price: z.string().trim().regex(/^\d{1,12}(\.\d{1,8})?$/).optional(),
    qty: positiveInt(100_000_000),
    leverage: positiveInt(100),
    request_id: requestIdField,
  })
  .refine((o) => (o.kind === 'limit') === (o.price !== undefined), { message: 'limit orders take a price, market orders none', path: ['price'] });
export const closePositionRequest = z.strictObject({ position_id: z.coerce.number().int().positive(), request_id: requestIdField });
export const cancelOrderRequest = z.strictObject({ order_id: z.coerce.number().int().positive() });
export const positionListRequest = z.strictObject({ type: displayCurrencyField });
