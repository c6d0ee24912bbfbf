import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import { dialectOf } from '../db/dialect.ts';
import type { SecretBox } from '../db/secret-box.ts';
import { seedCommitment, ticketFor } from '../domain/lottery/index.ts';
import { TEST_SECRET_BOX } from './test-secrets.ts';

export interface TestListingTimes {
  readonly subscribeEnd: number;
  readonly drawAt: number;
  readonly payDeadline: number;
  readonly listingAt: number;
}

/**
 * A JP listing (¥1,500.0 a share, 100 shares a lot) closed at `times.subscribeEnd`, its seed and
 * key sealed as stored (with `TEST_SECRET_BOX` unless `box` is given); returns its id and the
 * plain key and seed.
 */
export async function anIpoListing(
  db: Db,
  times: TestListingTimes,
  overrides: { lotsOffered?: number; maxLots?: number; symbol?: string; box?: SecretBox } = {},
): Promise<{ listingId: number; listingKey: string; seed: string }> {
  const box = overrides.box ?? TEST_SECRET_BOX;
  const seed = randomBytes(32).toString('hex');
  const listingKey = randomBytes(32).toString('hex');
  const row = await db
    .insertInto('ipo_listing')
    .values({
      // A new-style TSE code (digits then a letter): never a catalogue symbol.
      symbol: overrides.symbol ?? `${randomInt(1000, 10_000)}A`,
      market: 'JP',
      board: 'tse_growth',
      currency: 'JPY',
      name_ja: 'テスト新株',
      name_en: 'Test New Share',
      name_zh: '测试新股',
      price: 15_000n,
      market_price: null,
      underwriting_price: 13_800n,
      lot: 100n,
      min_lots: 1n,
      max_lots: BigInt(overrides.maxLots ?? 10),
      lots_offered: BigInt(overrides.lotsOffered ?? 1_000),
      issue_volume: 1_000_000n,
      per: null,
      lead_underwriter: 'Kabuto Securities',
      subscribe_start: times.subscribeEnd - 86_400_000,
      subscribe_end: times.subscribeEnd,
      draw_at: times.drawAt,
      pay_deadline: times.payDeadline,
      listing_at: times.listingAt,
      seed: box.seal(seed),
      seed_commitment: seedCommitment(seed),
      listing_key: box.seal(listingKey),
      beacon_kind: 'local',
      created_by: null,
      created_at: times.subscribeEnd - 86_400_000,
      updated_at: times.subscribeEnd - 86_400_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { listingId: Number(row.id), listingKey, seed };
}

/** Inserts `count` users set-based (accounts `ipo-<tag>-<n>@example.jp`); returns their ids in order. */
export async function manyUsers(db: Db, tag: string, count: number): Promise<bigint[]> {
  const numbers =
    dialectOf(db) === 'postgres'
      ? sql`select generate_series(1, ${count}) as i`
      : sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count}) select i from n`;
  await sql`insert into app_user (account, password_hash, fund_password_hash, status, trading_barred,
      inviter_code, invite_code, created_at)
    select 'ipo-' || ${tag} || '-' || cast(i as text) || '@example.jp', 'not-a-real-hash', null,
      'active', 0, 'KABUTO', 'I' || ${tag} || cast(i as text), 0 from (${numbers}) as numbers`.execute(
    db,
  );
  const rows = await db
    .selectFrom('app_user')
    .select('id')
    .where('account', 'like', `ipo-${tag}-%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * `count` subscriptions to a listing by as many new users, quickly (users set-based, subscriptions
 * in multi-row inserts with ids chosen here so their tickets can be computed first). `lotsOf(n)`
 * gives the n-th subscription's lots. Returns the subscriptions' ids.
 */
export async function manySubscriptions(
  db: Db,
  listing: { listingId: number; listingKey: string },
  count: number,
  lotsOf: (n: number) => number = (n) => 1 + (n % 10),
): Promise<bigint[]> {
  const tag = randomBytes(4).toString('hex');
  const users = await manyUsers(db, tag, count);
  const top = await db
    .selectFrom('ipo_subscription')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const base = BigInt(top?.id ?? 0) + 1n;
  const ids: bigint[] = [];
  const BATCH = 500;
  for (let from = 0; from < count; from += BATCH) {
    const values = [];
    for (let n = from; n < Math.min(from + BATCH, count); n++) {
      const id = base + BigInt(n);
      ids.push(id);
      values.push({
        id,
        listing_id: BigInt(listing.listingId),
        user_id: users[n]!,
        lots: BigInt(lotsOf(n)),
        ticket: ticketFor(listing.listingKey, id),
        status: 'applied' as const,
        request_id: `bulk-${tag}-${n}`,
        created_at: 0,
      });
    }
    await db.insertInto('ipo_subscription').values(values).execute();
  }
  if (dialectOf(db) === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('ipo_subscription', 'id'),
      (select max(id) from ipo_subscription))`.execute(db);
  }
  return ids;
}
