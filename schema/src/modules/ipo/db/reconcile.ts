import { sql } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import type { Breach } from '../../../db/reconcile.ts';

/**
 * Each user's `hold:ipo` is exactly the amount due of their paid, not yet listed subscriptions
 * (in the listing's currency): a payment whose status moved without its journal, or a listing
 * that moved the status but not the money, keeps the ledger balanced yet leaves the user's cash
 * stuck in the hold (or a holding without its money).
 */
export async function ipoHolds(db: Db): Promise<Breach[]> {
  const holds = await db
    .selectFrom('ledger_account')
    .select(['owner_key', 'currency', 'balance'])
    .where('kind', '=', 'hold:ipo')
    .execute();
  const paid = await db
    .selectFrom('ipo_subscription as s')
    .innerJoin('ipo_listing as l', 'l.id', 's.listing_id')
    .select(['s.user_id', 'l.currency', sql<bigint>`sum(s.amount_due)`.as('total')])
    .where('s.status', '=', 'paid')
    .groupBy(['s.user_id', 'l.currency'])
    .execute();
  const held = new Map(holds.map((h) => [`${h.owner_key} ${h.currency}`, BigInt(h.balance)]));
  const owed = new Map(paid.map((p) => [`u:${p.user_id} ${p.currency}`, BigInt(p.total)]));
  return [...new Set([...held.keys(), ...owed.keys()])]
    .filter((key) => (held.get(key) ?? 0n) !== (owed.get(key) ?? 0n))
    .map((key) => ({
      invariant: 'I5 ipo hold equals the paid subscriptions',
      detail: `${key} hold ${held.get(key) ?? 0n} but paid subscriptions ${owed.get(key) ?? 0n}`,
    }));
}
