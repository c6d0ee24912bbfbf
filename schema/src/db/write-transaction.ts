import type { Db } from './create-db.ts';
import { dialectOf } from './dialect.ts';
import { SqliteGroupCommit } from './sqlite-group-commit.ts';
import { JournalSequencer } from './journal-sequencer.ts';

const groupCommits = new WeakMap<Db, SqliteGroupCommit>();
const sequencers = new WeakMap<Db, JournalSequencer>();
const wroteJournal = new WeakSet<Db>();

/** Called by postJournal: on PostgreSQL the transaction's commit nudges the journal sequencer. */
export function noteJournalWritten(trx: Db): void {
  wroteJournal.add(trx);
}

/** The sequencer of a PostgreSQL database (one per process and database). */
export function journalSequencerOf(db: Db): JournalSequencer {
  let sequencer = sequencers.get(db);
  if (!sequencer) {
    sequencer = new JournalSequencer(db);
    sequencers.set(db, sequencer);
  }
  return sequencer;
}

async function postgresTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  let journals = false;
  const result = await db.transaction().execute(async (trx) => {
    const value = await work(trx);
    journals = wroteJournal.has(trx);
    return value;
  });
  if (journals) journalSequencerOf(db).nudge();
  return result;
}

/**
 * The one way to run a transaction that writes. SQLite: BEGIN IMMEDIATE (Kysely's deferred
 * BEGIN fails with SQLITE_BUSY across processes; RELIABILITY.md E2), with concurrent callers
 * group-committed, each in its own savepoint. PostgreSQL: READ COMMITTED with conditional updates
 * in the write paths; journals committed are numbered just after (I9, `journal-sequencer.ts`).
 * Never await the network inside `work`: it would hold up the whole batch.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres') return postgresTransaction(db, work);
  let groupCommit = groupCommits.get(db);
  if (!groupCommit) {
    groupCommit = new SqliteGroupCommit(db);
    groupCommits.set(db, groupCommit);
  }
  return groupCommit.run(work);
}
