import type { CallContract } from '../../contracts/http/answers.ts';
import {
  assetsRequest,
  assetsResponse,
  paperFundRequest,
  paperGrantResponse,
} from '../../contracts/http/user.dto.ts';
import { emptyRequest } from '../../contracts/http/funds.dto.ts';
import { noData } from '../../contracts/http/answers.ts';
import { defineWiring } from '../define-wiring.ts';
import {
  journalRequest,
  journalResponse,
  reconcileResponse,
  reversalDecideRequest,
  reversalListRequest,
  reversalListResponse,
  reversalProposeRequest,
  reversalProposeResponse,
} from './contracts.ts';
import * as reversalRequests from './db/migrations/2026_11_27_150000_reversal_requests.ts';
import * as reversalCause from './db/migrations/2026_11_27_160000_reversal_cause.ts';
import * as postingBalanceAfter from './db/migrations/2026_11_27_180000_posting_balance_after.ts';
import * as createLedger from '../../db/migrations/2026_11_21_090100_create_ledger.ts';
import * as sequenceJournalsAfterCommit from '../../db/migrations/2026_11_22_110000_sequence_journals_after_commit.ts';
import * as journalMemoParams from '../../db/migrations/2026_11_22_120000_journal_memo_params.ts';
import * as accountEventOutbox from '../../db/migrations/2026_11_23_100000_account_event_outbox.ts';

/** The ledger module's calls, back-office calls and migrations (kernel). */
export const ledgerWiring = defineWiring({
  name: 'ledger',
  calls: {
    'user/assets': { input: assetsRequest, output: assetsResponse },
    'user/paperfund': { input: paperFundRequest, output: paperGrantResponse },
  } satisfies Record<string, CallContract>,
  adminCalls: {
    'ledger/journal': { input: journalRequest, output: journalResponse },
    'ledger/reversal/list': { input: reversalListRequest, output: reversalListResponse },
    'ledger/reversal/propose': { input: reversalProposeRequest, output: reversalProposeResponse },
    'ledger/reversal/decide': { input: reversalDecideRequest, output: noData },
    'ledger/reconcile': { input: emptyRequest, output: reconcileResponse },
  } satisfies Record<string, CallContract>,
  migrations: {
    '2026_11_21_090100_create_ledger': createLedger,
    '2026_11_22_110000_sequence_journals_after_commit': sequenceJournalsAfterCommit,
    '2026_11_22_120000_journal_memo_params': journalMemoParams,
    '2026_11_23_100000_account_event_outbox': accountEventOutbox,
    '2026_11_27_150000_reversal_requests': reversalRequests,
    '2026_11_27_160000_reversal_cause': reversalCause,
    '2026_11_27_180000_posting_balance_after': postingBalanceAfter,
  },
});
