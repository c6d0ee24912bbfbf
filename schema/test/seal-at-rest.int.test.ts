import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findListing, insertListing, type Db, type NewIpoListing } from '../src/db/index.ts';
import { seedCommitment } from '../src/domain/lottery/index.ts';
import { insertOffer, offerSecrets } from '../src/modules/block/db/offers.repository.ts';
import { sealModuleSecretsAtRest } from '../src/modules/wiring.ts';
import { anIpoListing, makeTestDb, TEST_SECRET_BOX, type TestDb } from '../src/testing/index.ts';

// Issue 21: a lottery's seed and ticket key are sealed at rest until the draw. Rows written before
// (plain) are sealed by the gateway and the workers at start — both at once, each row once — and
// read only sealed after that. A migration cannot do it: the key is the processes', not the
// database's (DATA_DIR/secret.key or KABUTO_SECRET_KEY).
let testDb: TestDb;
let db: Db;
beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

const box = TEST_SECRET_BOX;
const NOW = Date.UTC(2026, 10, 27, 0, 0);
const times = {
  subscribeEnd: NOW - 3_600_000,
  drawAt: NOW,
  payDeadline: NOW + 86_400_000,
  listingAt: NOW + 3 * 86_400_000,
};

/** A listing as written before sealing at rest: its seed and key plain. */
async function plainListing() {
  const listing = await anIpoListing(db, times);
  await db
    .updateTable('ipo_listing')
    .set({ seed: listing.seed, listing_key: listing.listingKey })
    .where('id', '=', BigInt(listing.listingId))
    .execute();
  return listing;
}

/** A lottery offer as written before sealing at rest; its plain seed and key. */
async function plainOffer(): Promise<{ id: number; seed: string; listingKey: string }> {
  const id = await insertOffer(
    db,
    {
      ...{ symbol: '8306', market: 'JP', currency: 'JPY', price: 1_000n, prevClose: 1_100n },
      ...{ lot: 100, lotsTotal: 10, minLots: 1, maxLots: 2, rule: 'lottery', keyHash: null },
      ...{ opensAt: NOW, closesAt: NOW + 3_600_000, settlesAt: NOW + 86_400_000 },
    },
    { createdBy: null, nowMs: NOW - 1, box },
  );
  const { seed, listingKey } = (await offerSecrets(db, id, box))!;
  await db
    .updateTable('block_offer')
    .set({ seed, listing_key: listingKey })
    .where('id', '=', BigInt(id))
    .execute();
  return { id, seed, listingKey };
}

const storedListing = (id: number) =>
  db
    .selectFrom('ipo_listing')
    .select(['seed', 'listing_key', 'seed_commitment'])
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();

describe('sealing lottery secrets at rest, at start', () => {
  it('the gateway and the workers starting together seal each plain row once; the commitment still matches the seed', async () => {
    const listing = await plainListing();
    const offer = await plainOffer();
    const sealedBefore = await anIpoListing(db, times);
    const untouched = await storedListing(sealedBefore.listingId);
    // A first-come offer from before lottery offers existed: no secrets at all.
    const old = await plainOffer();
    await db
      .updateTable('block_offer')
      .set({ seed: null, listing_key: null, seed_commitment: null })
      .where('id', '=', BigInt(old.id))
      .execute();
    expect((await storedListing(listing.listingId)).seed).toBe(listing.seed);

    const other = testDb.openAnother();
    try {
      const counts = await Promise.all([
        sealModuleSecretsAtRest(db, box),
        sealModuleSecretsAtRest(other, box),
      ]);
      expect(counts[0] + counts[1]).toBe(2);
    } finally {
      await other.destroy();
    }

    const row = await storedListing(listing.listingId);
    expect([row.seed.startsWith('v1.'), row.listing_key.startsWith('v1.')]).toEqual([true, true]);
    expect([box.open(row.seed), box.open(row.listing_key)]).toEqual([
      listing.seed,
      listing.listingKey,
    ]);
    expect(row.seed_commitment).toBe(seedCommitment(listing.seed));
    expect((await findListing(db, listing.listingId))?.sealedSeed).toBe(row.seed);
    const offerRow = await db
      .selectFrom('block_offer')
      .select(['id', 'seed', 'listing_key', 'seed_commitment'])
      .where('id', 'in', [BigInt(offer.id), BigInt(old.id)])
      .orderBy('id')
      .execute();
    expect(offerRow[0]!.seed!.startsWith('v1.')).toBe(true);
    expect(offerRow[0]!.seed_commitment).toBe(seedCommitment(offer.seed));
    expect(await offerSecrets(db, offer.id, box)).toMatchObject({
      seed: offer.seed,
      listingKey: offer.listingKey,
    });
    expect(offerRow[1]).toMatchObject({ seed: null, listing_key: null });
    // What was sealed already is left as it was; a second start seals nothing.
    expect(await storedListing(sealedBefore.listingId)).toEqual(untouched);
    expect(await sealModuleSecretsAtRest(db, box)).toBe(0);
    expect(await storedListing(listing.listingId)).toEqual(row);
  });

  it('reads only sealed values: a plain seed or key is refused, and a new listing must come sealed', async () => {
    const offer = await plainOffer();
    await expect(offerSecrets(db, offer.id, box)).rejects.toThrow('not a sealed secret');
    const listing = await plainListing();
    const found = (await findListing(db, listing.listingId))!;
    expect(() => box.open(found.sealedListingKey)).toThrow('not a sealed secret');
    const row = await db
      .selectFrom('ipo_listing')
      .selectAll()
      .where('id', '=', BigInt(listing.listingId))
      .executeTakeFirstOrThrow();
    const { id, ...values } = row;
    expect(id).toBe(BigInt(listing.listingId));
    const plain: NewIpoListing = { ...values, symbol: '9999A' };
    await expect(insertListing(db, plain)).rejects.toThrow('stored sealed');
  });
});
