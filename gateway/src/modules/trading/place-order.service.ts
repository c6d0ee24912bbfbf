import { orderUpdated, Refusal, type OrderUpdate } from '@kabuto/schema/contracts';
import {
  hashRequest,
  postJournal,
  runIdempotent,
  writeTransaction,
  type WriteTrx,
} from '@kabuto/schema/db';
import {
  findInstrument,
  formatPrice,
  parseScaledPrice,
  PriceFormatError,
  type Instrument,
} from '@kabuto/schema/market';
import {
  checkOrder,
  computeFees,
  executionPrice,
  holdForOrder,
  marginPlusFees,
  openFromCash,
  requiredMargin,
  type OrderRequest,
  type PositionSide,
} from '@kabuto/schema/trading';
import { formatScaled, journalMemo, scaleOf } from '@kabuto/schema/domain';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { Caller } from '../../http/call.ts';
import { announceInTransaction } from '../common/public.ts';
import { marketContextFor } from './market-state.ts';
import { insertFilledOrder, insertOrder } from './orders.repository.ts';

export interface PlaceOrderInput {
  symbol: string;
  side: PositionSide;
  kind: 'market' | 'limit';
  price?: string | undefined;
  qty: number;
  leverage: number;
  request_id: string;
  intraday?: string | number | undefined;
}

export interface PlacedOrder {
  order_id: string;
  status: 'filled' | 'pending';
  position_id: string | null;
  price: string;
  margin: string;
  fee: string;
}

function parseLimit(instrument: Instrument, text: string | undefined): bigint | null {
  if (text === undefined) return null;
  try {
    return parseScaledPrice(text, instrument.market);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new Refusal('tick_size_invalid');
    throw error;
  }
}

export interface OrderQuote {
  instrument: Instrument;
  order: OrderRequest;
  fillNow: boolean;
  price: bigint;
  margin: bigint;
  fees: ReturnType<typeof computeFees>;
}

/** Checks an order and prices it at the feed (margin and fees), without writing anything. */
export async function quoteOrder(
  deps: GatewayDeps,
  caller: Pick<Caller, 'tradingBarred'>,
  input: Omit<PlaceOrderInput, 'request_id'>,
): Promise<OrderQuote> {
  const instrument = findInstrument(input.symbol);
  if (!instrument) throw new Refusal('not_found');
  if (caller.tradingBarred) throw new Refusal('trading_barred');
  const order: OrderRequest = {
    side: input.side,
    kind: input.kind,
    price: parseLimit(instrument, input.price),
    qty: BigInt(input.qty),
    leverage: input.leverage,
  };
  const market = await marketContextFor(deps, instrument);
  const refusal = checkOrder(instrument, order, market);
  if (refusal) throw new Refusal(refusal);
  // A market order, or a limit the last price already crosses, fills at once at the market's
  // price (never worse than the market); a resting limit holds margin and fees at its limit.
  const execution = executionPrice(order, market.lastPrice as bigint);
  const fillNow = execution !== null;
  const price = execution ?? (order.price as bigint);
  const margin = requiredMargin(instrument, price, order.qty, order.leverage);
  const fees = computeFees(
    instrument.market,
    order.side === 'long' ? 'buy' : 'sell',
    price,
    order.qty,
  );
  return { instrument, order, fillNow, price, margin, fees };
}

type OrderWrite = OrderQuote & { readonly userId: number; readonly nowMs: number };

/** The order and position figures on the wire, at the instrument's currency and price decimals. */
export function placedAnswer(
  write: Pick<OrderWrite, 'instrument' | 'price' | 'margin' | 'fees'>,
  orderId: bigint,
  positionId: bigint | null,
): PlacedOrder {
  const wire = (minor: bigint) => formatScaled(minor, scaleOf(write.instrument.currency));
  return {
    order_id: String(orderId),
    status: positionId === null ? 'pending' : 'filled',
    position_id: positionId === null ? null : String(positionId),
    price: formatPrice(write.price, write.instrument.market),
    margin: wire(write.margin),
    fee: wire(write.fees.total),
  };
}

/** A resting limit: the order and its hold of margin and fees at the limit (the worst case). */
async function holdRestingOrder(trx: WriteTrx, write: OrderWrite): Promise<PlacedOrder> {
  const { userId, instrument, order, nowMs } = write;
  const hold = marginPlusFees(write.margin, write.fees);
  const orderId = await insertOrder(trx, {
    userId,
    instrument,
    order,
    status: 'pending',
    hold,
    fillPrice: null,
    nowMs,
  });
  await postJournal(
    trx,
    {
      kind: 'order_hold',
      ...journalMemo('order_hold', { order: orderId, symbol: instrument.symbol }),
      actor: { type: 'user', id: userId },
      reference: `order:${orderId}`,
      postings: holdForOrder(userId, instrument.currency, hold),
    },
    nowMs,
  );
  return placedAnswer(write, orderId, null);
}

/** An order that fills now: the filled order, its position, and margin and fees out of cash. */
async function openFilledPosition(trx: WriteTrx, write: OrderWrite): Promise<PlacedOrder> {
  const { userId, instrument, order, price, margin, fees, nowMs } = write;
  const { orderId, positionId } = await insertFilledOrder(
    trx,
    { userId, instrument, order, status: 'filled', hold: 0n, fillPrice: price, nowMs },
    {
      userId,
      orderId: 0n,
      instrument,
      side: order.side,
      qty: order.qty,
      price,
      leverage: order.leverage,
      margin,
      fee: fees.total,
      nowMs,
    },
  );
  await postJournal(
    trx,
    {
      kind: 'position_open',
      ...journalMemo('position_open', {
        side: order.side,
        qty: order.qty,
        symbol: instrument.symbol,
        price: formatPrice(price, instrument.market),
        leverage: order.leverage,
      }),
      actor: { type: 'user', id: userId },
      reference: `position:${positionId}`,
      postings: openFromCash(userId, instrument.currency, margin, fees),
    },
    nowMs,
  );
  return placedAnswer(write, orderId, positionId);
}

/**
 * `trade/order`: checks the order against the instrument's rules and the market, then in one write
 * transaction either opens the position at the feed price (market, or a limit the price already
 * crosses: at the market, not at the limit) or holds margin and fees at the limit for a resting
 * limit order (the worst case; the matcher fills it at the crossing print). Idempotent by `request_id`.
 */
export async function placeOrder(
  deps: GatewayDeps,
  caller: Pick<Caller, 'userId' | 'tradingBarred'>,
  input: PlaceOrderInput,
): Promise<{ result: PlacedOrder; replayed: boolean }> {
  const { userId } = caller;
  const quote = await quoteOrder(deps, caller, input);
  const nowMs = deps.clock.nowMs();
  const write: OrderWrite = { ...quote, userId, nowMs };
  const requestHash = hashRequest({ call: 'trade/order', ...input, price: input.price ?? '' });
  // The user is locked by the idempotency lookup (one statement on PostgreSQL), not by `lockUser`.
  const key = { userId, requestId: input.request_id, requestHash, nowMs, lockUser: true };
  return writeTransaction(deps.db, (trx) =>
    runIdempotent(trx, key, async () => {
      const placed = write.fillNow
        ? await openFilledPosition(trx, write)
        : await holdRestingOrder(trx, write);
      const change = { userId, event: 'order:updated' as const, payload: orderUpdateOf(placed) };
      await announceInTransaction(
        deps,
        trx,
        change,
        placed.status === 'filled' ? 'filled' : 'placed',
      );
      return placed;
    }),
  );
}

/** The `order:updated` of an order just placed: filled at once, or resting at its limit. */
export function orderUpdateOf(placed: PlacedOrder): OrderUpdate {
  const { status, position_id, ...fields } = placed;
  if (status === 'filled' && position_id !== null) {
    return orderUpdated('filled', { ...fields, position_id });
  }
  return orderUpdated('placed', { ...fields, status: 'pending', position_id: null });
}
