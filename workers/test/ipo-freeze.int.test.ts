import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '@kabuto/schema/contracts';
import { AccountEventOutbox, findListing, frozenEntries, type Db } from '@kabuto/schema/db';
import { QUICKNET, firstRoundAfter, listHash, quicknetRoundTime } from '@kabuto/schema/lottery';
import {
  RECORDED_QUICKNET_ROUNDS,
  anIpoListing,
  makeTestDb,
  manySubscriptions,
  TEST_SECRET_BOX,
  type RecordedRound,
  type TestDb,
} from '@kabuto/schema/testing';
import { createDrandBeacon } from '../src/feeds/beacon/drand-beacon.ts';
import {
  drawListing,
  type DrawBeacon,
  type IpoDrawDeps,
} from '../src/jobs/ipo-allotment/ipo-draw.ts';
import { FrozenListChanged, freezeListing } from '../src/jobs/ipo-allotment/ipo-freeze.ts';
import { dueSteps } from '../src/jobs/ipo-allotment/ipo-allotment.processor.ts';

// DESIGN.md §8 steps 2–3 in order: the list is frozen and its hash published at the close, and
// only then is the beacon taken — the first value published after the freeze.
let testDb: TestDb;
const outboxes: AccountEventOutbox[] = [];
const relays: Server[] = [];

beforeAll(async () => {
  testDb = await makeTestDb();
});
afterAll(async () => {
  await Promise.all(outboxes.map((outbox) => outbox.drain()));
  await Promise.all(relays.map((s) => new Promise((done) => s.close(done))));
  await testDb.cleanup();
});

const db = (): Db => testDb.db;
const clockAt = (ms: number): Clock => ({ nowMs: () => ms });

/** A beacon that counts its calls and the times it was asked after. */
function countingBeacon(): DrawBeacon & { asked: number[] } {
  const beacon = {
    asked: [] as number[],
    after: (ms: number) => {
      beacon.asked.push(ms);
      const value = randomBytes(32).toString('hex');
      return Promise.resolve({ round: null, value, signature: null });
    },
  };
  return beacon;
}

function stepDeps(nowMs: number, beacon: DrawBeacon): IpoDrawDeps {
  const outbox = new AccountEventOutbox(
    db(),
    () => undefined,
    () => nowMs,
  );
  outboxes.push(outbox);
  return {
    db: db(),
    clock: clockAt(nowMs),
    emitter: { record: async (trx, u, e, p) => void (await outbox.record(trx, u, e, p)) },
    beaconFor: () => beacon,
    secrets: TEST_SECRET_BOX,
    chunk: 40,
  };
}

const listingRow = (id: number) =>
  db().selectFrom('ipo_listing').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();

/** What nobody can change once published: the list record, the beacon and the result. */
async function published(id: number) {
  const row = await listingRow(id);
  const subs = await db()
    .selectFrom('ipo_subscription')
    .select(['id', 'status', 'lots_won'])
    .where('listing_id', '=', BigInt(id))
    .orderBy('id')
    .execute();
  const inbox = await db()
    .selectFrom('inbox_message')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', 'in', ['ipo_won', 'ipo_lost'])
    .executeTakeFirstOrThrow();
  return { row, subs, inbox: Number(inbox.n) };
}

describe('the freeze step at the close', () => {
  it('stores and publishes the list hash at the close, long before draw_at; freeze and draw rerun change nothing', async () => {
    const close = Date.now() + 3_600_000;
    const times = {
      subscribeEnd: close,
      drawAt: close + 10 * 60_000,
      payDeadline: close + 86_400_000,
      listingAt: close + 3 * 86_400_000,
    };
    const listing = await anIpoListing(db(), times, { lotsOffered: 50, maxLots: 5 });
    await manySubscriptions(db(), listing, 120, (n) => 1 + (n % 5));
    // What ipo/detail and ipo/list read (the gateway's `listingFromRow`): nothing frozen yet.
    expect((await findListing(db(), listing.listingId))?.frozenList).toBeNull();

    // Not before the close; at the close the step stores and publishes.
    const beacon = countingBeacon();
    expect(await freezeListing(stepDeps(close - 1, beacon), listing.listingId)).toBe(false);
    expect(await freezeListing(stepDeps(close + 250, beacon), listing.listingId)).toBe(true);
    const entries = await frozenEntries(db(), listing.listingId);
    const expectedHash = listHash(entries);
    const read = await findListing(db(), listing.listingId);
    expect(read?.frozenList).toEqual({
      listHash: expectedHash,
      applicants: 120,
      lotsApplied: entries.reduce((sum, e) => sum + e.lots, 0),
      frozenAtMs: close + 250,
    });
    expect(read?.draw).toBeNull();
    expect(beacon.asked).toEqual([]);

    // A second freeze (a duplicate job, the sweep) stores nothing new.
    const frozen = await published(listing.listingId);
    expect(await freezeListing(stepDeps(close + 90_000, beacon), listing.listingId)).toBe(false);
    expect(await published(listing.listingId)).toEqual(frozen);
    expect(await dueSteps(db(), close + 90_000)).not.toContainEqual(
      expect.objectContaining({ ipoId: listing.listingId }),
    );

    // The draw takes its beacon after the freeze, not after the close.
    expect(await drawListing(stepDeps(times.drawAt, beacon), listing.listingId)).toBe(true);
    expect(beacon.asked).toEqual([close + 250]);
    const drawn = await published(listing.listingId);
    expect(drawn.row).toMatchObject({
      list_hash: expectedHash,
      list_frozen_at: BigInt(close + 250),
    });
    expect(await freezeListing(stepDeps(times.drawAt + 1, beacon), listing.listingId)).toBe(false);
    expect(await drawListing(stepDeps(times.drawAt + 2, beacon), listing.listingId)).toBe(false);
    expect(await published(listing.listingId)).toEqual(drawn);
    expect(beacon.asked).toHaveLength(1);
  });

  it('the sweep freezes a closed list whose job was lost, before its draw is due', async () => {
    const close = Date.now() - 60_000;
    const times = {
      subscribeEnd: close,
      drawAt: close + 3_600_000,
      payDeadline: close + 86_400_000,
      listingAt: close + 3 * 86_400_000,
    };
    const listing = await anIpoListing(db(), times, { lotsOffered: 5 });
    await manySubscriptions(db(), listing, 10);
    expect(await dueSteps(db(), close - 1)).not.toContainEqual(
      expect.objectContaining({ ipoId: listing.listingId }),
    );
    expect(await dueSteps(db(), close)).toContainEqual({
      ipoId: listing.listingId,
      step: 'freeze',
    });
    expect(await dueSteps(db(), times.drawAt)).toContainEqual({
      ipoId: listing.listingId,
      step: 'draw',
    });
  });
});

describe('an application written into the database after the freeze (the operator tampering)', () => {
  it('makes the draw refuse: no beacon taken, no result, no message, nothing posted', async () => {
    const close = Date.UTC(2026, 10, 20, 6, 0);
    const times = {
      subscribeEnd: close,
      drawAt: close + 60_000,
      payDeadline: close + 86_400_000,
      listingAt: close + 3 * 86_400_000,
    };
    const listing = await anIpoListing(db(), times, { lotsOffered: 30, maxLots: 3 });
    await manySubscriptions(db(), listing, 80, () => 2);
    const beacon = countingBeacon();
    expect(await freezeListing(stepDeps(close, beacon), listing.listingId)).toBe(true);
    const journals = async () =>
      Number(
        (
          await db()
            .selectFrom('journal')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const journalsBefore = await journals();
    const inboxBefore = (await published(listing.listingId)).inbox;
    await manySubscriptions(db(), listing, 1, () => 3); // straight into the table

    const refused = drawListing(stepDeps(times.drawAt, beacon), listing.listingId);
    await expect(refused).rejects.toBeInstanceOf(FrozenListChanged);
    const after = await published(listing.listingId);
    expect(after.row).toMatchObject({ beacon: null, draw_seed: null, drawn_at: null });
    expect(after.subs).toHaveLength(81);
    expect(after.subs.every((s) => s.status === 'applied' && s.lots_won === null)).toBe(true);
    expect(after.inbox).toBe(inboxBefore);
    expect(await journals()).toBe(journalsBefore);
    expect(beacon.asked).toEqual([]);
    // And again later (the sweep's retry): still nothing.
    await expect(
      drawListing(stepDeps(times.drawAt + 60_000, beacon), listing.listingId),
    ).rejects.toBeInstanceOf(FrozenListChanged);
    expect((await published(listing.listingId)).row.drawn_at).toBeNull();
  });
});

/** A local stand-in for a drand relay serving the recorded rounds (no network in tests). */
async function recordedRelay(): Promise<{ url: string; asked: number[] }> {
  const asked: number[] = [];
  const server = createServer((req, res) => {
    const match = /^\/([0-9a-f]{64})\/public\/(\d+)$/.exec(req.url ?? '');
    asked.push(Number(match?.[2]));
    const found = RECORDED_QUICKNET_ROUNDS.find((r) => r.round === Number(match?.[2]));
    if (!found || match?.[1] !== QUICKNET.chainHash) return void res.writeHead(404).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  relays.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

describe('the drand beacon of a frozen list', () => {
  it('is the first quicknet round after list_frozen_at, not the first after subscribe_end', async () => {
    const recorded = RECORDED_QUICKNET_ROUNDS[1] as RecordedRound;
    const roundAt = quicknetRoundTime(recorded.round);
    // Closed ten rounds (30.5 s) before the recorded round; frozen 1.2 s before it.
    const times = {
      subscribeEnd: roundAt - 30_500,
      drawAt: roundAt + 60_000,
      payDeadline: roundAt + 86_400_000,
      listingAt: roundAt + 3 * 86_400_000,
    };
    expect(firstRoundAfter(times.subscribeEnd)).toBe(recorded.round - 10);
    const listing = await anIpoListing(db(), times, { lotsOffered: 20 });
    await db()
      .updateTable('ipo_listing')
      .set({ beacon_kind: 'drand' })
      .where('id', '=', BigInt(listing.listingId))
      .execute();
    await manySubscriptions(db(), listing, 60);
    const relay = await recordedRelay();
    const drand = createDrandBeacon({
      relays: [relay.url],
      clock: clockAt(times.drawAt),
      maxWaitMs: 0,
      sleep: () => Promise.resolve(),
    });
    const unused = countingBeacon();
    expect(await freezeListing(stepDeps(roundAt - 1_200, unused), listing.listingId)).toBe(true);
    const deps = { ...stepDeps(times.drawAt, unused), beaconFor: () => drand };
    expect(await drawListing(deps, listing.listingId)).toBe(true);
    const row = await listingRow(listing.listingId);
    expect(row.list_frozen_at).toBe(BigInt(roundAt - 1_200));
    expect([row.beacon_round, row.beacon, row.beacon_signature]).toEqual([
      BigInt(recorded.round),
      recorded.randomness,
      recorded.signature,
    ]);
    expect(relay.asked).toEqual([recorded.round]);
    expect(quicknetRoundTime(Number(row.beacon_round))).toBeGreaterThan(Number(row.list_frozen_at));
    expect(unused.asked).toEqual([]);
  });
});
