import { Refusal } from '@kabuto/schema/contracts';
import {
  advance,
  hashRequest,
  openApplicationOf,
  runIdempotent,
  writeTransaction,
  type IntradayApplicationRow,
  type Db,
  type WriteTrx,
} from '@kabuto/schema/db';
import {
  buyingPowerLeft,
  INTRADAY_RULES,
  intradayMargin,
  openNotional,
  positionLeverageOf,
  shownIntradayStatus,
} from '@kabuto/schema/intraday';
import { findInstrument, formatPrice, notionalMinor, type Market } from '@kabuto/schema/market';
import { openFromCash, openPosition, positionsOfApplication } from '@kabuto/schema/modules/trading';
import { journalMemo, postJournal, userBalance } from '@kabuto/schema/modules/ledger';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { Caller } from '../../http/call.ts';
import { announceInTransaction } from '../common/public.ts';
import { insertOrder } from '../trading/public.ts';
import {
  orderUpdateOf,
  placedAnswer,
  quoteOrder,
  type OrderQuote,
  type PlacedOrder,
  type PlaceOrderInput,
} from '../trading/public.ts';

/** The notional of the positions still open under an application, at their opening prices. */
async function openNotionalOf(db: Db, application: IntradayApplicationRow, market: Market) {
  const open = await positionsOfApplication(db, application.id, { status: 'holding' });
  return openNotional(market, open);
}

/** The user's application for the market, refused unless its session is open for trading. */
async function tradingApplication(
  deps: GatewayDeps,
  trx: WriteTrx,
  userId: number,
  market: Market,
  nowMs: number,
): Promise<IntradayApplicationRow> {
  const application = await openApplicationOf(trx, userId, market);
  if (!application) throw new Refusal('available_insufficient');
  const session = { opensAtMs: Number(application.opens_at) };
  const shown = shownIntradayStatus(
    application.status,
    session,
    nowMs,
    deps.config.clock === 'always-open',
  );
  if (shown !== 'trading' || nowMs >= Number(application.closes_at)) {
    throw new Refusal('outside_trading_hours');
  }
  return application;
}

async function openIntradayPosition(
  deps: GatewayDeps,
  trx: WriteTrx,
  write: OrderQuote & { userId: number; nowMs: number },
): Promise<PlacedOrder> {
  const { userId, instrument, price, fees, nowMs } = write;
  const market = instrument.market;
  const application = await tradingApplication(deps, trx, userId, market, nowMs);
  const notional = notionalMinor(market, price, write.order.qty, 'up');
  const left = buyingPowerLeft(
    application.buying_power,
    await openNotionalOf(trx, application, market),
  );
  if (notional > left) throw new Refusal('available_insufficient');
  const margin = intradayMargin(market, notional);
  const leverage = positionLeverageOf(market);
  const order = { ...write.order, leverage };
  if (application.status === 'applied') {
    const row = { kind: 'intraday_application' as const, id: application.id, userId };
    await advance(trx, row, 'applied', 'trading', { nowMs, set: { updated_at: nowMs } });
  }
  const orderId = await insertOrder(trx, {
    ...{ userId, instrument, order, status: 'filled', hold: 0n, fillPrice: price, nowMs },
  });
  const positionId = await openPosition(
    trx,
    {
      ...{ userId, orderId, instrument, side: order.side, qty: order.qty, price, leverage },
      ...{ margin, fee: fees.total, intradayApplicationId: application.id },
    },
    nowMs,
  );
  await postJournal(
    trx,
    {
      kind: 'position_open',
      ...journalMemo('position_open', {
        ...{ side: order.side, qty: order.qty, symbol: instrument.symbol, leverage },
        price: formatPrice(price, market),
      }),
      actor: { type: 'user', id: userId },
      reference: `position:${positionId}`,
      postings: openFromCash(userId, instrument.currency, margin, fees, 'hold:intraday'),
    },
    nowMs,
  );
  return placedAnswer({ instrument, price, margin, fees }, orderId, positionId);
}

/**
 * `trade/order` with `intraday=1`: a market order under the caller's intraday application of the
 * instrument's market while its session trades. A long in a market without long day trades
 * (China, T+1) is `cannot_buy`; no application `available_insufficient`, one whose session has not
 * opened `outside_trading_hours`; over the buying power left `available_insufficient`. The
 * position's margin (notional ÷ day-trade leverage) and fees come out of `hold:intraday`.
 */
export async function placeIntradayOrder(
  deps: GatewayDeps,
  caller: Pick<Caller, 'userId' | 'tradingBarred'>,
  input: PlaceOrderInput,
): Promise<{ result: PlacedOrder; replayed: boolean }> {
  const instrument = findInstrument(input.symbol);
  if (!instrument) throw new Refusal('not_found');
  if (input.side === 'long' && !INTRADAY_RULES[instrument.market].longAllowed) {
    throw new Refusal('cannot_buy');
  }
  const { userId } = caller;
  const quote = await quoteOrder(deps, caller, { ...input, leverage: 1 });
  if (!quote.fillNow) throw new Refusal('price_unavailable');
  const nowMs = deps.clock.nowMs();
  const requestHash = hashRequest({ call: 'trade/order', intraday: 1, ...input, price: '' });
  return writeTransaction(
    deps.db,
    (trx) =>
      runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, async () => {
        const placed = await openIntradayPosition(deps, trx, { ...quote, userId, nowMs });
        const change = { userId, event: 'order:updated' as const, payload: orderUpdateOf(placed) };
        await announceInTransaction(deps, trx, change, 'filled');
        return placed;
      }),
    { lockUser: userId },
  );
}

/**
 * `trade/preview` with `intraday=1`: the order priced as `placeIntradayOrder` would place it —
 * margin at the day-trade leverage and fees, against the application's hold (`available`) and its
 * buying power left; refusals as the order's (no application, China long) without writing anything.
 */
export async function previewIntradayOrder(
  deps: GatewayDeps,
  caller: Pick<Caller, 'userId' | 'tradingBarred'>,
  input: Omit<PlaceOrderInput, 'request_id'>,
) {
  const instrument = findInstrument(input.symbol);
  if (!instrument) throw new Refusal('not_found');
  const market = instrument.market;
  if (input.side === 'long' && !INTRADAY_RULES[market].longAllowed) throw new Refusal('cannot_buy');
  const quote = await quoteOrder(deps, caller, { ...input, leverage: 1 });
  const application = await openApplicationOf(deps.db, caller.userId, market);
  if (!application) throw new Refusal('available_insufficient');
  const left = buyingPowerLeft(
    application.buying_power,
    await openNotionalOf(deps.db, application, market),
  );
  const notional = notionalMinor(market, quote.price, quote.order.qty, 'up');
  const margin = intradayMargin(market, notional);
  const held = await userBalance(deps.db, caller.userId, 'hold:intraday', instrument.currency);
  return {
    quote,
    margin,
    held,
    left,
    affordable: notional <= left && margin + quote.fees.total <= held,
  };
}
