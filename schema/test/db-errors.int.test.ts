import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator, isUniqueViolation } from '../src/db/index.ts';
import { makeTestDb, type TestDb } from '../src/testing/index.ts';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await makeTestDb();
  expect((await createMigrator(testDb.db, testDb.schema).migrateToLatest()).error).toBeUndefined();
});
afterAll(async () => testDb.cleanup());

const user = (account: string, invite: string) => ({
  account,
  password_hash: 'x',
  inviter_code: 'KABUTO',
  invite_code: invite,
  status: 'active',
  trading_barred: 0n,
  created_at: 1n,
});

async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe('isUniqueViolation', () => {
  it('knows a broken unique index from other failures on this dialect, so a lost race answers a msg key, not a 500', async () => {
    await testDb.db.insertInto('app_user').values(user('a@example.com', 'INV1')).execute();
    const duplicate = await errorOf(() =>
      testDb.db.insertInto('app_user').values(user('a@example.com', 'INV2')).execute(),
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
    const missingColumn = await errorOf(() =>
      testDb.db
        .insertInto('app_user')
        .values({ ...user('b@example.com', 'INV3'), password_hash: null as unknown as string })
        .execute(),
    );
    expect(isUniqueViolation(missingColumn)).toBe(false);
    expect(isUniqueViolation(new Error('connection lost'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
