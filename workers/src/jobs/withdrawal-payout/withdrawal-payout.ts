import { Refusal, type Clock, type WithdrawalPayoutOutcome } from '@kabuto/schema/contracts';
import { advance, writeTransaction, type AdvanceEffects, type Db } from '@kabuto/schema/db';
import {
  formatScaled,
  journalMemo,
  PAYABLE_WITHDRAWAL_STATUSES,
  scaleOf,
  type Currency,
} from '@kabuto/schema/domain';
import { withdrawalPaidPostings, withdrawalReturnedPostings } from '@kabuto/schema/funds';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import { sendWithin, type BankTransferProvider } from './bank-transfers.ts';
import { claimForSending, releaseClaim } from './payout-claim.ts';

export { PAYOUT_CLAIM_LEASE_MS } from './payout-claim.ts';

export interface PayWithdrawalDeps {
  readonly db: Db;
  readonly transfers: BankTransferProvider;
  readonly clock: Clock;
  /** The user's screens hear of the payout through the outbox, in the payout's transaction. */
  readonly emitter?: Pick<AccountEmitter, 'record'>;
  /** How long to wait for the bank (`PAYOUT_BANK_TIMEOUT_MS` unless a test says otherwise). */
  readonly bankTimeoutMs?: number;
}

/** The provider key of a withdrawal's transfer: one withdrawal, one transfer, however often it is sent. */
export function payoutKey(withdrawalId: number): string {
  return `withdrawal-${withdrawalId}`;
}

const PAYOUT_ACTOR = { type: 'system', id: 'withdrawal-payout' } as const;

async function payable(db: Db, withdrawalId: number) {
  return db
    .selectFrom('withdrawal as w')
    .innerJoin('bank_card as c', 'c.id', 'w.card_id')
    .select([
      'w.id',
      'w.user_id',
      'w.status',
      'w.claimed_at',
      'w.currency',
      'w.amount',
      'c.bank_name',
      'c.branch_code',
      'c.card_type',
      'c.account_number',
      'c.holder_kana',
    ])
    .where('w.id', '=', BigInt(withdrawalId))
    .where('w.status', 'in', PAYABLE_WITHDRAWAL_STATUSES)
    .executeTakeFirst();
}

type Payable = NonNullable<Awaited<ReturnType<typeof payable>>>;

/** What ends a sent withdrawal beside its status: the journal, the message and the event. */
function settlement(
  deps: PayWithdrawalDeps,
  row: Payable,
  outcome: WithdrawalPayoutOutcome,
  reason: string,
): Omit<AdvanceEffects, 'nowMs' | 'set'> {
  const withdrawalId = Number(row.id);
  const userId = Number(row.user_id);
  const currency = row.currency as Currency;
  const paid = outcome === 'withdrawal_paid';
  const event = { kind: outcome, withdrawal_id: String(withdrawalId) } as const;
  return {
    journal: {
      kind: paid ? 'withdrawal_paid' : 'withdrawal_returned',
      ...(paid
        ? journalMemo('withdrawal_paid', { id: withdrawalId })
        : journalMemo('withdrawal_returned', { id: withdrawalId, reason })),
      actor: PAYOUT_ACTOR,
      reference: `withdrawal:${withdrawalId}`,
      postings: (paid ? withdrawalPaidPostings : withdrawalReturnedPostings)(
        userId,
        currency,
        row.amount,
      ),
    },
    journalColumn: 'settle_journal_id',
    inbox: {
      kind: outcome,
      params: { amount: formatScaled(row.amount, scaleOf(currency)), currency, reason },
    },
    record: async (trx) => {
      await deps.emitter?.record(trx, userId, 'fund:updated', event);
      await deps.emitter?.record(trx, userId, 'message:created', event);
    },
  };
}

/** Ends a sending withdrawal once: paid with the bank's reference, or failed with its refusal. */
async function settle(
  deps: PayWithdrawalDeps,
  row: Payable,
  result: { reference: string } | { refused: string },
): Promise<boolean> {
  const userId = Number(row.user_id);
  const paid = 'reference' in result;
  const settled = await writeTransaction(
    deps.db,
    (trx) =>
      advance(
        trx,
        { kind: 'withdrawal', id: row.id, userId },
        'sending',
        paid ? 'paid' : 'failed',
        {
          nowMs: deps.clock.nowMs(),
          set: paid ? { payout_reference: result.reference } : { reason: result.refused },
          ...settlement(
            deps,
            row,
            paid ? 'withdrawal_paid' : 'withdrawal_failed',
            paid ? '' : result.refused,
          ),
        },
      ),
    { lockUser: userId },
  );
  return settled.advanced;
}

/**
 * Pays an approved withdrawal: claims it (approved → sending), sends the transfer under the
 * withdrawal's key, then in one transaction marks it paid with the provider's reference, moves
 * the hold to the bank and tells the user. Run again after a crash anywhere in between, it sends
 * nothing new (the provider answers the key with the first reference) and the conditional update
 * lets only one run post the journal. A transfer the bank refuses (a `Refusal`) ends `failed`:
 * the hold back to cash with a journal and a message, never sent again; the refusal is rethrown
 * so the job fails unretried. A transient error (an outage, a timeout, a key still in flight at
 * the provider) leaves it `sending` and releases the claim for a retried job or the sweep. A run
 * that finds it `sending` under a fresh claim (another process may be waiting on the bank) leaves
 * it alone; a claim older than `PAYOUT_CLAIM_LEASE_MS` (its run crashed) is taken over.
 * Returns the user told, or null when there was nothing to pay.
 */
export async function payWithdrawal(
  deps: PayWithdrawalDeps,
  withdrawalId: number,
): Promise<{ userId: number } | null> {
  let paying = inFlight.get(deps.db);
  if (!paying) inFlight.set(deps.db, (paying = new Set()));
  if (paying.has(withdrawalId)) return null;
  paying.add(withdrawalId);
  try {
    return await sendAndSettle(deps, withdrawalId);
  } finally {
    paying.delete(withdrawalId);
  }
}

/**
 * The withdrawals this process is paying now, per database: a second run in the same process (the
 * sweep beside a job) returns at once. Across processes the claim lease (`claimed_at`) does this.
 */
const inFlight = new WeakMap<Db, Set<number>>();

async function sendAndSettle(
  deps: PayWithdrawalDeps,
  withdrawalId: number,
): Promise<{ userId: number } | null> {
  const row = await payable(deps.db, withdrawalId);
  const claimedAt = row ? await claimForSending(deps, row) : null;
  if (!row || claimedAt === null) return null;
  const currency = row.currency as Currency;
  const transfer = {
    idempotencyKey: payoutKey(withdrawalId),
    currency,
    amount: formatScaled(row.amount, scaleOf(currency)),
    bankName: row.bank_name,
    branchCode: row.branch_code,
    accountType: row.card_type,
    accountNumber: row.account_number,
    holderKana: row.holder_kana,
  };
  // Only a `Refusal` ends the withdrawal; a key still in flight, a timeout or an outage leave it
  // `sending`, its claim released for a retry (the provider's key keeps it one transfer).
  const sent = await sendWithin(deps.transfers, transfer, deps.bankTimeoutMs).catch(
    async (error: unknown) => {
      if (error instanceof Refusal) return { refused: error.msg, refusal: error };
      await releaseClaim(deps.db, row.id, claimedAt);
      throw error;
    },
  );
  const settled = await settle(deps, row, sent);
  if ('refusal' in sent) throw sent.refusal;
  return settled ? { userId: Number(row.user_id) } : null;
}

/** Withdrawals approved or being sent but not yet paid: what a crash, an outage or a lost job left. */
export async function unpaidApprovedWithdrawals(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('withdrawal')
    .select('id')
    .where('status', 'in', PAYABLE_WITHDRAWAL_STATUSES)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}
