import { describe, expect, it } from 'vitest';
import { JOURNAL_KINDS } from './journal.ts';
import { STATEMENT_GROUP_NAMES, STATEMENT_GROUPS, statementKinds } from './statement-groups.ts';

describe('statement groups', () => {
  it('every journal kind is in exactly one group, so any money movement can be found by a filter', () => {
    for (const kind of JOURNAL_KINDS) {
      const groups = STATEMENT_GROUP_NAMES.filter((g) =>
        (STATEMENT_GROUPS[g] as readonly string[]).includes(kind),
      );
      expect(groups, kind).toHaveLength(1);
    }
  });

  it('the groups name only journal kinds, none twice, and none is empty', () => {
    const grouped = STATEMENT_GROUP_NAMES.flatMap((g) => [...STATEMENT_GROUPS[g]]);
    expect([...grouped].sort()).toEqual([...JOURNAL_KINDS].sort());
    for (const group of STATEMENT_GROUP_NAMES) {
      expect(STATEMENT_GROUPS[group].length).toBeGreaterThan(0);
    }
  });

  it('the newer products each have their own group: new shares, intraday, added margin, loans', () => {
    expect(STATEMENT_GROUPS.new_shares).toContain('ipo_payment');
    expect(STATEMENT_GROUPS.intraday).toEqual([
      'intraday_hold',
      'intraday_forced_close_fee',
      'intraday_release',
    ]);
    expect(STATEMENT_GROUPS.margin).toEqual(['credit_add']);
    expect(STATEMENT_GROUPS.loans).toEqual(['loan_disbursed', 'loan_interest', 'loan_repaid']);
    expect(STATEMENT_GROUPS.withdrawals).toContain('withdrawal_paid');
    expect(STATEMENT_GROUPS.trades).toEqual(expect.arrayContaining(['fill', 'fee', 'reversal']));
  });

  it('a filter shows one kind, a group, a group narrowed to one of its kinds, or everything', () => {
    expect(statementKinds({})).toBeUndefined();
    expect(statementKinds({ kind: 'deposit' })).toEqual(['deposit']);
    expect(statementKinds({ group: 'loans' })).toEqual(STATEMENT_GROUPS.loans);
    expect(statementKinds({ group: 'loans', kind: 'loan_repaid' })).toEqual(['loan_repaid']);
    expect(statementKinds({ group: 'loans', kind: 'deposit' })).toEqual([]);
  });
});
