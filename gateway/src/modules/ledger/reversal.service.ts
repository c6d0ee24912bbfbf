import { Refusal } from '@kabuto/schema/contracts';
import { insertInboxMessage, isUniqueViolation, writeTransaction } from '@kabuto/schema/db';
import {
  accountKey,
  formatScaled,
  journalMemo,
  scaleOf,
  type Currency,
  type MemoTemplate,
} from '@kabuto/schema/domain';
import { postJournal } from '@kabuto/schema/modules/ledger';
import {
  claimReversalRequest,
  findReversalRequest,
  insertReversalRequest,
  liveRequestFor,
  loadJournal,
  noteReversalJournal,
  type StoredJournal,
} from '@kabuto/schema/modules/ledger/db/reversals.repository.ts';
import {
  reversalPostings,
  whyNotReversible,
  type ReversalCause,
} from '@kabuto/schema/modules/ledger/domain/reversal.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { audit, staffCreatorOf } from '../admin/public.ts';

/**
 * Corrections with four eyes (issue 21): one administrator asks for a journal to be reversed with
 * a reason; a second approves it, and the reversal journal (the same accounts, each amount negated)
 * is posted in the same transaction as the decision, with an inbox line and a balance event for
 * the user. Nothing sets a balance: the correction is its own visible line.
 */
export async function journalOrRefuse(db: GatewayDeps['db'], id: number): Promise<StoredJournal> {
  const journal = await loadJournal(db, id);
  if (!journal) throw new Refusal('not_found');
  return journal;
}

/** The user's cash the journal moved, as the inbox line names it (its first user leg). */
function userCashMoved(journal: StoredJournal): { amount: string; currency: Currency } {
  const leg = journal.postings.find((p) => p.account.owner === 'user');
  const currency = (leg?.account.currency ?? 'JPY') as Currency;
  return { amount: formatScaled(-(leg?.amountMinor ?? 0n), scaleOf(currency)), currency };
}

/** The user's cash the entry moved, per currency ("-300000 JPY"): what its reversal moves back. */
export function userCashLines(journal: StoredJournal): string {
  return journal.postings
    .filter((p) => p.account.owner === 'user')
    .map((p) => `${formatScaled(p.amountMinor, scaleOf(p.account.currency))} ${p.account.currency}`)
    .join(', ');
}

export function postingRows(journal: StoredJournal) {
  return journal.postings.map((p) => ({
    account: accountKey(p.account),
    currency: p.account.currency,
    amount: formatScaled(p.amountMinor, scaleOf(p.account.currency)),
  }));
}

export async function proposeReversal(
  deps: GatewayDeps,
  admin: AdminCaller,
  input: { journalId: number; reason: string; cause: ReversalCause },
): Promise<number> {
  const journal = await journalOrRefuse(deps.db, input.journalId);
  const why = whyNotReversible(journal);
  if (why !== null || journal.userId === null) throw new Refusal('reversal_not_allowed', { why });
  const userId = journal.userId;
  const nowMs = deps.clock.nowMs();
  return writeTransaction(deps.db, async (trx) => {
    if (await liveRequestFor(trx, journal.id)) throw new Refusal('reversal_exists');
    const id = await insertReversalRequest(trx, {
      journalId: journal.id,
      userId,
      reason: input.reason,
      cause: input.cause,
      adminId: admin.adminId,
      nowMs,
    });
    await audit(trx, {
      adminId: admin.adminId,
      action: 'ledger.reversal.propose',
      subject: `journal:${journal.id}`,
      detail: { request: id, userId, reason: input.reason, cause: input.cause },
      nowMs,
    });
    return id;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new Refusal('reversal_exists');
    throw error;
  });
}

/**
 * Four eyes means two people: the decider is not the one who asked, nor a staff member either of
 * them added from the console (an administrator could otherwise approve through an account of
 * their own making).
 */
async function refuseUnlessSecondPerson(
  db: GatewayDeps['db'],
  proposerId: number,
  deciderId: number,
): Promise<void> {
  const [deciderCreator, proposerCreator] = await Promise.all([
    staffCreatorOf(db, deciderId),
    staffCreatorOf(db, proposerId),
  ]);
  if (proposerId === deciderId || deciderCreator === proposerId || proposerCreator === deciderId) {
    throw new Refusal('second_administrator_required');
  }
}

export async function decideReversal(
  deps: GatewayDeps,
  admin: AdminCaller,
  input: { id: number; decision: 'approve' | 'reject'; reason: string },
): Promise<void> {
  const request = await findReversalRequest(deps.db, input.id);
  if (!request || request.status !== 'pending') throw new Refusal('not_found');
  await refuseUnlessSecondPerson(deps.db, Number(request.proposed_by), admin.adminId);
  const journal = await journalOrRefuse(deps.db, Number(request.journal_id));
  const userId = Number(request.user_id);
  const nowMs = deps.clock.nowMs();
  const approve = input.decision === 'approve';
  await writeTransaction(
    deps.db,
    async (trx) => {
      const claimed = await claimReversalRequest(trx, input.id, {
        status: approve ? 'approved' : 'rejected',
        adminId: admin.adminId,
        reason: input.reason,
        nowMs,
      });
      if (!claimed) throw new Refusal('not_found');
      if (approve) {
        const journalId = await postJournal(
          trx,
          {
            kind: 'reversal',
            // The user's line says the cause in their language, never staff's own words.
            ...journalMemo(`reversal_${request.cause}` as MemoTemplate, { journal: journal.id }),
            actor: { type: 'admin', id: admin.adminId },
            reference: `reversal:${input.id}`,
            postings: reversalPostings(journal.postings),
          },
          nowMs,
        );
        await noteReversalJournal(trx, input.id, journalId);
        await insertInboxMessage(trx, {
          userId,
          kind: 'ledger_correction',
          params: {
            journal: String(journal.id),
            ...userCashMoved(journal),
          },
          nowMs,
        });
        const event = { reason: 'ledger_correction', id: String(input.id) } as const;
        await deps.accountEvents.record(trx, userId, 'fund:updated', event);
        await deps.accountEvents.record(trx, userId, 'message:created', {
          kind: 'ledger_correction',
          id: String(input.id),
        });
        trx.afterCommit(() => deps.assetRecompute.request(userId, 'ledger_correction'));
      }
      await audit(trx, {
        adminId: admin.adminId,
        action: `ledger.reversal.${input.decision}`,
        subject: `journal:${journal.id}`,
        detail: { request: input.id, userId, reason: input.reason },
        nowMs,
      });
    },
    { lockUser: userId },
  );
}
