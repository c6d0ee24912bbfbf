import { ledgerWiring } from '@kabuto/schema/modules/ledger/wiring.ts';
import { liveRequestFor } from '@kabuto/schema/modules/ledger/db/reversals.repository.ts';
import { listReversalRequests } from '@kabuto/schema/modules/ledger/db/reversals.repository.ts';
import {
  whyNotReversible,
  type ReversalCause,
} from '@kabuto/schema/modules/ledger/domain/reversal.ts';
import { reconcile } from '@kabuto/schema/db';
import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { findUserById } from '../auth/public.ts';
import { audit } from '../admin/public.ts';
import {
  decideReversal,
  journalOrRefuse,
  postingRows,
  proposeReversal,
  userCashLines,
} from './reversal.service.ts';

const calls = ledgerWiring.adminCalls;
const text = (value: bigint | number | null) => (value === null ? null : String(value));

export const journalCall = defineAdminCall({
  ...contractOf(calls, 'ledger/journal'),
  power: 'ledger',
  summary: 'One journal with its postings, and whether it may be corrected here',
  async handle({ input, deps }) {
    const journal = await journalOrRefuse(deps.db, Number(input.id));
    const user = journal.userId === null ? null : await findUserById(deps.db, journal.userId);
    const live = await liveRequestFor(deps.db, journal.id);
    return {
      msg: 'ok',
      data: {
        id: String(journal.id),
        kind: journal.kind,
        memo: journal.memo,
        memo_params: journal.memoParams ? { ...journal.memoParams } : null,
        account: user?.account ?? null,
        created_at: journal.createdAt,
        postings: postingRows(journal),
        not_reversible: whyNotReversible(journal),
        reversal: live ? { id: String(live.id), status: live.status } : null,
      },
    };
  },
});

export const reversalListCall = defineAdminCall({
  ...contractOf(calls, 'ledger/reversal/list'),
  power: 'ledger',
  summary: 'Corrections asked for, by status (pending first for the second administrator)',
  async handle({ input, deps }) {
    const rows = await listReversalRequests(deps.db, input.status === 'all' ? null : input.status);
    const data = [];
    for (const row of rows) {
      const journal = await journalOrRefuse(deps.db, Number(row.journal_id));
      data.push({
        ...row,
        cause: row.cause as ReversalCause,
        moved: userCashLines(journal),
        id: String(row.id),
        journal_id: String(row.journal_id),
        proposed_at: Number(row.proposed_at),
        decided_at: row.decided_at === null ? null : Number(row.decided_at),
        reversal_journal_id: text(row.reversal_journal_id),
      });
    }
    return { msg: 'ok', data };
  },
});

export const reversalProposeCall = defineAdminCall({
  ...contractOf(calls, 'ledger/reversal/propose'),
  power: 'ledger',
  summary: 'Asks for a journal to be reversed, with a reason (a second administrator decides)',
  async handle({ input, admin, deps }) {
    const id = await proposeReversal(deps, admin, {
      journalId: Number(input.journal_id),
      reason: input.reason,
      cause: input.cause,
    });
    return { msg: 'submit_ok', data: { id: String(id) } };
  },
});

export const reversalDecideCall = defineAdminCall({
  ...contractOf(calls, 'ledger/reversal/decide'),
  power: 'ledger',
  summary: 'A second administrator approves (the reversal journal is posted) or rejects',
  async handle({ input, admin, deps }) {
    await decideReversal(deps, admin, { ...input, id: Number(input.id) });
    return { msg: 'submit_ok' };
  },
});

export const reconcileCall = defineAdminCall({
  ...contractOf(calls, 'ledger/reconcile'),
  power: 'ledger',
  summary: 'Runs the ledger invariants now (DESIGN.md section 3) and answers every breach',
  async handle({ admin, deps }) {
    const report = await reconcile(deps.db);
    const nowMs = deps.clock.nowMs();
    await audit(deps.db, {
      adminId: admin.adminId,
      action: 'ledger.reconcile',
      subject: 'ledger',
      detail: { journals: report.journals, breaches: report.breaches.length },
      nowMs,
    });
    return { msg: 'ok', data: { ...report, breaches: [...report.breaches], checked_at: nowMs } };
  },
});

export const LEDGER_ADMIN_CALLS: readonly CallDefinition[] = [
  journalCall,
  reversalListCall,
  reversalProposeCall,
  reversalDecideCall,
  reconcileCall,
];
