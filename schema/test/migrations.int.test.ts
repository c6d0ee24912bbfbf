import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MIGRATIONS } from 'kysely';
import { createMigrator } from '../src/db/index.ts';
import { makeTestDb, type TestDb } from '../src/testing/index.ts';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await makeTestDb();
});
afterAll(async () => testDb.cleanup());

describe('migrations', () => {
  it('when run down to nothing and up again, end with every table in place', async () => {
    const migrator = createMigrator(testDb.db, testDb.schema);
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const tables = (await testDb.db.introspection.getTables()).map((t) => t.name);
    for (const table of [
      'app_user',
      'session',
      'ledger_account',
      'journal',
      'posting',
      'idempotency_key',
    ]) {
      expect(tables).toContain(table);
    }
  });
});
