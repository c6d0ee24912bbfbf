import { redisKeys, type Clock } from '@kabuto/schema/contracts';
import {
  insertInboxMessage,
  loanCollateralOf,
  openLoanOf,
  outstandingOf,
  writeTransaction,
  type Db,
} from '@kabuto/schema/db';
import { formatScaled } from '@kabuto/schema/domain';
import { isLoanMarginCall, tokyoDateOf, type LoanTerms } from '@kabuto/schema/loans';
import type { Redis } from 'ioredis';
import type { AccountEmitter } from '../../infra/account-emitter.ts';

export interface MarginCallDeps {
  readonly db: Db;
  readonly redis: Redis;
  readonly redisPrefix: string;
  readonly emitter: AccountEmitter;
  readonly clock: Clock;
}

type Latest = Record<string, string>;

/**
 * One borrower's check, under the user lock: debt (the passed loan's outstanding) above the
 * margin-call percent (`loan_margin_call_percent`, 50) of the collateral (`loanCollateralOf`: the
 * equity excluding debt in yen at the feed's prices and FX, less money held for a withdrawal, an
 * open position without a feed price counted 0) sends a margin-call message and `loan:updated`, at most once per loan and
 * Tokyo day of the check, not of the job's date (`margin_call_date`, a conditional update): a
 * worker catching up three dates one morning sends one message, not three. Nothing is sold. True if it sent one.
 */
async function checkBorrower(
  deps: MarginCallDeps,
  userId: number,
  check: { date: string; terms: LoanTerms; latest: Latest },
): Promise<boolean> {
  const nowMs = deps.clock.nowMs();
  const today = tokyoDateOf(nowMs);
  return writeTransaction(
    deps.db,
    async (trx) => {
      const loan = await openLoanOf(trx, userId);
      if (!loan || loan.status !== 'passed') return false;
      const debt = outstandingOf(loan);
      const equity = (await loanCollateralOf(trx, userId, check.latest)).yen;
      if (!isLoanMarginCall(debt, equity, check.terms.marginCallPercent)) return false;
      const marked = await trx
        .updateTable('loan')
        .set({ margin_call_date: today })
        .where('id', '=', BigInt(loan.id))
        .where((eb) =>
          eb.or([eb('margin_call_date', 'is', null), eb('margin_call_date', '<>', today)]),
        )
        .executeTakeFirst();
      if (marked.numUpdatedRows !== 1n) return false;
      const params = {
        id: String(loan.id),
        debt: formatScaled(debt, 0),
        equity: formatScaled(equity, 0),
        ltv: String(check.terms.marginCallPercent),
      };
      await insertInboxMessage(trx, { userId, kind: 'loan_margin_call', params, nowMs });
      const loanId = String(loan.id);
      await deps.emitter.record(trx, userId, 'loan:updated', {
        loan_id: loanId,
        status: 'passed',
        outstanding: params.debt,
        reason: 'margin_call',
      });
      await deps.emitter.record(trx, userId, 'message:created', {
        kind: 'loan_margin_call',
        loan_id: loanId,
      });
      return true;
    },
    { lockUser: userId },
  );
}

/** Checks each borrower once (latest quotes read once, before any transaction); calls sent. */
export async function sendLoanMarginCalls(
  deps: MarginCallDeps,
  borrowers: readonly number[],
  check: { date: string; terms: LoanTerms },
): Promise<number> {
  const latest = await deps.redis.hgetall(redisKeys(deps.redisPrefix).latestQuotes);
  let sent = 0;
  for (const userId of borrowers) {
    if (await checkBorrower(deps, userId, { ...check, latest })) sent += 1;
  }
  return sent;
}
