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
  /** The PostgreSQL schema of this test database, when on PostgreSQL. */
  readonly schema?: string;
  /** A second, independent connection to the same database (another process, in effect). */
  openAnother(): Db;
  cleanup(): Promise<void>;
}

async function createPgSchema(url: string, schema: string, drop = false): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(drop ? `drop schema if exists ${schema} cascade` : `create schema ${schema}`);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database of its own for one test file: a temp SQLite file, or, when
 * DATABASE_URL is set, a fresh PostgreSQL schema that is dropped afterwards.
 */
export async function makeTestDb(): Promise<TestDb> {
  const url = process.env['DATABASE_URL'];
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await createPgSchema(url, schema);
    const target: DbTarget = { kind: 'postgres', url, schema };
    const db = createDb(target);
    await migrateToLatest(db, schema);
    const others: Db[] = [];
    return {
      schema,
      db,
      target,
      openAnother: () => {
        const other = createDb(target);
        others.push(other);
        return other;
      },
      cleanup: async () => {
        await Promise.all([db, ...others].map((d) => d.destroy()));
        await createPgSchema(url, schema, true);
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
