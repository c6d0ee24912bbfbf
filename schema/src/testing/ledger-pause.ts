import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';

/**
 * PostgreSQL only: while `run` runs, a transaction that called `pauseAfterLedgerUpdates` sleeps
 * 0.4 s right after each update of `ledger_account` (a statement trigger, which fires even when
 * the update matched no row), so a test can make another transaction commit in exactly that gap.
 * The trigger is dropped afterwards, whatever `run` did.
 */
export async function withLedgerUpdatePause<T>(db: Db, run: () => Promise<T>): Promise<T> {
  await sql`create or replace function kabuto_test_pause() returns trigger language plpgsql as $$
    begin
      if current_setting('kabuto.test_slow', true) = 'on' then perform pg_sleep(0.4); end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger kabuto_test_pause after update on ledger_account
    for each statement execute function kabuto_test_pause()`.execute(db);
  try {
    return await run();
  } finally {
    await sql`drop trigger kabuto_test_pause on ledger_account`.execute(db);
  }
}

/** Marks the calling transaction as the one `withLedgerUpdatePause` holds after its updates. */
export async function pauseAfterLedgerUpdates(trx: Db): Promise<void> {
  await sql`select set_config('kabuto.test_slow', 'on', true)`.execute(trx);
}
