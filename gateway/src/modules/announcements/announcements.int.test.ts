import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '@kabuto/schema/testing';
import { insertAnnouncement } from '@kabuto/schema/modules/announcements/db/announcements.repository.ts';
import { startTestGateway, type TestGateway } from '../../../test/support/test-gateway.ts';

// The demo module (issue 19): announcements read by anyone, newest first, by market, never before
// they are published; its table, migration, call and msg key live in its own folders.
const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);
const MINUTE = 60_000;
const clock = testClock(NOW);
let t: TestGateway;

function announcement(market: string | null, title: string, publishedAt: number) {
  return {
    market,
    ...{ title_ja: `${title} (ja)`, title_en: title, title_zh: `${title} (zh)` },
    ...{ body_ja: '本文', body_en: 'Body', body_zh: '正文' },
    published_at: BigInt(publishedAt),
    created_at: BigInt(NOW - 60 * MINUTE),
  };
}

beforeAll(async () => {
  t = await startTestGateway({}, clock);
});
afterAll(async () => {
  await t.close();
});

describe('announcement/list', () => {
  it('with nothing published answers an empty list and msg no_announcements, without a session', async () => {
    const { http, body } = await t.call('announcement/list');
    expect([http, body.status, body.msg, body.data]).toEqual([200, 1, 'no_announcements', []]);
  });

  it('answers the published ones of a market and of every market, newest first; a future one only once its time comes', async () => {
    const db = t.testDb.db;
    await insertAnnouncement(db, announcement('JP', 'JP holiday', NOW - 30 * MINUTE));
    await insertAnnouncement(db, announcement(null, 'Maintenance', NOW - 10 * MINUTE));
    await insertAnnouncement(db, announcement('US', 'US early close', NOW - 20 * MINUTE));
    await insertAnnouncement(db, announcement('JP', 'New listing', NOW + 30 * MINUTE));

    const jp = await t.call('announcement/list', { market: 'JP' });
    expect(jp.body.msg).toBe('ok');
    expect(jp.body.data.map((a: { title: { en: string } }) => a.title.en)).toEqual([
      'Maintenance',
      'JP holiday',
    ]);
    expect(jp.body.data[1]).toMatchObject({
      market: 'JP',
      title: { ja: 'JP holiday (ja)', en: 'JP holiday', zh: 'JP holiday (zh)' },
      body: { ja: '本文', en: 'Body', zh: '正文' },
      published_at: NOW - 30 * MINUTE,
    });

    const all = await t.call('announcement/list');
    expect(all.body.data.map((a: { title: { en: string } }) => a.title.en)).toEqual([
      'Maintenance',
      'US early close',
      'JP holiday',
    ]);
    const newest = await t.call('announcement/list', { limit: '1' });
    expect(newest.body.data.map((a: { title: { en: string } }) => a.title.en)).toEqual([
      'Maintenance',
    ]);

    clock.advance(31 * MINUTE);
    const later = await t.call('announcement/list', { market: 'JP' });
    expect(later.body.data.map((a: { title: { en: string } }) => a.title.en)).toEqual([
      'New listing',
      'Maintenance',
      'JP holiday',
    ]);
  });

  it.each([{ market: 'XX' }, { limit: '0' }, { limit: '51' }, { limit: '0x10' }, { extra: '1' }])(
    'refuses %o with invalid_param (400), never a 500',
    async (input) => {
      const { http, body } = await t.call('announcement/list', input);
      expect([http, body.status, body.msg]).toEqual([400, 0, 'invalid_param']);
    },
  );
});
