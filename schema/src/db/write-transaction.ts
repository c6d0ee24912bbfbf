import { sql } from 'kysely';
import type { Db } from './create-db.ts';
import { dialectOf } from './dialect.ts';
import { SqliteGroupCommit } from './sqlite-group-commit.ts';
import { JournalSequencer } from './journal-sequencer.ts';
import { AfterCommitHooks, asWriteTrx, type WriteTrx } from './after-commit.ts';

export interface WriteOptions {
  /**
   * The user whose money this write moves: the transaction starts by locking that user, so two
   * money commands of one user never interleave (every money command passes it). PostgreSQL
   * locks the `app_user` row; SQLite's BEGIN IMMEDIATE already serialises every writer.
   */
  readonly lockUser?: number;
}

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

/** Serialises a user's money-moving transactions on PostgreSQL; SQLite's BEGIN IMMEDIATE already does. */
export async function lockUserRow(trx: Db, userId: number): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await sql`select id from app_user where id = ${userId} for update`.execute(trx);
  }
}

function withOptions<T>(
  work: (trx: WriteTrx) => Promise<T>,
  options: WriteOptions,
): (trx: WriteTrx) => Promise<T> {
  const userId = options.lockUser;
  if (userId === undefined) return work;
  return async (trx) => {
    await lockUserRow(trx, userId);
    return work(trx);
  };
}

async function postgresTransaction<T>(db: Db, work: (trx: WriteTrx) => Promise<T>): Promise<T> {
  let journals = false;
  const hooks = new AfterCommitHooks();
  const result = await db.transaction().execute(async (trx) => {
    const value = await work(asWriteTrx(trx, hooks));
    journals = wroteJournal.has(trx);
    return value;
  });
  if (journals) journalSequencerOf(db).nudge();
  hooks.run();
  return result;
}

/**
 * The one way to run a transaction that writes. SQLite: BEGIN IMMEDIATE (Kysely's deferred
 * BEGIN fails with SQLITE_BUSY across processes; RELIABILITY.md E2), with concurrent callers
 * group-committed, each in its own savepoint. PostgreSQL: READ COMMITTED with conditional updates
 * in the write paths; journals committed are numbered just after (I9, `journal-sequencer.ts`).
 * Never await the network inside `work`: it would hold up the whole batch; announce through
 * `trx.afterCommit` instead.
 */
export async function writeTransaction<T>(
  db: Db,
  work: (trx: WriteTrx) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  const locked = withOptions(work, options);
  if (dialectOf(db) === 'postgres') return postgresTransaction(db, locked);
  let groupCommit = groupCommits.get(db);
  if (!groupCommit) {
    groupCommit = new SqliteGroupCommit(db);
    groupCommits.set(db, groupCommit);
  }
  return groupCommit.run(locked);
}
