import { CREDIT_JOURNAL_KINDS } from '../credit/journal-kinds.ts';
import {
  DEPOSIT_JOURNAL_KINDS,
  EXCHANGE_JOURNAL_KINDS,
  WITHDRAWAL_JOURNAL_KINDS,
} from '../funds/journal-kinds.ts';
import { INTRADAY_JOURNAL_KINDS } from '../intraday/journal-kinds.ts';
import { IPO_JOURNAL_KINDS } from '../ipo/journal-kinds.ts';
import { LOAN_JOURNAL_KINDS } from '../loans/journal-kinds.ts';
import { TRADING_JOURNAL_KINDS } from '../trading/journal-kinds.ts';
import type { JournalKind } from './journal.ts';

/**
 * The statement's filter: the groups a brokerage user looks for money under, in the order the
 * screen shows them, each built from its module's list of journal kinds. Every journal kind is in
 * exactly one group (statement-groups.test.ts): a module that adds kinds adds them here too. The
 * ledger's own stand-alone fee and reversal go with trades, where a user looks for them, and
 * order holds too: money held for a trade.
 */
export const STATEMENT_GROUPS = {
  deposits: DEPOSIT_JOURNAL_KINDS,
  withdrawals: WITHDRAWAL_JOURNAL_KINDS,
  exchange: EXCHANGE_JOURNAL_KINDS,
  trades: [...TRADING_JOURNAL_KINDS, 'fee', 'reversal'],
  new_shares: IPO_JOURNAL_KINDS,
  intraday: INTRADAY_JOURNAL_KINDS,
  margin: CREDIT_JOURNAL_KINDS,
  loans: LOAN_JOURNAL_KINDS,
  virtual_funds: ['paper_grant'],
} as const satisfies Record<string, readonly JournalKind[]>;

export type StatementGroup = keyof typeof STATEMENT_GROUPS;

/** The group names, in the screen's order (a non-empty tuple, for `z.enum`). */
export const STATEMENT_GROUP_NAMES = Object.keys(STATEMENT_GROUPS) as [
  StatementGroup,
  ...StatementGroup[],
];

/**
 * The journal kinds a statement filter shows: one kind, a group's kinds, or a group narrowed to
 * one kind when both are given (empty when that kind is not in the group); undefined for all.
 */
export function statementKinds(filter: {
  readonly kind?: JournalKind | undefined;
  readonly group?: StatementGroup | undefined;
}): readonly JournalKind[] | undefined {
  const { kind, group } = filter;
  if (!group) return kind ? [kind] : undefined;
  const kinds: readonly JournalKind[] = STATEMENT_GROUPS[group];
  return kind ? kinds.filter((k) => k === kind) : kinds;
}
