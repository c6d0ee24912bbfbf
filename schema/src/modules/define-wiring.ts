import type { Migration } from 'kysely';
import type { CallContract } from '../contracts/http/answers.ts';
import type { Db } from '../db/create-db.ts';
import type { Breach } from '../db/reconcile.ts';
import type { SecretBox } from '../db/secret-box.ts';
import type { ModuleName } from './index.ts';

/** One invariant check of `reconcile`: what it finds broken (empty when all holds). */
export type ReconcileCheck = (db: Db) => Promise<Breach[]>;

/**
 * What a module plugs into the server side, beside its manifest (`define-module.ts`): its calls
 * (the one declaration of each call's path, input and output; the gateway binds a handler to it),
 * its back-office calls, its migrations (named by their file names, frozen in time), its
 * reconcile invariants and its demo content. `modules/wiring.ts` lists every module's wiring.
 */
export interface ModuleWiring {
  readonly name: ModuleName;
  readonly calls?: Readonly<Record<string, CallContract>>;
  readonly adminCalls?: Readonly<Record<string, CallContract>>;
  readonly migrations?: Readonly<Record<string, Migration>>;
  readonly reconcile?: readonly ReconcileCheck[];
  /**
   * The module's demo content for a fresh install (`npm run seed`, on every start): idempotent
   * (adds what is missing, never duplicates or edits what is there), placed in time from `nowMs`;
   * `box` seals what it stores of secrets kept sealed at rest.
   */
  readonly seedDemo?: (db: Db, nowMs: number, box: SecretBox) => Promise<void>;
  /**
   * Seals what the module's tables still hold plain of the secrets it keeps sealed at rest (rows
   * written before it sealed them): idempotent, each row by an update conditional on what it
   * read. The gateway and the workers run it at start, before they serve or draw (a migration
   * cannot: the key is the processes', not the database's). Answers how many rows it sealed.
   */
  readonly sealAtRest?: (db: Db, box: SecretBox) => Promise<number>;
}

/** Declares a module's wiring; `const` keeps each call's schemas for the derived `CallMap`. */
export function defineWiring<const W extends ModuleWiring>(wiring: W): W {
  return wiring;
}
