import { legOf, Refusal } from '@kabuto/schema/contracts';
import { hashRequest, runIdempotent, writeTransaction, type WriteTrx } from '@kabuto/schema/db';
import { computeFees, directionOf, type OrderRequest } from '@kabuto/schema/trading';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { Caller } from '../../http/call.ts';
import { announceInTransaction } from '../common/public.ts';
import { marketContextFor } from './market-state.ts';
import { termsOf, type OrderTermsInput } from './order-terms.ts';
import type { OrderPlacement } from './orders.repository.ts';
import {
  holdRestingOrder,
  openFilledPosition,
  orderUpdateOf,
  quoteOrder,
  type OrderQuote,
  type OrderWrite,
  type PlacedOrder,
  type PlaceOrderInput,
} from './place-order.service.ts';

export interface OrderGroupPlaced {
  group_id: string;
  order_ids: string[];
  status: 'filled' | 'pending';
}

type Leg = Omit<PlaceOrderInput, 'request_id'>;
type GroupCaller = Pick<Caller, 'userId' | 'tradingBarred'>;

/** Writes the group's orders in one transaction, idempotent by `request_id`, each announced. */
function writeGroup(
  deps: GatewayDeps,
  caller: GroupCaller,
  input: Record<string, unknown> & { request_id: string },
  call: string,
  place: (trx: WriteTrx, nowMs: number) => Promise<PlacedOrder[]>,
) {
  const { userId } = caller;
  const nowMs = deps.clock.nowMs();
  const requestHash = hashRequest({ call, ...input });
  const key = { userId, requestId: input.request_id, requestHash, nowMs, lockUser: true };
  return writeTransaction(deps.db, (trx) =>
    runIdempotent(trx, key, async (): Promise<OrderGroupPlaced> => {
      const placed = await place(trx, nowMs);
      for (const order of placed) {
        const change = { userId, event: 'order:updated' as const, payload: orderUpdateOf(order) };
        await announceInTransaction(
          deps,
          trx,
          change,
          order.status === 'filled' ? 'filled' : 'placed',
        );
      }
      const first = placed[0] as PlacedOrder;
      return {
        group_id: first.order_id,
        order_ids: placed.map((o) => o.order_id),
        status: first.status,
      };
    }),
  );
}

/** The group's first order: its own id is the group's. */
async function markGroupHead(trx: WriteTrx, orderId: string, groupKind: string): Promise<void> {
  await trx
    .updateTable('trade_order')
    .set({ group_id: BigInt(orderId), group_kind: groupKind })
    .where('id', '=', BigInt(orderId))
    .execute();
}

/**
 * `trade/order_oco`: two orders of one stock and side (both opening, or both closing one
 * position), one cancelled when the other fills. Both rest (a leg the price already crosses fills
 * on the next print, at that print); each holds its own worst case until one ends.
 */
export async function placeOcoOrder(
  deps: GatewayDeps,
  caller: GroupCaller,
  input: Record<string, unknown> & { request_id: string },
) {
  const legs = [legOf(input, 'leg1_'), legOf(input, 'leg2_')] as unknown as [Leg, Leg];
  const [one, two] = legs;
  if (one.symbol !== two.symbol || one.side !== two.side || one.position_id !== two.position_id) {
    throw new Refusal('order_legs_mismatch');
  }
  const quotes: OrderQuote[] = [];
  for (const leg of legs) quotes.push(await quoteOrder(deps, caller, leg, { rests: true }));
  return writeGroup(deps, caller, input, 'trade/order_oco', async (trx, nowMs) => {
    const write = (q: OrderQuote): OrderWrite => ({ ...q, userId: caller.userId, nowMs });
    const head = await holdRestingOrder(trx, write(quotes[0] as OrderQuote));
    await markGroupHead(trx, head.order_id, 'oco');
    const placement: OrderPlacement = { groupId: BigInt(head.order_id), groupKind: 'oco' };
    return [head, await holdRestingOrder(trx, write(quotes[1] as OrderQuote), placement)];
  });
}

/**
 * An IFD's second order, priced for the position its first will open: on the closing side, its
 * trigger checked against the first order's price (its limit, or its trigger) as the entry.
 */
async function quoteSecondOrder(
  deps: GatewayDeps,
  first: OrderQuote,
  leg: OrderTermsInput,
): Promise<OrderQuote> {
  const { instrument, order } = first;
  const market = await marketContextFor(deps, instrument);
  const entry = first.terms?.limit ?? first.terms?.trigger ?? first.price;
  const direction = directionOf(order.side, true);
  const terms = termsOf(
    instrument,
    leg,
    direction,
    { ...market, lastPrice: entry },
    deps.clock.nowMs(),
  );
  const price = terms.limit ?? terms.trigger ?? entry;
  const second: OrderRequest = {
    ...order,
    kind: terms.limit === null ? 'market' : 'limit',
    price: terms.limit,
  };
  const fees = computeFees(instrument.market, direction, price, order.qty);
  return { instrument, order: second, fillNow: false, price, margin: 0n, fees, terms };
}

/**
 * `trade/order_ifd`: a first order that opens a position and, once it fills, a second that
 * closes it (a take profit or a stop loss), or with `then2_*` an OCO pair of both (IFDOCO). The
 * second orders wait inactive, holding nothing, and go live on the fill; a first order that
 * fills at once (a market order) places them live at once.
 */
export async function placeIfdOrder(
  deps: GatewayDeps,
  caller: GroupCaller,
  input: Record<string, unknown> & { request_id: string },
) {
  const firstLeg = legOf(input, 'if_') as unknown as Leg;
  const first = await quoteOrder(deps, caller, firstLeg);
  const secondLegs = ['then_', 'then2_']
    .map((prefix) => legOf(input, prefix))
    .filter((leg) => leg['kind'] !== undefined) as unknown as OrderTermsInput[];
  const seconds: OrderQuote[] = [];
  for (const leg of secondLegs) seconds.push(await quoteSecondOrder(deps, first, leg));
  // A second order that would expire before its first could leave a position with no exit.
  const firstEnds = first.terms?.expiresAt ?? null;
  for (const second of seconds) {
    const ends = second.terms?.expiresAt ?? null;
    if (firstEnds !== null && ends !== null && ends < firstEnds) {
      throw new Refusal('validity_invalid');
    }
  }
  const groupKind = seconds.length === 2 ? 'ifdoco' : 'ifd';
  return writeGroup(deps, caller, input, 'trade/order_ifd', async (trx, nowMs) => {
    const write = (q: OrderQuote): OrderWrite => ({ ...q, userId: caller.userId, nowMs });
    const head = first.fillNow
      ? await openFilledPosition(trx, write(first))
      : await holdRestingOrder(trx, write(first));
    await markGroupHead(trx, head.order_id, groupKind);
    const groupId = BigInt(head.order_id);
    const placed = [head];
    for (const second of seconds) {
      const live = head.position_id !== null;
      const placement: OrderPlacement = {
        groupId,
        groupKind,
        parentOrderId: groupId,
        ...(live ? { closePositionId: BigInt(head.position_id as string) } : {}),
      };
      const closing = {
        ...write(second),
        ...(live ? { closePositionId: BigInt(head.position_id as string) } : {}),
      };
      placed.push(await holdRestingOrder(trx, closing, placement, live ? 'pending' : 'inactive'));
    }
    return placed;
  });
}
