import { redisKeys, Refusal, type WithdrawalRequested } from '@kabuto/schema/contracts';
import {
  earlierAnswer,
  hashRequest,
  postJournal,
  runIdempotent,
  writeTransaction,
  isUniqueViolation,
  type Db,
} from '@kabuto/schema/db';
import {
  formatScaled,
  journalMemo,
  scaleOf,
  type Currency,
  type WithdrawalStatus,
} from '@kabuto/schema/domain';
import {
  maskAccountNumber,
  sameKanaName,
  WITHDRAWAL_MIN_JPY,
  withdrawalHoldPostings,
  withdrawalWindowOpen,
} from '@kabuto/schema/funds';
import type { GatewayDeps } from '../../infra/deps.ts';
import { oneRunPerRequest } from '../../infra/request-in-flight.ts';
import { announceInTransaction } from '../common/public.ts';
import { findUserById } from '../auth/public.ts';
import { findOwnCard } from '../bank/public.ts';
import { configValue } from '../common/public.ts';
import { verifyTotp } from '../security/public.ts';
import { checkFundPassword } from '../security/public.ts';
import { parsePositiveAmount, requireVerified } from './fund-checks.ts';
import { hasOpenPositionOrOrder } from '../trading/public.ts';
import { hasOpenWithdrawal, insertWithdrawal, withdrawalsOf } from './withdrawals.repository.ts';
import { latestQuotesIfBorrowing, refuseUnlessLoanStaysCovered } from '../loans/public.ts';

/** Withdrawals pay out to Japanese bank accounts, in yen. */
const WITHDRAWAL_CURRENCY: Currency = 'JPY';

export interface WithdrawInput {
  readonly card_id: number;
  readonly amount: string;
  readonly fund_password: string;
  readonly otp?: string | undefined;
  readonly request_id: string;
}

/**
 * The account rules of a withdrawal: no open position (unless the operator allows it) and no other
 * withdrawal open (pending, approved or sending). Checked early (before the fund password), and again inside the transaction
 * under the user lock, which is what counts: an order opening a position or a second withdrawal
 * racing this one is serialised by the same lock, and `withdrawal_one_pending` backs it up.
 */
async function refuseUnlessAccountFree(db: Db, userId: number): Promise<void> {
  if (
    (await configValue(db, 'withdraw_block_with_positions')) !== '0' &&
    (await hasOpenPositionOrOrder(db, userId))
  ) {
    throw new Refusal('positions_open');
  }
  if (await hasOpenWithdrawal(db, userId)) throw new Refusal('fund_operation_busy');
}

/** The published rules, in the order a user can act on them (DESIGN.md section 6). */
async function checkRules(
  deps: GatewayDeps,
  userId: number,
  input: WithdrawInput,
): Promise<{
  amount: bigint;
  card: { bank_name: string; account_number: string };
  fundPasswordHash: string;
}> {
  const { nameKana } = await requireVerified(deps.db, userId);
  const user = await findUserById(deps.db, userId);
  if (!user?.fundPasswordHash) throw new Refusal('fund_password_not_set');
  if (deps.config.clock === 'exchange' && !withdrawalWindowOpen(deps.clock.nowMs())) {
    throw new Refusal('withdraw_hours');
  }
  const card = await findOwnCard(deps.db, userId, input.card_id);
  if (!sameKanaName(card.holder_kana, nameKana)) throw new Refusal('card_name_mismatch');
  const amount = parsePositiveAmount(input.amount, WITHDRAWAL_CURRENCY);
  const minimum = BigInt((await configValue(deps.db, 'withdraw_min')) ?? WITHDRAWAL_MIN_JPY);
  if (amount < minimum) throw new Refusal('withdraw_min', { min: String(minimum) });
  await refuseUnlessAccountFree(deps.db, userId);
  await checkFundPassword(deps, userId, user.fundPasswordHash, input.fund_password);
  await verifyTotp(deps, userId, input.otp);
  return { amount, card, fundPasswordHash: user.fundPasswordHash };
}

/**
 * `fund/withdraw`: after every rule passes, moves the amount from cash to `hold:withdrawal` in one
 * transaction with the request; a reviewer then pays it (hold → bank) or returns it (hold → cash).
 * No fee and no code are ever asked for to release funds.
 */
export async function requestWithdrawal(deps: GatewayDeps, userId: number, input: WithdrawInput) {
  const requestHash = hashRequest({
    call: 'fund/withdraw',
    card: input.card_id,
    amount: input.amount,
  });
  const stored = () =>
    earlierAnswer<WithdrawalRequested>(deps.db, {
      userId,
      requestId: input.request_id,
      requestHash,
    });
  return oneRunPerRequest(
    deps.redis,
    redisKeys(deps.config.redisPrefix).requestInFlight(userId, input.request_id),
    () => holdWithdrawal(deps, userId, input, requestHash),
    stored,
  );
}

/** The checks, then the hold and the request in one transaction (a replay answers the first). */
async function holdWithdrawal(
  deps: GatewayDeps,
  userId: number,
  input: WithdrawInput,
  requestHash: string,
): Promise<{ result: WithdrawalRequested; replayed: boolean }> {
  const { amount, card, fundPasswordHash } = await checkRules(deps, userId, input);
  const latest = await latestQuotesIfBorrowing(deps, userId);
  const nowMs = deps.clock.nowMs();
  const holding = writeTransaction(
    deps.db,
    async (trx) => {
      return runIdempotent(
        trx,
        { userId, requestId: input.request_id, requestHash, nowMs },
        async () => {
          await refuseUnlessAccountFree(trx, userId);
          // A fund password reset that committed since the check makes the one given a wrong one.
          const now = await findUserById(trx, userId);
          if (now?.fundPasswordHash !== fundPasswordHash) throw new Refusal('wrong_fund_password');
          await refuseUnlessLoanStaysCovered(trx, userId, { amountYen: amount, latest });
          const holdJournal = await postJournal(
            trx,
            {
              kind: 'withdrawal_hold',
              ...journalMemo('withdrawal_hold', {
                bank: card.bank_name,
                account: maskAccountNumber(card.account_number),
              }),
              actor: { type: 'user', id: userId },
              reference: `card:${input.card_id}`,
              postings: withdrawalHoldPostings(userId, WITHDRAWAL_CURRENCY, amount),
            },
            nowMs,
          );
          const withdrawalId = await insertWithdrawal(trx, {
            userId,
            cardId: input.card_id,
            currency: WITHDRAWAL_CURRENCY,
            amount,
            holdJournalId: holdJournal,
            nowMs,
          });
          const answer: WithdrawalRequested = {
            withdrawal_id: String(withdrawalId),
            status: 'pending',
            currency: WITHDRAWAL_CURRENCY,
            amount: formatScaled(amount, scaleOf(WITHDRAWAL_CURRENCY)),
          };
          const payload = { reason: 'withdrawal_requested' as const, ...answer };
          const change = { userId, event: 'fund:updated' as const, payload };
          await announceInTransaction(deps, trx, change, 'withdrawal_requested');
          return answer;
        },
      );
    },
    { lockUser: userId },
  );
  return holding.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new Refusal('fund_operation_busy');
    throw error;
  });
}

/**
 * A withdrawal's status on the wire: the spec's `status` (0 pending, 1 paid, 2 returned) and the
 * `state` the client labels. Approved and sending are one state for the user (`sending`: the money
 * is on its way, no longer reviewable); a payout the bank refused (`failed`) was returned (2).
 */
const WIRE_STATUS: Record<WithdrawalStatus, { status: 0 | 1 | 2; state: string }> = {
  pending: { status: 0, state: 'pending' },
  approved: { status: 0, state: 'sending' },
  sending: { status: 0, state: 'sending' },
  paid: { status: 1, state: 'paid' },
  rejected: { status: 2, state: 'rejected' },
  failed: { status: 2, state: 'failed' },
};

/** `user/withdrawallist`: the spec's shape (`status`, `money`) with the `state`, newest first. */
export async function listWithdrawals(db: Db, userId: number) {
  return (await withdrawalsOf(db, userId)).map((w) => ({
    withdrawal_id: String(w.id),
    ...WIRE_STATUS[w.status],
    money: formatScaled(w.amount, scaleOf(w.currency)),
    currency: w.currency,
    reason: w.reason,
    bank_name: w.bankName,
    masked_number: maskAccountNumber(w.accountNumber),
    created_at: w.createdAtMs,
    reviewed_at: w.reviewedAtMs,
  }));
}
