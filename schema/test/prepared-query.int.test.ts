import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery, type Db } from '../src/db/index.ts';
import { makeTestDb, type TestDb } from '../src/testing/index.ts';

let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
  await db
    .insertInto('config_entry')
    .values([
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
      { name: 'c', value: '3' },
    ])
    .execute();
});
afterAll(async () => testDb.cleanup());

describe('preparedQuery', () => {
  const valuesBetween = preparedQuery((q: Db, low: string, high: string) =>
    q
      .selectFrom('config_entry')
      .select('value')
      .where('name', '>=', low)
      .where('name', '<=', high)
      .where('value', '!=', 'never')
      .orderBy('name'),
  );

  it('runs the once-compiled query with each call’s arguments, keeping constant parameters', async () => {
    expect((await valuesBetween(db, 'a', 'b')).map((r) => r.value)).toEqual(['1', '2']);
    expect((await valuesBetween(db, 'b', 'c')).map((r) => r.value)).toEqual(['2', '3']);
    expect(await valuesBetween(db, 'x', 'z')).toEqual([]);
  });

  it('feeds an argument used twice into both places', async () => {
    const sameBothEnds = preparedQuery((q: Db, name: string) =>
      q
        .selectFrom('config_entry')
        .select('value')
        .where('name', '>=', name)
        .where('name', '<=', name),
    );
    expect(await sameBothEnds(db, 'c')).toEqual([{ value: '3' }]);
    expect(await sameBothEnds(db, 'a')).toEqual([{ value: '1' }]);
  });
});
