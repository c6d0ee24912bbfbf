import { accrueLoanInterest, loadLoanTerms } from '@kabuto/schema/db';
import { endOfTokyoDateMs, isTokyoDate } from '@kabuto/schema/loans';
import type { Logger } from '../../infra/logger.ts';
import { sendLoanMarginCalls, type MarginCallDeps } from './loan-margin-call.ts';

export interface LoanInterestDeps extends MarginCallDeps {
  readonly logger?: Logger;
}

/**
 * The daily loan job for one Tokyo date: a day's interest on every loan passed before the date
 * ended (once per loan and date, whatever reruns), then each of their borrowers' margin check.
 * A date not yet ended is refused (interest is never charged ahead).
 */
export async function runLoanInterest(deps: LoanInterestDeps, date: string) {
  const nowMs = deps.clock.nowMs();
  if (!isTokyoDate(date)) throw new Error(`loan interest: not a date ${date}`);
  if (endOfTokyoDateMs(date) > nowMs) throw new Error(`loan interest: ${date} has not ended`);
  const terms = await loadLoanTerms(deps.db);
  const started = nowMs;
  const run = await accrueLoanInterest(deps.db, { date, terms, nowMs });
  const marginCalls = await sendLoanMarginCalls(deps, run.borrowers, { date, terms });
  deps.logger?.info(
    {
      date,
      loans: run.loans,
      posted: run.posted,
      interest: String(run.interestYen),
      marginCalls,
      ms: deps.clock.nowMs() - started,
    },
    'loan interest done',
  );
  return { ...run, marginCalls };
}
