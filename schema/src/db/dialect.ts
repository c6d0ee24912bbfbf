import { SqliteAdapter, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/**
 * The type of an autoincrementing id column on this dialect. Platform: every module's migrations
 * use it (it lived in the first kernel migration, which re-exports it for the kernel's own).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function idColumnType(db: Kysely<any>) {
  return dialectOf(db) === 'sqlite' ? 'integer' : 'bigserial';
}
