import { contractOf, defineUserCall, type CallDefinition } from '../../http/call.ts';
import { loansWiring } from '@kabuto/schema/modules/loans/wiring.ts';
import { applyForLoan } from './apply.service.ts';
import { loanInfo, loanList } from './loan-query.service.ts';
import { repayLoan } from './repay.service.ts';

export const loanInfoCall = defineUserCall({
  ...contractOf(loansWiring.calls, 'loan/info'),
  summary:
    'The caller’s loan standing in yen: credit score, back-office limit, borrowed (outstanding), available (min(limit, 50% of equity excluding debt) − outstanding; 0 while a loan is under review or passed: one loan at a time), rate, current loan',
  async handle({ caller, deps }) {
    return { msg: 'ok', data: await loanInfo(deps, caller.userId) };
  },
});

export const loanApplyCall = defineUserCall({
  ...contractOf(loansWiring.calls, 'loan/apply'),
  summary:
    'Applies for a yen loan (a positive whole number, credit_invalid otherwise) within the available limit; one open loan at a time (loan_unpaid); reviewed by the back office',
  async handle({ input, caller, deps }) {
    const applied = await applyForLoan(deps, caller.userId, input);
    return { msg: 'loan_ok', data: applied.result };
  },
});

export const loanRepayCall = defineUserCall({
  ...contractOf(loansWiring.calls, 'loan/repay'),
  summary:
    'Repays a passed loan in full (principal + accrued interest) from yen cash (journal loan_repaid); less is repayment_too_small',
  async handle({ input, caller, deps }) {
    const repaid = await repayLoan(deps, caller.userId, input);
    return { msg: 'ok', data: repaid.result };
  },
});

export const loanListCall = defineUserCall({
  ...contractOf(loansWiring.calls, 'loan/list'),
  summary: 'The caller’s loans with their states (under review, passed, rejected, repaid)',
  async handle({ caller, deps }) {
    return { msg: 'ok', data: await loanList(deps, caller.userId) };
  },
});

export const LOAN_CALLS: readonly CallDefinition[] = [
  loanInfoCall,
  loanApplyCall,
  loanRepayCall,
  loanListCall,
];
