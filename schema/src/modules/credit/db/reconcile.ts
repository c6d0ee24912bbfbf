import { sql } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import type { Breach } from '../../../db/reconcile.ts';

/**
 * I6: each user's `margin` account is exactly the margin of their open positions, per currency
 * (added credit is part of a position's margin): an addition that moved cash without growing the
 * position, or a close that returned the margin but left the position (or the reverse), breaks it.
 */
async function marginMatchesPositions(db: Db): Promise<Breach[]> {
  const accounts = await db
    .selectFrom('ledger_account')
    .select(['owner_key', 'currency', 'balance'])
    .where('kind', '=', 'margin')
    .execute();
  const open = await db
    .selectFrom('position')
    .select(['user_id', 'currency', sql<bigint>`sum(margin)`.as('total')])
    .where('status', '=', 'holding')
    .groupBy(['user_id', 'currency'])
    .execute();
  const held = new Map(accounts.map((a) => [`${a.owner_key} ${a.currency}`, BigInt(a.balance)]));
  const owed = new Map(open.map((p) => [`u:${p.user_id} ${p.currency}`, BigInt(p.total)]));
  return [...new Set([...held.keys(), ...owed.keys()])]
    .filter((key) => (held.get(key) ?? 0n) !== (owed.get(key) ?? 0n))
    .map((key) => ({
      invariant: 'I6 margin equals the open positions’ margin',
      detail: `${key} margin ${held.get(key) ?? 0n} but open positions ${owed.get(key) ?? 0n}`,
    }));
}

/**
 * I7: an open credit belongs to an open position whose margin holds it (credits ≤ margin), and a
 * closed position has no open credit (it returned with the margin).
 */
async function creditsFollowPositions(db: Db): Promise<Breach[]> {
  const rows = await db
    .selectFrom('position_credit as c')
    .innerJoin('position as p', 'p.id', 'c.position_id')
    .select(['c.position_id', 'p.status', 'p.margin', sql<bigint>`sum(c.amount)`.as('total')])
    .where('c.status', '=', 'open')
    .groupBy(['c.position_id', 'p.status', 'p.margin'])
    .execute();
  return rows
    .filter((r) => r.status !== 'holding' || BigInt(r.total) > BigInt(r.margin))
    .map((r) => ({
      invariant: 'I7 open credits sit in an open position’s margin',
      detail: `position ${r.position_id} (${r.status}, margin ${r.margin}) open credits ${r.total}`,
    }));
}

export async function creditInvariants(db: Db): Promise<Breach[]> {
  return [...(await marginMatchesPositions(db)), ...(await creditsFollowPositions(db))];
}
