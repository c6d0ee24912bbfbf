import { rateLookupFromLatest } from '@kabuto/schema/contracts';
import { loansOfUser, openLoanOf } from '@kabuto/schema/db';
import { money, type Currency, type Money } from '@kabuto/schema/domain';
import { loanLimitDisplayFloor, ratePercentText } from '@kabuto/schema/loans';
import type { GatewayDeps } from '../../deps.ts';
import { latestQuotes, loanStanding } from './loan-limit.service.ts';
import { loanToWire, yen } from './loan-wire.ts';

/** `loan/info`: score, limit, borrowed, available, rate and the current loan (yen). */
export async function loanInfo(deps: GatewayDeps, userId: number) {
  const standing = await loanStanding(deps.db, userId, await latestQuotes(deps));
  const current = await openLoanOf(deps.db, userId);
  return {
    currency: 'JPY' as const,
    credit_score: standing.creditScore,
    limit: yen(standing.limit),
    borrowed: yen(standing.outstanding),
    available: yen(standing.available),
    rate: ratePercentText(standing.terms.ratePercent),
    day_count: standing.terms.dayCount,
    ltv: standing.terms.ltvPercent,
    status: current?.status ?? null,
    loan: current ? loanToWire(current) : null,
  };
}

/** `loan/list`: the caller's loans, newest first. */
export async function loanList(deps: GatewayDeps, userId: number) {
  return (await loansOfUser(deps.db, userId)).map(loanToWire);
}

/**
 * The unused loan limit in a display currency (`jpyyjed` of `user/getUserinfo`): the yen
 * available divided by the feed's yen price of the currency, rounded down
 * (`loanLimitDisplayFloor`: never more than can be borrowed); 0 without a rate.
 */
export async function availableLoanIn(
  deps: GatewayDeps,
  userId: number,
  currency: Currency,
): Promise<Money> {
  const latest = await latestQuotes(deps);
  const { available } = await loanStanding(deps.db, userId, latest);
  if (currency === 'JPY') return money(currency, available);
  const yenPerUnit = rateLookupFromLatest(latest)(currency, 'JPY');
  return money(currency, yenPerUnit ? loanLimitDisplayFloor(available, currency, yenPerUnit) : 0n);
}
