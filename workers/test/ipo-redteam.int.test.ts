import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '@kabuto/schema/contracts';
import {
  advance,
  findListingLockedShared,
  postJournal,
  reconcile,
  writeTransaction,
  type Db,
} from '@kabuto/schema/db';
import { platformAccount, transfer, userAccount } from '@kabuto/schema/domain';
import { ipoPaymentPostings } from '@kabuto/schema/ipo';
import { ticketFor } from '@kabuto/schema/lottery';
import {
  anIpoListing,
  makeTestDb,
  manySubscriptions,
  untilWaiting,
  TEST_SECRET_BOX,
  type TestDb,
} from '@kabuto/schema/testing';
import { drawListing, type IpoDrawDeps } from '../src/jobs/ipo-allotment/ipo-draw.ts';
import { forfeitUnpaid } from '../src/jobs/ipo-allotment/ipo-forfeit.ts';
import { listPaid } from '../src/jobs/ipo-allotment/ipo-list.ts';

// Attacks on the new-share steps: an empty list, more lots than asked, a row that appears after
// the list was frozen, and winners paying while the forfeit step runs at the deadline.
let testDb: TestDb;
beforeAll(async () => {
  testDb = await makeTestDb();
});
afterAll(async () => {
  await testDb.cleanup();
});

const CLOSE = Date.UTC(2026, 10, 20, 6, 0);
const times = {
  subscribeEnd: CLOSE,
  drawAt: CLOSE + 60_000,
  payDeadline: CLOSE + 86_400_000,
  listingAt: CLOSE + 3 * 86_400_000,
};
const clockAt = (ms: number): Clock => ({ nowMs: () => ms });
const BEACON = 'cd'.repeat(32);

function deps(db: Db, nowMs: number, extra: Partial<IpoDrawDeps> = {}): IpoDrawDeps {
  return {
    db,
    clock: clockAt(nowMs),
    emitter: { record: async () => {} },
    beaconFor: () => ({
      after: () => Promise.resolve({ round: null, value: BEACON, signature: null }),
    }),
    secrets: TEST_SECRET_BOX,
    chunk: 10,
    ...extra,
  };
}

const subsOf = (db: Db, listingId: number) =>
  db
    .selectFrom('ipo_subscription')
    .select(['id', 'user_id', 'status', 'lots', 'lots_won', 'amount_due'])
    .where('listing_id', '=', BigInt(listingId))
    .orderBy('id')
    .execute();

/**
 * What `ipo/pay` does (the gateway's): the listing read under a shared lock, then won → paid
 * with cash → hold:ipo, one transaction.
 */
async function pay(
  db: Db,
  sub: { id: bigint; user_id: bigint; amount_due: bigint | null },
  listingId: number,
) {
  const userId = Number(sub.user_id);
  return writeTransaction(db, async (trx) => {
    await findListingLockedShared(trx, listingId);
    return advance(trx, { kind: 'ipo_subscription', id: sub.id, userId }, 'won', 'paid', {
      nowMs: times.payDeadline - 1,
      set: { paid_at: times.payDeadline - 1 },
      journal: {
        kind: 'ipo_payment',
        memo: 'pay',
        actor: { type: 'user', id: userId },
        postings: ipoPaymentPostings(userId, 'JPY', sub.amount_due!),
      },
      journalColumn: 'pay_journal_id',
    });
  });
}

async function grant(db: Db, userIds: readonly bigint[], amountMinor: bigint) {
  await writeTransaction(db, async (trx) => {
    for (const id of userIds) {
      await postJournal(
        trx,
        {
          kind: 'paper_grant',
          memo: 'grant',
          actor: { type: 'system', id: 'test' },
          postings: transfer({
            from: platformAccount('platform:paper_grant', 'JPY'),
            to: userAccount(Number(id), 'cash', 'JPY'),
            amountMinor,
          }),
        },
        times.drawAt,
      );
    }
  });
}

describe('ipo red team: the draw at its edges', () => {
  it('a listing nobody applied for draws, forfeits and lists (nothing to write, each step done once)', async () => {
    const db = testDb.db;
    const listing = await anIpoListing(db, times, { lotsOffered: 10 });
    expect(await drawListing(deps(db, times.drawAt), listing.listingId)).toBe(true);
    expect(await forfeitUnpaid(deps(db, times.payDeadline), listing.listingId)).toBe(true);
    expect(await listPaid(deps(db, times.listingAt), listing.listingId)).toBe(true);
    const row = await db
      .selectFrom('ipo_listing')
      .select(['applicants', 'lots_applied', 'drawn_at', 'forfeited_at', 'listed_at'])
      .where('id', '=', BigInt(listing.listingId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ applicants: 0n, lots_applied: 0n });
    expect([row.drawn_at, row.forfeited_at, row.listed_at].every((t) => t !== null)).toBe(true);
  });

  it('more lots offered than asked: everyone wins every lot asked, the rest stays unallotted', async () => {
    const db = testDb.db;
    const listing = await anIpoListing(db, times, { lotsOffered: 1_000, maxLots: 10 });
    await manySubscriptions(db, listing, 25, (n) => 1 + (n % 10));
    expect(await drawListing(deps(db, times.drawAt), listing.listingId)).toBe(true);
    const subs = await subsOf(db, listing.listingId);
    expect(subs.every((s) => s.status === 'won' && s.lots_won === s.lots)).toBe(true);
    expect(subs.every((s) => s.amount_due === 150_000n * s.lots)).toBe(true);
  });

  // Defence in depth, left open: a row written behind the gateway's back after the freeze (the
  // gateway's applications cannot, see the next test) stays `applied` under a drawn listing.
  it.fails(
    'a subscription committed after the list was frozen (a request that read the clock before the close) is not left awaiting the draw forever',
    async () => {
      const db = testDb.db;
      const listing = await anIpoListing(db, times, { lotsOffered: 5, maxLots: 1 });
      await manySubscriptions(db, listing, 30, () => 1);
      // The beacon is fetched once the list is frozen: the late row commits just then.
      const step = deps(db, times.drawAt, {
        beaconFor: () => ({
          after: async () => {
            await lateSubscription(db, listing);
            return { round: null, value: BEACON, signature: null };
          },
        }),
      });
      await drawListing(step, listing.listingId);
      const subs = await subsOf(db, listing.listingId);
      expect(subs).toHaveLength(31);
      expect(subs.filter((s) => s.status === 'applied')).toEqual([]);
    },
  );

  it('an application still being written when the draw starts is in the frozen list (the freeze waits for it)', async () => {
    const db = testDb.db;
    const listing = await anIpoListing(db, times, { lotsOffered: 5, maxLots: 1 });
    await manySubscriptions(db, listing, 30, () => 1);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // What ipo/subscribe does: its transaction reads the listing (a shared lock on PostgreSQL),
    // then the clock (still open), then writes the row; it commits only after the draw started.
    const applying = writeTransaction(db, async (trx) => {
      await findListingLockedShared(trx, listing.listingId);
      locked();
      await gate;
      await lateSubscription(trx, listing);
    });
    await holding;
    const drawing = drawListing(deps(db, times.drawAt), listing.listingId);
    // PostgreSQL: the draw's freeze waits for the application's lock. SQLite has one connection:
    // the draw's first read already waits for the application's transaction.
    if (process.env['DATABASE_URL']?.startsWith('postgres')) await untilWaiting(db, 'lock');
    release();
    await applying;
    expect(await drawing).toBe(true);
    const subs = await subsOf(db, listing.listingId);
    expect(subs).toHaveLength(31);
    expect(subs.filter((s) => s.status === 'applied')).toEqual([]);
    const row = await db
      .selectFrom('ipo_listing')
      .select('applicants')
      .where('id', '=', BigInt(listing.listingId))
      .executeTakeFirstOrThrow();
    expect(row.applicants).toBe(31n);
  });

  // PostgreSQL: a chunk's FOR UPDATE … LIMIT skips a row a payment moved while it waited, so the
  // chunk comes back short although more wins are left: the step must not take that for the end.
  it.skipIf(!process.env['DATABASE_URL']?.startsWith('postgres'))(
    'a payment holding a row while the first forfeit chunk waits for it: every other win is still forfeited',
    async () => {
      const db = testDb.db;
      const listing = await anIpoListing(db, times, { lotsOffered: 5_010, maxLots: 1 });
      await manySubscriptions(db, listing, 5_010, () => 1);
      await drawListing(deps(db, times.drawAt, { chunk: 5_000 }), listing.listingId);
      const wins = (await subsOf(db, listing.listingId)).filter((s) => s.status === 'won');
      expect(wins).toHaveLength(5_010);
      const first = wins[0]!;
      await grant(db, [first.user_id], 150_000n);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let moved!: () => void;
      const holding = new Promise<void>((resolve) => (moved = resolve));
      const paying = writeTransaction(db, async (trx) => {
        await advance(
          trx,
          { kind: 'ipo_subscription', id: first.id, userId: Number(first.user_id) },
          'won',
          'paid',
          {
            nowMs: times.payDeadline - 1,
            journal: {
              kind: 'ipo_payment',
              memo: 'pay',
              actor: { type: 'user', id: Number(first.user_id) },
              postings: ipoPaymentPostings(Number(first.user_id), 'JPY', first.amount_due!),
            },
            journalColumn: 'pay_journal_id',
          },
        );
        moved();
        await gate;
      });
      await holding;
      const forfeiting = forfeitUnpaid(deps(db, times.payDeadline), listing.listingId);
      await untilWaiting(db, 'lock'); // the first forfeit chunk waits for the paid row
      release();
      await paying;
      expect(await forfeiting).toBe(true);
      const after = await subsOf(db, listing.listingId);
      expect(after.filter((s) => s.status === 'won')).toEqual([]);
      expect(after.filter((s) => s.status === 'paid')).toHaveLength(1);
    },
    60_000,
  );
});

async function lateSubscription(db: Db, listing: { listingId: number; listingKey: string }) {
  const user = await db
    .insertInto('app_user')
    .values({
      account: `late-${listing.listingId}-${Date.now()}@example.jp`,
      password_hash: 'not-a-real-hash',
      fund_password_hash: null,
      status: 'active',
      trading_barred: 0n,
      inviter_code: 'KABUTO',
      invite_code: `LATE${listing.listingId}${Date.now()}`,
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('ipo_subscription')
    .values({
      listing_id: BigInt(listing.listingId),
      user_id: user.id,
      lots: 1n,
      ticket: `pending:${user.id}`,
      status: 'applied',
      request_id: `late-${listing.listingId}`,
      created_at: times.subscribeEnd - 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('ipo_subscription')
    .set({ ticket: ticketFor(listing.listingKey, row.id) })
    .where('id', '=', row.id)
    .execute();
}

describe('ipo red team: paying while the deadline passes', () => {
  it('20 winners paying while the forfeit step runs: each is paid with its hold or forfeited with none, never both', async () => {
    const db = testDb.db;
    const listing = await anIpoListing(db, times, { lotsOffered: 20, maxLots: 1 });
    await manySubscriptions(db, listing, 20, () => 1);
    await drawListing(deps(db, times.drawAt), listing.listingId);
    const wins = (await subsOf(db, listing.listingId)).filter((s) => s.status === 'won');
    expect(wins).toHaveLength(20);
    await grant(
      db,
      wins.map((w) => w.user_id),
      150_000n,
    );
    const forfeitStep = deps(db, times.payDeadline, { chunk: 3 });
    const outcomes = await Promise.allSettled([
      ...wins.map((w) => pay(db, w, listing.listingId)),
      forfeitUnpaid(forfeitStep, listing.listingId),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const after = await subsOf(db, listing.listingId);
    for (const s of after) {
      expect(['paid', 'forfeited']).toContain(s.status);
      const hold = await db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_key', '=', `u:${s.user_id}`)
        .where('kind', '=', 'hold:ipo')
        .executeTakeFirst();
      expect(hold?.balance ?? 0n).toBe(s.status === 'paid' ? 150_000n : 0n);
      const told = await db
        .selectFrom('inbox_message')
        .select('kind')
        .where('user_id', '=', s.user_id)
        .where('kind', '=', 'ipo_forfeited')
        .execute();
      expect(told).toHaveLength(s.status === 'forfeited' ? 1 : 0);
    }
    expect(await listPaid(deps(db, times.listingAt), listing.listingId)).toBe(true);
    const listed = await subsOf(db, listing.listingId);
    expect(listed.filter((s) => s.status === 'paid')).toEqual([]);
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});
