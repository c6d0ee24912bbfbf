// Demo new-share listings, one per market, placed in time relative to the seeding so that a new
// user sees the whole life cycle in the first quarter hour: one open for days, one that closes
// ~3 minutes after seeding (draw ~4 min, pay by ~10 min, listing ~12 min), one entirely past
// (the workers' sweep draws, forfeits and lists it at start).
import type { Db, NewIpoListing, SecretBox } from '@kabuto/schema/db';
import { sealedLotterySecrets } from '@kabuto/schema/lottery';
import {
  BOARD_RULES,
  findInstrument,
  isOnTick,
  MARKET_RULES,
  parseScaledPrice,
  type Board,
} from '@kabuto/schema/market';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface DemoListing {
  symbol: string;
  board: Board;
  names: [ja: string, en: string, zh: string];
  price: string;
  marketPrice: string | null;
  underwritingPrice: string;
  lot: number;
  minLots: number;
  maxLots: number;
  lotsOffered: number;
  issueVolume: number;
  per: string | null;
  leadUnderwriter: string;
  /** subscribe_start, subscribe_end, draw_at, pay_deadline, listing_at: offsets from seeding. */
  times: [number, number, number, number, number];
}

/** Shares per lot follow MARKET-RULES.md §7: TSE 100, a US share each, SZSE 500 per unit. */
export const DEMO_LISTINGS: readonly DemoListing[] = [
  {
    symbol: '5574',
    board: 'tse_growth',
    names: ['さくらロボティクス', 'Sakura Robotics', '樱花机器人'],
    price: '1840',
    marketPrice: '2210',
    underwritingPrice: '1692.8',
    lot: 100,
    minLots: 1,
    maxLots: 10,
    lotsOffered: 1_500,
    issueVolume: 4_200_000,
    per: '24.6',
    leadUnderwriter: 'Mizuho Securities',
    times: [-1 * 60 * MINUTE, 5 * DAY, 5 * DAY + 60 * MINUTE, 8 * DAY, 10 * DAY],
  },
  {
    symbol: 'LMNX',
    board: 'nasdaq',
    names: ['ルミネクス・バイオ', 'Luminex Bio', '卢米奈克斯生物'],
    price: '18.00',
    marketPrice: '21.50',
    underwritingPrice: '16.83',
    lot: 1,
    minLots: 1,
    maxLots: 200,
    lotsOffered: 20_000,
    issueVolume: 12_500_000,
    per: null,
    leadUnderwriter: 'Goldman Sachs & Co.',
    times: [-1 * DAY, 3 * MINUTE, 4 * MINUTE, 10 * MINUTE, 12 * MINUTE],
  },
  {
    symbol: '301627',
    board: 'chinext',
    names: ['華辰新能源', 'Huachen New Energy', '华辰新能源'],
    price: '23.58',
    marketPrice: '31.20',
    underwritingPrice: '22.40',
    lot: 500,
    minLots: 1,
    maxLots: 20,
    lotsOffered: 30_000,
    issueVolume: 45_000_000,
    per: '22.9',
    leadUnderwriter: 'CITIC Securities',
    times: [-10 * DAY, -8 * DAY, -7 * DAY, -5 * DAY, -3 * DAY],
  },
];

/**
 * One demo listing's row: prices at its market's scale (the offer price on the tick grid), its
 * seed and ticket key sealed with `box`.
 */
export function demoListingRow(
  demo: DemoListing,
  seededAtMs: number,
  box: SecretBox,
): NewIpoListing {
  const rules = BOARD_RULES[demo.board];
  const price = parseScaledPrice(demo.price, rules.market);
  if (!isOnTick(rules.tickTable, price) || findInstrument(demo.symbol)) {
    throw new Error(`demo listing ${demo.symbol}: off the tick grid or a catalogue symbol`);
  }
  const [start, end, draw, pay, listing] = demo.times.map((t) => seededAtMs + t) as number[];
  return {
    symbol: demo.symbol,
    market: rules.market,
    board: demo.board,
    currency: MARKET_RULES[rules.market].currency,
    name_ja: demo.names[0],
    name_en: demo.names[1],
    name_zh: demo.names[2],
    price,
    market_price: demo.marketPrice ? parseScaledPrice(demo.marketPrice, rules.market) : null,
    underwriting_price: parseScaledPrice(demo.underwritingPrice, rules.market),
    lot: demo.lot,
    min_lots: demo.minLots,
    max_lots: demo.maxLots,
    lots_offered: demo.lotsOffered,
    issue_volume: demo.issueVolume,
    per: demo.per,
    lead_underwriter: demo.leadUnderwriter,
    subscribe_start: start as number,
    subscribe_end: end as number,
    draw_at: draw as number,
    pay_deadline: pay as number,
    listing_at: listing as number,
    ...sealedLotterySecrets(box),
    beacon_kind: 'local',
    created_by: null,
    created_at: seededAtMs,
    updated_at: seededAtMs,
  };
}

/**
 * Adds the demo listings whose symbol is not listed yet (a second seed adds nothing). Their step
 * jobs are left to the workers' sweep, which runs anything due and schedules what is not.
 */
export async function ensureDemoListings(
  db: Db,
  box: SecretBox,
  seededAtMs = Date.now(),
): Promise<number> {
  let added = 0;
  for (const demo of DEMO_LISTINGS) {
    const inserted = await db
      .insertInto('ipo_listing')
      .values(demoListingRow(demo, seededAtMs, box))
      .onConflict((oc) => oc.column('symbol').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) added += 1;
  }
  if (added > 0) console.log(`seed: ${added} demo new-share listings added`);
  return added;
}
