import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aUser,
  dailyCloses,
  makeTestDb,
  TEST_SECRET_BOX,
  type TestDb,
} from '../../../testing/index.ts';
import { parseScaledPrice } from '../../../domain/market/prices.ts';
import { findInstrument } from '../../../domain/market/instruments.ts';
import { roundToTick } from '../../../domain/market/tick-size.ts';
import { repriceDemoOffers } from './demo-prices.ts';
import { insertOrder } from './orders.repository.ts';
import { seedBlockDemo } from './seed-demo.ts';

// The demo offers follow the market: seeded before the feed printed anything, each one nobody
// has bought is priced again from the feed's last daily close before today.
let testDb: TestDb;
beforeAll(async () => {
  testDb = await makeTestDb();
});
afterAll(async () => {
  await testDb.cleanup();
});

const NOW = Date.parse('2026-11-27T01:00:00Z'); // 10:00 in Tokyo
const yen = (text: string) => parseScaledPrice(text, 'JP');

describe('demo block offers', () => {
  it('are priced 3% under the last close before today, on tick; one already bought keeps its price', async () => {
    const db = testDb.db;
    await seedBlockDemo(db, NOW - 86_400_000, TEST_SECRET_BOX);
    const offers = async () =>
      new Map(
        (
          await db
            .selectFrom('block_offer')
            .select(['id', 'symbol', 'price', 'prev_close'])
            .execute()
        ).map((o) => [o.symbol, o]),
      );
    const sony = (await offers()).get('6758')!;
    await insertOrder(db, {
      ...{ offerId: Number(sony.id), userId: await aUser(db), lots: 1, amount: sony.price * 100n },
      ...{ requestId: 'demo-bought', nowMs: NOW },
    });
    await dailyCloses(db, '7203', [
      ['2026-11-25', yen('3100')],
      ['2026-11-26', yen('3130')],
      ['2026-11-27', yen('3300')], // today's bar, still moving: not a previous close
    ]);
    await dailyCloses(db, '6758', [['2026-11-26', yen('3550')]]);

    expect(await repriceDemoOffers(db, NOW)).toBe(1);
    const after = await offers();
    const toyota = findInstrument('7203')!;
    expect([after.get('7203')?.prev_close, after.get('7203')?.price]).toEqual([
      yen('3130'),
      roundToTick(toyota.tickTable, (yen('3130') * 97n) / 100n, 'down'),
    ]);
    expect([after.get('6758')?.price, after.get('6758')?.prev_close]).toEqual([
      sony.price,
      sony.prev_close,
    ]);
    // once priced from that close, a second sweep changes nothing
    expect(await repriceDemoOffers(db, NOW + 60_000)).toBe(0);
  });
});
