import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { reconcile } from '@kabuto/schema/db';
import { registerAndLogin, startTestGateway, type TestGateway } from './support/test-gateway.ts';

let t: TestGateway;
beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(async () => t.close());

async function grantJournals(): Promise<bigint> {
  const row = await t.testDb.db
    .selectFrom('journal')
    .select(sql<bigint>`count(*)`.as('n'))
    .where('kind', '=', 'paper_grant')
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('user/paperfund and user/assets', () => {
  it('when a new user looks, every figure is zero, computed by the summary', async () => {
    const session = await registerAndLogin(t);
    const { body } = await t.call('user/assets', { type: 'jpy' }, session);
    expect(body.data).toMatchObject({
      currency: 'JPY',
      total: '0',
      available: '0',
      frozen: '0',
      debt: '0',
      market_value: '0',
      unrealized_pnl: '0',
    });
    expect((await t.call('user/getUserinfo', { type: 'usd' }, session)).body.data).toMatchObject({
      jpy: '0.00',
      jpyyjed: '0.00',
      currency: 'USD',
    });
  });

  it('when a paper grant is claimed, the yen shows in assets and user info, as one ledger transaction', async () => {
    const session = await registerAndLogin(t);
    const claim = await t.call(
      'user/paperfund',
      { currency: 'jpy', request_id: 'grant-jpy-0001' },
      session,
    );
    expect(claim.body).toMatchObject({
      status: 1,
      msg: 'claim_ok',
      data: { currency: 'JPY', amount: '10000000' },
    });
    expect((await t.call('user/assets', { type: 'jpy' }, session)).body.data).toMatchObject({
      total: '10000000',
      available: '10000000',
    });
    expect((await t.call('user/getUserinfo', { type: 'jpy' }, session)).body.data.jpy).toBe(
      '10000000',
    );
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });

  it('when dollars are held and the feed has a rate, assets in yen convert them; without a rate they are named unpriced', async () => {
    const session = await registerAndLogin(t);
    await t.call('user/paperfund', { currency: 'usd', request_id: 'grant-usd-0001' }, session);
    const before = (await t.call('user/assets', { type: 'jpy' }, session)).body.data;
    expect(before).toMatchObject({ total: '0', unpriced: ['USD'] });
    await t.redis.hset(
      `${t.prefix}:quote:latest`,
      'FX:USDJPY',
      JSON.stringify({ symbol: 'FX:USDJPY', price: '150.5000' }),
    );
    const after = (await t.call('user/assets', { type: 'jpy' }, session)).body.data;
    expect(after).toMatchObject({ total: '10535000', available: '10535000', unpriced: [] });
    // The same cash unconverted, per currency: what the dollar order sheet and the Mine card show as dollars.
    expect(after.cash).toEqual({ USD: '70000.00' });
    expect((await t.call('user/assets', { type: 'usd' }, session)).body.data.total).toBe(
      '70000.00',
    );
  });

  it('when the same request_id comes again, returns the first result and changes nothing', async () => {
    const session = await registerAndLogin(t);
    const first = await t.call(
      'user/paperfund',
      { currency: 'jpy', request_id: 'same-intent-01' },
      session,
    );
    const before = await grantJournals();
    const replay = await t.call(
      'user/paperfund',
      { currency: 'jpy', request_id: 'same-intent-01' },
      session,
    );
    expect(replay.body).toEqual(first.body);
    expect(await grantJournals()).toBe(before);
  });

  it('when a request_id is reused with other inputs, refuses with request_id_reused', async () => {
    const session = await registerAndLogin(t);
    await t.call('user/paperfund', { currency: 'jpy', request_id: 'reused-key-01' }, session);
    const before = await grantJournals();
    const reused = await t.call(
      'user/paperfund',
      { currency: 'cny', request_id: 'reused-key-01' },
      session,
    );
    expect(reused.body).toMatchObject({ status: 0, msg: 'request_id_reused' });
    expect(await grantJournals()).toBe(before);
    expect((await t.call('user/assets', { type: 'cny' }, session)).body.data.available).not.toBe(
      '500000.00',
    );
  });

  it('when a second grant is asked for within a day, says when the next one opens (grant_not_yet), and nothing changes', async () => {
    const session = await registerAndLogin(t);
    const first = await t.call(
      'user/paperfund',
      { currency: 'jpy', request_id: 'daily-01' },
      session,
    );
    const granted = await t.testDb.db
      .selectFrom('journal')
      .select('created_at')
      .where('id', '=', BigInt(first.body.data.journal_id))
      .executeTakeFirstOrThrow();
    const before = await grantJournals();
    const again = await t.call(
      'user/paperfund',
      { currency: 'jpy', request_id: 'daily-02' },
      session,
    );
    expect(again).toMatchObject({
      http: 200,
      body: {
        status: 0,
        msg: 'grant_not_yet',
        data: { currency: 'JPY', next_claim_at: Number(granted.created_at) + 24 * 3600 * 1000 },
      },
    });
    expect(await grantJournals()).toBe(before);
    expect((await t.call('user/assets', { type: 'jpy' }, session)).body.data.total).toBe(
      '10000000',
    );
    // Each currency has its own grant: dollars can still be claimed today.
    expect(
      (await t.call('user/paperfund', { currency: 'usd', request_id: 'daily-03' }, session)).body,
    ).toMatchObject({ status: 1, data: { currency: 'USD', amount: '70000.00' } });
  });

  it('when 50 identical requests race, exactly one grant is posted and every answer is the same', async () => {
    const session = await registerAndLogin(t);
    const before = await grantJournals();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call('user/paperfund', { currency: 'jpy', request_id: 'race-key-0001' }, session),
      ),
    );
    expect(new Set(answers.map((a) => a.http))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await grantJournals()).toBe(before + 1n);
    expect((await t.call('user/assets', { type: 'jpy' }, session)).body.data.total).toBe(
      '10000000',
    );
  });

  it('when 50 different requests race, exactly one grant lands and the rest are refused', async () => {
    const session = await registerAndLogin(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call(
          'user/paperfund',
          { currency: 'jpy', request_id: `distinct-${String(i).padStart(4, '0')}` },
          session,
        ),
      ),
    );
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'grant_not_yet')).toHaveLength(49);
    expect((await t.call('user/assets', { type: 'jpy' }, session)).body.data.total).toBe(
      '10000000',
    );
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });
});

describe('live mode', () => {
  it('when the gateway is configured live, it refuses to start', async () => {
    await expect(startTestGateway({ KABUTO_MODE: 'live' })).rejects.toThrow(/live/);
  });
});
