import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, advanceMany, writeTransaction, type Db } from '../src/db/index.ts';
import { anIpoListing, makeTestDb, manySubscriptions, testClock } from '../src/testing/index.ts';

let testDb: TestDbHandle;
let db: Db;
type TestDbHandle = Awaited<ReturnType<typeof makeTestDb>>;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

const clock = testClock(Date.UTC(2026, 10, 20, 6, 0));
const DAY = 86_400_000;

/** A listing closed an hour ago with `count` applications, all `applied`; their ids in order. */
async function applications(count: number): Promise<{ listingId: number; ids: bigint[] }> {
  const closed = clock.nowMs() - 3_600_000;
  const times = {
    subscribeEnd: closed,
    drawAt: closed + DAY,
    payDeadline: closed + 2 * DAY,
    listingAt: closed + 3 * DAY,
  };
  const listing = await anIpoListing(db, times);
  const ids = await manySubscriptions(db, listing, count);
  return { listingId: listing.listingId, ids };
}

const byValue = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

async function statuses(ids: readonly bigint[]): Promise<string[]> {
  const rows = await db
    .selectFrom('ipo_subscription')
    .select(['id', 'status'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return rows.map((row) => row.status);
}

describe('advanceMany: a set of holds moved by one statement', () => {
  it('moves only the selected rows still in the from-status, with the other columns, and says which', async () => {
    const { listingId, ids } = await applications(6);
    const nowMs = clock.nowMs();
    // The second application already won (a winner written row by row before the losers).
    await writeTransaction(db, (trx) =>
      advance(trx, { kind: 'ipo_subscription', id: ids[1]!, userId: 0 }, 'applied', 'won', {
        nowMs,
        set: { lots_won: 1n, amount_due: 150_000n, drawn_at: nowMs },
      }),
    );
    // The chunk is the first five: the last application is outside it.
    const lost = await writeTransaction(db, (trx) =>
      advanceMany(trx, 'ipo_subscription', 'applied', 'lost', {
        where: sql`listing_id = ${listingId} and id <= ${ids[4]!}`,
        set: { lots_won: 0, drawn_at: nowMs },
        returning: ['id', 'user_id'],
        byRowid: true,
      }),
    );
    expect(lost.count).toBe(4);
    expect(lost.rows.map((row) => row.id).sort(byValue)).toEqual([ids[0], ids[2], ids[3], ids[4]]);
    expect(await statuses(ids)).toEqual(['lost', 'won', 'lost', 'lost', 'lost', 'applied']);
    const loser = await db
      .selectFrom('ipo_subscription')
      .select(['lots_won', 'drawn_at'])
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(loser).toEqual({ lots_won: 0n, drawn_at: BigInt(nowMs) });
    // Run again (a rerun of a committed chunk): nothing left in `applied` there, nothing moves.
    const again = await writeTransaction(db, (trx) =>
      advanceMany(trx, 'ipo_subscription', 'applied', 'lost', {
        where: sql`listing_id = ${listingId} and id <= ${ids[4]!}`,
        set: { lots_won: 0, drawn_at: nowMs + 1 },
      }),
    );
    expect(again).toEqual({ count: 0, rows: [] });
    expect(await statuses(ids)).toEqual(['lost', 'won', 'lost', 'lost', 'lost', 'applied']);
  });

  it('moves each row once when advancers race over overlapping sets', async () => {
    const { listingId, ids } = await applications(40);
    const nowMs = clock.nowMs();
    // Eight advancers, each over a window of 15 rows starting 5 apart: every row is in two to three windows.
    const windows = Array.from({ length: 8 }, (_, k) => ids.slice(k * 5, k * 5 + 15));
    const results = await Promise.all(
      windows.map((window) =>
        writeTransaction(db, (trx) =>
          advanceMany(trx, 'ipo_subscription', 'applied', 'lost', {
            where: sql`listing_id = ${listingId} and id in (${sql.join(window)})`,
            set: { lots_won: 0, drawn_at: nowMs },
            returning: ['id'],
          }),
        ),
      ),
    );
    const moved = results.flatMap((result) => result.rows.map((row) => row.id));
    expect(results.reduce((sum, result) => sum + result.count, 0)).toBe(40);
    expect(new Set(moved).size).toBe(40);
    expect([...moved].sort(byValue)).toEqual(ids);
    expect(new Set(await statuses(ids))).toEqual(new Set(['lost']));
  });

  it('moves nothing from another status and leaves a rolled-back move unwritten', async () => {
    const { listingId, ids } = await applications(3);
    const nowMs = clock.nowMs();
    const forfeited = await writeTransaction(db, (trx) =>
      advanceMany(trx, 'ipo_subscription', 'won', 'forfeited', {
        where: sql`listing_id = ${listingId}`,
        set: { closed_at: nowMs },
      }),
    );
    expect(forfeited.count).toBe(0);
    await expect(
      writeTransaction(db, async (trx) => {
        const lost = await advanceMany(trx, 'ipo_subscription', 'applied', 'lost', {
          where: sql`listing_id = ${listingId}`,
        });
        expect(lost.count).toBe(3);
        throw new Error('the caller refuses after the move');
      }),
    ).rejects.toThrow('the caller refuses');
    expect(await statuses(ids)).toEqual(['applied', 'applied', 'applied']);
  });

  it('refuses a move the lifecycle does not allow', async () => {
    const { listingId } = await applications(1);
    await expect(
      writeTransaction(db, (trx) =>
        // @ts-expect-error an application is never forfeited before it won
        advanceMany(trx, 'ipo_subscription', 'applied', 'forfeited', {
          where: sql`listing_id = ${listingId}`,
        }),
      ),
    ).rejects.toThrow('ipo_subscription: applied → forfeited');
  });
});
