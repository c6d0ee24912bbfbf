import { sql } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import { dateToUtcMs, localClock } from '../../../domain/market/calendar-dates.ts';
import { findInstrument } from '../../../domain/market/instruments.ts';
import { MARKET_RULES } from '../../../domain/market/rules.ts';
import { roundToTick } from '../../../domain/market/tick-size.ts';
import { loadCandles } from '../../quotes/public.ts';
import { checkOfferPrice } from '../domain/offer.ts';
import { offerFromRow, type BlockOffer } from './offers.repository.ts';

const DAY = 86_400_000;

/** The demo discount: 3% under the previous close, on tick (MARKET-RULES.md §8). */
const DEMO_DISCOUNT_PERCENT = 3n;

/** The last daily close before the market's today, from the feed's stored bars; null without one. */
async function previousClose(db: Db, offer: BlockOffer, nowMs: number): Promise<bigint | null> {
  const today = localClock(nowMs, MARKET_RULES[offer.market].timeZone).date;
  const bars = await loadCandles(db, offer.symbol, '1d', nowMs - 15 * DAY, dateToUtcMs(today));
  return bars.at(-1)?.close ?? null;
}

/**
 * A demo offer nobody has bought or applied for, priced again from the feed's previous close
 * (an offer is set from the last close before its window, MARKET-RULES.md §8): the seed runs
 * before the feed has printed anything, so it priced from the catalogue's reference level, which
 * the market has long left. Conditional on its old close and on still having no purchase.
 */
async function repriceOne(db: Db, offer: BlockOffer, nowMs: number): Promise<boolean> {
  const instrument = findInstrument(offer.symbol);
  const close = await previousClose(db, offer, nowMs);
  if (!instrument || close === null || close === offer.prevClose) return false;
  const discounted = (close * (100n - DEMO_DISCOUNT_PERCENT)) / 100n;
  const price = roundToTick(instrument.tickTable, discounted, 'down');
  if (checkOfferPrice(instrument, price, close) !== null) return false;
  const updated = await db
    .updateTable('block_offer')
    .set({ price, prev_close: close, updated_at: nowMs })
    .where('id', '=', BigInt(offer.id))
    .where('prev_close', '=', offer.prevClose)
    .where(sql<boolean>`not exists (select 1 from block_order where offer_id = block_offer.id)`)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Every open or upcoming demo offer (seeded, not the back office's) with no purchase, repriced. */
export async function repriceDemoOffers(db: Db, nowMs: number): Promise<number> {
  const rows = await db
    .selectFrom('block_offer')
    .selectAll()
    .where('created_by', 'is', null)
    .where('closed_at', 'is', null)
    .where('closes_at', '>', BigInt(nowMs))
    .execute();
  let repriced = 0;
  for (const row of rows) if (await repriceOne(db, offerFromRow(row), nowMs)) repriced += 1;
  return repriced;
}
