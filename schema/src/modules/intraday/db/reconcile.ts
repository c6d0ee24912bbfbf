import type { Db } from '../../../db/create-db.ts';
import type { Breach } from '../../../db/reconcile.ts';
import { OPEN_STATUSES } from './applications.repository.ts';

/**
 * Intraday holds: a user's `hold:intraday` in a currency is non-zero only while an application of
 * that currency is open (a settled or failed one released everything), and no intraday position
 * is still open under an application that is settled.
 */
export async function intradayHolds(db: Db): Promise<Breach[]> {
  const holds = await db
    .selectFrom('ledger_account')
    .select(['owner_key', 'currency', 'balance'])
    .where('kind', '=', 'hold:intraday')
    .where('balance', '!=', 0n)
    .execute();
  const open = await db
    .selectFrom('intraday_application')
    .select(['user_id', 'currency'])
    .where('status', 'in', [...OPEN_STATUSES])
    .execute();
  const openKeys = new Set(open.map((a) => `u:${a.user_id} ${a.currency}`));
  const breaches: Breach[] = holds
    .filter((h) => !openKeys.has(`${h.owner_key} ${h.currency}`))
    .map((h) => ({
      invariant: 'I5 intraday hold only while an application is open',
      detail: `${h.owner_key} ${h.currency} hold ${h.balance} with no open application`,
    }));
  const orphans = await db
    .selectFrom('position as p')
    .innerJoin('intraday_application as a', 'a.id', 'p.intraday_application_id')
    .select(['p.id', 'a.id as application_id', 'a.status'])
    .where('p.status', '=', 'holding')
    .where('a.status', 'not in', [...OPEN_STATUSES])
    .limit(20)
    .execute();
  for (const row of orphans) {
    breaches.push({
      invariant: 'I5 intraday positions close with their application',
      detail: `position ${row.id} open under ${row.status} application ${row.application_id}`,
    });
  }
  return breaches;
}
