import { orderUpdated, Refusal, type OrderUpdate } from '@kabuto/schema/contracts';
import {
  hashRequest,
  postJournal,
  runIdempotent,
  writeTransaction,
  type WriteTrx,
} from '@kabuto/schema/db';
import { findInstrument, formatPrice, roundToTick, type Instrument } from '@kabuto/schema/market';
import {
  checkOrder,
  closeQuantityValid,
  computeFees,
  directionOf,
  executionPrice,
  holdForOrder,
  holdPriceOf,
  marginPlusFees,
  openFromCash,
  requiredMargin,
  type AnyOrderKind,
  type OrderRequest,
  type PositionSide,
} from '@kabuto/schema/trading';
import { formatScaled, journalMemo, scaleOf } from '@kabuto/schema/domain';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { Caller } from '../../http/call.ts';
import { announceInTransaction } from '../common/public.ts';
import { marketContextFor } from './market-state.ts';
import { insertFilledOrder, insertOrder, type OrderPlacement } from './orders.repository.ts';
import { parsePriceText, termsOf, type OrderTerms, type OrderTermsInput } from './order-terms.ts';
import { ownPosition } from './positions.repository.ts';

export interface PlaceOrderInput extends Omit<OrderTermsInput, 'kind'> {
  symbol: string;
  side: PositionSide;
  kind: AnyOrderKind;
  /** A closing order of this position (take profit, stop loss); its side is the position's. */
  position_id?: number | undefined;
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

export interface OrderQuote {
  instrument: Instrument;
  order: OrderRequest;
  fillNow: boolean;
  /** The fill's price, or the worst price its hold is taken at. */
  price: bigint;
  margin: bigint;
  fees: ReturnType<typeof computeFees>;
  /** An order that waits beyond a plain limit: its kind, trigger, trail and validity. */
  terms?: OrderTerms;
  /** A closing order's position (it holds no money: the close releases margin). */
  closePositionId?: bigint;
}

const WAITING_KINDS: readonly AnyOrderKind[] = ['stop', 'stop_limit', 'trailing_stop'];

/** Checks an order and prices it at the feed (margin and fees), without writing anything. */
export async function quoteOrder(
  deps: GatewayDeps,
  caller: Pick<Caller, 'userId' | 'tradingBarred'>,
  input: Omit<PlaceOrderInput, 'request_id'>,
  options: { rests?: boolean } = {},
): Promise<OrderQuote> {
  const instrument = findInstrument(input.symbol);
  if (!instrument) throw new Refusal('not_found');
  if (caller.tradingBarred) throw new Refusal('trading_barred');
  const market = await marketContextFor(deps, instrument);
  if (input.position_id !== undefined) {
    return quoteClosingOrder(deps, caller.userId, { ...input, position_id: input.position_id });
  }
  const waits = WAITING_KINDS.includes(input.kind);
  const order: OrderRequest = {
    side: input.side,
    kind: input.kind === 'limit' || input.kind === 'stop_limit' ? 'limit' : 'market',
    price: parsePriceText(instrument, input.price),
    qty: BigInt(input.qty),
    leverage: input.leverage,
  };
  const refusal = checkOrder(instrument, order, market);
  if (refusal) throw new Refusal(refusal);
  const lastPrice = market.lastPrice as bigint;
  const nowMs = deps.clock.nowMs();
  const direction = directionOf(input.side, false);
  const terms =
    input.kind === 'market'
      ? undefined
      : termsOf(instrument, input, direction, { ...market, lastPrice }, nowMs);
  // A market order, or a limit the last price already crosses, fills at once at the market's
  // price (never worse than the market); a resting limit holds margin and fees at its limit, an
  // order that waits for a trigger at the worst price it may fill at (`holdPriceOf`).
  // An order of a group (an OCO leg) always rests, so it holds at its worst price too.
  const execution = waits || options.rests ? null : executionPrice(order, lastPrice);
  const fillNow = execution !== null;
  const price =
    execution ??
    (terms
      ? roundToTick(instrument.tickTable, holdPriceOf({ ...terms, direction }, lastPrice), 'up')
      : (order.price as bigint));
  const margin = requiredMargin(instrument, price, order.qty, order.leverage);
  const side = order.side === 'long' ? 'buy' : 'sell';
  const fees = computeFees(instrument.market, side, price, order.qty);
  return { instrument, order, fillNow, price, margin, fees, ...(terms ? { terms } : {}) };
}

/**
 * A closing order (take profit, stop loss) of one of the caller's held positions, checked as it
 * would be placed: the position's stock, a quantity it can close, terms on the selling side for a
 * long (buying for a short). It holds nothing: its fill releases margin.
 */
async function quoteClosingOrder(
  deps: GatewayDeps,
  userId: number,
  input: Omit<PlaceOrderInput, 'request_id'> & { position_id: number },
): Promise<OrderQuote> {
  const position = await ownPosition(deps.db, userId, input.position_id);
  if (!position) throw new Refusal('not_found');
  if (position.status !== 'holding') throw new Refusal('order_not_holding');
  const instrument = findInstrument(position.symbol) as Instrument;
  if (position.symbol !== input.symbol || position.side !== input.side) {
    throw new Refusal('order_legs_mismatch');
  }
  const market = await marketContextFor(deps, instrument);
  if (market.phase !== 'continuous') throw new Refusal('outside_trading_hours');
  if (market.lastPrice === null) throw new Refusal('price_unavailable');
  const qty = BigInt(input.qty);
  if (!closeQuantityValid(instrument, position.row.qty, qty)) throw new Refusal('qty_invalid');
  const direction = directionOf(position.side, true);
  const lastPrice = market.lastPrice;
  const terms = termsOf(instrument, input, direction, { ...market, lastPrice }, deps.clock.nowMs());
  const price = terms.limit ?? terms.trigger ?? lastPrice;
  const order: OrderRequest = {
    side: position.side,
    kind: terms.limit === null ? 'market' : 'limit',
    price: terms.limit,
    qty,
    leverage: position.leverage,
  };
  const fees = computeFees(instrument.market, direction, price, qty);
  return {
    instrument,
    order,
    fillNow: false,
    price,
    margin: 0n,
    fees,
    terms,
    closePositionId: position.id,
  };
}

export type OrderWrite = OrderQuote & { readonly userId: number; readonly nowMs: number };

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

/**
 * An order that rests: the order and its hold of margin and fees at its worst price (a limit at
 * its limit, a stop at `holdPriceOf`); a closing order holds nothing. In a group, `placement`
 * says where it sits, and an IFD's second order waits inactive.
 */
export async function holdRestingOrder(
  trx: WriteTrx,
  write: OrderWrite,
  placement: OrderPlacement = {},
  status: 'pending' | 'inactive' = 'pending',
): Promise<PlacedOrder> {
  const { userId, instrument, order, nowMs } = write;
  const closes = write.closePositionId !== undefined || status === 'inactive';
  const hold = closes ? 0n : marginPlusFees(write.margin, write.fees);
  const orderId = await insertOrder(trx, {
    ...{ userId, instrument, order, status, hold, fillPrice: null, nowMs },
    ...(write.terms ? { terms: write.terms } : {}),
    holdPrice: closes ? null : write.price,
    placement: { closePositionId: write.closePositionId ?? null, ...placement },
  });
  if (hold === 0n) return placedAnswer({ ...write, margin: 0n }, orderId, null);
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
export async function openFilledPosition(trx: WriteTrx, write: OrderWrite): Promise<PlacedOrder> {
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
  const requestHash = hashRequest({ call: 'trade/order', ...input });
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
