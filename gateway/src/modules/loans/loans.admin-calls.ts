import { latestQuotes, loanStanding } from './loan-limit.service.ts';
import { loansForReview } from '@kabuto/schema/db';
import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { loansWiring } from '@kabuto/schema/modules/loans/wiring.ts';
import { defineDecisionCall } from '../admin/public.ts';
import { decideLoan, setCredit } from './loan-review.service.ts';
import { loanToWire } from './loan-wire.ts';

export const adminLoanCreditCall = defineAdminCall({
  power: 'users',
  ...contractOf(loansWiring.adminCalls, 'loan/credit'),
  summary: 'Sets a user’s loan credit score and limit (yen); audited',
  async handle({ input, admin, deps }) {
    return { msg: 'modify_ok', data: await setCredit(deps, admin, input) };
  },
});

export const adminLoanListCall = defineAdminCall({
  power: 'see',
  ...contractOf(loansWiring.adminCalls, 'loan/list'),
  summary: 'Loans by status for review (under_review by default), with the account',
  async handle({ input, deps }) {
    const rows = await loansForReview(deps.db, input.status === 'all' ? null : [input.status]);
    const latest = await latestQuotes(deps);
    const standings = await Promise.all(
      rows.map((loan) => loanStanding(deps.db, Number(loan.userId), latest)),
    );
    return {
      msg: 'ok',
      data: rows.map((loan, i) => ({
        ...loanToWire(loan),
        user_id: String(loan.userId),
        account: loan.account,
        reason: loan.reason,
        credit_score: standings[i]?.creditScore ?? 0,
        limit: String(standings[i]?.limit ?? 0n),
        collateral: String(standings[i]?.equityExcludingDebt ?? 0n),
        available: String(standings[i]?.available ?? 0n),
      })),
    };
  },
});

export const adminLoanDecideCall = defineDecisionCall({
  subject: 'loan',
  summary:
    'Passes (disburses: loan account −amount, cash +amount, after rechecking the limit) or rejects a loan under review; audited',
  decide: decideLoan,
});

export const LOAN_ADMIN_CALLS: readonly CallDefinition[] = [
  adminLoanCreditCall,
  adminLoanListCall,
  adminLoanDecideCall,
];
