import { sql } from 'kysely';
import type { Db } from '@kabuto/schema/db';
import type { Currency, HoldStatus, WithdrawalStatus } from '@kabuto/schema/domain';

type DepositStatus = HoldStatus<'deposit'>;

/** A deposit as the back office reviews it. */
export interface DepositForReview {
  readonly id: bigint;
  readonly userId: bigint;
  readonly account: string;
  readonly currency: Currency;
  readonly amount: bigint;
  readonly transferReference: string;
  readonly proofUploadId: bigint;
  readonly status: string;
  readonly reason: string | null;
  readonly createdAtMs: number;
}

/** The first 200 deposits in the given statuses (every status when null), oldest first. */
export async function depositsForReview(
  db: Db,
  statuses: readonly string[] | null,
): Promise<DepositForReview[]> {
  let query = db
    .selectFrom('deposit as d')
    .innerJoin('app_user as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.user_id',
      'u.account',
      'd.currency',
      'd.amount',
      'd.transfer_reference',
      'd.proof_upload_id',
      'd.status',
      'd.reason',
      'd.created_at',
    ]);
  // A filter from the wire: a status no deposit has matches nothing.
  if (statuses) query = query.where('d.status', 'in', statuses as readonly DepositStatus[]);
  const rows = await query.orderBy('d.id').limit(200).execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    account: r.account,
    currency: r.currency as Currency,
    amount: r.amount,
    transferReference: r.transfer_reference,
    proofUploadId: r.proof_upload_id,
    status: r.status,
    reason: r.reason,
    createdAtMs: Number(r.created_at),
  }));
}

/** A withdrawal as the back office reviews it, with its destination card. */
export interface WithdrawalForReview {
  readonly id: bigint;
  readonly userId: bigint;
  readonly account: string;
  readonly currency: Currency;
  readonly amount: bigint;
  readonly status: string;
  readonly reason: string | null;
  readonly createdAtMs: number;
  readonly card: {
    readonly holderKana: string;
    readonly bankName: string;
    readonly branchName: string;
    readonly branchCode: string;
    readonly cardType: string;
    readonly accountNumber: string;
  };
}

/**
 * The first 200 withdrawals in the given statuses (every status when null): the open ones
 * (pending, approved, sending) first, each group oldest first.
 */
export async function withdrawalsForReview(
  db: Db,
  statuses: readonly string[] | null,
): Promise<WithdrawalForReview[]> {
  let query = db
    .selectFrom('withdrawal as w')
    .innerJoin('app_user as u', 'u.id', 'w.user_id')
    .innerJoin('bank_card as c', 'c.id', 'w.card_id')
    .select([
      'w.id',
      'w.user_id',
      'u.account',
      'w.currency',
      'w.amount',
      'w.status',
      'w.reason',
      'w.created_at',
      'c.holder_kana',
      'c.bank_name',
      'c.branch_name',
      'c.branch_code',
      'c.card_type',
      'c.account_number',
    ]);
  if (statuses) query = query.where('w.status', 'in', statuses as readonly WithdrawalStatus[]);
  // Open withdrawals first: a long paid history must not push one on its way off the list.
  const rows = await query
    .orderBy(sql`case when w.status in ('pending', 'approved', 'sending') then 0 else 1 end`)
    .orderBy('w.id')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    account: r.account,
    currency: r.currency as Currency,
    amount: r.amount,
    status: r.status,
    reason: r.reason,
    createdAtMs: Number(r.created_at),
    card: {
      holderKana: r.holder_kana,
      bankName: r.bank_name,
      branchName: r.branch_name,
      branchCode: r.branch_code,
      cardType: r.card_type,
      accountNumber: r.account_number,
    },
  }));
}
