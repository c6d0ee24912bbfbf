import { z } from 'zod';
import { requestIdField } from './fields.ts';
import { orderFields, orderShapeIssue } from './trading.dto.ts';

type Prefixed<P extends string, S extends z.ZodRawShape> = {
  [K in keyof S as `${P}${K & string}`]: S[K];
};

function prefixed<P extends string, S extends z.ZodRawShape>(prefix: P, shape: S): Prefixed<P, S> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [prefix + key, field]),
  ) as Prefixed<P, S>;
}

/** A leg's own fields, read back out of a prefixed payload. */
export function legOf(input: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const leg: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key.startsWith(prefix) && value !== undefined) leg[key.slice(prefix.length)] = value;
  }
  return leg;
}

function checkLegs(prefixes: readonly string[]) {
  return (input: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const prefix of prefixes) {
      const leg = legOf(input, prefix);
      if (leg['kind'] === undefined) {
        // A leg's fields without its kind (then2_price alone) would be dropped: say so instead.
        if (Object.keys(leg).length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: 'a leg needs its kind',
            path: [`${prefix}kind`],
          });
        }
        continue;
      }
      const issue = orderShapeIssue(leg as { kind: string });
      if (issue) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: [prefix + issue.field] });
      }
      if (leg['kind'] === 'market' && prefix !== 'if_') {
        ctx.addIssue({
          code: 'custom',
          message: 'a leg that waits is not a market order',
          path: [`${prefix}kind`],
        });
      }
    }
  };
}

/**
 * `trade/order_oco`: two orders of one stock, one cancels the other when it fills (two opening
 * orders, or two closing orders of one position: a take profit and a stop loss).
 */
export const ocoOrderRequest = z
  .strictObject({
    ...prefixed('leg1_', orderFields),
    ...prefixed('leg2_', orderFields),
    request_id: requestIdField,
  })
  .superRefine(checkLegs(['leg1_', 'leg2_']));

/** The fields of an IFD's second order: it closes the position the first opens. */
const closingLegFields = {
  kind: z.enum(['limit', 'stop', 'stop_limit', 'trailing_stop']),
  price: orderFields.price,
  trigger_price: orderFields.trigger_price,
  trail: orderFields.trail,
  trail_unit: orderFields.trail_unit,
  validity: orderFields.validity,
};
/** An IFD's first order opens a position: every order field but `position_id`. */
const openingFields = (({ position_id: _closing, ...rest }) => rest)(orderFields);

/**
 * `trade/order_ifd`: a first order (`if_*`, opening) and, placed when it fills, a second that
 * closes the position it opened (`then_*`); with `then2_*` the second is an OCO pair (IFDOCO).
 */
export const ifdOrderRequest = z
  .strictObject({
    ...prefixed('if_', openingFields),
    ...prefixed('then_', closingLegFields),
    ...prefixed('then2_', { ...closingLegFields, kind: closingLegFields.kind.optional() }),
    request_id: requestIdField,
  })
  .superRefine(checkLegs(['if_', 'then_', 'then2_']));

export const orderGroupResponse = z.object({
  group_id: z.string(),
  order_ids: z.array(z.string()),
  status: z.enum(['filled', 'pending']),
});
