import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisKeys, type QuoteSnapshot } from '@kabuto/schema/contracts';
import { insertCorporateActions, upsertCandles } from '@kabuto/schema/db';
import { anIpoListing, testClock } from '@kabuto/schema/testing';
import {
  changeRate,
  findInstrument,
  formatPrice,
  generateHistory,
  setListedInstruments,
  tradingDaysBetween,
  type Instrument,
} from '@kabuto/schema/market';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';

// History written through the real store, snapshots written to Redis the way the feed writes them.
let t: TestGateway;
let session: Session;
// The test's own clock: Sunday 22 November 2026, two days after the seeded history ends, so the
// answers do not depend on the machine's date (a US holiday once emptied the time-share chart).
const NOW = Date.UTC(2026, 10, 22, 3, 0);
const SYMBOLS = ['7203', 'NVDA', 'AAPL', '600519', '000858', 'MSFT'];

async function seedSymbol(instrument: Instrument, from: string): Promise<void> {
  const days = tradingDaysBetween(instrument.market, from, '2026-11-20');
  const history = generateHistory(instrument, 5, days, 2);
  await upsertCandles(t.testDb.db, [
    ...history.daily.map((bar) => ({ symbol: instrument.symbol, period: '1d' as const, bar })),
    ...history.minutes.map((bar) => ({ symbol: instrument.symbol, period: '1m' as const, bar })),
  ]);
  await insertCorporateActions(
    t.testDb.db,
    history.actions.map((a) => ({ ...a, symbol: instrument.symbol })),
  );
  const last = history.daily[history.daily.length - 1];
  const prev = history.daily[history.daily.length - 2];
  if (!last || !prev) throw new Error('no history');
  const price = (v: bigint) => formatPrice(v, instrument.market);
  const snapshot: QuoteSnapshot = {
    symbol: instrument.symbol,
    market: instrument.market,
    price: price(last.close),
    change_rate: changeRate(last.close, prev.close),
    volume: Number(last.volume),
    seq: 1,
    ts: NOW,
    open: price(last.open),
    high: price(last.high),
    low: price(last.low),
    prev_close: price(prev.close),
    turnover: '1000',
    limit_up: null,
    limit_down: null,
    phase: 'continuous',
    date: '2026-11-20',
    source: 'test history',
  };
  await t.redis.hset(redisKeys(t.prefix).latestQuotes, instrument.symbol, JSON.stringify(snapshot));
}

beforeAll(async () => {
  // Listed new shares reloaded every 100 ms (30 s in production), so a listing shows up quickly.
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' }, testClock(NOW), {
    listedRefreshMs: 100,
  });
  for (const symbol of SYMBOLS) {
    await seedSymbol(
      findInstrument(symbol) as Instrument,
      symbol === 'NVDA' ? '2024-01-02' : '2026-01-05',
    );
  }
  session = await registerAndLogin(t);
}, 60_000);

afterAll(async () => {
  await t.close();
  setListedInstruments([]);
});

describe('quote/search', () => {
  it.each([
    ['7203', '7203'],
    ['トヨタ', '7203'],
    ['とよた', '7203'],
    ['toyota', '7203'],
    ['ﾄﾖﾀ', '7203'],
    ['GZMT', '600519'],
    ['茅台', '600519'],
    ['apple', 'AAPL'],
    ['苹果', 'AAPL'],
    ['五粮液', '000858'],
    // Full pinyin, as a Chinese keyboard user types it before picking characters.
    ['pingguo', 'AAPL'],
    ['ping guo', 'AAPL'],
    ['píngguǒ', 'AAPL'],
    ['ソニー', '6758'],
    ['グループ', '6758'],
    ['guizhoumaotai', '600519'],
    ['wuliangye', '000858'],
  ])('finds %s → %s first', async (keyword, symbol) => {
    const { body } = await t.call('quote/search', { keyword, lang: 'us' });
    expect(body.status).toBe(1);
    expect(body.data[0].symbol).toBe(symbol);
  });

  it('returns the latest price with each hit and names in the asked language', async () => {
    const { body } = await t.call('quote/search', { keyword: '600519', lang: 'cn' });
    expect(body.data[0]).toMatchObject({ symbol: '600519', market: 'CN', name: '贵州茅台' });
    expect(body.data[0].price).toMatch(/^\d+\.\d{2}$/);
  });

  it('refuses an empty keyword with invalid_param', async () => {
    const { http, body } = await t.call('quote/search', { keyword: '' });
    expect(http).toBe(400);
    expect(body.msg).toBe('invalid_param');
  });
});

describe('quote/detail', () => {
  it('gives the day figures, trading rules, phase and data source', async () => {
    const { body } = await t.call('quote/detail', { symbol: '7203', lang: 'jp' });
    expect(body.data).toMatchObject({
      symbol: '7203',
      market: 'JP',
      currency: 'JPY',
      name: 'トヨタ自動車',
      lot_size: 100,
      phase: 'continuous',
      source: 'test history',
      fundamentals_source: 'simulated',
    });
    for (const field of ['price', 'open', 'high', 'low', 'prev_close']) {
      expect(body.data[field]).toMatch(/^\d+(\.\d)?$/);
    }
  });

  it('carries simulated fundamentals consistent with the price: market value = price × shares, PER = price ÷ EPS', async () => {
    const { body } = await t.call('quote/detail', { symbol: '7203', lang: 'us' });
    const d = body.data;
    const priceTenths = BigInt(Math.round(Number(d.price) * 10));
    expect(BigInt(d.market_value)).toBe((priceTenths * BigInt(d.shares_outstanding)) / 10n);
    if (d.per !== null) {
      expect(Number(d.per)).toBeCloseTo(Number(d.price) / Number(d.eps), 0);
    }
    expect(Number(d.dividend_yield)).toBeGreaterThanOrEqual(0);
    // An index has none.
    const index = (await t.call('quote/detail', { symbol: 'IDX:N225', lang: 'us' })).body.data;
    expect([index.market_value, index.per, index.fundamentals_source]).toEqual([null, null, null]);
  });

  it('answers not_found (404) for an unknown code and invalid_param for a malformed one', async () => {
    expect(await t.call('quote/detail', { symbol: 'ZZZZ' })).toMatchObject({
      http: 404,
      body: { status: 0, msg: 'not_found' },
    });
    expect(await t.call('quote/detail', { symbol: 'a b<' })).toMatchObject({
      http: 400,
      body: { msg: 'invalid_param' },
    });
  });
});

describe('quote/candles', () => {
  const closes = (rows: Array<{ c: string }>) => rows.map((r) => Number(r.c));

  it('raw weekly bars show the June 2024 ten-for-one split; forward-adjusted ones do not', async () => {
    const raw = (await t.call('quote/candles', { symbol: 'NVDA', period: '1w', adjust: 'none' }))
      .body.data.candles;
    const qfq = (await t.call('quote/candles', { symbol: 'NVDA', period: '1w', adjust: 'qfq' }))
      .body.data.candles;
    const jumps = (series: number[]) =>
      Math.max(...series.slice(1).map((c, i) => (series[i] as number) / c));
    expect(jumps(closes(raw))).toBeGreaterThan(6);
    expect(jumps(closes(qfq))).toBeLessThan(2);
    expect(qfq[qfq.length - 1]).toEqual(raw[raw.length - 1]);
    expect(
      qfq.every(
        (bar: { o: string; c: string }) => /^\d+\.\d{2}$/.test(bar.o) && /^\d+\.\d{2}$/.test(bar.c),
      ),
    ).toBe(true);
  });

  it('shows adjusted JPY bars at the decimals quotes use: past the last ex-date qfq bars equal the raw ones, half yen kept', async () => {
    const lastExDate = Date.UTC(2026, 8, 28);
    const since = (rows: Array<{ t: number; c: string }>) =>
      rows.filter((bar) => bar.t >= lastExDate);
    const raw = since(
      (
        await t.call('quote/candles', {
          symbol: '7203',
          period: '1d',
          range: 'all',
          adjust: 'none',
        })
      ).body.data.candles,
    );
    const qfq = since(
      (await t.call('quote/candles', { symbol: '7203', period: '1d', range: 'all', adjust: 'qfq' }))
        .body.data.candles,
    );
    expect(raw.length).toBeGreaterThan(20);
    expect(raw.some((bar: { c: string }) => bar.c.endsWith('.5'))).toBe(true);
    expect(qfq).toEqual(raw);
    const detail = (await t.call('quote/detail', { symbol: '7203' })).body.data;
    expect([detail.price_min_decimals, detail.price_decimals]).toEqual([0, 1]);
  });

  it('tells the client how to scale live ticks onto backward-adjusted bars', async () => {
    const hfq = (await t.call('quote/candles', { symbol: 'NVDA', period: '1d', adjust: 'hfq' }))
      .body.data;
    const qfq = (await t.call('quote/candles', { symbol: 'NVDA', period: '1d', adjust: 'qfq' }))
      .body.data;
    expect(Number(hfq.live_factor)).toBeGreaterThan(10);
    expect(qfq.live_factor).toBe('1.000000');
    const lastRaw = Number(qfq.candles[qfq.candles.length - 1].c);
    expect(Number(hfq.candles[hfq.candles.length - 1].c) / lastRaw).toBeCloseTo(
      Number(hfq.live_factor),
      2,
    );
  });

  it('rolls daily bars into months and years, and minutes into 5-minute bars', async () => {
    const years = (await t.call('quote/candles', { symbol: 'NVDA', period: '1y', adjust: 'none' }))
      .body.data.candles;
    expect(years.map((b: { t: number }) => new Date(b.t).getUTCFullYear())).toEqual([
      2024, 2025, 2026,
    ]);
    const fives = (
      await t.call('quote/candles', { symbol: 'AAPL', period: '5m', adjust: 'none', range: 'all' })
    ).body.data.candles;
    expect(fives).toHaveLength(2 * 78);
    const time = (await t.call('quote/candles', { symbol: 'AAPL', period: 'time', adjust: 'none' }))
      .body.data.candles;
    expect(time).toHaveLength(390);
  });

  it('limits daily bars to the asked range', async () => {
    const month = (
      await t.call('quote/candles', { symbol: '7203', period: '1d', range: '1m', adjust: 'none' })
    ).body.data.candles;
    const half = (
      await t.call('quote/candles', { symbol: '7203', period: '1d', range: '6m', adjust: 'none' })
    ).body.data.candles;
    expect(month.length).toBeGreaterThan(10);
    expect(month.length).toBeLessThan(25);
    expect(half.length).toBeGreaterThan(100);
  });

  it('refuses an unknown period with invalid_param', async () => {
    expect((await t.call('quote/candles', { symbol: '7203', period: '2h' })).http).toBe(400);
  });
});

describe('rankings, indices and hot list', () => {
  it('orders gainers down and losers up by change rate', async () => {
    const gainers = (
      await t.call('quote/rankings', { market: 'US', kind: 'gainers' })
    ).body.data.map((r: { change_rate: string }) => Number(r.change_rate));
    const losers = (await t.call('quote/rankings', { market: 'US', kind: 'losers' })).body.data.map(
      (r: { change_rate: string }) => Number(r.change_rate),
    );
    expect(gainers).toHaveLength(3);
    expect([...gainers].sort((a, b) => b - a)).toEqual(gainers);
    expect([...losers].sort((a, b) => a - b)).toEqual(losers);
  });

  it('lists the indices of a market', async () => {
    const { body } = await t.call('quote/indices', { market: 'JP', lang: 'us' });
    expect(body.data.map((r: { name: string }) => r.name)).toEqual(['Nikkei 225', 'TOPIX']);
  });
});

describe('watchlist', () => {
  const count = async () =>
    Number(
      (
        await t.testDb.db
          .selectFrom('watchlist_entry')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('adds, lists with quotes, ignores a second add, and removes', async () => {
    expect((await t.call('quote/watch', { symbol: 'AAPL' }, session)).body.msg).toBe('add_ok');
    expect((await t.call('quote/watch', { symbol: 'AAPL' }, session)).body.msg).toBe('add_ok');
    expect((await t.call('quote/watch', { symbol: '7203' }, session)).body.status).toBe(1);
    const list = (await t.call('quote/watchlist', { lang: 'us' }, session)).body.data;
    expect(list.map((r: { symbol: string }) => r.symbol)).toEqual(['AAPL', '7203']);
    expect(list[0].price).not.toBeNull();
    expect((await t.call('quote/unwatch', { symbol: 'AAPL' }, session)).body.msg).toBe('delete_ok');
    expect(
      (await t.call('quote/watchlist', {}, session)).body.data.map(
        (r: { symbol: string }) => r.symbol,
      ),
    ).toEqual(['7203']);
  });

  it('refuses unknown symbols and anonymous callers, and changes nothing', async () => {
    const before = await count();
    expect(await t.call('quote/watch', { symbol: 'ZZZZ' }, session)).toMatchObject({
      http: 404,
      body: { msg: 'not_found' },
    });
    expect(await t.call('quote/unwatch', { symbol: 'MSFT' }, session)).toMatchObject({
      http: 404,
      body: { msg: 'not_found' },
    });
    expect(await t.call('quote/watch', { symbol: 'MSFT' })).toMatchObject({
      http: 401,
      body: { msg: 'login_required' },
    });
    expect(await count()).toBe(before);
  });

  it('holds at most 100 symbols and refuses the next with watchlist_full', async () => {
    const other = await registerAndLogin(t);
    const { INSTRUMENTS } = await import('@kabuto/schema/market');
    for (const instrument of INSTRUMENTS.slice(0, 100)) {
      expect((await t.call('quote/watch', { symbol: instrument.symbol }, other)).body.status).toBe(
        1,
      );
    }
    const next = INSTRUMENTS[100] as Instrument;
    expect((await t.call('quote/watch', { symbol: next.symbol }, other)).body).toMatchObject({
      status: 0,
      msg: 'watchlist_full',
    });
    expect((await t.call('quote/watchlist', {}, other)).body.data).toHaveLength(100);
  });
});

describe('a newly listed share', () => {
  const LISTED = '9990A';
  const NOT_YET = '9991A';
  const HOUR = 3_600_000;
  const times = (listingAt: number) => ({
    subscribeEnd: listingAt - 72 * HOUR,
    drawAt: listingAt - 71 * HOUR,
    payDeadline: listingAt - 24 * HOUR,
    listingAt,
  });
  const search = async (keyword: string, lang: string) =>
    (await t.call('quote/search', { keyword, lang })).body.data as Array<Record<string, unknown>>;

  beforeAll(async () => {
    await anIpoListing(t.testDb.db, times(NOW - 60_000), { symbol: LISTED });
    await anIpoListing(t.testDb.db, times(NOW + HOUR), { symbol: NOT_YET });
    // The feed's first print of the listed share, written where the feed writes the latest quotes.
    const snapshot: QuoteSnapshot = {
      symbol: LISTED,
      market: 'JP',
      price: '1523',
      change_rate: changeRate(15_230n, 15_000n),
      volume: 300,
      seq: 1,
      ts: NOW,
      open: '1500',
      high: '1523',
      low: '1498',
      prev_close: '1500',
      turnover: '456900',
      limit_up: '1800',
      limit_down: '1200',
      phase: 'continuous',
      date: '2026-11-23',
      source: 'Kabuto simulator (seed 1)',
    };
    await t.redis.hset(redisKeys(t.prefix).latestQuotes, LISTED, JSON.stringify(snapshot));
    // Within a refresh of the gateway's listed instruments.
    await vi.waitFor(
      async () => {
        if ((await search(LISTED, 'us')).length === 0) throw new Error('not listed yet');
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it.each([
    [LISTED, 'us', 'Test New Share'],
    ['テスト新株', 'jp', 'テスト新株'],
    ['てすと', 'jp', 'テスト新株'],
    ['test new', 'us', 'Test New Share'],
    ['测试新股', 'cn', '测试新股'],
  ])('quote/search finds it by %s (lang %s) with its price', async (keyword, lang, name) => {
    const hits = await search(keyword, lang);
    expect(hits[0]).toMatchObject({ symbol: LISTED, market: 'JP', name, price: '1523' });
  });

  it('is not found before its listing time', async () => {
    expect(await search(NOT_YET, 'us')).toEqual([]);
    const { body } = await t.call('quote/detail', { symbol: NOT_YET });
    expect(body.msg).toBe('not_found');
  });

  it("appears in its market's list, rankings and hot list with the feed's price, not in another's", async () => {
    const listed = (market: string, path = 'quote/market', extra = {}) =>
      t
        .call(path, { market, lang: 'us', ...extra })
        .then(({ body }) =>
          (body.data as Array<{ symbol: string; price: string | null }>).find(
            (row) => row.symbol === LISTED,
          ),
        );
    // Lists read the whole hash through a 250 ms cache (latest-quotes.ts): a list read just
    // before the print may answer once more without its price.
    await vi.waitFor(
      async () => expect(await listed('JP')).toMatchObject({ symbol: LISTED, price: '1523' }),
      { timeout: 5_000, interval: 50 },
    );
    expect(await listed('JP', 'quote/rankings', { kind: 'gainers' })).toBeDefined();
    expect(await listed('JP', 'quote/hot')).toBeDefined();
    expect(await listed('US')).toBeUndefined();
    const jp = (await t.call('quote/market', { market: 'JP' })).body.data as Array<{
      symbol: string;
    }>;
    expect(jp.some((row) => row.symbol === NOT_YET)).toBe(false);
  });
});
