import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '@kabuto/schema/contracts';
import {
  AccountEventOutbox,
  closePositionIn,
  loadListedInstruments,
  postJournal,
  reconcile,
  secretBoxOf,
  userBalances,
  writeTransaction,
  type Db,
} from '@kabuto/schema/db';
import { platformAccount, transfer, userAccount } from '@kabuto/schema/domain';
import { findInstrument, setListedInstruments } from '@kabuto/schema/market';
import { drawLottery, seedCommitment, ticketFor } from '@kabuto/schema/lottery';
import {
  putInStatus,
  anIpoListing,
  makeTestDb,
  manySubscriptions,
  TEST_SECRET_BOX,
  type TestDb,
} from '@kabuto/schema/testing';
import {
  drawListing,
  type DrawBeacon,
  type IpoDrawDeps,
} from '../src/jobs/ipo-allotment/ipo-draw.ts';
import { forfeitUnpaid } from '../src/jobs/ipo-allotment/ipo-forfeit.ts';
import { listPaid } from '../src/jobs/ipo-allotment/ipo-list.ts';
import { dueSteps } from '../src/jobs/ipo-allotment/ipo-allotment.processor.ts';

// The draw step on a real database: the written result equals the pure rule's, and a run
// stopped between chunks and run again writes each result, message and event exactly once.
let testDb: TestDb;
/** Events the outbox relayed (the rest wait in `account_event_outbox` for the gateways' sweep). */
const published: { user_id: bigint; event: string; payload: string }[] = [];
const outboxes: AccountEventOutbox[] = [];
beforeAll(async () => {
  testDb = await makeTestDb();
});
afterAll(async () => {
  await Promise.all(outboxes.map((outbox) => outbox.drain()));
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

/** A beacon that counts its calls and gives a new value each time (a rerun must not use a second). */
function countingBeacon(): DrawBeacon & { calls: number } {
  const beacon = {
    calls: 0,
    after: () => {
      beacon.calls += 1;
      return Promise.resolve({
        round: null,
        value: randomBytes(32).toString('hex'),
        signature: null,
      });
    },
  };
  return beacon;
}

function depsFor(
  db: Db,
  beacon: DrawBeacon,
  nowMs: number,
  extra: Partial<IpoDrawDeps> = {},
): IpoDrawDeps {
  const outbox = new AccountEventOutbox(
    db,
    (userId, event, payload) => {
      published.push({ user_id: BigInt(userId), event, payload: JSON.stringify(payload) });
    },
    () => nowMs,
  );
  outboxes.push(outbox);
  return {
    db,
    clock: clockAt(nowMs),
    emitter: {
      record: async (trx, userId, event, payload) =>
        void (await outbox.record(trx, userId, event, payload)),
    },
    beaconFor: () => beacon,
    secrets: TEST_SECRET_BOX,
    chunk: 150,
    ...extra,
  };
}

async function written(db: Db, listingId: number) {
  // The winners' relays run after their commits: let them finish before counting.
  await Promise.all(outboxes.map((outbox) => outbox.drain()));
  const subs = await db
    .selectFrom('ipo_subscription')
    .select(['id', 'user_id', 'ticket', 'lots', 'status', 'lots_won', 'amount_due'])
    .where('listing_id', '=', BigInt(listingId))
    .execute();
  const users = subs.map((s) => s.user_id);
  const inbox = await db
    .selectFrom('inbox_message')
    .select(['user_id', 'kind'])
    .where('user_id', 'in', users)
    .execute();
  const waiting = await db
    .selectFrom('account_event_outbox')
    .select(['user_id', 'event', 'payload'])
    .where('user_id', 'in', users)
    .execute();
  const mine = new Set(users);
  const events = [...waiting, ...published.filter((e) => mine.has(e.user_id))];
  const seqs = await db
    .selectFrom('account_event_seq')
    .select('last_seq')
    .where('user_id', 'in', users)
    .execute();
  return { subs, inbox, events, seqs };
}

/** What `ipo/pay` writes for each win: a grant, then its amount due cash → hold:ipo, status paid. */
async function payLikeTheGateway(db: Db, wins: readonly { id: bigint; user_id: bigint }[]) {
  await writeTransaction(db, async (trx) => {
    for (const w of wins) {
      const userId = Number(w.user_id);
      const { amount_due: due } = await trx
        .selectFrom('ipo_subscription')
        .select('amount_due')
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow();
      await postJournal(
        trx,
        {
          kind: 'paper_grant',
          memo: 'grant',
          actor: { type: 'system', id: 'test' },
          postings: transfer({
            from: platformAccount('platform:paper_grant', 'JPY'),
            to: userAccount(userId, 'cash', 'JPY'),
            amountMinor: due!,
          }),
        },
        times.drawAt,
      );
      const journalId = await postJournal(
        trx,
        {
          kind: 'ipo_payment',
          memo: 'pay',
          actor: { type: 'user', id: userId },
          postings: transfer({
            from: userAccount(userId, 'cash', 'JPY'),
            to: userAccount(userId, 'hold:ipo', 'JPY'),
            amountMinor: due!,
          }),
        },
        times.drawAt,
      );
      await putInStatus(trx, 'ipo_subscription', w.id, 'paid', { pay_journal_id: journalId });
    }
  });
}

describe('the draw step', () => {
  it('writes the pure rule’s result; stopped between chunks and rerun, each message and event once', async () => {
    const db = testDb.db;
    const listing = await anIpoListing(db, times, { lotsOffered: 300, maxLots: 5 });
    const ids = await manySubscriptions(db, listing, 2_000, (n) => 1 + (n % 7));
    const beacon = countingBeacon();
    let chunks = 0;
    const crashing = depsFor(db, beacon, times.drawAt, {
      onChunk: () => {
        if (++chunks === 4) throw new Error('killed after four chunks');
      },
    });
    await expect(drawListing(crashing, listing.listingId)).rejects.toThrow('killed');
    const midway = await written(db, listing.listingId);
    expect(midway.subs.filter((s) => s.status === 'applied')).toHaveLength(2_000 - 600);

    expect(await drawListing(depsFor(db, beacon, times.drawAt + 5_000), listing.listingId)).toBe(
      true,
    );
    expect(beacon.calls).toBe(1);
    const row = await db
      .selectFrom('ipo_listing')
      .selectAll()
      .where('id', '=', BigInt(listing.listingId))
      .executeTakeFirstOrThrow();
    const expected = drawLottery({
      entries: ids.map((id, n) => ({
        ticket: ticketFor(listing.listingKey, id),
        lots: 1 + (n % 7),
      })),
      lotsOffered: 300,
      maxLots: 5,
      seed: listing.seed,
      beacon: row.beacon!,
    });
    expect(row.list_hash).toBe(expected.listHash);
    expect(row.draw_seed).toBe(expected.drawSeed);
    // Drawn from the seed it stores sealed (never plain), committed to as the hash of the plain one.
    expect([row.seed.startsWith('v1.'), row.seed.includes(listing.seed)]).toEqual([true, false]);
    expect(row.seed_commitment).toBe(seedCommitment(listing.seed));
    expect(row.applicants).toBe(2_000n);
    expect(row.drawn_at).toBe(BigInt(times.drawAt + 5_000));

    const { subs, inbox, events, seqs } = await written(db, listing.listingId);
    const won = new Map(expected.result.map((r) => [r.ticket, r.lotsWon]));
    for (const s of subs) {
      const lots = won.get(s.ticket)!;
      expect([s.status, s.lots_won]).toEqual([lots > 0 ? 'won' : 'lost', BigInt(lots)]);
      // ¥1,500.0 × 100 shares a lot.
      if (lots > 0) expect(s.amount_due).toBe(150_000n * BigInt(lots));
    }
    expect(subs.reduce((sum, s) => sum + Number(s.lots_won), 0)).toBe(300);
    expect(inbox).toHaveLength(2_000);
    expect(new Set(inbox.map((m) => m.user_id)).size).toBe(2_000);
    expect(inbox.filter((m) => m.kind === 'ipo_won').length).toBe(
      subs.filter((s) => s.status === 'won').length,
    );
    // Every applicant hears the result (allotment:drawn); each winner's inbox line also rings the
    // bell (message:created), in the same transaction, so a winner's events are numbered 1 and 2.
    const winners = subs.filter((s) => s.status === 'won').length;
    const drawn = events.filter((e) => e.event === 'allotment:drawn');
    const rung = events.filter((e) => e.event === 'message:created');
    expect([drawn.length, rung.length, events.length]).toEqual([2_000, winners, 2_000 + winners]);
    expect(new Set(drawn.map((e) => e.user_id)).size).toBe(2_000);
    expect(rung.map((e) => JSON.parse(e.payload) as { kind: string })).toEqual(
      Array(winners).fill(expect.objectContaining({ kind: 'ipo_won' })),
    );
    expect(seqs.map((q) => q.last_seq).sort()).toEqual(
      [...Array(2_000 - winners).fill(1n), ...Array(winners).fill(2n)].sort(),
    );
    const byUser = new Map(subs.map((s) => [s.user_id, s]));
    for (const e of drawn) {
      const payload = JSON.parse(e.payload) as {
        subscription_id: string;
        lots_won: number;
        ipo_id: string;
      };
      const s = byUser.get(e.user_id)!;
      expect(e.event).toBe('allotment:drawn');
      expect([payload.subscription_id, payload.lots_won, payload.ipo_id]).toEqual([
        String(s.id),
        Number(s.lots_won),
        String(listing.listingId),
      ]);
    }

    // A third run (a duplicate job, the sweep) does nothing.
    expect(await drawListing(depsFor(db, beacon, times.drawAt + 9_000), listing.listingId)).toBe(
      false,
    );
    const again = await written(db, listing.listingId);
    expect([again.inbox.length, again.events.length, beacon.calls]).toEqual([
      2_000,
      2_000 + winners,
      1,
    ]);
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('waits for its time; the sweep lists due steps not done', async () => {
    const db = testDb.db;
    const listing = await anIpoListing(db, times, { lotsOffered: 5 });
    await manySubscriptions(db, listing, 20);
    const beacon = countingBeacon();
    expect(await drawListing(depsFor(db, beacon, times.drawAt - 1), listing.listingId)).toBe(false);
    expect(beacon.calls).toBe(0);
    expect(await dueSteps(db, times.drawAt)).toContainEqual({
      ipoId: listing.listingId,
      step: 'draw',
    });
    expect(await drawListing(depsFor(db, beacon, times.drawAt), listing.listingId)).toBe(true);
    expect(await dueSteps(db, times.drawAt)).not.toContainEqual(
      expect.objectContaining({ ipoId: listing.listingId }),
    );
    expect(await dueSteps(db, times.payDeadline)).toContainEqual({
      ipoId: listing.listingId,
      step: 'forfeit',
    });
  });

  it('draws only from a sealed seed: a seed stored plain, or sealed under another key, draws nothing', async () => {
    const db = testDb.db;
    const plain = await anIpoListing(db, times, { lotsOffered: 5 });
    await manySubscriptions(db, plain, 10);
    await db
      .updateTable('ipo_listing')
      .set({ seed: plain.seed })
      .where('id', '=', BigInt(plain.listingId))
      .execute();
    const beacon = countingBeacon();
    const deps = depsFor(db, beacon, times.drawAt);
    await expect(drawListing(deps, plain.listingId)).rejects.toThrow('not a sealed secret');
    const otherKey = secretBoxOf(randomBytes(32));
    const foreign = await anIpoListing(db, times, { lotsOffered: 5, box: otherKey });
    await manySubscriptions(db, foreign, 10);
    await expect(drawListing(deps, foreign.listingId)).rejects.toThrow();
    const rows = await db
      .selectFrom('ipo_listing')
      .select(['beacon', 'draw_seed', 'drawn_at'])
      .where('id', 'in', [BigInt(plain.listingId), BigInt(foreign.listingId)])
      .execute();
    expect(rows).toEqual([
      { beacon: null, draw_seed: null, drawn_at: null },
      { beacon: null, draw_seed: null, drawn_at: null },
    ]);
    const decided = await db
      .selectFrom('ipo_subscription')
      .select('id')
      .where('listing_id', 'in', [BigInt(plain.listingId), BigInt(foreign.listingId)])
      .where('status', '<>', 'applied')
      .execute();
    expect([decided, beacon.calls]).toEqual([[], 0]);
  });
});

describe('the forfeit step', () => {
  it('forfeits unpaid wins at the deadline with a message each, posts nothing, once', async () => {
    const db = testDb.db;
    const listing = await anIpoListing(db, times, { lotsOffered: 40, maxLots: 1 });
    await manySubscriptions(db, listing, 100, () => 1);
    await drawListing(depsFor(db, countingBeacon(), times.drawAt), listing.listingId);
    const winners = await db
      .selectFrom('ipo_subscription')
      .select(['id', 'user_id'])
      .where('listing_id', '=', BigInt(listing.listingId))
      .where('status', '=', 'won')
      .orderBy('id')
      .execute();
    expect(winners).toHaveLength(40);
    // Ten winners paid (the gateway's call: cash → hold:ipo, status paid), the rest did nothing.
    await payLikeTheGateway(db, winners.slice(0, 10));
    const journalsBefore = await db
      .selectFrom('journal')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();

    expect(
      await forfeitUnpaid(depsFor(db, countingBeacon(), times.payDeadline - 1), listing.listingId),
    ).toBe(false);
    expect(
      await forfeitUnpaid(depsFor(db, countingBeacon(), times.payDeadline), listing.listingId),
    ).toBe(true);
    expect(
      await forfeitUnpaid(depsFor(db, countingBeacon(), times.payDeadline + 1), listing.listingId),
    ).toBe(false);

    const after = await written(db, listing.listingId);
    const statuses = after.subs.reduce<Record<string, number>>(
      (n, s) => ({ ...n, [s.status]: (n[s.status] ?? 0) + 1 }),
      {},
    );
    expect(statuses).toEqual({ paid: 10, forfeited: 30, lost: 60 });
    expect(after.inbox.filter((m) => m.kind === 'ipo_forfeited')).toHaveLength(30);
    // Each forfeit's inbox line rings the bell: one message:created for exactly those 30 users.
    const forfeitedUsers = after.subs.filter((s) => s.status === 'forfeited').map((s) => s.user_id);
    const rung = after.events
      .filter((e) => e.event === 'message:created')
      .map((e) => ({ user: e.user_id, ...(JSON.parse(e.payload) as { kind: string }) }))
      .filter((e) => e.kind === 'ipo_forfeited');
    expect(rung.map((e) => e.user).sort()).toEqual([...forfeitedUsers].sort());
    const journalsAfter = await db
      .selectFrom('journal')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(journalsAfter.n).toEqual(journalsBefore.n);
  });
});

describe('the listing step', () => {
  it('turns each paid win into a long holding at the offer price with hold:ipo → margin, once', async () => {
    const db = testDb.db;
    const listing = await anIpoListing(db, times, { lotsOffered: 5, maxLots: 2 });
    await manySubscriptions(db, listing, 3, () => 2);
    await drawListing(depsFor(db, countingBeacon(), times.drawAt), listing.listingId);
    const wins = await db
      .selectFrom('ipo_subscription')
      .select(['id', 'user_id', 'lots_won', 'amount_due'])
      .where('listing_id', '=', BigInt(listing.listingId))
      .orderBy('id')
      .execute();
    // 5 lots among 3 asking 2 each: two win 2 lots, one wins 1 (first lots equal, then the rest).
    expect(wins.map((w) => Number(w.lots_won)).sort()).toEqual([1, 2, 2]);
    const [payer, , idle] = wins as [(typeof wins)[0], (typeof wins)[0], (typeof wins)[0]];
    const userId = Number(payer.user_id);
    const due = payer.amount_due!;
    await writeTransaction(db, async (trx) => {
      await postJournal(
        trx,
        {
          kind: 'paper_grant',
          memo: 'grant',
          actor: { type: 'system', id: 'test' },
          postings: transfer({
            from: platformAccount('platform:paper_grant', 'JPY'),
            to: userAccount(userId, 'cash', 'JPY'),
            amountMinor: 1_000_000n,
          }),
        },
        times.drawAt,
      );
      // What the pay call does (the gateway's): cash → hold:ipo, status paid.
      for (const w of [payer]) {
        const journalId = await postJournal(
          trx,
          {
            kind: 'ipo_payment',
            memo: 'pay',
            actor: { type: 'user', id: userId },
            postings: transfer({
              from: userAccount(userId, 'cash', 'JPY'),
              to: userAccount(userId, 'hold:ipo', 'JPY'),
              amountMinor: due,
            }),
          },
          times.drawAt,
        );
        await putInStatus(trx, 'ipo_subscription', w.id, 'paid', { pay_journal_id: journalId });
      }
    });
    const step = (ms: number) => depsFor(db, countingBeacon(), ms);
    // Not before the forfeit step has run, nor before the listing time.
    expect(await listPaid(step(times.listingAt), listing.listingId)).toBe(false);
    expect(await forfeitUnpaid(step(times.payDeadline), listing.listingId)).toBe(true);
    expect(await listPaid(step(times.listingAt - 1), listing.listingId)).toBe(false);
    expect(await listPaid(step(times.listingAt), listing.listingId)).toBe(true);
    expect(await listPaid(step(times.listingAt + 1), listing.listingId)).toBe(false);

    const sub = await db
      .selectFrom('ipo_subscription')
      .selectAll()
      .where('id', '=', payer.id)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('listed');
    const positions = await db
      .selectFrom('position')
      .selectAll()
      .where('user_id', '=', payer.user_id)
      .execute();
    expect(positions).toHaveLength(1);
    const [position] = positions;
    expect(position).toMatchObject({
      id: sub.position_id,
      side: 'long',
      qty: 100n * payer.lots_won!,
      open_price: 15_000n,
      leverage: 1n,
      margin: due,
      open_fee: 0n,
      status: 'holding',
      currency: 'JPY',
    });
    const legs = await db
      .selectFrom('posting as p')
      .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
      .select(['a.kind', 'p.amount', 'p.currency'])
      .where('p.journal_id', '=', sub.list_journal_id!)
      .orderBy('p.amount')
      .execute();
    expect(legs).toEqual([
      { kind: 'hold:ipo', amount: -due, currency: 'JPY' },
      { kind: 'margin', amount: due, currency: 'JPY' },
    ]);
    const balances = Object.fromEntries(
      (await userBalances(db, userId)).map((b) => [`${b.kind}:${b.currency}`, b.amountMinor]),
    );
    expect(balances).toMatchObject({
      'cash:JPY': 1_000_000n - due,
      'hold:ipo:JPY': 0n,
      'margin:JPY': due,
    });
    const idleRow = await db
      .selectFrom('ipo_subscription')
      .select(['status', 'position_id'])
      .where('id', '=', idle.id)
      .executeTakeFirstOrThrow();
    expect(idleRow).toEqual({ status: 'forfeited', position_id: null });
    expect((await reconcile(db)).breaches).toEqual([]);

    // The listed symbol is an instrument (its board's rules), so the holding closes like any other.
    setListedInstruments(await loadListedInstruments(db, times.listingAt));
    const instrument = findInstrument(position!.symbol);
    expect(instrument).toMatchObject({
      board: 'tse_growth',
      referencePrice: 15_000n,
      market: 'JP',
    });
    const closed = await writeTransaction(db, (trx) =>
      closePositionIn(trx, position!, {
        price: 16_000n,
        reason: 'user',
        actor: { type: 'user', id: userId },
        nowMs: times.listingAt + 60_000,
      }),
    );
    expect(closed.pnl).toBe(10_000n * payer.lots_won!); // (¥1,600.0 − ¥1,500.0) × 100 shares a lot
    expect((await reconcile(db)).breaches).toEqual([]);
    setListedInstruments([]);
  });
});
