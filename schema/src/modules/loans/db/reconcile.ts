import { sql } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import type { Breach } from '../../../db/reconcile.ts';

/**
 * Each user's `loan` account is exactly minus the outstanding (principal + accrued interest) of
 * their passed loans, in yen: a disbursement, an interest day or a repayment that moved the loan
 * row without its journal (or the other way round) shows here. A repaid loan owes nothing.
 */
export async function loanDebts(db: Db): Promise<Breach[]> {
  const accounts = await db
    .selectFrom('ledger_account')
    .select(['owner_key', 'currency', 'balance'])
    .where('kind', '=', 'loan')
    .execute();
  const loans = await db
    .selectFrom('loan')
    .select(['user_id', 'currency', sql<bigint>`sum(principal + accrued_interest)`.as('total')])
    .where('status', '=', 'passed')
    .groupBy(['user_id', 'currency'])
    .execute();
  const booked = new Map(accounts.map((a) => [`${a.owner_key} ${a.currency}`, -BigInt(a.balance)]));
  const owed = new Map(loans.map((l) => [`u:${l.user_id} ${l.currency}`, BigInt(l.total)]));
  return [...new Set([...booked.keys(), ...owed.keys()])]
    .filter((key) => (booked.get(key) ?? 0n) !== (owed.get(key) ?? 0n))
    .map((key) => ({
      invariant: 'I5 loan account equals the passed loans’ outstanding',
      detail: `${key} loan account owes ${booked.get(key) ?? 0n} but passed loans ${owed.get(key) ?? 0n}`,
    }));
}
