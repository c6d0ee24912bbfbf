import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { reconcile } from '@kabuto/schema/db';
import { drawLottery, ticketFor } from '@kabuto/schema/lottery';
import {
  anIpoListing,
  makeTestDb,
  manySubscriptions,
  TEST_SECRET_KEY,
  type TestDb,
} from '@kabuto/schema/testing';

// kill -9 the real workers process in the middle of a 48,000-application draw (8 chunks of 6,000:
// the same shape as 200,000 in chunks of 25,000, a quarter of the work), start it again:
// the result equals the pure rule's on the same inputs (an uninterrupted run), every subscription
// has exactly one inbox message and one allotment:drawn event, and the ledger reconciles.
const APPLICATIONS = 48_000;
const LOTS_OFFERED = 4_800;
const CHUNK = 6_000;
const prefix = `ipof${randomBytes(4).toString('hex')}`;
let testDb: TestDb;
let redis: Redis;
const children: ChildProcess[] = [];

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const key of [
    ...(await redis.keys(`${prefix}:*`)),
    ...(await redis.keys(`bull:${prefix}-*`)),
  ]) {
    await redis.del(key);
  }
  redis.disconnect();
  await testDb.cleanup();
});

/** The workers process (jobs role) on the test database; its sweep starts the due draw. */
function startWorkers(): ChildProcess {
  const target = testDb.target;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KABUTO_ROLES: 'jobs',
    KABUTO_DRAW_CHUNK: String(CHUNK),
    KABUTO_REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    // The key the listing was sealed with (`anIpoListing` seals with TEST_SECRET_BOX).
    KABUTO_SECRET_KEY: TEST_SECRET_KEY,
    DATA_DIR:
      target.kind === 'sqlite'
        ? dirname(target.file)
        : mkdtempSync(join(tmpdir(), 'kabuto-fault-')),
  };
  delete env['DATABASE_URL'];
  if (target.kind === 'postgres') env['DATABASE_URL'] = target.url;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, '../src/main.ts')],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(child);
  return child;
}

function until<T>(probe: () => Promise<T | null>, timeoutMs: number, what: string): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === null) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

async function decided(listingId: number): Promise<number> {
  const row = await sql<{ n: number | bigint }>`select count(*) as n from ipo_subscription
    where listing_id = ${listingId} and status <> 'applied'`.execute(testDb.db);
  return Number(row.rows[0]?.n ?? 0);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

describe('the draw under kill -9', () => {
  it('a restarted worker finishes the draw: the same result, each message and event once', async () => {
    const db = testDb.db;
    const now = Date.now();
    const listing = await anIpoListing(
      db,
      {
        subscribeEnd: now - 120_000,
        drawAt: now - 60_000,
        payDeadline: now + 86_400_000,
        listingAt: now + 3 * 86_400_000,
      },
      { lotsOffered: LOTS_OFFERED, maxLots: 10 },
    );
    const lotsOf = (n: number) => 1 + ((n * 7) % 10);
    const ids = await manySubscriptions(db, listing, APPLICATIONS, lotsOf);

    const first = startWorkers();
    const atKill = await until(
      async () => {
        const n = await decided(listing.listingId);
        return n >= 2 * CHUNK ? n : null;
      },
      120_000,
      'two chunks written',
    );
    first.kill('SIGKILL');
    await exited(first);
    const afterKill = await decided(listing.listingId);
    const stored = await db
      .selectFrom('ipo_listing')
      .selectAll()
      .where('id', '=', BigInt(listing.listingId))
      .executeTakeFirstOrThrow();
    expect(stored.drawn_at).toBeNull();
    expect(afterKill).toBeGreaterThanOrEqual(atKill);
    expect(afterKill).toBeLessThan(APPLICATIONS);
    expect(afterKill % CHUNK).toBe(0); // whole chunks only: each chunk commits or not at all

    const second = startWorkers();
    await until(
      async () => {
        const row = await db
          .selectFrom('ipo_listing')
          .select('drawn_at')
          .where('id', '=', BigInt(listing.listingId))
          .executeTakeFirst();
        return row?.drawn_at ?? null;
      },
      180_000,
      'the draw to finish after the restart',
    );
    second.kill('SIGTERM');
    await exited(second);

    const final = await db
      .selectFrom('ipo_listing')
      .selectAll()
      .where('id', '=', BigInt(listing.listingId))
      .executeTakeFirstOrThrow();
    expect(final.beacon).toBe(stored.beacon); // the restart kept the stored beacon
    const expected = drawLottery({
      entries: ids.map((id, n) => ({ ticket: ticketFor(listing.listingKey, id), lots: lotsOf(n) })),
      lotsOffered: LOTS_OFFERED,
      maxLots: 10,
      seed: listing.seed,
      beacon: final.beacon!,
    });
    expect(final.list_hash).toBe(expected.listHash);
    expect(final.draw_seed).toBe(expected.drawSeed);
    const subs = await db
      .selectFrom('ipo_subscription')
      .select(['ticket', 'status', 'lots_won'])
      .where('listing_id', '=', BigInt(listing.listingId))
      .execute();
    const written = new Map(subs.map((s) => [s.ticket, s]));
    let mismatches = 0;
    for (const { ticket, lotsWon } of expected.result) {
      const s = written.get(ticket);
      if (!s || Number(s.lots_won) !== lotsWon || s.status !== (lotsWon > 0 ? 'won' : 'lost')) {
        mismatches++;
      }
    }
    expect(mismatches).toBe(0);

    const perUser = await sql<{
      messages: number | bigint;
      seq: number | bigint | null;
      won: number | bigint;
    }>`
      select count(m.id) as messages, max(q.last_seq) as seq,
        max(case when s.status = 'won' then 1 else 0 end) as won
      from ipo_subscription s
      left join inbox_message m on m.user_id = s.user_id
      left join account_event_seq q on q.user_id = s.user_id
      where s.listing_id = ${listing.listingId}
      group by s.user_id`.execute(db);
    expect(perUser.rows).toHaveLength(APPLICATIONS);
    // One message each; each account's events recorded once: allotment:drawn for everyone, and a
    // winner's message:created beside it (seq 2), never a second run's.
    const wrong = perUser.rows.filter(
      (r) => Number(r.messages) !== 1 || Number(r.seq) !== (Number(r.won) === 1 ? 2 : 1),
    );
    expect(wrong).toEqual([]);
    expect((await reconcile(db)).breaches).toEqual([]);
  }, 600_000);
});
