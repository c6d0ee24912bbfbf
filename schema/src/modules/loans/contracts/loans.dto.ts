import { z } from 'zod';
import { decimalString } from '../../../contracts/http/answers.ts';
import {
  displayCurrencyField,
  requestIdField,
  wholeNumberField,
} from '../../../contracts/http/fields.ts';

/**
 * Loans (CONTRACT.md section 6), in yen. `amount` is read as text and checked by the service: a
 * positive whole number of yen, else `credit_invalid` (the spec's key), never `invalid_param`.
 */
const idField = wholeNumberField(1);
const yenText = z.union([z.string().max(40), z.number()]).transform(String);

export const LOAN_STATUSES = ['under_review', 'passed', 'rejected', 'repaid'] as const;
const loanStatus = z.enum(LOAN_STATUSES);

export const loanInfoRequest = z.strictObject({ type: displayCurrencyField });
export const loanApplyRequest = z.strictObject({ amount: yenText, request_id: requestIdField });
export const loanRepayRequest = z.strictObject({
  loan_id: idField,
  amount: yenText,
  request_id: requestIdField,
});
export const loanListRequest = z.strictObject({});

/** One loan as the records show it; money in yen (decimal strings), times epoch ms. */
export const loanRecord = z.object({
  id: z.string(),
  currency: z.literal('JPY'),
  amount: decimalString,
  /** Principal + accrued interest still owed (0 unless passed). */
  outstanding: decimalString,
  /** Interest accrued so far (kept after repayment: what the loan cost). */
  interest: decimalString,
  status: loanStatus,
  created_at: z.number(),
  decided_at: z.number().nullable(),
  repaid_at: z.number().nullable(),
});
export const loanListResponse = z.array(loanRecord);

/**
 * The loan screen: the back office's score and limit, what is borrowed (outstanding), what may
 * still be borrowed (`available`, the collateral cap applied), the yearly rate in percent, and the
 * status of the current loan (null when there is none).
 */
export const loanInfoResponse = z.object({
  currency: z.literal('JPY'),
  credit_score: z.number(),
  limit: decimalString,
  borrowed: decimalString,
  available: decimalString,
  /** Percent a year ("3.9"), day count `day_count` (365: ACT/365 fixed). */
  rate: z.string(),
  day_count: z.number(),
  /** Percent of the equity excluding debt that may be borrowed (50). */
  ltv: z.number(),
  status: loanStatus.nullable(),
  loan: loanRecord.nullable(),
});
export const loanAppliedResponse = z.object({ loan_id: z.string(), status: loanStatus });
export const loanStatusResponse = z.object({ status: loanStatus });

/** Back office: a user's score and limit (by account login). */
export const adminLoanCreditRequest = z.strictObject({
  account: z.string().trim().min(1).max(254),
  credit_score: wholeNumberField(0, 1000),
  limit: wholeNumberField(0, 1_000_000_000_000),
});
export const adminLoanCreditResponse = z.object({
  user_id: z.string(),
  credit_score: z.number(),
  limit: decimalString,
});
export const adminLoanListRequest = z.strictObject({
  status: z.enum([...LOAN_STATUSES, 'all']).default('under_review'),
});
export const adminLoanListResponse = z.array(
  loanRecord.extend({
    user_id: z.string(),
    account: z.string(),
    reason: z.string().nullable(),
    /** What a reviewer decides on, now: score, limit, collateral (yen at the feed's prices), what may still be lent. */
    credit_score: z.number(),
    limit: decimalString,
    collateral: decimalString,
    available: decimalString,
  }),
);

/** `loan:updated`: the loan's id, status and what it owes now (yen, decimal string). */
export interface LoanUpdated {
  loan_id: string;
  status: (typeof LOAN_STATUSES)[number];
  outstanding: string;
  reason: 'applied' | 'passed' | 'rejected' | 'repaid' | 'margin_call';
}
