import { createHash } from 'node:crypto';
import type pg from 'pg';

/** SQL text → statement name, for the hot statements whose text never changes. */
const names = new Map<string, string>();

/** At most this many texts are named: each is parsed once per connection and kept by the server. */
const MAX_NAMED = 200;

/**
 * Asks PostgreSQL to parse and plan `sql` once per connection (a named prepared statement) rather
 * than on every execution. Only for a fixed text (its parameters change, never the text): each
 * name lives as long as its connection, on the server and in `pg`.
 */
export function nameStatement(sql: string): void {
  if (names.has(sql) || names.size >= MAX_NAMED) return;
  names.set(sql, `k_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`);
}

type Query = (text: unknown, values?: unknown) => Promise<unknown>;

/** Every client of `pool` sends the texts given to `nameStatement` as named prepared statements. */
export function sendNamedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const named: Query = (text, values) => {
      const name = typeof text === 'string' ? names.get(text) : undefined;
      if (name === undefined || !Array.isArray(values)) return query(text, values);
      return query({ name, text, values });
    };
    (client as unknown as { query: Query }).query = named;
  });
}
