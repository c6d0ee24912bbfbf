import type { Currency } from '../money/currency.ts';
import type { AccountRef } from './accounts.ts';
import { listOf, type ListOf } from '../../modules/define-module.ts';
import { MODULES, type Modules } from '../../modules/index.ts';

/**
 * Why money moved: each module's `journalKinds` (the ledger's own among them), in `MODULES` order.
 * The ledger core knows no product: a new module declares its kinds in its manifest.
 */
export type JournalKind = ListOf<Modules, 'journalKinds'>;
export const JOURNAL_KINDS = listOf(MODULES, 'journalKinds') as readonly JournalKind[] as readonly [
  JournalKind,
  ...JournalKind[],
];

export type Actor =
  | { readonly type: 'user'; readonly id: number }
  | { readonly type: 'admin'; readonly id: number }
  | { readonly type: 'system'; readonly id: string };

export interface Posting {
  readonly account: AccountRef;
  /** Positive adds to the account's balance, negative takes from it. */
  readonly amountMinor: bigint;
}

export interface JournalEntry {
  readonly kind: JournalKind;
  /** English, for audit and CSV; `journalMemo` builds it with `memoParams` for the client. */
  readonly memo: string;
  readonly memoParams?: Readonly<Record<string, string>>;
  readonly actor: Actor;
  readonly reference?: string;
  readonly postings: readonly Posting[];
}

export class UnbalancedJournalError extends Error {
  override readonly name = 'UnbalancedJournalError';
}

/** I1: a journal's postings sum to zero per currency; no zero or lone legs. */
export function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) {
    throw new UnbalancedJournalError('a journal needs at least two postings');
  }
  const sums = new Map<Currency, bigint>();
  for (const posting of postings) {
    if (posting.amountMinor === 0n) throw new UnbalancedJournalError('zero posting');
    const { currency } = posting.account;
    sums.set(currency, (sums.get(currency) ?? 0n) + posting.amountMinor);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedJournalError(`${currency} postings sum to ${sum}, not 0`);
  }
}

/** A one-currency transfer of a positive amount: the most common journal shape. */
export function transfer(options: {
  from: AccountRef;
  to: AccountRef;
  amountMinor: bigint;
}): Posting[] {
  if (options.amountMinor <= 0n) {
    throw new UnbalancedJournalError('transfer amount must be positive');
  }
  if (options.from.currency !== options.to.currency) {
    throw new UnbalancedJournalError('a transfer cannot cross currencies; FX is two linked legs');
  }
  return [
    { account: options.from, amountMinor: -options.amountMinor },
    { account: options.to, amountMinor: options.amountMinor },
  ];
}
