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
  currencyFromDisplay,
  divideRounded,
  formatScaled,
  money,
  scaleOf,
  type Currency,
  type DisplayCurrency,
} from '@kabuto/schema/domain';
import { findInstrument, formatPrice, type Instrument } from '@kabuto/schema/market';
import {
  displayValuation,
  stopOutPrice,
  tPlusOneBlocksClose,
  valuePosition,
  type PositionSide,
} from '@kabuto/schema/trading';
import { addedMarginOf } from '@kabuto/schema/modules/trading';
import type { GatewayDeps } from '../../infra/deps.ts';
import { closedPositionsOf, openPositionsOf, type PositionRecord } from './positions.repository.ts';

async function marketData(deps: GatewayDeps) {
  const latest = await deps.redis.hgetall(redisKeys(deps.config.redisPrefix).latestQuotes);
  return { lastPrice: lastPriceFromLatest(latest), rate: rateLookupFromLatest(latest) };
}

function stopOutText(instrument: Instrument, row: PositionRecord): string | null {
  const price = stopOutPrice(instrument, row);
  return price === null ? null : formatPrice(price, instrument.market);
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
  const rows = await openPositionsOf(deps.db, userId);
  const nowMs = deps.clock.nowMs();
  // Margin the products added (credit), through trading's hooks: trading imports no product.
  const credits = await addedMarginOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const data: Record<string, OpenPosition> = {};
  const values: { currency: Currency; amountMinor: bigint }[] = [];
  const pnls: { currency: Currency; amountMinor: bigint }[] = [];
  rows.forEach((row, index) => {
    const instrument = findInstrument(row.symbol) as Instrument;
    const currency = row.currency;
    const price = lastPrice(row.symbol) ?? row.openPrice;
    const value = valuePosition(
      instrument,
      { side: row.side, qty: row.qty, openPrice: row.openPrice },
      price,
    );
    values.push({ currency, amountMinor: value.marketValue });
    pnls.push({ currency, amountMinor: value.unrealizedPnl });
    const wire = (minor: bigint) => formatScaled(minor, scaleOf(currency));
    data[String(index)] = {
      status: 0,
      position_id: String(row.id),
      order_id: String(row.orderId),
      symbol: row.symbol,
      name: instrument.names,
      currency,
      side: row.side,
      leverage: row.leverage,
      stock_num: Number(row.qty),
      buy_price: formatPrice(row.openPrice, instrument.market),
      nowprice: formatPrice(price, instrument.market),
      margin: wire(row.margin),
      market_value: wire(value.marketValue),
      yingkui: wire(value.unrealizedPnl),
      open_fee: wire(row.openFee),
      credit: wire(credits.get(row.id) ?? 0n),
      stop_out_price: stopOutText(instrument, row),
      intraday: row.intraday,
      close_blocked: tPlusOneBlocksClose(instrument, row.side, row.openedAtMs, nowMs)
        ? 't_plus_one'
        : null,
      buy_time: row.openedAtMs,
    };
  });
  const valuation = displayValuation(target, rate);
  return {
    ...data,
    ccsz: toWire(money(target, valuation.sum(values))),
    fdyk: toWire(money(target, valuation.sum(pnls))),
  };
}

/** `trade/userstocklists`: closed positions keyed by index plus `lsyk` (realised P&L) in the display currency. */
export async function closedPositionsList(
  deps: GatewayDeps,
  userId: number,
  display: DisplayCurrency,
): Promise<ClosedPositionsData> {
  const target = currencyFromDisplay(display);
  const { rate } = await marketData(deps);
  const rows = await closedPositionsOf(deps.db, userId);
  const data: Record<string, ClosedPositionRow> = {};
  const pnls: { currency: Currency; amountMinor: bigint }[] = [];
  rows.forEach((row, index) => {
    const instrument = findInstrument(row.symbol) as Instrument;
    const currency = row.currency;
    const pnl = row.realizedPnl;
    pnls.push({ currency, amountMinor: pnl });
    const wire = (minor: bigint) => formatScaled(minor, scaleOf(currency));
    data[String(index)] = {
      status: 1,
      position_id: String(row.id),
      symbol: row.symbol,
      name: instrument.names,
      currency,
      side: row.side,
      leverage: row.leverage,
      stock_num: Number(row.qty),
      buy_price: formatPrice(row.openPrice, instrument.market),
      sell_price: formatPrice(row.closePrice, instrument.market),
      yingkui: wire(pnl),
      fees: wire(row.openFee + row.closeFee),
      buy_time: row.openedAtMs,
      sell_time: row.closedAtMs,
      reason: row.closeReason,
    };
  });
  return { ...data, lsyk: toWire(money(target, displayValuation(target, rate).sum(pnls))) };
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
  const rows = await openPositionsOf(deps.db, userId, symbol);
  const price = lastPrice(symbol);
  const side = (which: PositionSide): HoldingSide | null => {
    const mine = rows.filter((r) => r.side === which);
    const qty = mine.reduce((sum, r) => sum + r.qty, 0n);
    if (qty === 0n) return null;
    const cost = mine.reduce((sum, r) => sum + r.openPrice * r.qty, 0n);
    const pnl = mine.reduce(
      (sum, r) =>
        sum +
        valuePosition(
          instrument,
          { side: which, qty: r.qty, openPrice: r.openPrice },
          price ?? r.openPrice,
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
