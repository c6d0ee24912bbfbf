import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db, type DbTarget } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrator.ts';

export interface TestDb {
  readonly db: Db;
  readonly target: DbTarget;
  /** The PostgreSQL schema the app lives in (tests use their own database, so the default one). */
  readonly schema?: string;
  /** A second, independent connection to the same database (another process, in effect). */
  openAnother(): Db;
  cleanup(): Promise<void>;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its last connection has gone. Not `WITH (FORCE)`: that kills
 * connections a pool is still closing, and their clients raise an uncaught 57P01.
 */
async function dropWhenFree(url: string, database: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await adminQuery(url, `drop database if exists ${database}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A migrated database of its own for one test file: a temp SQLite file, or, when DATABASE_URL is
 * set, a fresh PostgreSQL database that is dropped afterwards. A database rather than a schema:
 * Kysely's migrator introspects every schema it can see, and another file dropping its schema at
 * that moment made the introspection fail ("schema … does not exist").
 */
export async function makeTestDb(): Promise<TestDb> {
  const url = process.env['DATABASE_URL'];
  if (url) {
    const database = `kabuto_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${database}`);
    const target: DbTarget = { kind: 'postgres', url: withDatabase(url, database) };
    const db = createDb(target);
    await migrateToLatest(db);
    const others: Db[] = [];
    return {
      db,
      target,
      openAnother: () => {
        const other = createDb(target);
        others.push(other);
        return other;
      },
      cleanup: async () => {
        await Promise.all([db, ...others].map((d) => d.destroy()));
        await dropWhenFree(url, database);
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-test-'));
  const target: DbTarget = { kind: 'sqlite', file: join(dir, 'kabuto.sqlite') };
  const db = createDb(target);
  await migrateToLatest(db);
  const others: Db[] = [];
  return {
    db,
    target,
    openAnother: () => {
      const other = createDb(target);
      others.push(other);
      return other;
    },
    cleanup: async () => {
      await Promise.all([db, ...others].map((d) => d.destroy()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
