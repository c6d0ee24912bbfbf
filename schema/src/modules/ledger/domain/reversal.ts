import type { AccountRef } from '../../../domain/ledger/accounts.ts';

/**
 * What a correction tells the user, in their language (the memo template `reversal_<cause>` and
 * the inbox line): never the staff's own words, which may name tickets, people or suspicions.
 */
export const REVERSAL_CAUSES = ['duplicate', 'wrong_amount', 'not_received', 'other'] as const;
export type ReversalCause = (typeof REVERSAL_CAUSES)[number];
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
 * The house's accounts a correction may move: money in and out of the bank, fees, duties, the
 * exchange desk and the paper grant. A leg on the trading desk, interest or a product's books
 * belongs to a position, a loan or a fund whose own records would no longer match (reconcile's
 * module invariants would break): their feature corrects them.
 */
const CORRECTABLE_PLATFORM_KINDS: ReadonlySet<string> = new Set([
  'platform:bank',
  'platform:fees',
  'platform:stamp_duty',
  'platform:fx',
  'platform:paper_grant',
]);

/**
 * Why a journal may not be reversed from the console, or null when it may. Only a user's cash
 * against the house's plain accounts: a journal that moved a hold or a margin belongs to an order,
 * a subscription or a loan, and one on a feature's books to that feature (each corrects its own);
 * a reversal is not reversed again (ask for a new correction of the original instead).
 */
export function whyNotReversible(journal: {
  readonly kind: string;
  readonly postings: readonly { readonly account: AccountRef }[];
}): 'reversal_of_reversal' | 'not_cash_only' | 'feature_books' | 'no_user' | null {
  if (journal.kind === 'reversal') return 'reversal_of_reversal';
  const userLegs = journal.postings.filter((p) => p.account.owner === 'user');
  if (userLegs.length === 0) return 'no_user';
  if (!userLegs.every((p) => p.account.kind === 'cash')) return 'not_cash_only';
  const houseLegs = journal.postings.filter((p) => p.account.owner === 'platform');
  return houseLegs.every((p) => CORRECTABLE_PLATFORM_KINDS.has(p.account.kind))
    ? null
    : 'feature_books';
}
