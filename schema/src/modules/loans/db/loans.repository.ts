import { loanTermsFrom, LOAN_CONFIG_DEFAULTS, type LoanTerms } from '../domain/loan-terms.ts';
import type { Db } from '../../../db/create-db.ts';
import type { HoldStatus } from '../../../domain/holds/hold-lifecycle.ts';
import type { LoanRow } from './loans.table.ts';

export type LoanStatus = 'under_review' | 'passed' | 'rejected' | 'repaid';

/** Statuses of a loan that blocks another application (`loan_unpaid`). */
export const OPEN_LOAN_STATUSES = ['under_review', 'passed'] as const;

/** One loan as the modules read it: yen as bigint, times in ms. */
export interface Loan {
  readonly id: number;
  readonly userId: number;
  readonly amount: bigint;
  readonly principal: bigint;
  readonly accruedInterest: bigint;
  readonly status: LoanStatus;
  readonly requestId: string;
  readonly createdAtMs: number;
  readonly decidedAtMs: number | null;
  readonly reason: string | null;
  readonly repaidAtMs: number | null;
  readonly marginCallDate: string | null;
}

const num = (value: bigint | null): number | null => (value === null ? null : Number(value));

export function loanFromRow(row: LoanRow): Loan {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    amount: row.amount,
    principal: row.principal,
    accruedInterest: row.accrued_interest,
    status: row.status as LoanStatus,
    requestId: row.request_id,
    createdAtMs: Number(row.created_at),
    decidedAtMs: num(row.decided_at),
    reason: row.reason,
    repaidAtMs: num(row.repaid_at),
    marginCallDate: row.margin_call_date,
  };
}

/** What a loan still owes: principal plus accrued interest (0 unless passed). */
export const outstandingOf = (loan: Loan): bigint =>
  loan.status === 'passed' ? loan.principal + loan.accruedInterest : 0n;

/** One of the user's loans; undefined for anyone else's (owner-scoped). */
export async function findOwnLoan(db: Db, userId: number, loanId: number) {
  const row = await db
    .selectFrom('loan')
    .selectAll()
    .where('id', '=', BigInt(loanId))
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return row ? loanFromRow(row) : undefined;
}

export async function findLoan(db: Db, loanId: number): Promise<Loan | undefined> {
  const row = await db
    .selectFrom('loan')
    .selectAll()
    .where('id', '=', BigInt(loanId))
    .executeTakeFirst();
  return row ? loanFromRow(row) : undefined;
}

/** The user's loans, newest first. */
export async function loansOfUser(db: Db, userId: number): Promise<Loan[]> {
  const rows = await db
    .selectFrom('loan')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .execute();
  return rows.map(loanFromRow);
}

/** The user's loan under review or passed (at most one: apply refuses a second). */
export async function openLoanOf(db: Db, userId: number): Promise<Loan | undefined> {
  const row = await db
    .selectFrom('loan')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .where('status', 'in', [...OPEN_LOAN_STATUSES])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? loanFromRow(row) : undefined;
}

/** Principal plus interest of the user's passed loans. */
export async function outstandingOfUser(db: Db, userId: number): Promise<bigint> {
  const rows = await db
    .selectFrom('loan')
    .select(['principal', 'accrued_interest'])
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'passed')
    .execute();
  return rows.reduce((sum, r) => sum + r.principal + r.accrued_interest, 0n);
}

/** The back office's credit for a user: score and limit (0 and 0 when never set). */
export async function loanCreditOf(
  db: Db,
  userId: number,
): Promise<{ creditScore: number; limit: bigint }> {
  const row = await db
    .selectFrom('loan_credit')
    .select(['credit_score', 'limit_amount'])
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return { creditScore: Number(row?.credit_score ?? 0n), limit: row?.limit_amount ?? 0n };
}

/** Sets (or replaces) a user's score and limit. */
export async function setLoanCredit(
  trx: Db,
  values: { userId: number; creditScore: number; limit: bigint; adminId: number; nowMs: number },
): Promise<void> {
  const row = {
    credit_score: values.creditScore,
    limit_amount: values.limit,
    updated_at: values.nowMs,
    updated_by: values.adminId,
  };
  await trx
    .insertInto('loan_credit')
    .values({ user_id: BigInt(values.userId), ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/** A new application, under review; its id. */
export async function insertLoan(
  trx: Db,
  values: { userId: number; amount: bigint; requestId: string; nowMs: number },
): Promise<number> {
  const row = await trx
    .insertInto('loan')
    .values({
      user_id: BigInt(values.userId),
      currency: 'JPY',
      amount: values.amount,
      principal: 0n,
      accrued_interest: 0n,
      status: 'under_review',
      request_id: values.requestId,
      created_at: values.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The back office's list: loans by status (all when null), oldest first, with the account. */
export async function loansForReview(db: Db, statuses: readonly HoldStatus<'loan'>[] | null) {
  let query = db
    .selectFrom('loan')
    .innerJoin('app_user', 'app_user.id', 'loan.user_id')
    .selectAll('loan')
    .select('app_user.account')
    .orderBy('loan.id');
  if (statuses) query = query.where('loan.status', 'in', [...statuses]);
  const rows = await query.limit(500).execute();
  return rows.map((row) => ({ ...loanFromRow(row), account: row.account }));
}

/** The loan terms in force: config entries over the defaults (MARKET-RULES.md §9). */
export async function loadLoanTerms(db: Db): Promise<LoanTerms> {
  const rows = await db
    .selectFrom('config_entry')
    .select(['name', 'value'])
    .where('name', 'in', Object.keys(LOAN_CONFIG_DEFAULTS))
    .execute();
  return loanTermsFrom(Object.fromEntries(rows.map((r) => [r.name, r.value])));
}
