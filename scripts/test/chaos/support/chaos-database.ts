import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, dbTargetFrom, type Db } from '@kabuto/schema/db';
import type { TestStack } from '../../../src/testing/stack.ts';

/**
 * The PostgreSQL server the chaos tests may use (DATABASE_URL, as the other tests honour it, or
 * the second pass's KABUTO_TEST_ALSO_PG): none means SQLite.
 */
export function postgresServer(): string | undefined {
  return process.env['DATABASE_URL'] || process.env['KABUTO_TEST_ALSO_PG'] || undefined;
}

function onDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A database of the test's own on the server (dropped by `dispose`), or SQLite when there is none. */
export async function chaosDatabase(
  server: string | undefined,
): Promise<{ url: string | undefined; dispose(): Promise<void> }> {
  if (!server) return { url: undefined, dispose: () => Promise.resolve() };
  const name = `kabuto_chaos_${randomBytes(4).toString('hex')}`;
  const admin = createDb({ kind: 'postgres', url: server });
  await sql`create database ${sql.raw(name)}`.execute(admin);
  await admin.destroy();
  return {
    url: onDatabase(server, name),
    async dispose() {
      const again = createDb({ kind: 'postgres', url: server });
      await sql`drop database if exists ${sql.raw(name)} with (force)`.execute(again);
      await again.destroy();
    },
  };
}

/** The stack's own database, opened by the test (SQLite in its data dir, or its PostgreSQL). */
export function openStackDb(stack: TestStack): Db {
  return createDb(dbTargetFrom({ databaseUrl: stack.env['DATABASE_URL'], dataDir: stack.dataDir }));
}
