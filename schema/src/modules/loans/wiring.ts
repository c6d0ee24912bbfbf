import type { CallContract } from '../../contracts/http/answers.ts';
import { noData } from '../../contracts/http/answers.ts';
import { adminDecideRequest } from '../funds/public.ts';
import {
  adminLoanCreditRequest,
  adminLoanCreditResponse,
  adminLoanListRequest,
  adminLoanListResponse,
  loanAppliedResponse,
  loanApplyRequest,
  loanInfoRequest,
  loanInfoResponse,
  loanListRequest,
  loanListResponse,
  loanRepayRequest,
  loanStatusResponse,
} from './contracts/loans.dto.ts';
import * as loans from './db/migrations/2026_11_23_180000_loans.ts';
import { loanDebts } from './db/reconcile.ts';
import { defineWiring } from '../define-wiring.ts';

export const loansWiring = defineWiring({
  name: 'loans',
  calls: {
    'loan/info': { input: loanInfoRequest, output: loanInfoResponse },
    'loan/apply': { input: loanApplyRequest, output: loanAppliedResponse },
    'loan/repay': { input: loanRepayRequest, output: loanStatusResponse },
    'loan/list': { input: loanListRequest, output: loanListResponse },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'loan/credit': { input: adminLoanCreditRequest, output: adminLoanCreditResponse },
    'loan/list': { input: adminLoanListRequest, output: adminLoanListResponse },
    'loan/decide': { input: adminDecideRequest, output: noData },
  } satisfies Record<string, CallContract>,
  migrations: { '2026_11_23_180000_loans': loans },
  reconcile: [loanDebts],
});
