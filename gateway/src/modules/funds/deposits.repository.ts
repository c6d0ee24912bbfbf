import type { Db } from '@kabuto/schema/db';
import { isCurrency, type Currency } from '@kabuto/schema/domain';

/** A deposit channel as the funds module reads it (its own per-transfer cap, minor units). */
export interface DepositChannelRecord {
  readonly id: number;
  readonly name: string;
  /** The channel's name per language; the operator's name where no translation was given. */
  readonly names: { readonly ja: string; readonly en: string; readonly zh: string };
  readonly currency: Currency;
  readonly bankName: string;
  readonly branchName: string;
  readonly accountName: string;
  readonly accountNumber: string;
  readonly maxSingleMinor: bigint;
}

/** A deposit as its owner sees it. */
export interface DepositRecord {
  readonly id: bigint;
  readonly status: string;
  readonly currency: Currency;
  readonly amount: bigint;
  readonly reason: string | null;
  readonly proofUploadId: bigint;
  readonly createdAtMs: number;
  readonly reviewedAtMs: number | null;
}

/** The active channels in a currency the ledger knows, in id order. */
export async function activeChannelRecords(db: Db): Promise<DepositChannelRecord[]> {
  const rows = await db
    .selectFrom('deposit_channel')
    .selectAll()
    .where('active', '=', 1n)
    .orderBy('id')
    .execute();
  const channels: DepositChannelRecord[] = [];
  for (const r of rows) {
    if (!isCurrency(r.currency)) continue;
    channels.push({
      id: Number(r.id),
      name: r.name,
      names: { ja: r.name, en: r.name_en ?? r.name, zh: r.name_zh ?? r.name },
      currency: r.currency,
      bankName: r.bank_name,
      branchName: r.branch_name,
      accountName: r.account_name,
      accountNumber: r.account_number,
      maxSingleMinor: r.max_single,
    });
  }
  return channels;
}

/** Whether the user has a deposit waiting for review (at most one may). */
export async function hasPendingDeposit(db: Db, userId: number): Promise<boolean> {
  const pending = await db
    .selectFrom('deposit')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Boolean(pending);
}

/** Writes a pending deposit in the caller's transaction; returns its id. */
export async function insertDeposit(
  trx: Db,
  deposit: {
    userId: number;
    channelId: number;
    currency: Currency;
    amount: bigint;
    transferReference: string;
    proofUploadId: bigint;
    nowMs: number;
  },
): Promise<bigint> {
  const row = await trx
    .insertInto('deposit')
    .values({
      user_id: BigInt(deposit.userId),
      channel_id: BigInt(deposit.channelId),
      currency: deposit.currency,
      amount: deposit.amount,
      transfer_reference: deposit.transferReference,
      proof_upload_id: deposit.proofUploadId,
      status: 'pending',
      reason: null,
      journal_id: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: deposit.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user's 100 latest deposits, newest first. */
export async function depositsOf(db: Db, userId: number): Promise<DepositRecord[]> {
  const rows = await db
    .selectFrom('deposit')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    currency: r.currency as Currency,
    amount: r.amount,
    reason: r.reason,
    proofUploadId: r.proof_upload_id,
    createdAtMs: Number(r.created_at),
    reviewedAtMs: r.reviewed_at === null ? null : Number(r.reviewed_at),
  }));
}

/** The user who sent the deposit with this transfer reference (the back office's search). */
export async function userWithTransferReference(
  db: Db,
  reference: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('deposit')
    .select('user_id')
    .where('transfer_reference', '=', reference)
    .executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}
