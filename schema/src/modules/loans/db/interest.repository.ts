import { dailyLoanInterestHalfUp } from '../domain/interest.ts';
import { addTokyoDays, endOfTokyoDateMs, tokyoDateOf } from '../domain/loan-dates.ts';
import { loanInterestPostings } from '../domain/loan-postings.ts';
import type { LoanTerms } from '../domain/loan-terms.ts';
import { journalMemo, postJournal } from '../../ledger/public.ts';
import type { WriteTrx } from '../../../db/after-commit.ts';
import type { Db } from '../../../db/create-db.ts';
import { lockUserRow, writeTransaction } from '../../../db/write-transaction.ts';

/** What one date's run did: loans looked at, days posted, interest in yen, their borrowers. */
export interface AccrualRun {
  readonly loans: number;
  readonly posted: number;
  readonly interestYen: bigint;
  readonly borrowers: readonly number[];
}

/**
 * One loan's interest for one date, under its owner's lock: the claim row first (primary key
 * loan + date; a rerun finds it taken and writes nothing), then the journal (loan account →
 * platform interest income) and the loan's accrued interest. A loan no longer passed (repaid
 * meanwhile) is skipped. Returns the interest posted (0 when nothing was).
 */
async function accrueOne(
  trx: WriteTrx,
  loan: { id: bigint; userId: number },
  date: string,
  terms: LoanTerms,
  nowMs: number,
): Promise<bigint> {
  await lockUserRow(trx, loan.userId);
  const row = await trx
    .selectFrom('loan')
    .select(['status', 'principal'])
    .where('id', '=', loan.id)
    .executeTakeFirst();
  if (row?.status !== 'passed') return 0n;
  const interest = dailyLoanInterestHalfUp(row.principal, terms);
  const claimed = await trx
    .insertInto('loan_interest_accrual')
    .values({ loan_id: loan.id, accrual_date: date, amount: interest, created_at: nowMs })
    .onConflict((oc) => oc.columns(['loan_id', 'accrual_date']).doNothing())
    .executeTakeFirst();
  if (claimed.numInsertedOrUpdatedRows !== 1n || interest === 0n) return 0n;
  const journalId = await postJournal(
    trx,
    {
      kind: 'loan_interest',
      ...journalMemo('loan_interest', { id: loan.id, date }),
      actor: { type: 'system', id: 'loan-interest' },
      reference: `loan:${loan.id}:interest:${date}`,
      postings: loanInterestPostings(loan.userId, interest),
    },
    nowMs,
  );
  await trx
    .updateTable('loan_interest_accrual')
    .set({ journal_id: journalId })
    .where('loan_id', '=', loan.id)
    .where('accrual_date', '=', date)
    .execute();
  await trx
    .updateTable('loan')
    .set((eb) => ({ accrued_interest: eb('accrued_interest', '+', interest) }))
    .where('id', '=', loan.id)
    .execute();
  return interest;
}

/**
 * A date's interest on every loan passed before that Tokyo day ended, in batches of `batchSize`
 * loans per transaction (users locked in ascending order, so no two batches deadlock). Idempotent
 * per (loan, date): a rerun, or two workers at once, post each day once.
 */
export async function accrueLoanInterest(
  db: Db,
  options: { date: string; terms: LoanTerms; nowMs: number; batchSize?: number },
): Promise<AccrualRun> {
  const endMs = endOfTokyoDateMs(options.date);
  const batchSize = options.batchSize ?? 500;
  const borrowers = new Set<number>();
  let [loans, posted, interestYen, afterId] = [0, 0, 0n, 0n];
  for (;;) {
    const batch = await db
      .selectFrom('loan')
      .select(['id', 'user_id'])
      .where('status', '=', 'passed')
      .where('decided_at', '<', BigInt(endMs))
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1]?.id ?? afterId;
    loans += batch.length;
    const byUser = batch
      .map((r) => ({ id: r.id, userId: Number(r.user_id) }))
      .sort((a, b) => a.userId - b.userId || Number(a.id - b.id));
    const amounts = await writeTransaction(db, async (trx) => {
      const out: bigint[] = [];
      for (const loan of byUser) {
        out.push(await accrueOne(trx, loan, options.date, options.terms, options.nowMs));
      }
      return out;
    });
    for (const loan of byUser) borrowers.add(loan.userId);
    for (const amount of amounts) {
      if (amount === 0n) continue;
      posted += 1;
      interestYen += amount;
    }
  }
  return { loans, posted, interestYen, borrowers: [...borrowers] };
}

/** The Tokyo dates that ended since a loan was disbursed (its decision day counted) and have no accrual row yet. */
async function unpostedEndedDates(
  db: Db,
  loan: { id: number; decidedAtMs: number | null },
  nowMs: number,
): Promise<string[]> {
  if (loan.decidedAtMs === null) return [];
  const done = await db
    .selectFrom('loan_interest_accrual')
    .select('accrual_date')
    .where('loan_id', '=', BigInt(loan.id))
    .execute();
  const posted = new Set(done.map((r) => r.accrual_date));
  const dates: string[] = [];
  for (let date = tokyoDateOf(loan.decidedAtMs); endOfTokyoDateMs(date) <= nowMs;) {
    if (!posted.has(date)) dates.push(date);
    date = addTokyoDays(date, 1);
  }
  return dates;
}

/**
 * Every ended Tokyo date since a loan was disbursed whose interest the daily job has not posted
 * yet (it runs just after midnight; a worker down for a while leaves dates), posted now in the
 * caller's transaction, under the owner's lock: a repayment first brings the loan up to date, so
 * each day from disbursement (counted) to repayment (not counted) is charged once, whenever the
 * job runs. Returns the interest posted.
 */
export async function accrueEndedDays(
  trx: WriteTrx,
  loan: { id: number; userId: number; decidedAtMs: number | null },
  terms: LoanTerms,
  nowMs: number,
): Promise<bigint> {
  let total = 0n;
  for (const date of await unpostedEndedDates(trx, loan, nowMs)) {
    total += await accrueOne(trx, { id: BigInt(loan.id), userId: loan.userId }, date, terms, nowMs);
  }
  return total;
}

/**
 * What `accrueEndedDays` would post for a passed loan now, read only: the interest of the ended
 * dates the daily job has not posted yet. The screens add it to what the loan owes, so the figure
 * shown is the figure a repayment asks for (`repayment_too_small` otherwise).
 */
export async function unpostedInterestOf(
  db: Db,
  loan: { id: number; status: string; principal: bigint; decidedAtMs: number | null },
  terms: LoanTerms,
  nowMs: number,
): Promise<bigint> {
  if (loan.status !== 'passed') return 0n;
  const dates = await unpostedEndedDates(db, loan, nowMs);
  return BigInt(dates.length) * dailyLoanInterestHalfUp(loan.principal, terms);
}
