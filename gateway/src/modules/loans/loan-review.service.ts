import { Refusal } from '@kabuto/schema/contracts';
import {
  advance,
  findLoan,
  setLoanCredit,
  writeTransaction,
  type AdvanceEffects,
  type Loan,
  type WriteTrx,
} from '@kabuto/schema/db';
import { loanDisbursementPostings } from '@kabuto/schema/loans';
import { journalMemo } from '@kabuto/schema/modules/ledger';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { audit } from '../admin/public.ts';
import { actor, type Decision } from '../admin/public.ts';
import { findUserByAccount } from '../auth/public.ts';
import { latestQuotes, loanStanding, type LatestQuoteHash } from './loan-limit.service.ts';
import { announceLoan, yen } from './loan-wire.ts';

/** Passing writes the disbursement beside the status: the debt and the cash, one journal. */
async function passEffects(
  trx: WriteTrx,
  loan: Loan,
  admin: AdminCaller,
  latest: LatestQuoteHash,
): Promise<Partial<AdvanceEffects>> {
  // The collateral may have fallen since the application: the limit is checked again now.
  const standing = await loanStanding(trx, loan.userId, latest);
  if (loan.amount > standing.available) throw new Refusal('loan_limit_insufficient');
  return {
    set: { principal: loan.amount },
    journal: {
      kind: 'loan_disbursed',
      ...journalMemo('loan_disbursed', { id: loan.id }),
      actor: actor(admin),
      reference: `loan:${loan.id}`,
      postings: loanDisbursementPostings(loan.userId, loan.amount),
    },
    journalColumn: 'disburse_journal_id',
    inbox: { kind: 'loan_passed', params: { id: String(loan.id), amount: yen(loan.amount) } },
  };
}

/**
 * `loan/decide`: the back office passes (disburses: loan account −amount, cash +amount, in the
 * decision's transaction, after checking the limit again at today's prices) or rejects (nothing
 * moves) a loan under review; audited; the user gets `loan:updated` and an inbox message. A
 * second decision finds it no longer under review: `not_found`.
 */
export async function decideLoan(
  deps: GatewayDeps,
  admin: AdminCaller,
  decision: Decision,
): Promise<{ userId: number }> {
  const found = await findLoan(deps.db, decision.id);
  if (!found) throw new Refusal('not_found');
  const userId = found.userId;
  const passed = decision.decision === 'approve';
  const latest = passed ? await latestQuotes(deps) : {};
  const nowMs = deps.clock.nowMs();
  return writeTransaction(
    deps.db,
    async (trx) => {
      const loan = await findLoan(trx, decision.id);
      if (!loan || loan.status !== 'under_review') throw new Refusal('not_found');
      const reason = passed ? null : (decision.reason ?? null);
      const effects: Partial<AdvanceEffects> = passed
        ? await passEffects(trx, loan, admin, latest)
        : {
            inbox: { kind: 'loan_rejected', params: { id: String(loan.id), reason: reason ?? '' } },
          };
      const to = passed ? 'passed' : 'rejected';
      const decided = await advance(
        trx,
        { kind: 'loan', id: loan.id, userId },
        'under_review',
        to,
        {
          ...effects,
          nowMs,
          set: { ...effects.set, decided_at: nowMs, decided_by: BigInt(admin.adminId), reason },
          audit: {
            adminId: admin.adminId,
            action: `loan.${decision.decision}`,
            detail: { userId, amount: yen(loan.amount), reason },
          },
        },
      );
      if (!decided.advanced) throw new Refusal('not_found');
      const outstanding = passed ? yen(loan.amount) : '0';
      await announceLoan(deps, trx, {
        userId,
        reason: to,
        loan: { loan_id: String(loan.id), status: to, outstanding },
      });
      return { userId };
    },
    { lockUser: userId },
  );
}

/** `loan/credit`: sets a user's score and limit (by account); audited. */
export async function setCredit(
  deps: GatewayDeps,
  admin: AdminCaller,
  input: { account: string; credit_score: number; limit: number },
) {
  const user = await findUserByAccount(deps.db, input.account);
  if (!user) throw new Refusal('account_not_found');
  const nowMs = deps.clock.nowMs();
  const limit = BigInt(input.limit);
  await writeTransaction(deps.db, async (trx) => {
    await setLoanCredit(trx, {
      userId: user.id,
      creditScore: input.credit_score,
      limit,
      adminId: admin.adminId,
      nowMs,
    });
    await audit(trx, {
      adminId: admin.adminId,
      action: 'loan.credit',
      subject: `user:${user.id}`,
      detail: { creditScore: input.credit_score, limit: yen(limit) },
      nowMs,
    });
  });
  return { user_id: String(user.id), credit_score: input.credit_score, limit: yen(limit) };
}
