import { sql } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import type { Breach } from '../../../db/reconcile.ts';

/**
 * Each user's `hold:block` is exactly the cost of their held (not yet settled) purchases, in the
 * offer's currency; and no offer has sold more lots than it offered (`lots_left` plus the lots of
 * its held and settled purchases is its total; a lottery offer sells nothing before its draw).
 */
export async function blockHolds(db: Db): Promise<Breach[]> {
  const holds = await db
    .selectFrom('ledger_account')
    .select(['owner_key', 'currency', 'balance'])
    .where('kind', '=', 'hold:block')
    .execute();
  const held = await db
    .selectFrom('block_order as o')
    .innerJoin('block_offer as f', 'f.id', 'o.offer_id')
    .select(['o.user_id', 'f.currency', sql<bigint>`sum(o.amount)`.as('total')])
    .where('o.status', '=', 'held')
    .groupBy(['o.user_id', 'f.currency'])
    .execute();
  const inHold = new Map(holds.map((h) => [`${h.owner_key} ${h.currency}`, BigInt(h.balance)]));
  const owed = new Map(held.map((p) => [`u:${p.user_id} ${p.currency}`, BigInt(p.total)]));
  const breaches = [...new Set([...inHold.keys(), ...owed.keys()])]
    .filter((key) => (inHold.get(key) ?? 0n) !== (owed.get(key) ?? 0n))
    .map((key) => ({
      invariant: 'I5 block hold equals the held purchases',
      detail: `${key} hold ${inHold.get(key) ?? 0n} but held purchases ${owed.get(key) ?? 0n}`,
    }));
  const offers = await db
    .selectFrom('block_offer as f')
    .leftJoin('block_order as o', (join) =>
      join.onRef('o.offer_id', '=', 'f.id').on('o.status', 'in', ['held', 'settled']),
    )
    .select(['f.id', 'f.lots_total', 'f.lots_left', 'f.rule', 'f.drawn_at'])
    .select(sql<bigint | null>`sum(o.lots)`.as('sold'))
    .groupBy(['f.id', 'f.lots_total', 'f.lots_left', 'f.rule', 'f.drawn_at'])
    .execute();
  for (const offer of offers) {
    const undrawn = offer.rule === 'lottery' && offer.drawn_at === null;
    const sold = undrawn ? 0n : BigInt(offer.sold ?? 0n);
    if (BigInt(offer.lots_left) + sold !== BigInt(offer.lots_total)) {
      breaches.push({
        invariant: 'block offer lots sold plus lots left equal lots offered',
        detail: `block_offer:${offer.id} total ${offer.lots_total} left ${offer.lots_left} sold ${sold}`,
      });
    }
  }
  return breaches;
}
