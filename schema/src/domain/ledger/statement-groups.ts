import { recordOf, type RecordOf, type StatementGroupDecl } from '../../modules/define-module.ts';
import { MODULES, type Modules } from '../../modules/index.ts';
import type { JournalKind } from './journal.ts';

type Declared = RecordOf<Modules, 'statementGroups'>;

/**
 * The statement's filter: the groups a brokerage user looks for money under, in the order the
 * screen shows them (each group's `rank`), each declared by its module's manifest with its journal
 * kinds. Every journal kind is in exactly one group (statement-groups.test.ts).
 */
export const STATEMENT_GROUPS = Object.fromEntries(
  Object.entries(recordOf(MODULES, 'statementGroups') as Record<string, StatementGroupDecl>)
    .sort(([, a], [, b]) => a.rank - b.rank)
    .map(([name, group]) => [name, group.kinds]),
) as {
  readonly [G in keyof Declared]: Declared[G] extends StatementGroupDecl<infer K>
    ? readonly K[]
    : never;
};

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
