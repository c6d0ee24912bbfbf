import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { prepareSqliteFile, securePrivateDir, tightenSqliteFiles } from './private-files.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';
import { sendNamedStatements } from './pg-named-statements.ts';
import type { Database } from './tables.ts';

/** `dataDir`: the app's data directory, made private (0700, files 0600) when the database opens. */
export type DbTarget =
  | { readonly kind: 'sqlite'; readonly file: string; readonly dataDir?: string }
  | {
      readonly kind: 'postgres';
      readonly url: string;
      readonly schema?: string;
      readonly poolSize?: number;
      readonly dataDir?: string;
    };

export type Db = Kysely<Database>;

// int8 (bigint, count(*), sum) reads back as BigInt, the same as better-sqlite3 safe integers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => BigInt(value));

function openSqlite(file: string): Db {
  if (file !== ':memory:') prepareSqliteFile(file);
  const database = new SQLite(file, { timeout: 5000 });
  database.pragma('journal_mode = WAL');
  if (file !== ':memory:') tightenSqliteFiles(file);
  database.pragma('synchronous = FULL'); // a ledger keeps its last commits through power loss
  database.pragma('foreign_keys = ON');
  database.defaultSafeIntegers(true);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
}

function openPostgres(target: Extract<DbTarget, { kind: 'postgres' }>): Db {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 20,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  sendNamedStatements(pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the system of record: SQLite file by default, PostgreSQL when a URL is given. */
export function createDb(target: DbTarget): Db {
  if (target.dataDir) securePrivateDir(target.dataDir);
  return target.kind === 'sqlite' ? openSqlite(target.file) : openPostgres(target);
}

export function dbTargetFrom(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): DbTarget {
  return options.databaseUrl
    ? { kind: 'postgres', url: options.databaseUrl, dataDir: options.dataDir }
    : { kind: 'sqlite', file: `${options.dataDir}/kabuto.sqlite`, dataDir: options.dataDir };
}
