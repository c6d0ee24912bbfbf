import { sql } from 'kysely';
import type { Db } from './create-db.ts';
import { dialectOf } from './dialect.ts';

/**
 * The one way to run a transaction that writes. SQLite: BEGIN IMMEDIATE (Kysely's deferred
 * BEGIN fails with SQLITE_BUSY across processes; RELIABILITY.md E2). PostgreSQL: READ COMMITTED
 * with conditional updates in the write paths. Never await the network inside `work`.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return db.transaction().execute((trx) => work(trx));
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
