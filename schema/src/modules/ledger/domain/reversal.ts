import type { AccountRef } from '../../../domain/ledger/accounts.ts';
import type { Posting } from '../../../domain/ledger/journal.ts';

/**
 * A correction is a visible journal that undoes another exactly (issue 21): the same accounts,
 * each amount negated. Never an edited balance, price, draw or NAV.
 */
export function reversalPostings(original: readonly Posting[]): Posting[] {
  return original.map((posting) => ({
    account: posting.account,
    amountMinor: -posting.amountMinor,
  }));
}

/**
 * Why a journal may not be reversed from the console, or null when it may. Only a user's cash
 * moves: a journal that moved a hold or a margin belongs to an order, a subscription or a loan
 * whose own state would no longer match (their module corrects them), and a reversal is not
 * reversed again (ask for a new correction instead).
 */
export function whyNotReversible(journal: {
  readonly kind: string;
  readonly postings: readonly { readonly account: AccountRef }[];
}): 'reversal_of_reversal' | 'not_cash_only' | 'no_user' | null {
  if (journal.kind === 'reversal') return 'reversal_of_reversal';
  const userLegs = journal.postings.filter((p) => p.account.owner === 'user');
  if (userLegs.length === 0) return 'no_user';
  const cashOnly = userLegs.every((p) => p.account.owner === 'user' && p.account.kind === 'cash');
  return cashOnly ? null : 'not_cash_only';
}
