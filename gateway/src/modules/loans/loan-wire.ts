import { Refusal, type LoanUpdated, type LoanMessageKind } from '@kabuto/schema/contracts';
import { outstandingOf, type Loan, type WriteTrx } from '@kabuto/schema/db';
import { formatScaled } from '@kabuto/schema/domain';
import type { GatewayDeps } from '../../infra/deps.ts';

/** Yen on the wire: whole yen as a decimal string ("1000000"). */
export const yen = (amount: bigint): string => formatScaled(amount, 0);

/** The largest loan the ledger is asked to carry. */
export const MAX_LOAN_YEN = 1_000_000_000_000n;
/**
 * The largest repayment: any safe integer of yen. A loan of `MAX_LOAN_YEN` owes more once
 * interest accrues, and must stay repayable.
 */
export const MAX_REPAY_YEN = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A positive whole number of yen, as text: digits only (no sign, decimals, exponent or blank),
 * at most `max` (¥1,000,000,000,000 for a loan). Anything else is the spec's `credit_invalid`.
 */
export function parseLoanYen(text: string, max: bigint = MAX_LOAN_YEN): bigint {
  const trimmed = text.trim();
  if (!/^\d{1,16}$/.test(trimmed)) throw new Refusal('credit_invalid');
  const value = BigInt(trimmed);
  if (value <= 0n || value > max) throw new Refusal('credit_invalid');
  return value;
}

/** One loan as the records show it (CONTRACT.md `loan/list`). */
export function loanToWire(loan: Loan) {
  return {
    id: String(loan.id),
    currency: 'JPY' as const,
    amount: yen(loan.amount),
    outstanding: yen(outstandingOf(loan)),
    interest: yen(loan.accruedInterest),
    status: loan.status,
    created_at: loan.createdAtMs,
    decided_at: loan.decidedAtMs,
    repaid_at: loan.repaidAtMs,
  };
}

/**
 * A loan's step, told in its transaction: `loan:updated` (status and what it owes now), an inbox
 * `message:created`, and an asset recompute once it commits (cash and debt moved).
 */
export async function announceLoan(
  deps: Pick<GatewayDeps, 'accountEvents' | 'assetRecompute'>,
  trx: WriteTrx,
  change: { userId: number; reason: LoanUpdated['reason']; loan: Omit<LoanUpdated, 'reason'> },
): Promise<void> {
  const kind = `loan_${change.reason}` as LoanMessageKind;
  await deps.accountEvents.record(trx, change.userId, 'loan:updated', {
    ...change.loan,
    reason: change.reason,
  });
  await deps.accountEvents.record(trx, change.userId, 'message:created', {
    kind,
    loan_id: change.loan.loan_id,
  });
  trx.afterCommit(() => deps.assetRecompute.request(change.userId, kind));
}
