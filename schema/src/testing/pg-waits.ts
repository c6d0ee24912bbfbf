import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';

/**
 * PostgreSQL only: until at least `count` other sessions of this database are waiting, on a lock
 * (`'lock'`: a row, table or advisory lock another transaction holds) or in `pg_sleep` (`'sleep'`:
 * the pause `withLedgerUpdatePause` makes). The state a race test needs before it lets the holder
 * go, read from `pg_stat_activity` instead of guessed with a sleep.
 */
export async function untilWaiting(
  db: Db,
  on: 'lock' | 'sleep',
  count = 1,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and ${on === 'lock' ? sql`wait_event_type = 'Lock'` : sql`wait_event = 'PgSleep'`}`.execute(
      db,
    );
    if (Number(rows[0]?.n ?? 0) >= count) return;
    if (Date.now() > deadline) {
      throw new Error(`${count} session(s) waiting (${on}): not within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
