import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import type { HoldKind, HoldStatus } from '../domain/holds/hold-lifecycle.ts';

type ColumnValue = string | number | bigint | null;

/**
 * Tests only: puts one lifecycle row in `status` without `advance`, with any other columns — a
 * state a test arranges quickly (a withdrawal a crashed payout left `sending`, a draw's result) or
 * a tampering reconcile must catch (a paid subscription moved back to `won`). The status columns
 * refuse an ordinary update at compile time, so no production code can do this.
 */
export async function putInStatus<K extends HoldKind>(
  db: Db,
  kind: K,
  id: bigint | number,
  status: HoldStatus<K>,
  set: Readonly<Record<string, ColumnValue>> = {},
): Promise<void> {
  const columns = Object.entries(set).map(([name, value]) => sql`${sql.ref(name)} = ${value}`);
  await sql`update ${sql.table(kind)} set ${sql.join([sql`status = ${status}`, ...columns])}
    where id = ${BigInt(id)}`.execute(db);
}
