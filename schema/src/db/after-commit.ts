import type { Db } from './create-db.ts';

/** Work to run once a transaction has committed: publish an event, queue a job. */
export type AfterCommitHook = () => void | Promise<void>;

/** Told of a hook that failed (a hint lost, never the committed write): logs by default. */
let reportHookFailure = (error: unknown): void => {
  console.error('after-commit hook failed', error);
};

export function onAfterCommitFailure(report: (error: unknown) => void): void {
  reportHookFailure = report;
}

/** One write's after-commit hooks, run in the order they were added, each once. */
export class AfterCommitHooks {
  readonly #hooks: AfterCommitHook[] = [];

  add(hook: AfterCommitHook): void {
    this.#hooks.push(hook);
  }

  /** Starts every hook (not awaited: the writer's answer never waits for a hint). */
  run(): void {
    for (const hook of this.#hooks.splice(0)) {
      try {
        void Promise.resolve(hook()).catch(reportHookFailure);
      } catch (error) {
        reportHookFailure(error);
      }
    }
  }
}

/**
 * The transaction a write works in. `afterCommit(fn)` is the only way to publish an event or queue
 * a job for it: `fn` runs once the COMMIT that carries this write has succeeded, and never for a
 * write that rolled back (its own savepoint in a SQLite group commit included).
 */
export interface WriteTrx extends Db {
  /** Only `writeTransaction` makes one: a plain `Db` or a read's transaction is not a WriteTrx. */
  readonly [writeTrxBrand]: true;
  afterCommit(hook: AfterCommitHook): void;
}

declare const writeTrxBrand: unique symbol;

/** Gives `trx` this write's `afterCommit` (a SQLite batch hands the same connection to each write). */
export function asWriteTrx(trx: Db, hooks: AfterCommitHooks): WriteTrx {
  const write = trx as WriteTrx;
  write.afterCommit = (hook) => hooks.add(hook);
  return write;
}
