import { Refusal } from '@kabuto/schema/contracts';
import { findListingBySymbol, type Db, type IpoListingTerms } from '@kabuto/schema/db';
import {
  BOARD_RULES,
  findInstrument,
  isOnTick,
  MARKET_RULES,
  NEW_LISTING_SYMBOL,
  parseScaledPrice,
  PriceFormatError,
  type Board,
  notionalMinor,
  type Market,
} from '@kabuto/schema/market';

/** What the back office sends to create or edit a listing (prices as decimal strings). */
export interface ListingInput {
  readonly symbol: string;
  readonly market: string;
  readonly board: string;
  readonly name_ja: string;
  readonly name_en: string;
  readonly name_zh: string;
  readonly price: string;
  readonly market_price?: string | undefined;
  readonly underwriting_price: string;
  readonly lot: number;
  readonly min_lots: number;
  readonly max_lots: number;
  readonly lots_offered: number;
  readonly issue_volume: number;
  readonly per?: string | undefined;
  readonly lead_underwriter: string;
  readonly subscribe_start: number;
  readonly subscribe_end: number;
  readonly draw_at: number;
  readonly pay_deadline: number;
  readonly listing_at: number;
  readonly beacon_kind: 'local' | 'drand';
}

const invalid = (field: string, why: string) =>
  new Refusal('invalid_param', { fields: { [field]: why } });

function boardOf(market: string, board: string): Board {
  const rules = (BOARD_RULES as Readonly<Record<string, (typeof BOARD_RULES)[Board]>>)[board];
  if (!rules || rules.market !== market) throw invalid('board', 'not_of_market');
  return board as Board;
}

/** A positive price in the market's price scale (more decimals than the scale holds is refused). */
function scaledPrice(market: Market, text: string, field: string): bigint {
  try {
    const price = parseScaledPrice(text, market);
    if (price > 0n) return price;
  } catch (error) {
    if (!(error instanceof PriceFormatError)) throw error;
  }
  throw invalid(field, 'price');
}

/** The offer price: also on the board's tick grid, as the listed symbol will trade on it. */
function offerPrice(board: Board, text: string): bigint {
  const price = scaledPrice(BOARD_RULES[board].market, text, 'price');
  if (!isOnTick(BOARD_RULES[board].tickTable, price)) throw new Refusal('tick_size_invalid');
  return price;
}

/** The largest amount the ledger is asked to hold for a listing, in minor units of its currency. */
const MAX_LISTING_AMOUNT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * What one winner can owe (max lots) and what all winners together owe (lots offered), at the
 * offer price: each within a safe integer of minor units, so every amount due, hold, margin and
 * total the ledger and the wire carry stays exact (a 64-bit column would overflow far later).
 */
function checkAmounts(input: ListingInput, market: Market, price: bigint): void {
  const amount = (lots: number) =>
    notionalMinor(market, price, BigInt(lots) * BigInt(input.lot), 'up');
  if (amount(input.max_lots) > MAX_LISTING_AMOUNT) throw invalid('max_lots', 'amount_too_large');
  if (amount(input.lots_offered) > MAX_LISTING_AMOUNT) {
    throw invalid('lots_offered', 'amount_too_large');
  }
}

/** Dates in the life cycle's order, the window still ahead of `nowMs` at its end. */
function checkDates(input: ListingInput, nowMs: number): void {
  const order = [
    input.subscribe_start < input.subscribe_end,
    input.subscribe_end <= input.draw_at,
    input.draw_at < input.pay_deadline,
    input.pay_deadline <= input.listing_at,
  ];
  if (order.includes(false)) throw invalid('subscribe_start', 'dates_out_of_order');
  if (input.subscribe_end <= nowMs) throw invalid('subscribe_end', 'in_the_past');
}

/** A symbol free for a new listing: no catalogue instrument and no other listing has it. */
async function checkSymbolFree(db: Db, symbol: string, exceptId?: number): Promise<void> {
  if (findInstrument(symbol)) throw invalid('symbol', 'taken');
  const other = await findListingBySymbol(db, symbol);
  if (other && other.id !== exceptId) throw invalid('symbol', 'taken');
}

/** The listing's code in its market's form (`NEW_LISTING_SYMBOL`), so junk never trades. */
function checkSymbolForm(market: Market, symbol: string): void {
  if (!NEW_LISTING_SYMBOL[market].test(symbol)) throw invalid('symbol', 'format');
}

/**
 * The checked terms of a listing: board of its market, prices on its tick grid, lots in order,
 * dates in order, a free symbol. Refusals name the field; nothing is written before they pass.
 */
export async function checkedTerms(
  db: Db,
  input: ListingInput,
  nowMs: number,
  exceptId?: number,
): Promise<IpoListingTerms> {
  const market = input.market as Market;
  if (!(market in MARKET_RULES)) throw invalid('market', 'unknown');
  const board = boardOf(market, input.board);
  if (input.min_lots > input.max_lots) throw invalid('min_lots', 'above_max');
  checkDates(input, nowMs);
  await checkSymbolFree(db, input.symbol, exceptId);
  checkSymbolForm(market, input.symbol);
  const price = offerPrice(board, input.price);
  checkAmounts(input, market, price);
  return {
    symbol: input.symbol,
    market,
    board,
    currency: MARKET_RULES[market].currency,
    name_ja: input.name_ja,
    name_en: input.name_en,
    name_zh: input.name_zh,
    price,
    market_price:
      input.market_price === undefined
        ? null
        : scaledPrice(market, input.market_price, 'market_price'),
    underwriting_price: scaledPrice(market, input.underwriting_price, 'underwriting_price'),
    lot: input.lot,
    min_lots: input.min_lots,
    max_lots: input.max_lots,
    lots_offered: input.lots_offered,
    issue_volume: input.issue_volume,
    per: input.per ?? null,
    lead_underwriter: input.lead_underwriter,
    subscribe_start: input.subscribe_start,
    subscribe_end: input.subscribe_end,
    draw_at: input.draw_at,
    pay_deadline: input.pay_deadline,
    listing_at: input.listing_at,
    beacon_kind: input.beacon_kind,
    updated_at: nowMs,
  };
}
