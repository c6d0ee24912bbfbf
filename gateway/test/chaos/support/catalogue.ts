// The call catalogue as the fuzz and the IDOR sweep walk it: each call's form fields read from its
// zod input contract, plausible values per field (an enum's options, a literal, a number), and a
// snapshot of every table's row count to tell a refusal that wrote nothing from one that did.
import fc from 'fast-check';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '@kabuto/schema/db';
import { ADMIN_CALLS, CALLS } from '../../../src/calls.ts';
import type { CallDefinition } from '../../../src/http/call.ts';

export { ADMIN_CALLS, CALLS };

interface Def {
  type?: string;
  innerType?: Def & { _zod?: { def: Def } };
  entries?: Record<string, string>;
  values?: unknown[];
  options?: Array<{ _zod: { def: Def } }>;
  shape?: Record<string, { _zod: { def: Def } }>;
}

const defOf = (schema: unknown): Def =>
  ((schema as { _zod?: { def?: Def } })._zod?.def ?? {}) as Def;

/** The form fields of a call's input (its object schema's keys; none for a call that takes none). */
export function fieldsOf(call: CallDefinition): Record<string, z.ZodType> {
  const shape = (call.input as unknown as { shape?: Record<string, z.ZodType> }).shape;
  return shape ?? {};
}

/** Values a field's contract accepts as far as its type says (enum options, literals, numbers). */
export function plausible(schema: unknown): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'pipe':
    case 'readonly':
      return plausible(def.innerType ?? (def as { in?: unknown }).in);
    case 'enum':
      return Object.values(def.entries ?? {}).map(String);
    case 'literal':
      return (def.values ?? []).map(String);
    case 'union':
      return (def.options ?? []).flatMap((o) => plausible(o));
    case 'number':
    case 'int':
    case 'bigint':
      return ['0', '1', '2', '100'];
    case 'boolean':
      return ['true', 'false', '1', '0'];
    default:
      return [];
  }
}

/** Values no contract should let through to a 5xx: empty, huge, negative, odd characters, keys. */
export const garbage = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1',
    '2',
    '3',
    '100',
    '1e309',
    'NaN',
    'Infinity',
    '9223372036854775808',
    '99999999999999999999999999',
    '0.000000001',
    '1.5',
    '-0',
    '0x10',
    'null',
    'undefined',
    'true',
    '__proto__',
    'constructor',
    "' or 1=1 --",
    '"; drop table app_user; --',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '日本語テキスト',
    '🙂🙂',
    '<script>alert(1)</script>',
    'jpy',
    'JPY',
    'usd',
    '7203',
    'AAPL',
    '600519',
    'long',
    'short',
    'market',
    'limit',
    'jp',
    'cn',
    'us',
    'chaos-req-00000001',
    '2026-11-27',
    '1764201600000',
    'x'.repeat(5_000),
  ),
  fc.integer({ min: -1_000_000, max: 1_000_000_000 }).map(String),
);

/**
 * A form body for a call: each known field present or not, a plausible or a garbage value, and
 * sometimes a key the contract does not know.
 */
export function bodyFor(call: CallDefinition): fc.Arbitrary<Record<string, string>> {
  const fields = Object.entries(fieldsOf(call));
  const entries = fields.map(([name, schema]) => {
    const likely = plausible(schema);
    const value = likely.length ? fc.oneof(fc.constantFrom(...likely), garbage) : garbage;
    return fc.option(value, { nil: undefined, freq: 4 }).map((v) => [name, v] as const);
  });
  return fc
    .tuple(
      fc.tuple(...(entries.length ? entries : [fc.constant(['', undefined] as const)])),
      fc.option(fc.tuple(fc.constantFrom('status', 'user_id', 'role', '__proto__'), garbage), {
        freq: 6,
      }),
    )
    .map(([pairs, extra]) => {
      const body: Record<string, string> = {};
      for (const [name, value] of pairs) if (name && value !== undefined) body[name] = value;
      if (extra) body[extra[0]] = extra[1];
      return body;
    });
}

/** Every table's row count: what a call that refused must leave as it was. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
      table,
    )}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** The tables whose counts differ between two snapshots, with before → after. */
export function changed(
  before: Record<string, number>,
  after: Record<string, number>,
  ignore: ReadonlySet<string> = new Set(),
): string[] {
  return Object.keys({ ...before, ...after })
    .filter((table) => !ignore.has(table) && before[table] !== after[table])
    .map((table) => `${table} ${before[table] ?? 0} → ${after[table] ?? 0}`);
}
