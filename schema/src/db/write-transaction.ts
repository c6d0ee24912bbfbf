import type { Db } from './create-db.ts';
import { dialectOf } from './dialect.ts';
import { SqliteGroupCommit } from './sqlite-group-commit.ts';

const groupCommits = new WeakMap<Db, SqliteGroupCommit>();

/**
 * The one way to run a transaction that writes. SQLite: BEGIN IMMEDIATE (Kysely's deferred
 * BEGIN fails with SQLITE_BUSY across processes; RELIABILITY.md E2), with concurrent callers
 * group-committed, each in its own savepoint. PostgreSQL: READ COMMITTED with conditional updates
 * in the write paths. Never await the network inside `work`: it would hold up the whole batch.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return db.transaction().execute((trx) => work(trx));
  let groupCommit = groupCommits.get(db);
  if (!groupCommit) {
    groupCommit = new SqliteGroupCommit(db);
    groupCommits.set(db, groupCommit);
  }
  return groupCommit.run(work);
}
