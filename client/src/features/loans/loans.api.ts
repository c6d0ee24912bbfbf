import type { CallAnswer } from '@kabuto/schema/contracts';
import { callApi, newRequestId } from '../../lib/api-client.ts';

/** The loan screen's figures (`loan/info`): yen, the rate in percent, the current loan. */
export type LoanInfo = CallAnswer<'loan/info'>;
/** One loan as the records show it (`loan/list`). */
export type LoanRecord = CallAnswer<'loan/list'>[number];

/** A refused call's msg key, or null when it succeeded. */
export type Refusal = string | null;

export const loansApi = {
  async info(): Promise<LoanInfo | null> {
    const response = await callApi('loan/info', { type: 'jpy' }, { quiet: true });
    return response.status === 1 ? response.data : null;
  },
  async list(): Promise<LoanRecord[] | null> {
    const response = await callApi('loan/list', {}, { quiet: true });
    return response.status === 1 ? response.data : null;
  },
  /** Applies for `amount` yen; the screen keeps a refusal on show in words. */
  async apply(amount: string): Promise<{ msg: string; refusal: Refusal }> {
    const response = await callApi(
      'loan/apply',
      { amount, request_id: newRequestId() },
      { quiet: true },
    );
    return { msg: response.msg, refusal: response.status === 1 ? null : response.msg };
  },
  /** Repays the whole outstanding of a passed loan. */
  async repay(loanId: string, amount: string): Promise<{ msg: string; refusal: Refusal }> {
    const response = await callApi(
      'loan/repay',
      { loan_id: loanId, amount, request_id: newRequestId() },
      { quiet: true },
    );
    return { msg: response.msg, refusal: response.status === 1 ? null : response.msg };
  },
};
