import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './create-db.ts';
import { dialectOf, type DialectName } from './dialect.ts';
import { nameStatement } from './pg-named-statements.ts';

/** Stands in for argument `i` while the query is compiled once. */
const marker = (i: number) => `\u0000kabuto-arg-${i}\u0000`;

type Slot = { readonly arg: number } | { readonly value: unknown };

/**
 * A hot query built and compiled by Kysely once, then executed with new arguments: the SQL text
 * and the order of its parameters never change (per dialect), so the builder does not run again
 * (and PostgreSQL parses and plans it once per connection: a named statement). `build` must
 * pass each argument straight to Kysely (no conversion): it is first called with marker values,
 * and each parameter is then traced back to the argument it came from.
 */
export function preparedQuery<A extends readonly unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
) {
  const byDialect = new Map<DialectName, { sql: string; slots: Slot[] }>();
  return async (db: Db, ...args: A): Promise<R[]> => {
    const dialect = dialectOf(db);
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const markers = args.map((_, i) => marker(i)) as unknown as A;
      const query = build(db, ...markers).compile();
      const slots = query.parameters.map((p): Slot => {
        const index = typeof p === 'string' ? markers.indexOf(p) : -1;
        return index >= 0 ? { arg: index } : { value: p };
      });
      compiled = { sql: query.sql, slots };
      byDialect.set(dialect, compiled);
      if (dialect === 'postgres') nameStatement(query.sql);
    }
    const parameters = compiled.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
