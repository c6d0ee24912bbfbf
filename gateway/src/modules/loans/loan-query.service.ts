import {
  loadLoanTerms,
  loansOfUser,
  openLoanOf,
  unpostedInterestOf,
  type Loan,
} from '@kabuto/schema/db';
import { money, type Currency, type Money } from '@kabuto/schema/domain';
import { loanLimitDisplayFloor, ratePercentText, type LoanTerms } from '@kabuto/schema/loans';
import { rateLookupFromLatest } from '@kabuto/schema/modules/quotes';
import type { GatewayDeps } from '../../infra/deps.ts';
import { latestQuotes, loanStanding, type LoanStanding } from './loan-limit.service.ts';
import { loanToWire, yen } from './loan-wire.ts';

/**
 * A loan as the screens show it: with the interest of the ended days the daily job has not posted
 * yet (`unpostedInterestOf`), which a repayment charges first, so its outstanding is what repays.
 */
async function upToDate(deps: GatewayDeps, loan: Loan, terms: LoanTerms): Promise<Loan> {
  const unposted = await unpostedInterestOf(deps.db, loan, terms, deps.clock.nowMs());
  return unposted === 0n ? loan : { ...loan, accruedInterest: loan.accruedInterest + unposted };
}

/**
 * What the user may apply for now, as the screens and `jpyyjed` show it: nothing while a loan is
 * under review or passed (one loan at a time: an application would answer `loan_unpaid`),
 * otherwise the standing's available limit. The back office's review checks the loan itself
 * against `standing.available`, not this.
 */
function borrowableNow(standing: LoanStanding, open: Loan | undefined): bigint {
  return open ? 0n : standing.available;
}

/** `loan/info`: score, limit, borrowed, available, rate and the current loan (yen). */
export async function loanInfo(deps: GatewayDeps, userId: number) {
  const standing = await loanStanding(deps.db, userId, await latestQuotes(deps));
  const open = await openLoanOf(deps.db, userId);
  const current = open ? await upToDate(deps, open, standing.terms) : undefined;
  const unposted = current && open ? current.accruedInterest - open.accruedInterest : 0n;
  return {
    currency: 'JPY' as const,
    credit_score: standing.creditScore,
    limit: yen(standing.limit),
    borrowed: yen(standing.outstanding + unposted),
    available: yen(borrowableNow(standing, open)),
    rate: ratePercentText(standing.terms.ratePercent),
    day_count: standing.terms.dayCount,
    ltv: standing.terms.ltvPercent,
    status: current?.status ?? null,
    loan: current ? loanToWire(current) : null,
  };
}

/** `loan/list`: the caller's loans, newest first. */
export async function loanList(deps: GatewayDeps, userId: number) {
  const loans = await loansOfUser(deps.db, userId);
  if (!loans.some((loan) => loan.status === 'passed')) return loans.map(loanToWire);
  const terms = await loadLoanTerms(deps.db);
  return Promise.all(loans.map(async (loan) => loanToWire(await upToDate(deps, loan, terms))));
}

/**
 * The unused loan limit in a display currency (`jpyyjed` of `user/getUserinfo`): the yen
 * that may be applied for now (`borrowableNow`) divided by the feed's yen price of the currency, rounded down
 * (`loanLimitDisplayFloor`: never more than can be borrowed); 0 without a rate.
 */
export async function availableLoanIn(
  deps: GatewayDeps,
  userId: number,
  currency: Currency,
): Promise<Money> {
  const latest = await latestQuotes(deps);
  const standing = await loanStanding(deps.db, userId, latest);
  const available = borrowableNow(standing, await openLoanOf(deps.db, userId));
  if (currency === 'JPY') return money(currency, available);
  const yenPerUnit = rateLookupFromLatest(latest)(currency, 'JPY');
  return money(currency, yenPerUnit ? loanLimitDisplayFloor(available, currency, yenPerUnit) : 0n);
}
