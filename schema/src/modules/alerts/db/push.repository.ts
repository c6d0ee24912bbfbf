import webpush from 'web-push';
import type { Db } from '../../../db/create-db.ts';

export interface PushKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/**
 * The server's VAPID key pair: read, or made and stored at first start (one row; a second
 * process starting at the same moment keeps the first one written).
 */
export async function ensureVapidKeys(db: Db, nowMs: number): Promise<PushKeys> {
  const existing = await readVapidKeys(db);
  if (existing) return existing;
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('push_vapid_key')
    .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey, created_at: nowMs })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await readVapidKeys(db)) as PushKeys;
}

export async function readVapidKeys(db: Db): Promise<PushKeys | undefined> {
  const row = await db
    .selectFrom('push_vapid_key')
    .select(['public_key', 'private_key'])
    .where('id', '=', 1n)
    .executeTakeFirst();
  return row && { publicKey: row.public_key, privateKey: row.private_key };
}

export interface StoredSubscription {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly language: 'jp' | 'cn' | 'us';
}

/** A browser's subscription, now the user's (an endpoint moves to whoever signed in last). */
export async function saveSubscription(
  db: Db,
  userId: number,
  subscription: StoredSubscription,
  nowMs: number,
): Promise<void> {
  await db
    .insertInto('push_subscription')
    .values({ user_id: BigInt(userId), ...subscription, created_at: nowMs })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: BigInt(userId),
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        language: subscription.language,
      }),
    )
    .execute();
}

export async function deleteSubscription(db: Db, endpoint: string, userId?: number): Promise<void> {
  let query = db.deleteFrom('push_subscription').where('endpoint', '=', endpoint);
  if (userId !== undefined) query = query.where('user_id', '=', BigInt(userId));
  await query.execute();
}

export async function subscriptionsOf(db: Db, userId: number): Promise<StoredSubscription[]> {
  const rows = await db
    .selectFrom('push_subscription')
    .select(['endpoint', 'p256dh', 'auth', 'language'])
    .where('user_id', '=', BigInt(userId))
    .execute();
  return rows.map((r) => ({ ...r, language: r.language as StoredSubscription['language'] }));
}
