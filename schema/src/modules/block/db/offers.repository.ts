import type { Db } from '../../../db/create-db.ts';
import type { Currency } from '../../../domain/money/currency.ts';
import type { Market } from '../../../domain/market/rules.ts';
import type { BlockRule } from '../domain/offer.ts';
import type { BlockOfferRow } from './block.table.ts';
import { sealedLotterySecrets } from '../../../domain/lottery/lottery-secrets.ts';
import { isSealed, SEALED_PREFIX, type SecretBox } from '../../../db/secret-box.ts';

/** One offer as the modules read it: prices scaled, times in ms. */
export interface BlockOffer {
  readonly id: number;
  readonly symbol: string;
  readonly market: Market;
  readonly currency: Currency;
  readonly price: bigint;
  readonly prevClose: bigint;
  readonly lot: number;
  readonly lotsTotal: number;
  readonly lotsLeft: number;
  readonly minLots: number;
  readonly maxLots: number;
  readonly rule: BlockRule;
  readonly keyHash: string | null;
  readonly opensAt: number;
  readonly closesAt: number;
  readonly settlesAt: number;
  readonly closedAt: number | null;
  readonly settledAt: number | null;
  /** Lottery offers: what the draw publishes (DESIGN.md §8), null until it does. */
  readonly lottery: OfferLottery;
}

export interface OfferLottery {
  readonly seedCommitment: string | null;
  readonly beaconKind: 'local' | 'drand';
  readonly listHash: string | null;
  readonly listFrozenAt: number | null;
  readonly drawnAt: number | null;
}

const num = (value: bigint | null): number | null => (value === null ? null : Number(value));

export function offerFromRow(row: BlockOfferRow): BlockOffer {
  return {
    id: Number(row.id),
    symbol: row.symbol,
    market: row.market as Market,
    currency: row.currency as Currency,
    price: row.price,
    prevClose: row.prev_close,
    lot: Number(row.lot),
    lotsTotal: Number(row.lots_total),
    lotsLeft: Number(row.lots_left),
    minLots: Number(row.min_lots),
    maxLots: Number(row.max_lots),
    rule: row.rule as BlockRule,
    keyHash: row.key_hash,
    opensAt: Number(row.opens_at),
    closesAt: Number(row.closes_at),
    settlesAt: Number(row.settles_at),
    closedAt: num(row.closed_at),
    settledAt: num(row.settled_at),
    lottery: {
      seedCommitment: row.seed_commitment,
      beaconKind: row.beacon_kind === 'drand' ? 'drand' : 'local',
      listHash: row.list_hash,
      listFrozenAt: num(row.list_frozen_at),
      drawnAt: num(row.drawn_at),
    },
  };
}

/** The terms the back office sets (create and edit before opening). */
export interface BlockOfferTerms {
  readonly symbol: string;
  readonly market: Market;
  readonly currency: Currency;
  readonly price: bigint;
  readonly prevClose: bigint;
  readonly lot: number;
  readonly lotsTotal: number;
  readonly minLots: number;
  readonly maxLots: number;
  readonly rule: BlockRule;
  readonly keyHash: string | null;
  readonly opensAt: number;
  readonly closesAt: number;
  readonly settlesAt: number;
}

function termColumns(terms: BlockOfferTerms) {
  return {
    ...{ symbol: terms.symbol, market: terms.market, currency: terms.currency },
    ...{ price: terms.price, prev_close: terms.prevClose, lot: terms.lot },
    ...{ lots_total: terms.lotsTotal, lots_left: terms.lotsTotal },
    ...{ min_lots: terms.minLots, max_lots: terms.maxLots, rule: terms.rule },
    ...{ key_hash: terms.keyHash, opens_at: terms.opensAt, closes_at: terms.closesAt },
    settles_at: terms.settlesAt,
  };
}

/**
 * A new offer with its draw secrets, made here for every offer (a rule may change before
 * opening): the seed and the ticket key sealed with `box`, the commitment the hash of the plain
 * seed; the paper beacon unless `beaconKind` says otherwise.
 */
export async function insertOffer(
  db: Db,
  terms: BlockOfferTerms,
  meta: {
    createdBy: number | null;
    nowMs: number;
    box: SecretBox;
    beaconKind?: 'local' | 'drand';
  },
): Promise<number> {
  const row = await db
    .insertInto('block_offer')
    .values({
      ...termColumns(terms),
      ...sealedLotterySecrets(meta.box),
      beacon_kind: meta.beaconKind ?? 'local',
      created_by: meta.createdBy === null ? null : BigInt(meta.createdBy),
      created_at: meta.nowMs,
      updated_at: meta.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Rewrites an offer's terms only while it has not opened (conditional): whether it did. */
export async function updateOfferBeforeOpen(
  db: Db,
  id: number,
  terms: BlockOfferTerms,
  nowMs: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('block_offer')
    .set({ ...termColumns(terms), updated_at: nowMs })
    .where('id', '=', BigInt(id))
    .where('opens_at', '>', BigInt(nowMs))
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Closes an offer early (once); whether it did. */
export async function closeOffer(db: Db, id: number, nowMs: number): Promise<boolean> {
  const updated = await db
    .updateTable('block_offer')
    .set({ closed_at: nowMs, updated_at: nowMs })
    .where('id', '=', BigInt(id))
    .where('closed_at', 'is', null)
    .where('closes_at', '>', BigInt(nowMs))
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

export async function findOffer(db: Db, id: number): Promise<BlockOffer | undefined> {
  const row = await db
    .selectFrom('block_offer')
    .selectAll()
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
  return row ? offerFromRow(row) : undefined;
}

/** Every offer, soonest closing first. */
export async function listOffers(db: Db): Promise<BlockOffer[]> {
  const rows = await db
    .selectFrom('block_offer')
    .selectAll()
    .orderBy('closes_at')
    .orderBy('id')
    .execute();
  return rows.map(offerFromRow);
}

/**
 * Takes `lots` from an offer's lots left, in the caller's transaction, only if that many are left
 * (one conditional update: concurrent buyers never take more than there is). Whether it did.
 */
export async function takeLots(db: Db, id: number, lots: number): Promise<boolean> {
  const updated = await db
    .updateTable('block_offer')
    .set((eb) => ({ lots_left: eb('lots_left', '-', BigInt(lots)) }))
    .where('id', '=', BigInt(id))
    .where('lots_left', '>=', BigInt(lots))
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Offers whose settlement time has come and which are not settled yet. */
export async function offersDueForSettlement(db: Db, nowMs: number): Promise<BlockOffer[]> {
  const rows = await db
    .selectFrom('block_offer')
    .selectAll()
    .where('settles_at', '<=', BigInt(nowMs))
    .where('settled_at', 'is', null)
    .where((eb) => eb.or([eb('rule', '!=', 'lottery'), eb('drawn_at', 'is not', null)]))
    .orderBy('id')
    .execute();
  return rows.map(offerFromRow);
}

export async function markOfferSettled(db: Db, id: number, nowMs: number): Promise<boolean> {
  const updated = await db
    .updateTable('block_offer')
    .set({ settled_at: nowMs, updated_at: nowMs })
    .where('id', '=', BigInt(id))
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** Lottery offers whose window has ended (at its end or closed early) and that are not drawn. */
export async function offersDueForDraw(db: Db, nowMs: number): Promise<BlockOffer[]> {
  const rows = await db
    .selectFrom('block_offer')
    .selectAll()
    .where('rule', '=', 'lottery')
    .where('drawn_at', 'is', null)
    .where((eb) =>
      eb.or([eb('closes_at', '<=', BigInt(nowMs)), eb('closed_at', '<=', BigInt(nowMs))]),
    )
    .orderBy('id')
    .execute();
  return rows.map(offerFromRow);
}

/**
 * Marks a lottery offer's list frozen, in the caller's transaction, once: whether it did. Taking
 * the offer's row first makes an application that touched it (`touchUnfrozen`) commit before the
 * list is read, and every later one find it frozen.
 */
export async function markListFrozen(db: Db, id: number, nowMs: number): Promise<boolean> {
  const updated = await db
    .updateTable('block_offer')
    .set({ list_frozen_at: nowMs, updated_at: nowMs })
    .where('id', '=', BigInt(id))
    .where('list_frozen_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/** An application's hold on the offer's row while its list is open: whether it is still open. */
export async function touchUnfrozen(db: Db, id: number): Promise<boolean> {
  const updated = await db
    .updateTable('block_offer')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', BigInt(id))
    .where('list_frozen_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

export async function storeListHash(db: Db, id: number, listHash: string): Promise<void> {
  await db
    .updateTable('block_offer')
    .set({ list_hash: listHash })
    .where('id', '=', BigInt(id))
    .where('list_hash', 'is', null)
    .execute();
}

/**
 * The draw's secrets opened with `box` (stored sealed; a plain value is refused), read only by an
 * application (its ticket), the draw and, once drawn, the proof.
 */
export async function offerSecrets(
  db: Db,
  id: number,
  box: SecretBox,
): Promise<{ seed: string; listingKey: string; beacon: DrawRecord | null } | undefined> {
  const row = await db
    .selectFrom('block_offer')
    .select(['seed', 'listing_key', 'beacon', 'beacon_round', 'beacon_signature', 'draw_seed'])
    .where('id', '=', BigInt(id))
    .executeTakeFirst();
  if (!row?.seed || !row.listing_key) return undefined;
  const beacon =
    row.beacon !== null && row.draw_seed !== null
      ? {
          beacon: row.beacon,
          beaconRound: num(row.beacon_round),
          beaconSignature: row.beacon_signature,
          drawSeed: row.draw_seed,
        }
      : null;
  return { seed: box.open(row.seed), listingKey: box.open(row.listing_key), beacon };
}

export interface DrawRecord {
  readonly beacon: string;
  readonly beaconRound: number | null;
  readonly beaconSignature: string | null;
  readonly drawSeed: string;
}

/** Stores the draw once (the beacon, the draw seed, the lots left after it): whether it did. */
export async function storeDraw(
  db: Db,
  id: number,
  record: DrawRecord & { lotsLeft: number },
  nowMs: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('block_offer')
    .set({
      beacon: record.beacon,
      beacon_round: record.beaconRound,
      beacon_signature: record.beaconSignature,
      draw_seed: record.drawSeed,
      lots_left: record.lotsLeft,
      drawn_at: nowMs,
      updated_at: nowMs,
    })
    .where('id', '=', BigInt(id))
    .where('drawn_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

/**
 * Seals the seeds and ticket keys still stored plain (offers written before they were sealed at
 * rest), each row by an update conditional on the values it read, so the gateway and the workers
 * running it together at start seal each once. Idempotent; answers how many it sealed.
 */
export async function sealPlainOfferSecrets(db: Db, box: SecretBox): Promise<number> {
  const SEALED_LIKE = `${SEALED_PREFIX}%`;
  const rows = await db
    .selectFrom('block_offer')
    .select(['id', 'seed', 'listing_key'])
    .where((eb) =>
      eb.or([eb('seed', 'not like', SEALED_LIKE), eb('listing_key', 'not like', SEALED_LIKE)]),
    )
    .execute();
  const sealedOf = (value: string | null) =>
    value === null || isSealed(value) ? value : box.seal(value);
  let sealed = 0;
  for (const row of rows) {
    const updated = await db
      .updateTable('block_offer')
      .set({ seed: sealedOf(row.seed), listing_key: sealedOf(row.listing_key) })
      .where('id', '=', row.id)
      .where('seed', row.seed === null ? 'is' : '=', row.seed)
      .where('listing_key', row.listing_key === null ? 'is' : '=', row.listing_key)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 1n) sealed += 1;
  }
  return sealed;
}
