import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOLD_LIFECYCLES, JOURNAL_KINDS, STATEMENT_GROUP_NAMES } from '../domain/index.ts';
import { QUEUE_NAMES, REFUSAL_KEYS, SUCCESS_KEYS } from '../contracts/index.ts';
import { defineModule, listOf, recordOf } from './define-module.ts';
import { MODULES } from './index.ts';
import { MODULE_WIRING } from './wiring.ts';

describe('the module list', () => {
  it('names each module once, and every wiring belongs to a listed module', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const wiring of MODULE_WIRING) expect(names).toContain(wiring.name);
  });

  it('wires every migration file, kernel and module, exactly once and under its file name', () => {
    const src = join(import.meta.dirname, '..');
    const files = (dir: string) =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.ts'))
        .map((name) => name.replace(/\.ts$/, ''));
    const onDisk = [
      ...files(join(src, 'db/migrations')),
      ...MODULES.flatMap((m) => {
        try {
          return files(join(src, 'modules', m.name, 'db/migrations'));
        } catch {
          return [];
        }
      }),
    ];
    const wired = MODULE_WIRING.flatMap((w) => Object.keys('migrations' in w ? w.migrations : {}));
    expect(new Set(wired).size).toBe(wired.length);
    expect([...wired].sort()).toEqual([...onDisk].sort());
  });

  it('derives the central lists from the manifests: a product key is in them, once', () => {
    expect(REFUSAL_KEYS).toContain('loan_not_repayable');
    expect(REFUSAL_KEYS.filter((k) => k === 'allotment_not_won')).toHaveLength(1);
    expect(new Set(REFUSAL_KEYS).size).toBe(REFUSAL_KEYS.length);
    expect(new Set(SUCCESS_KEYS).size).toBe(SUCCESS_KEYS.length);
    expect(new Set(JOURNAL_KINDS).size).toBe(JOURNAL_KINDS.length);
    expect(JOURNAL_KINDS).toContain('credit_add');
    expect(HOLD_LIFECYCLES.loan.passed).toEqual(['repaid']);
    expect(QUEUE_NAMES.loanInterest).toBe('loan-interest');
  });

  it('orders the statement groups by rank, as the screen shows them: every declared group once', () => {
    const declared = recordOf(MODULES, 'statementGroups') as Record<string, { rank: number }>;
    const ranks = STATEMENT_GROUP_NAMES.map((name) => declared[name]?.rank ?? NaN);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect([...STATEMENT_GROUP_NAMES].sort()).toEqual(Object.keys(declared).sort());
    expect(STATEMENT_GROUP_NAMES.slice(0, 4)).toEqual([
      'deposits',
      'withdrawals',
      'exchange',
      'trades',
    ]);
  });

  it('refuses a lifecycle or queue two modules both declare', () => {
    const a = defineModule({ name: 'a', layer: 'product', queues: { x: 'x' } });
    const b = defineModule({ name: 'b', layer: 'product', queues: { x: 'x' } });
    expect(() => recordOf([a, b], 'queues')).toThrow('queues.x declared twice (b)');
    expect(listOf([a, b], 'refusalKeys')).toEqual([]);
  });
});
