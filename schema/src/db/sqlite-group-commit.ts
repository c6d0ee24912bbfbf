import { CompiledQuery } from 'kysely';
import type { Db } from './create-db.ts';
import { AfterCommitHooks, asWriteTrx, type WriteTrx } from './after-commit.ts';

/** Most write transactions one commit (one fsync) carries; bounds the work lost to a failed commit. */
const MAX_BATCH = 64;

type Work = (trx: WriteTrx) => Promise<unknown>;

const STATEMENTS = {
  begin: CompiledQuery.raw('begin immediate'),
  commit: CompiledQuery.raw('commit'),
  rollback: CompiledQuery.raw('rollback'),
  savepoint: CompiledQuery.raw('savepoint kabuto_write'),
  release: CompiledQuery.raw('release kabuto_write'),
  rollbackToSavepoint: CompiledQuery.raw('rollback to kabuto_write'),
};

interface Pending {
  readonly work: Work;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Outcome =
  { ok: true; value: unknown; hooks: AfterCommitHooks } | { ok: false; error: unknown };

/**
 * Group commit for SQLite (DESIGN.md section 11). Write transactions that arrive while one is
 * running wait and then run together inside one BEGIN IMMEDIATE … COMMIT, each in its own
 * savepoint: a refusal rolls back only its own savepoint, and nobody hears "done" before the
 * shared COMMIT (synchronous=FULL) has returned. If the COMMIT itself fails, every caller of the
 * batch gets the error and nothing of the batch is written. A write's after-commit hooks run only
 * once that shared COMMIT has returned, and never for a write whose savepoint rolled back.
 */
export class SqliteGroupCommit {
  readonly #db: Db;
  readonly #queue: Pending[] = [];
  #draining = false;

  constructor(db: Db) {
    this.#db = db;
  }

  run<T>(work: (trx: WriteTrx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#draining) {
        this.#draining = true;
        // Let every request that became ready in this turn of the event loop join the first batch.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#runBatch(this.#queue.splice(0, MAX_BATCH));
    } finally {
      this.#draining = false;
    }
  }

  async #runBatch(batch: Pending[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.#db.connection().execute(async (connection) => {
        await connection.executeQuery(STATEMENTS.begin);
        try {
          const results: Outcome[] = [];
          for (const pending of batch) results.push(await runInSavepoint(connection, pending.work));
          await connection.executeQuery(STATEMENTS.commit);
          return results;
        } catch (error) {
          await connection.executeQuery(STATEMENTS.rollback).catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    outcomes.forEach((outcome, index) => {
      const pending = batch[index] as Pending;
      if (outcome.ok) {
        outcome.hooks.run();
        pending.resolve(outcome.value);
      } else pending.reject(outcome.error);
    });
  }
}

/** Runs one caller's work in a savepoint; its failure undoes only its own writes. */
async function runInSavepoint(connection: Db, work: Work): Promise<Outcome> {
  await connection.executeQuery(STATEMENTS.savepoint);
  const hooks = new AfterCommitHooks();
  try {
    const value = await work(asWriteTrx(connection, hooks));
    await connection.executeQuery(STATEMENTS.release);
    return { ok: true, value, hooks };
  } catch (error) {
    // If even the rollback fails the transaction is unusable: let the whole batch fail.
    await connection.executeQuery(STATEMENTS.rollbackToSavepoint);
    await connection.executeQuery(STATEMENTS.release);
    return { ok: false, error };
  }
}
