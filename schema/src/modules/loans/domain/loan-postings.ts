import { platformAccount, transfer, userAccount, type Posting } from '../../ledger/public.pure.ts';
import { LOAN_CURRENCY } from './loan-terms.ts';

/** Disbursement (`loan_disbursed`): the debt is the loan account going negative, the cash is the user's. */
export function loanDisbursementPostings(userId: number, amountYen: bigint): Posting[] {
  return transfer({
    from: userAccount(userId, 'loan', LOAN_CURRENCY),
    to: userAccount(userId, 'cash', LOAN_CURRENCY),
    amountMinor: amountYen,
  });
}

/** A day's interest (`loan_interest`): more debt on the loan account, the platform's interest income. */
export function loanInterestPostings(userId: number, interestYen: bigint): Posting[] {
  return transfer({
    from: userAccount(userId, 'loan', LOAN_CURRENCY),
    to: platformAccount('platform:interest', LOAN_CURRENCY),
    amountMinor: interestYen,
  });
}

/** Repayment (`loan_repaid`): cash pays the whole outstanding back to the loan account (to zero). */
export function loanRepaymentPostings(userId: number, outstandingYen: bigint): Posting[] {
  return transfer({
    from: userAccount(userId, 'cash', LOAN_CURRENCY),
    to: userAccount(userId, 'loan', LOAN_CURRENCY),
    amountMinor: outstandingYen,
  });
}
