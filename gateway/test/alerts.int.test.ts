import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisKeys } from '@kabuto/schema/contracts';
import { startPushStandIn } from '@kabuto/schema/testing';
import { createAccountEmitter } from '../../workers/src/infra/account-emitter.ts';
import { createLogger } from '../../workers/src/infra/logger.ts';
import { startAlertWatcher } from '../../workers/src/jobs/alerts/alert-watcher.ts';
import { createPushSender } from '../../workers/src/jobs/alerts/push-sender.ts';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';

// Price alerts (issue 23 item 2) over HTTP against the real gateway, met by the real watcher on
// ticks published on this test's own Redis channel, pushed through web-push to a local stand-in
// for a browser's push service that decrypts what it receives.
let t: TestGateway;
let watcher: Awaited<ReturnType<typeof startAlertWatcher>>;
let pushService: Awaited<ReturnType<typeof startPushStandIn>>;

async function quote(symbol: string, price: string, changeRate = '0.00') {
  const snapshot = {
    ...{ symbol, price, change_rate: changeRate, volume: 0, seq: 1, ts: Date.now() },
    ...{ open: price, high: price, low: price, prev_close: price, turnover: '0' },
    ...{
      limit_up: null,
      limit_down: null,
      phase: 'continuous',
      date: '2026-11-24',
      source: 'test',
    },
  };
  await t.redis.hset(redisKeys(t.prefix).latestQuotes, symbol, JSON.stringify(snapshot));
}

async function print(symbol: string, price: string, changeRate = '0.00') {
  await quote(symbol, price, changeRate);
  const tick = { symbol, price, change_rate: changeRate, volume: 0, seq: 1, ts: Date.now() };
  await t.redis.publish(redisKeys(t.prefix).tickChannel, JSON.stringify([tick]));
}

const statusOf = async (s: Session, id: string) => {
  const list = await t.call('alert/list', {}, s);
  return (list.body.data as Array<{ id: string; status: string }>).find((a) => a.id === id)?.status;
};
const inboxOf = async (s: Session) =>
  (
    await t.testDb.db
      .selectFrom('inbox_message')
      .innerJoin('app_user', 'app_user.id', 'inbox_message.user_id')
      .select(['kind', 'params'])
      .where('app_user.account', '=', s.account)
      .where('kind', '=', 'price_alert')
      .execute()
  ).map((r) => JSON.parse(r.params) as Record<string, string>);
/** Until the watcher's index holds `count` alerts (it reloads when the gateway bumps the version). */
const indexed = (count: number) =>
  expect.poll(() => watcher.index().size, { timeout: 5000 }).toBe(count);

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' });
  pushService = await startPushStandIn();
  const logger = createLogger('silent', 'test');
  watcher = await startAlertWatcher({
    db: t.testDb.db,
    redis: t.redis.duplicate({ maxRetriesPerRequest: null }),
    redisPrefix: t.prefix,
    emitter: createAccountEmitter(t.redis, t.prefix, t.testDb.db),
    logger,
    push: createPushSender({
      db: t.testDb.db,
      logger,
      nowMs: () => Date.now(),
      ca: pushService.ca,
    }),
    refreshMs: 50,
  });
  await quote('AAPL', '200.00');
  await quote('7203', '2850');
}, 60_000);

afterAll(async () => {
  await watcher.stop();
  await pushService.close();
  await t.close();
});

describe('price alerts', () => {
  it('fires once per crossing with an inbox line and a Web Push to the subscribed browser, in its language', async () => {
    const s = await registerAndLogin(t);
    const key = await t.call('push/key', {});
    expect(key.body.data.public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const browser = pushService.subscribe();
    const saved = await t.call('push/subscribe', { ...browser, language: 'jp' }, s);
    expect(saved.body.status).toBe(1);
    const created = await t.call(
      'alert/create',
      { symbol: '7203', condition: 'above', value: '2900' },
      s,
    );
    expect(created.body).toMatchObject({ status: 1, msg: 'add_ok' });
    const id = created.body.data.alert_id as string;
    await indexed(1);
    await print('7203', '2899');
    await print('7203', '2901.5');
    await expect.poll(() => statusOf(s, id), { timeout: 5000 }).toBe('triggered');
    const [push] = await pushService.waitFor(1);
    expect(push?.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(push?.encoding).toBe('aes128gcm');
    expect(JSON.parse(push?.payload ?? '{}')).toMatchObject({
      title: '株価アラート：トヨタ自動車',
      url: '/#/quotes/info?symbol=7203',
    });
    // A second crossing does not fire it again: it fired once and waits to be re-armed.
    await print('7203', '2850');
    await print('7203', '2950');
    expect(await inboxOf(s)).toHaveLength(1);
    expect((await inboxOf(s))[0]).toMatchObject({
      symbol: '7203',
      price: '2901.5',
      alert_condition: 'above',
    });
    expect(pushService.received).toHaveLength(1);
    await print('7203', '2850');
  });

  it('a day-change alert fires on the feed’s change; a re-armed one fires again on the next crossing', async () => {
    const s = await registerAndLogin(t);
    const created = await t.call(
      'alert/create',
      { symbol: 'AAPL', condition: 'change_pct', value: '-3' },
      s,
    );
    const id = created.body.data.alert_id as string;
    await indexed(1);
    await print('AAPL', '195.00', '-2.50');
    await print('AAPL', '193.00', '-3.50');
    await expect.poll(() => statusOf(s, id), { timeout: 5000 }).toBe('triggered');
    await print('AAPL', '200.00', '0.00');
    expect((await t.call('alert/rearm', { id }, s)).body.status).toBe(1);
    await indexed(1);
    await print('AAPL', '192.00', '-4.00');
    await expect.poll(async () => (await inboxOf(s)).length, { timeout: 5000 }).toBe(2);
    await print('AAPL', '200.00', '0.00');
  });

  it('refuses an alert the price already meets, bad values and the 51st; nothing is written', async () => {
    const s = await registerAndLogin(t);
    const create = (fields: Record<string, string>) => t.call('alert/create', fields, s);
    expect((await create({ symbol: '7203', condition: 'above', value: '2800' })).body.msg).toBe(
      'alert_already_met',
    );
    expect((await create({ symbol: '7203', condition: 'below', value: '2900' })).body.msg).toBe(
      'alert_already_met',
    );
    const bad = [
      { symbol: '7203', condition: 'above', value: '-5' },
      { symbol: '7203', condition: 'change_pct', value: '0' },
      { symbol: '7203', condition: 'change_pct', value: '75' },
      { symbol: 'NOPE', condition: 'above', value: '10' },
      { symbol: '7203', condition: 'sideways', value: '10' },
    ];
    for (const fields of bad) {
      const answer = await create(fields);
      expect(answer.body.status, JSON.stringify(fields)).toBe(0);
      expect(answer.http).toBeLessThan(500);
    }
    expect((await t.call('alert/list', {}, s)).body.data).toEqual([]);
    for (let i = 0; i < 50; i += 1) {
      expect(
        (await create({ symbol: '7203', condition: 'above', value: String(3000 + i) })).body.status,
      ).toBe(1);
    }
    expect((await create({ symbol: '7203', condition: 'above', value: '3100' })).body.msg).toBe(
      'alert_limit',
    );
    expect((await t.call('alert/list', {}, s)).body.data).toHaveLength(50);
  });

  it('another user’s alert cannot be deleted or re-armed; a deleted alert never fires', async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const created = await t.call(
      'alert/create',
      { symbol: 'AAPL', condition: 'below', value: '150.00' },
      owner,
    );
    const id = created.body.data.alert_id as string;
    expect((await t.call('alert/delete', { id }, other)).body.msg).toBe('not_found');
    expect((await t.call('alert/rearm', { id }, other)).body.msg).toBe('not_found');
    expect((await t.call('alert/delete', { id }, owner)).body.msg).toBe('delete_ok');
    await print('AAPL', '140.00');
    await print('AAPL', '200.00');
    expect(await inboxOf(owner)).toEqual([]);
  });
});
