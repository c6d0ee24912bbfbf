import {
  adminLoanCreditRequest,
  adminLoanCreditResponse,
  adminLoanListRequest,
  adminLoanListResponse,
} from '@kabuto/schema/contracts';
import { loansForReview } from '@kabuto/schema/db';
import { defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { defineDecisionCall } from '../admin/public.ts';
import { decideLoan, setCredit } from './loan-review.service.ts';
import { loanToWire } from './loan-wire.ts';

export const adminLoanCreditCall = defineAdminCall({
  path: 'loan/credit',
  summary: 'Sets a user’s loan credit score and limit (yen); audited',
  input: adminLoanCreditRequest,
  output: adminLoanCreditResponse,
  async handle({ input, admin, deps }) {
    return { msg: 'modify_ok', data: await setCredit(deps, admin, input) };
  },
});

export const adminLoanListCall = defineAdminCall({
  path: 'loan/list',
  summary: 'Loans by status for review (under_review by default), with the account',
  input: adminLoanListRequest,
  output: adminLoanListResponse,
  async handle({ input, deps }) {
    const rows = await loansForReview(deps.db, input.status === 'all' ? null : [input.status]);
    return {
      msg: 'ok',
      data: rows.map((loan) => ({
        ...loanToWire(loan),
        user_id: String(loan.userId),
        account: loan.account,
        reason: loan.reason,
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
