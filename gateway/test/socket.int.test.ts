import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { MAX_SYMBOL_SUBSCRIPTIONS, type Ack, type QuoteTick } from '@kabuto/schema/contracts';
import { INSTRUMENTS } from '@kabuto/schema/market';
import { registerAndLogin, startTestGateway, type TestGateway } from './support/test-gateway.ts';

let t: TestGateway;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

function open(auth: Record<string, string> = {}, origin?: string, host?: string): Promise<Socket> {
  const socket = connect(t.baseUrl, {
    transports: ['websocket'],
    auth,
    forceNew: true,
    ...(origin ? { extraHeaders: { origin, ...(host ? { host } : {}) } } : {}),
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function subscribe(socket: Socket, payload: unknown): Promise<Ack> {
  return socket.timeout(3000).emitWithAck('quote:subscribe', payload);
}

function publishTick(tick: Partial<QuoteTick> & { symbol: string }) {
  const full: QuoteTick = {
    price: '100.00',
    change_rate: '0.00',
    volume: 1,
    turnover: '100',
    seq: 1,
    ts: Date.now(),
    ...tick,
  };
  return t.redis.publish(`${t.prefix}:quote:ticks`, JSON.stringify([full]));
}

function nextEvent<T>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

function publishBatch(ticks: Array<Partial<QuoteTick> & { symbol: string }>) {
  const full = ticks.map((tick) => ({
    price: '100.00',
    change_rate: '0.00',
    volume: 1,
    turnover: '100',
    seq: 1,
    ts: Date.now(),
    ...tick,
  }));
  return t.redis.publish(`${t.prefix}:quote:ticks`, JSON.stringify(full));
}

describe('tick frames', () => {
  it('a per-tick socket gets every symbol of a batch, not just the first (no volatile drops)', async () => {
    const socket = await open();
    expect(await subscribe(socket, { symbols: ['7203', 'AAPL', 'MSFT'] })).toEqual({ ok: true });
    const received: string[] = [];
    socket.on('quote:tick', (tick: QuoteTick) => received.push(tick.symbol));
    await publishBatch([
      { symbol: '7203', seq: 5 },
      { symbol: 'AAPL', seq: 5 },
      { symbol: 'MSFT', seq: 5 },
      { symbol: 'NVDA', seq: 5 },
    ]);
    await expect
      .poll(() => [...received].sort(), { timeout: 3000 })
      .toEqual(['7203', 'AAPL', 'MSFT']);
  });

  it('a batch socket gets one quote:ticks frame with the latest tick of each of its symbols', async () => {
    const socket = await open({ frames: 'batch' });
    expect(await subscribe(socket, { symbols: ['7203', 'AAPL'] })).toEqual({ ok: true });
    const frames: QuoteTick[][] = [];
    socket.on('quote:ticks', (ticks: QuoteTick[]) => frames.push(ticks));
    await publishBatch([
      { symbol: '7203', price: '2800', seq: 7 },
      { symbol: 'AAPL', price: '230.10', seq: 7 },
      { symbol: '7203', price: '2801', seq: 8 },
      { symbol: 'NVDA', seq: 7 },
    ]);
    await expect.poll(() => frames.length, { timeout: 3000 }).toBe(1);
    expect(frames[0]?.map((tick) => [tick.symbol, tick.price, tick.seq]).sort()).toEqual([
      ['7203', '2801', 8],
      ['AAPL', '230.10', 7],
    ]);
    const none: QuoteTick[] = [];
    socket.on('quote:tick', (tick: QuoteTick) => none.push(tick));
    await publishBatch([{ symbol: 'AAPL', seq: 9 }]);
    await expect.poll(() => frames.length, { timeout: 3000 }).toBe(2);
    expect(none).toEqual([]);
  });
});

describe('quote:subscribe', () => {
  it('when subscribed to a symbol, receives its ticks and not other symbols', async () => {
    const socket = await open();
    expect(await subscribe(socket, { symbols: ['7203'] })).toEqual({ ok: true });
    const received: QuoteTick[] = [];
    socket.on('quote:tick', (tick: QuoteTick) => received.push(tick));
    await publishTick({ symbol: 'AAPL', price: '230.01' });
    await publishTick({ symbol: '7203', price: '2801.5', seq: 2 });
    await expect.poll(() => received.map((r) => r.symbol)).toEqual(['7203']);
    expect(received[0]).toMatchObject({ price: '2801.5', seq: 2 });
  });

  it('when the payload is malformed or the symbol unknown, acks with a refusal and joins nothing', async () => {
    const socket = await open();
    expect(await subscribe(socket, { symbols: 'AAPL' })).toEqual({
      ok: false,
      msg: 'invalid_param',
    });
    expect(await subscribe(socket, { symbols: ['NOPE'] })).toEqual({ ok: false, msg: 'not_found' });
    const received: QuoteTick[] = [];
    socket.on('quote:tick', (tick: QuoteTick) => {
      if (tick.symbol === 'AAPL') received.push(tick);
    });
    // A symbol it does follow, printed after AAPL in the same batch: once that tick is here, an
    // AAPL tick sent to this socket would have arrived before it.
    expect(await subscribe(socket, { symbols: ['7203'] })).toEqual({ ok: true });
    const marker = new Promise<void>((resolve) => {
      socket.on('quote:tick', (tick: QuoteTick) => {
        if (tick.symbol === '7203' && tick.price === '123.45') resolve();
      });
    });
    await publishBatch([{ symbol: 'AAPL' }, { symbol: '7203', price: '123.45' }]);
    await marker;
    expect(received).toEqual([]);
  });

  it('when the latest quote is known, a new subscriber gets it at once', async () => {
    await t.redis.hset(
      `${t.prefix}:quote:latest`,
      'MSFT',
      JSON.stringify({
        symbol: 'MSFT',
        price: '421.00',
        change_rate: '0.10',
        volume: 5,
        seq: 9,
        ts: 1,
      }),
    );
    const socket = await open();
    const first = nextEvent<QuoteTick>(socket, 'quote:tick');
    await subscribe(socket, { symbols: ['MSFT'] });
    expect(await first).toMatchObject({ symbol: 'MSFT', price: '421.00' });
  });
});

describe('a screen subscribes to everything it shows', () => {
  const market = (m: string) =>
    INSTRUMENTS.filter((i) => i.market === m && i.kind === 'stock').map((i) => i.symbol);
  const indices = INSTRUMENTS.filter((i) => i.kind === 'index').map((i) => i.symbol);

  it('the Quotes tab: a whole market (54) and the indices get their ticks, in one call or two', async () => {
    expect(market('JP').length).toBeGreaterThan(50);
    const socket = await open({ frames: 'batch' });
    expect(await subscribe(socket, { symbols: indices })).toEqual({ ok: true });
    expect(await subscribe(socket, { symbols: market('JP') })).toEqual({ ok: true });
    const whole = await open({ frames: 'batch' });
    expect(await subscribe(whole, { symbols: [...market('US'), ...indices] })).toEqual({
      ok: true,
    });
    const seen = new Set<string>();
    socket.on('quote:ticks', (ticks: QuoteTick[]) =>
      ticks.forEach((tick) => seen.add(tick.symbol)),
    );
    const wholeSeen = new Set<string>();
    whole.on('quote:ticks', (ticks: QuoteTick[]) =>
      ticks.forEach((tick) => wholeSeen.add(tick.symbol)),
    );
    await publishBatch(
      [...market('JP'), ...market('US'), ...indices].map((symbol) => ({ symbol, seq: 11 })),
    );
    await expect
      .poll(() => seen.size, { timeout: 3000 })
      .toBe(market('JP').length + indices.length);
    await expect
      .poll(() => wholeSeen.size, { timeout: 3000 })
      .toBe(market('US').length + indices.length);
  });

  it('still caps one socket: past the cap the call is refused and nothing of it is joined', async () => {
    const socket = await open({ frames: 'batch' });
    const all = INSTRUMENTS.map((i) => i.symbol);
    expect(await subscribe(socket, { symbols: all })).toEqual({ ok: true });
    // Symbols the feed quotes beyond the instruments (as it quotes FX pairs), enough to pass the cap.
    const extra = Array.from(
      { length: MAX_SYMBOL_SUBSCRIPTIONS - all.length + 1 },
      (_, i) => `FX:T${i}`,
    );
    await t.redis.hset(
      `${t.prefix}:quote:latest`,
      Object.fromEntries(
        extra.map((s) => [
          s,
          JSON.stringify({ symbol: s, price: '1', change_rate: '0', volume: 0, seq: 1, ts: 1 }),
        ]),
      ),
    );
    expect(await subscribe(socket, { symbols: extra })).toEqual({ ok: false, msg: 'too_frequent' });
    expect(await subscribe(socket, { symbols: extra.slice(1) })).toEqual({ ok: true });
    const seen: string[] = [];
    socket.on('quote:ticks', (ticks: QuoteTick[]) =>
      ticks.forEach((tick) => seen.push(tick.symbol)),
    );
    await publishBatch([
      { symbol: extra[0] as string, seq: 3 },
      { symbol: extra[1] as string, seq: 3 },
    ]);
    await expect.poll(() => seen, { timeout: 3000 }).toContain(extra[1]);
    expect(seen).not.toContain(extra[0]);
  });
});

describe('a socket that leaves while subscribing', () => {
  it('holds no room or subscription once it is gone, even when the latest quotes come back after it left', async () => {
    const nsp = t.gateway.io().of('/');
    // The latest-quote read is slow (a busy Redis): the socket disconnects while it is under way.
    const hmget = t.gateway.deps.redis.hmget.bind(t.gateway.deps.redis);
    // Held until the test lets it go, once the socket has left.
    let releaseRead = (): void => undefined;
    const slowRead = vi
      .spyOn(t.gateway.deps.redis, 'hmget')
      .mockImplementation(async (...args: Parameters<typeof hmget>) => {
        await new Promise<void>((resolve) => (releaseRead = resolve));
        return hmget(...args);
      });
    try {
      const symbols = INSTRUMENTS.slice(0, 20).map((i) => i.symbol);
      for (const auth of [{}, { frames: 'batch' }]) {
        const following = t.gateway.tickConflator().socketCount();
        const socket = await open(auth);
        const id = socket.id as string;
        socket.emit('quote:subscribe', { symbols });
        await expect.poll(() => slowRead.mock.calls.length > 0).toBe(true);
        socket.disconnect();
        await expect.poll(() => nsp.sockets.has(id)).toBe(false);
        releaseRead(); // the latest quotes come back after it left
        await slowRead.mock.results[0]?.value;
        await new Promise((resolve) => setImmediate(resolve)); // the handler has run on from its read
        expect(nsp.adapter.sids.has(id)).toBe(false);
        expect(
          symbols.filter((symbol) => nsp.adapter.rooms.get(`symbol:${symbol}`)?.has(id)),
        ).toEqual([]);
        expect(t.gateway.tickConflator().socketCount()).toBe(following);
        slowRead.mockClear();
      }
    } finally {
      slowRead.mockRestore();
    }
  });
});

describe('account events', () => {
  it('when a token is valid, the socket gets its account events; a bad token gets none', async () => {
    const session = await registerAndLogin(t);
    const good = await open({ token: session.token, account: session.account });
    const bad = await open({ token: 'forged-token', account: session.account });
    const badEvents: unknown[] = [];
    bad.on('fund:updated', (e: unknown) => badEvents.push(e));
    expect(await subscribe(bad, { symbols: ['7203'] })).toEqual({ ok: true });
    const event = nextEvent<{ seq: number; kind: string }>(good, 'fund:updated');
    await t.call('user/paperfund', { currency: 'jpy', request_id: 'socket-grant-1' }, session);
    expect(await event).toMatchObject({ kind: 'paper_grant', seq: expect.any(Number) });
    // A tick sent to the bad socket after the event went out: once it is there, the event would be too.
    const marker = new Promise<void>((resolve) => {
      bad.on('quote:tick', (tick: QuoteTick) => {
        if (tick.symbol === '7203' && tick.price === '123.46') resolve();
      });
    });
    await publishTick({ symbol: '7203', price: '123.46' });
    await marker;
    expect(badEvents).toEqual([]);
  });

  it('when the session is logged out, its socket is disconnected', async () => {
    const session = await registerAndLogin(t);
    const socket = await open({ token: session.token, account: session.account });
    const disconnected = nextEvent<string>(socket, 'disconnect');
    await t.call('user/logout', {}, session);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('when the gateway closes with events under way, they finish first and later ones are not sent', async () => {
    const own = await startTestGateway();
    const events = own.gateway.deps.accountEvents;
    const underWay = Array.from({ length: 20 }, () =>
      events.emit(42, 'fund:updated', { kind: 'withdrawal_paid', withdrawal_id: '1' }),
    );
    await own.close();
    await expect(Promise.all(underWay)).resolves.toHaveLength(20);
    await expect(
      events.emit(42, 'fund:updated', { kind: 'withdrawal_paid', withdrawal_id: '2' }),
    ).resolves.toBeUndefined();
  });

  it('when the Origin is foreign, the connection is refused', async () => {
    await expect(open({}, 'https://evil.example')).rejects.toThrow();
  });

  it('a rebound DNS name (Host equal to its own Origin) is refused; the page’s own address connects', async () => {
    await expect(open({}, 'http://rebound.example', 'rebound.example')).rejects.toThrow();
    const own = await open({}, t.baseUrl);
    expect(own.connected).toBe(true);
    const port = new URL(t.baseUrl).port;
    const local = await open({}, `http://localhost:${port}`);
    expect(local.connected).toBe(true);
  });
});
