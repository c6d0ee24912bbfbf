import { randomBytes } from 'node:crypto';
import type { Db } from '../db/create-db.ts';
import { postJournal } from '../db/repositories/ledger.store.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { platformAccount, userAccount } from '../domain/ledger/accounts.ts';
import { manyUsers } from './ipo-builders.ts';

/**
 * `count` passed loans of `amountYen` by as many new users, each with `cashYen` of paper money,
 * decided at `decidedAtMs`: loan rows in multi-row inserts, and one journal per user (paper grant
 * plus the disbursement: loan −amount, cash +grant +amount) so the ledger matches the loans.
 * Returns the loans' ids.
 */
export async function manyPassedLoans(
  db: Db,
  count: number,
  options: { amountYen: bigint; cashYen: bigint; decidedAtMs: number },
): Promise<bigint[]> {
  const tag = randomBytes(4).toString('hex');
  const users = await manyUsers(db, tag, count);
  const ids: bigint[] = [];
  const BATCH = 500;
  for (let from = 0; from < count; from += BATCH) {
    const batch = users.slice(from, from + BATCH);
    const rows = await db
      .insertInto('loan')
      .values(
        batch.map((userId, n) => ({
          user_id: userId,
          currency: 'JPY',
          amount: options.amountYen,
          principal: options.amountYen,
          accrued_interest: 0n,
          status: 'passed',
          request_id: `bulk-${tag}-${from + n}`,
          created_at: options.decidedAtMs,
          decided_at: options.decidedAtMs,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
    await writeTransaction(db, async (trx) => {
      for (const userId of batch) {
        await postJournal(
          trx,
          {
            kind: 'loan_disbursed',
            memo: 'bulk loan',
            actor: { type: 'system', id: 'bench' },
            postings: [
              {
                account: platformAccount('platform:paper_grant', 'JPY'),
                amountMinor: -options.cashYen,
              },
              {
                account: userAccount(Number(userId), 'cash', 'JPY'),
                amountMinor: options.cashYen + options.amountYen,
              },
              {
                account: userAccount(Number(userId), 'loan', 'JPY'),
                amountMinor: -options.amountYen,
              },
            ],
          },
          options.decidedAtMs,
        );
      }
    });
  }
  return ids;
}
