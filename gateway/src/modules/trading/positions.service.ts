import {
  Refusal,
  lastPriceFromLatest,
  rateLookupFromLatest,
  redisKeys,
  toWire,
  type ClosedPositionRow,
  type ClosedPositionsData,
  type OpenPosition,
  type OpenPositionsData,
} from '@kabuto/schema/contracts';
import {
  convertForValuation,
  currencyFromDisplay,
  divideRounded,
  formatScaled,
  money,
  scaleOf,
  type Currency,
  type DisplayCurrency,
  type RateLookup,
} from '@kabuto/schema/domain';
import { findInstrument, formatPrice, type Instrument } from '@kabuto/schema/market';
import { valuePosition, type PositionSide } from '@kabuto/schema/trading';
import type { GatewayDeps } from '../../deps.ts';

function inDisplay(amountMinor: bigint, from: Currency, to: Currency, rate: RateLookup): bigint {
  if (from === to) return amountMinor;
  const r = rate(from, to);
  return r ? convertForValuation(money(from, amountMinor), to, r).amountMinor : 0n;
}

async function marketData(deps: GatewayDeps) {
  const latest = await deps.redis.hgetall(redisKeys(deps.config.redisPrefix).latestQuotes);
  return { lastPrice: lastPriceFromLatest(latest), rate: rateLookupFromLatest(latest) };
}

/**
 * `trade/userstocklist`: open positions keyed by index (spec shape: status 0 = held, nowprice,
 * stock_num, buy_price, yingkui) plus `ccsz` (market value) and `fdyk` (floating P&L) in the
 * display currency.
 */
export async function openPositionsList(
  deps: GatewayDeps,
  userId: number,
  display: DisplayCurrency,
): Promise<OpenPositionsData> {
  const target = currencyFromDisplay(display);
  const { lastPrice, rate } = await marketData(deps);
  const rows = await deps.db
    .selectFrom('position')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'holding')
    .orderBy('opened_at', 'desc')
    .execute();
  const data: Record<string, OpenPosition> = {};
  let ccsz = 0n;
  let fdyk = 0n;
  rows.forEach((row, index) => {
    const instrument = findInstrument(row.symbol) as Instrument;
    const currency = row.currency as Currency;
    const price = lastPrice(row.symbol) ?? row.open_price;
    const value = valuePosition(
      instrument,
      { side: row.side as PositionSide, qty: row.qty, openPrice: row.open_price },
      price,
    );
    ccsz += inDisplay(value.marketValue, currency, target, rate);
    fdyk += inDisplay(value.unrealizedPnl, currency, target, rate);
    const wire = (minor: bigint) => formatScaled(minor, scaleOf(currency));
    data[String(index)] = {
      status: 0,
      position_id: String(row.id),
      order_id: String(row.order_id),
      symbol: row.symbol,
      name: instrument.names,
      currency,
      side: row.side as PositionSide,
      leverage: Number(row.leverage),
      stock_num: Number(row.qty),
      buy_price: formatPrice(row.open_price, instrument.market),
      nowprice: formatPrice(price, instrument.market),
      margin: wire(row.margin),
      market_value: wire(value.marketValue),
      yingkui: wire(value.unrealizedPnl),
      open_fee: wire(row.open_fee),
      buy_time: Number(row.opened_at),
    };
  });
  return { ...data, ccsz: toWire(money(target, ccsz)), fdyk: toWire(money(target, fdyk)) };
}

/** `trade/userstocklists`: closed positions keyed by index plus `lsyk` (realised P&L) in the display currency. */
export async function closedPositionsList(
  deps: GatewayDeps,
  userId: number,
  display: DisplayCurrency,
): Promise<ClosedPositionsData> {
  const target = currencyFromDisplay(display);
  const { rate } = await marketData(deps);
  const rows = await deps.db
    .selectFrom('position')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'closed')
    .orderBy('closed_at', 'desc')
    .limit(200)
    .execute();
  const data: Record<string, ClosedPositionRow> = {};
  let lsyk = 0n;
  rows.forEach((row, index) => {
    const instrument = findInstrument(row.symbol) as Instrument;
    const currency = row.currency as Currency;
    const pnl = row.realized_pnl ?? 0n;
    lsyk += inDisplay(pnl, currency, target, rate);
    const wire = (minor: bigint) => formatScaled(minor, scaleOf(currency));
    data[String(index)] = {
      status: 1,
      position_id: String(row.id),
      symbol: row.symbol,
      name: instrument.names,
      currency,
      side: row.side as PositionSide,
      leverage: Number(row.leverage),
      stock_num: Number(row.qty),
      buy_price: formatPrice(row.open_price, instrument.market),
      sell_price: formatPrice(row.close_price ?? 0n, instrument.market),
      yingkui: wire(pnl),
      fees: wire(row.open_fee + (row.close_fee ?? 0n)),
      buy_time: Number(row.opened_at),
      sell_time: Number(row.closed_at ?? 0n),
      reason: row.close_reason,
    };
  });
  return { ...data, lsyk: toWire(money(target, lsyk)) };
}

export interface HoldingSide {
  qty: number;
  avg_price: string;
  pnl: string;
}

/**
 * `trade/holding`: the caller's open positions in one symbol, per side: quantity held, average
 * acquisition price (quantity-weighted, half-up to the price scale) and evaluated P&L at the feed.
 */
export async function holdingOf(
  deps: GatewayDeps,
  userId: number,
  symbol: string,
): Promise<{
  symbol: string;
  currency: string;
  long: HoldingSide | null;
  short: HoldingSide | null;
}> {
  const instrument = findInstrument(symbol);
  if (!instrument) throw new Refusal('product_unavailable');
  const { lastPrice } = await marketData(deps);
  const rows = await deps.db
    .selectFrom('position')
    .select(['side', 'qty', 'open_price'])
    .where('user_id', '=', BigInt(userId))
    .where('symbol', '=', symbol)
    .where('status', '=', 'holding')
    .execute();
  const price = lastPrice(symbol);
  const side = (which: PositionSide): HoldingSide | null => {
    const mine = rows.filter((r) => r.side === which);
    const qty = mine.reduce((sum, r) => sum + r.qty, 0n);
    if (qty === 0n) return null;
    const cost = mine.reduce((sum, r) => sum + r.open_price * r.qty, 0n);
    const pnl = mine.reduce(
      (sum, r) =>
        sum +
        valuePosition(
          instrument,
          { side: which, qty: r.qty, openPrice: r.open_price },
          price ?? r.open_price,
        ).unrealizedPnl,
      0n,
    );
    return {
      qty: Number(qty),
      avg_price: formatPrice(divideRounded(cost, qty, 'half-up'), instrument.market),
      pnl: formatScaled(pnl, scaleOf(instrument.currency)),
    };
  };
  return { symbol, currency: instrument.currency, long: side('long'), short: side('short') };
}
