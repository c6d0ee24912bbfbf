import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountEventOutbox, reconcile, writeTransaction, type Db } from '@kabuto/schema/db';
import { parseScaledPrice } from '@kabuto/schema/market';
import { seedCommitment, verifyProof } from '@kabuto/schema/lottery';
import { purchaseCost } from '@kabuto/schema/modules/block/domain/index.ts';
import {
  findOffer,
  insertOffer,
  offerSecrets,
  touchUnfrozen,
} from '@kabuto/schema/modules/block/db/offers.repository.ts';
import {
  applicationsOf,
  insertOrder,
  setTicket,
} from '@kabuto/schema/modules/block/db/orders.repository.ts';
import { ticketFor } from '@kabuto/schema/lottery';
import { aUser, makeTestDb, TEST_SECRET_BOX, type TestDb } from '@kabuto/schema/testing';
import { createLocalBeacon } from '../src/feeds/beacon/local-beacon.ts';
import { drawDueOffers } from '../src/jobs/block/block-draw.ts';
import { settleDueOffers } from '../src/jobs/block/block-settlement.ts';
import { holdBlockCost } from './support/block-holds.ts';
import { grantCash, jobDepsAt } from './support/job-deps.ts';

// A lottery block offer on a real database: applications hold their cost; at the close the list
// is frozen, drawn by the new-share rule, the lots not won go back to cash, the proof reruns to
// the same result, and the winners' lots become holdings at settlement.
let testDb: TestDb;
const outboxes: AccountEventOutbox[] = [];
beforeAll(async () => {
  testDb = await makeTestDb();
});
afterAll(async () => {
  await Promise.all(outboxes.map((outbox) => outbox.drain()));
  await testDb.cleanup();
});

const OPEN = Date.UTC(2026, 10, 27, 0, 0);
const CLOSE = OPEN + 6 * 3_600_000;
const SETTLE = CLOSE + 86_400_000;
const PRICE = parseScaledPrice('2800', 'JP');
const LOTS = 10;
const local = createLocalBeacon();
const depsAt = (db: Db, nowMs: number) => ({
  ...jobDepsAt(db, nowMs, outboxes),
  beaconFor: () => local,
});

/** What `block/buy` does for a lottery offer: the row touched, the application, cash → hold. */
async function apply(db: Db, offerId: number, userId: number, lots: number) {
  const amount = purchaseCost('JP', PRICE, 100, lots);
  await grantCash(db, userId, 'JPY', amount, OPEN);
  return writeTransaction(db, async (trx) => {
    if (!(await touchUnfrozen(trx, offerId))) return false;
    const secrets = await offerSecrets(trx, offerId, TEST_SECRET_BOX);
    const orderId = await insertOrder(trx, {
      ...{ offerId, userId, lots, amount, applied: true },
      ...{ requestId: `req-${offerId}-${userId}`, nowMs: OPEN },
    });
    await setTicket(trx, orderId, ticketFor(secrets!.listingKey, orderId));
    await holdBlockCost(trx, { id: orderId, userId, amount }, OPEN);
    return true;
  });
}

const cashOf = async (db: Db, userId: number, kind = 'cash') =>
  (
    await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_key', '=', `u:${userId}`)
      .where('kind', '=', kind)
      .executeTakeFirst()
  )?.balance ?? 0n;

async function lotteryOffer(db: Db): Promise<number> {
  return insertOffer(
    db,
    {
      ...{ symbol: '8306', market: 'JP', currency: 'JPY', price: PRICE },
      ...{ prevClose: parseScaledPrice('2850', 'JP'), lot: 100, lotsTotal: LOTS },
      ...{ minLots: 1, maxLots: 2, rule: 'lottery', keyHash: null },
      ...{ opensAt: OPEN, closesAt: CLOSE, settlesAt: SETTLE },
    },
    { createdBy: null, nowMs: OPEN - 1, box: TEST_SECRET_BOX },
  );
}

describe('block lottery draw', () => {
  it('draws a 20× oversubscribed offer once: exactly the lots offered, the rest released, the proof reruns, winners settle', async () => {
    const db = testDb.db;
    const offerId = await lotteryOffer(db);
    // The seed and the ticket key are stored sealed from creation, never plain.
    const stored = await db
      .selectFrom('block_offer')
      .select(['seed', 'listing_key', 'seed_commitment'])
      .where('id', '=', BigInt(offerId))
      .executeTakeFirstOrThrow();
    const opened = (await offerSecrets(db, offerId, TEST_SECRET_BOX))!;
    expect([stored.seed?.startsWith('v1.'), stored.listing_key?.startsWith('v1.')]).toEqual([
      true,
      true,
    ]);
    expect([stored.seed, stored.listing_key]).not.toContain(opened.seed);
    expect([stored.seed, stored.listing_key]).not.toContain(opened.listingKey);
    expect(opened.seed).toMatch(/^[0-9a-f]{64}$/);
    const users: number[] = [];
    for (let k = 0; k < 100; k++) {
      const userId = await aUser(db);
      users.push(userId);
      expect(await apply(db, offerId, userId, 2)).toBe(true);
    }
    expect((await reconcile(db)).breaches).toEqual([]);
    expect(await drawDueOffers(depsAt(db, CLOSE - 1))).toBe(0);

    expect(await drawDueOffers(depsAt(db, CLOSE))).toBe(1);
    const late = await aUser(db);
    expect(await apply(db, offerId, late, 1)).toBe(false);

    const applications = await applicationsOf(db, offerId);
    const won = applications.map((a) => a.lotsWon ?? -1);
    expect(won.reduce((sum, lots) => sum + lots, 0)).toBe(LOTS);
    expect(won.every((lots) => lots >= 0 && lots <= 2)).toBe(true);
    for (const a of applications) {
      const kept = purchaseCost('JP', PRICE, 100, a.lotsWon!);
      expect(await cashOf(db, a.userId, 'hold:block')).toBe(kept);
      expect(await cashOf(db, a.userId)).toBe(purchaseCost('JP', PRICE, 100, 2) - kept);
      expect(a.status).toBe(a.lotsWon === 0 ? 'void' : 'held');
    }
    const offer = await findOffer(db, offerId);
    expect(offer?.lotsLeft).toBe(0);
    expect((await reconcile(db)).breaches).toEqual([]);
    const inbox = await db
      .selectFrom('inbox_message')
      .select(['kind'])
      .where('kind', 'in', ['block_won', 'block_lost'])
      .execute();
    expect(inbox.length).toBe(100);

    // The published proof reruns to the same result, from the seed opened after the draw: its
    // commitment, published from creation, is the hash of that seed.
    const secrets = await offerSecrets(db, offerId, TEST_SECRET_BOX);
    expect(secrets!.seed).toBe(opened.seed);
    expect(seedCommitment(secrets!.seed)).toBe(stored.seed_commitment);
    const check = verifyProof({
      rule: 'kabuto-lottery-v1',
      seedCommitment: offer!.lottery.seedCommitment!,
      seed: secrets!.seed,
      beacon: secrets!.beacon!.beacon,
      listHash: offer!.lottery.listHash!,
      lotsOffered: LOTS,
      maxLots: 2,
      list: applications.map((a) => ({ ticket: a.ticket!, lots: a.lotsApplied! })),
      result: applications.map((a) => ({ ticket: a.ticket!, lotsWon: a.lotsWon! })),
    });
    expect([check.commitmentOk, check.listHashOk, check.resultOk]).toEqual([true, true, true]);

    // A rerun draws nothing and posts nothing.
    const journals = await db.selectFrom('journal').select('id').execute();
    expect(await drawDueOffers(depsAt(db, CLOSE + 60_000))).toBe(0);
    expect(await db.selectFrom('journal').select('id').execute()).toEqual(journals);

    // The winners' lots become holdings at settlement; the losers get none.
    const winners = applications.filter((a) => a.lotsWon! > 0);
    expect(await settleDueOffers(depsAt(db, SETTLE))).toBe(winners.length);
    const positions = await db
      .selectFrom('position')
      .select(['user_id', 'qty'])
      .where('symbol', '=', '8306')
      .execute();
    expect(positions.reduce((sum, p) => sum + Number(p.qty), 0)).toBe(LOTS * 100);
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('gives everyone what they asked for when undersubscribed, and releases nothing', async () => {
    const db = testDb.db;
    const offerId = await lotteryOffer(db);
    const [a, b] = [await aUser(db), await aUser(db)];
    await apply(db, offerId, a, 2);
    await apply(db, offerId, b, 1);
    expect(await drawDueOffers(depsAt(db, CLOSE))).toBe(1);
    const applications = await applicationsOf(db, offerId);
    expect(applications.map((x) => [x.userId, x.lotsWon]).sort()).toEqual(
      [
        [a, 2],
        [b, 1],
      ].sort(),
    );
    expect((await findOffer(db, offerId))?.lotsLeft).toBe(LOTS - 3);
    expect(await cashOf(db, a)).toBe(0n);
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});
