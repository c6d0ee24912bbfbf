import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { redisKeys, type Ack, type QuoteTick } from '@kabuto/schema/contracts';
import { anIpoListing } from '@kabuto/schema/testing';
import { setListedInstruments } from '@kabuto/schema/market';
import { registerAndLogin, startTestGateway, type TestGateway } from './support/test-gateway.ts';

// A listing whose time has come after the gateway last loaded its listed instruments: the
// gateway's periodic refresh is the production 30 s, so only the list step's announcement on
// `listedInstrumentsChannel` (published the way workers/src/infra/house-announcements.ts does)
// can make it know the symbol within the few seconds these tests allow.
let t: TestGateway;
let socket: Socket;
const SYMBOL = '9993A';
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' });
  const session = await registerAndLogin(t);
  const listingAt = Date.now() - 1_000;
  await anIpoListing(
    t.testDb.db,
    {
      subscribeEnd: listingAt - 72 * HOUR,
      drawAt: listingAt - 71 * HOUR,
      payDeadline: listingAt - 24 * HOUR,
      listingAt,
    },
    { symbol: SYMBOL },
  );
  socket = connect(t.baseUrl, {
    transports: ['websocket'],
    auth: { token: session.token, account: session.account },
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}, 60_000);

afterAll(async () => {
  socket.disconnect();
  await t.close();
  setListedInstruments([]);
});

const subscribe = (): Promise<Ack> =>
  socket.timeout(3000).emitWithAck('quote:subscribe', { symbols: [SYMBOL] });
const detail = async () => (await t.call('quote/detail', { symbol: SYMBOL })).body;

describe('a listing announced by the list step', () => {
  it('is unknown before the announcement (the periodic refresh has not run)', async () => {
    expect((await detail()).msg).toBe('not_found');
    expect(await subscribe()).toEqual({ ok: false, msg: 'not_found' });
  });

  it('is answered by quote/detail and followed by sockets within seconds of it', async () => {
    await t.redis.publish(redisKeys(t.prefix).listedInstrumentsChannel, SYMBOL);
    await expect
      .poll(detail, { timeout: 10_000 })
      .toMatchObject({ status: 1, data: { symbol: SYMBOL, market: 'JP' } });
    expect(await subscribe()).toEqual({ ok: true });
    const tick = new Promise<QuoteTick>((resolve) => socket.once('quote:tick', resolve));
    // The feed's first print of the share, on the channel the feed publishes to.
    const print: QuoteTick = {
      symbol: SYMBOL,
      price: '1510',
      change_rate: '0.67',
      volume: 100,
      turnover: '151000',
      seq: 1,
      ts: Date.now(),
    };
    await t.redis.publish(redisKeys(t.prefix).tickChannel, JSON.stringify([print]));
    expect(await tick).toMatchObject({ symbol: SYMBOL, price: '1510' });
  });
});
