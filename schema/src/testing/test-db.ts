import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db, type DbTarget } from '../db/create-db.ts';
import { migrateToLatest, migrationsFingerprint } from '../db/migrator.ts';

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
 * The migrated template database of this set of migrations, made once for every test file that
 * runs under it (an advisory lock keeps two runners from making it together): copying it with
 * `create database … template` takes about a third of the time of migrating a new database.
 * A template of an older set is dropped when a new one is made.
 */
async function postgresTemplate(url: string): Promise<string> {
  const template = `kabuto_tpl_${migrationsFingerprint()}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(4242001)');
    const found = await client.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      const building = `${template}_building`;
      await client.query(`drop database if exists ${building}`);
      await client.query(`create database ${building}`);
      const db = createDb({ kind: 'postgres', url: withDatabase(url, building) });
      await migrateToLatest(db);
      await db.destroy();
      await client.query(`alter database ${building} rename to ${template}`);
      const old = await client.query(
        "select datname from pg_database where datname like 'kabuto_tpl_%' and datname <> $1",
        [template],
      );
      for (const { datname } of old.rows as { datname: string }[]) {
        await client.query(`drop database if exists ${datname}`).catch(() => undefined);
      }
    }
    return template;
  } finally {
    await client.query('select pg_advisory_unlock(4242001)').catch(() => undefined);
    await client.end();
  }
}

/**
 * The migrated SQLite file of this set of migrations, in the temp folder; made by whichever test
 * file needs it first (written aside and renamed into place, so a runner never sees half a file).
 */
async function sqliteTemplate(): Promise<string> {
  const template = join(tmpdir(), `kabuto-template-${migrationsFingerprint()}.sqlite`);
  if (existsSync(template)) return template;
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-template-'));
  const file = join(dir, 'kabuto.sqlite');
  const db = createDb({ kind: 'sqlite', file });
  await migrateToLatest(db);
  await db.destroy(); // closing checkpoints the write-ahead log into the file
  renameSync(file, template);
  rmSync(dir, { recursive: true, force: true });
  return template;
}

/**
 * A migrated database of its own for one test file, copied from the migrated template: a temp SQLite file, or, when DATABASE_URL is
 * set, a fresh PostgreSQL database that is dropped afterwards. A database rather than a schema:
 * Kysely's migrator introspects every schema it can see, and another file dropping its schema at
 * that moment made the introspection fail ("schema … does not exist").
 */
export async function makeTestDb(): Promise<TestDb> {
  const url = process.env['DATABASE_URL'];
  if (url) {
    const database = `kabuto_test_${randomBytes(6).toString('hex')}`;
    const template = await postgresTemplate(url);
    await adminQuery(url, `create database ${database} template ${template}`);
    // A test database need not survive a power cut: commits return without waiting for the disk.
    await adminQuery(url, `alter database ${database} set synchronous_commit = off`);
    const target: DbTarget = { kind: 'postgres', url: withDatabase(url, database) };
    const db = createDb(target);
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
  const file = join(dir, 'kabuto.sqlite');
  copyFileSync(await sqliteTemplate(), file);
  const target: DbTarget = { kind: 'sqlite', file };
  const db = createDb(target);
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
