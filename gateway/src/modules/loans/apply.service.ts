import { Refusal } from '@kabuto/schema/contracts';
import {
  hashRequest,
  insertInboxMessage,
  insertLoan,
  openLoanOf,
  runIdempotent,
  writeTransaction,
  type WriteTrx,
} from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import { requireVerified } from '../funds/public.ts';
import { latestQuotes, loanStanding, type LatestQuoteHash } from './loan-limit.service.ts';
import { announceLoan, parseLoanYen, yen } from './loan-wire.ts';

async function applyLocked(
  deps: GatewayDeps,
  trx: WriteTrx,
  application: { userId: number; amount: bigint; requestId: string; nowMs: number },
  latest: LatestQuoteHash,
): Promise<{ loan_id: string; status: 'under_review' }> {
  const { userId, amount, nowMs } = application;
  if (await openLoanOf(trx, userId)) throw new Refusal('loan_unpaid');
  const standing = await loanStanding(trx, userId, latest);
  if (amount > standing.available) throw new Refusal('loan_limit_insufficient');
  const loanId = await insertLoan(trx, application);
  await insertInboxMessage(trx, {
    userId,
    kind: 'loan_applied',
    params: { id: String(loanId), amount: yen(amount) },
    nowMs,
  });
  await announceLoan(deps, trx, {
    userId,
    reason: 'applied',
    loan: { loan_id: String(loanId), status: 'under_review', outstanding: '0' },
  });
  return { loan_id: String(loanId), status: 'under_review' };
}

/**
 * `loan/apply`: a whole positive number of yen (`credit_invalid` otherwise), from a verified user
 * in live mode, under the user lock: `loan_unpaid` while another loan is under review or passed,
 * `loan_limit_insufficient` above the available limit (the collateral cap applied at the feed's
 * prices). Writes the application (under review, nothing moves yet), its inbox message and
 * `loan:updated`. Fifty parallel applications make one loan at most.
 */
export async function applyForLoan(
  deps: GatewayDeps,
  userId: number,
  input: { amount: string; request_id: string },
) {
  const amount = parseLoanYen(input.amount);
  if (deps.config.mode === 'live') await requireVerified(deps.db, userId);
  const latest = await latestQuotes(deps);
  const nowMs = deps.clock.nowMs();
  const requestHash = hashRequest({ call: 'loan/apply', amount });
  return writeTransaction(
    deps.db,
    (trx) =>
      runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, () =>
        applyLocked(deps, trx, { userId, amount, requestId: input.request_id, nowMs }, latest),
      ),
    { lockUser: userId },
  );
}
