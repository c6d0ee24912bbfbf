import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { withStatementCache } from './sqlite-statement-cache.ts';
import type { Database } from './tables.ts';

export type DbTarget =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string; readonly poolSize?: number };

export type Db = Kysely<Database>;

// int8 (bigint, count(*), sum) reads back as BigInt, the same as better-sqlite3 safe integers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => BigInt(value));

function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file, { timeout: 5000 });
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL'); // a ledger keeps its last commits through power loss
  database.pragma('foreign_keys = ON');
  database.defaultSafeIntegers(true);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

function openPostgres(target: Extract<DbTarget, { kind: 'postgres' }>): Db {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 20,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the system of record: SQLite file by default, PostgreSQL when a URL is given. */
export function createDb(target: DbTarget): Db {
  return target.kind === 'sqlite' ? openSqlite(target.file) : openPostgres(target);
}

export function dbTargetFrom(options: { databaseUrl?: string | undefined; dataDir: string }): DbTarget {
  return options.databaseUrl
    ? { kind: 'postgres', url: options.databaseUrl }
    : { kind: 'sqlite', file: `${options.dataDir}/kabuto.sqlite` };
}
