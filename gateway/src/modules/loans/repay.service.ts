import { Refusal } from '@kabuto/schema/contracts';
import {
  accrueEndedDays,
  advance,
  findOwnLoan,
  loadLoanTerms,
  hashRequest,
  outstandingOf,
  runIdempotent,
  writeTransaction,
  type WriteTrx,
} from '@kabuto/schema/db';
import { loanRepaymentPostings } from '@kabuto/schema/loans';
import { journalMemo } from '@kabuto/schema/modules/ledger';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceLoan, MAX_REPAY_YEN, parseLoanYen, yen } from './loan-wire.ts';

async function repayLocked(
  deps: GatewayDeps,
  trx: WriteTrx,
  repayment: { userId: number; loanId: number; amount: bigint; nowMs: number },
): Promise<{ status: 'repaid' }> {
  const { userId, loanId, nowMs } = repayment;
  const found = await findOwnLoan(trx, userId, loanId);
  if (!found) throw new Refusal('not_found');
  if (found.status !== 'passed') throw new Refusal('loan_not_repayable');
  // Days the daily job has not charged yet (it runs after midnight) are charged first.
  await accrueEndedDays(trx, found, await loadLoanTerms(trx), nowMs);
  const loan = (await findOwnLoan(trx, userId, loanId)) ?? found;
  const outstanding = outstandingOf(loan);
  if (repayment.amount < outstanding) throw new Refusal('repayment_too_small');
  const repaid = await advance(trx, { kind: 'loan', id: loanId, userId }, 'passed', 'repaid', {
    nowMs,
    set: { repaid_at: nowMs, principal: 0n },
    journal: {
      kind: 'loan_repaid',
      ...journalMemo('loan_repaid', { id: loanId }),
      actor: { type: 'user', id: userId },
      reference: `loan:${loanId}`,
      postings: loanRepaymentPostings(userId, outstanding),
    },
    journalColumn: 'repay_journal_id',
    inbox: { kind: 'loan_repaid', params: { id: String(loanId), amount: yen(outstanding) } },
  });
  if (!repaid.advanced) throw new Refusal('loan_not_repayable');
  await announceLoan(deps, trx, {
    userId,
    reason: 'repaid',
    loan: { loan_id: String(loanId), status: 'repaid', outstanding: '0' },
  });
  return { status: 'repaid' };
}

/**
 * `loan/repay`: the whole outstanding (principal + accrued interest) from yen cash in one
 * `loan_repaid` journal (cash → loan account, back to zero), under the user lock. Less than the
 * outstanding is `repayment_too_small`; short of cash `balance_insufficient`; a loan not passed
 * `loan_not_repayable`; anyone else's `not_found`. Paying more than owed takes only what is owed.
 * Interest of ended days the daily job has not posted yet is posted first (`accrueEndedDays`).
 */
export async function repayLoan(
  deps: GatewayDeps,
  userId: number,
  input: { loan_id: number; amount: string; request_id: string },
) {
  const amount = parseLoanYen(input.amount, MAX_REPAY_YEN);
  const nowMs = deps.clock.nowMs();
  const requestHash = hashRequest({ call: 'loan/repay', loan_id: input.loan_id, amount });
  return writeTransaction(
    deps.db,
    (trx) =>
      runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, () =>
        repayLocked(deps, trx, { userId, loanId: input.loan_id, amount, nowMs }),
      ),
    { lockUser: userId },
  );
}
