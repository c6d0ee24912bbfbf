import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisKeys } from '@kabuto/schema/contracts';
import { reconcile } from '@kabuto/schema/db';
import { registerAndLogin, startTestGateway, type Session, type TestGateway } from './support/test-gateway.ts';

// Orders over HTTP against the real gateway, SQLite or PostgreSQL and Redis. Prices come from
// snapshots written where the feed writes them; the clock keeps every market open.
let t: TestGateway;
let ids = 0;
const requestId = () => `trade-req-${String((ids += 1)).padStart(6, '0')}`;

async function quote(symbol: string, price: string, limits: [string, string] | null = null) {
  const snapshot = { symbol, price, change_rate: '0.00', volume: 0, seq: 1, ts: Date.now(), open: price, high: price, low: price, prev_close: price, turnover: '0', limit_up: limits?.[0] ?? null, limit_down: limits?.[1] ?? null, phase: 'continuous', date: '2026-11-20', source: 'test' };
  await t.redis.hset(redisKeys(t.prefix).latestQuotes, symbol, JSON.stringify(snapshot));
}

async function fundedUser(): Promise<Session> {
  const session = await registerAndLogin(t);
  for (const currency of ['jpy', 'usd', 'cny']) await t.call('user/paperfund', { currency, request_id: requestId() }, session);
  return session;
}

const cash = async (session: Session, currency: string) => {
  const rows = await t.testDb.db.selectFrom('ledger_account').innerJoin('app_user', 'app_user.id', 'ledger_account.user_id').select(['ledger_account.balance']).where('app_user.account', '=', session.account).where('kind', '=', 'cash').where('currency', '=', currency).execute();
  return rows[0]?.balance ?? 0n;
};
const count = async (table: 'journal' | 'trade_order' | 'position') => Number((await t.testDb.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const order = (session: Session, body: Record<string, string>) => t.call('trade/order', { request_id: requestId(), leverage: '1', ...body }, session);

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' });
  await quote('7203', '2850', ['3350', '2350']);
  await quote('AAPL', '230.00');
  await quote('600519', '1450.00', ['1595.00', '1305.00']);
  await quote('688256', '600.00', ['720.00', '480.00']);
  await quote('6758', '2666.5', ['3166.5', '2166.5']);
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('market orders fill at the feed price and close with exact P&L and fees', () => {
  it('JPY: long 100 × 7203 at ¥2,850 ×2, closed at ¥2,900.5 → +¥5,050, no fees', async () => {
    const s = await fundedUser();
    const opened = await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '2' });
    expect(opened.body).toMatchObject({ status: 1, msg: 'purchase_ok', data: { status: 'filled', price: '2850', margin: '142500', fee: '0' } });
    expect(await cash(s, 'JPY')).toBe(10_000_000n - 142_500n);
    await quote('7203', '2900.5', ['3350', '2350']);
    const closed = await t.call('trade/close', { position_id: opened.body.data.position_id, request_id: requestId() }, s);
    expect(closed.body).toMatchObject({ msg: 'close_ok', data: { price: '2900.5', pnl: '5050', fee: '0', waived: '0' } });
    expect(await cash(s, 'JPY')).toBe(10_005_050n);
    await quote('7203', '2850', ['3350', '2350']);
  });

  it('USD: long 10 × AAPL at $230.00, commission $11.39; closed at $231.25 → +$12.50, sell fee $11.46', async () => {
    const s = await fundedUser();
    const opened = await order(s, { symbol: 'AAPL', side: 'long', kind: 'market', qty: '10' });
    expect(opened.body.data).toMatchObject({ price: '230.00', margin: '2300.00', fee: '11.39' });
    expect(await cash(s, 'USD')).toBe(7_000_000n - 230_000n - 1_139n);
    await quote('AAPL', '231.25');
    const closed = await t.call('trade/close', { position_id: opened.body.data.position_id, request_id: requestId() }, s);
    expect(closed.body.data).toMatchObject({ pnl: '12.50', fee: '11.46' });
    expect(await cash(s, 'USD')).toBe(6_998_965n);
    await quote('AAPL', '230.00');
  });

  it('CNY: short 100 × 600519 at ¥1,450.00 ×5 with stamp duty on the sell; covered at ¥1,440.50 → +¥950.00', async () => {
    const s = await fundedUser();
    const opened = await order(s, { symbol: '600519', side: 'short', kind: 'market', qty: '100', leverage: '5' });
    expect(opened.body.data).toMatchObject({ margin: '29000.00', fee: '110.20' });
    expect(await cash(s, 'CNY')).toBe(47_088_980n);
    await quote('600519', '1440.50', ['1595.00', '1305.00']);
    const closed = await t.call('trade/close', { position_id: opened.body.data.position_id, request_id: requestId() }, s);
    expect(closed.body.data).toMatchObject({ pnl: '950.00', fee: '37.45' });
    expect(await cash(s, 'CNY')).toBe(50_080_235n);
    const history = (await t.call('trade/userstocklists', { type: 'cny' }, s)).body.data;
    expect(history['0']).toMatchObject({ status: 1, symbol: '600519', yingkui: '950.00', buy_price: '1450.00', sell_price: '1440.50' });
    expect(history.lsyk).toBe('950.00');
    await quote('600519', '1450.00', ['1595.00', '1305.00']);
  });

  it('lists open positions in the spec shape with ccsz and fdyk, and the summary counts them', async () => {
    const s = await fundedUser();
    await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '200', leverage: '2' });
    await quote('7203', '2860', ['3350', '2350']);
    const list = (await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.data;
    expect(list['0']).toMatchObject({ status: 0, stock_num: 200, buy_price: '2850', nowprice: '2860', yingkui: '2000', margin: '285000' });
    expect(list).toMatchObject({ ccsz: '572000', fdyk: '2000' });
    const assets = (await t.call('user/assets', { type: 'jpy' }, s)).body.data;
    expect(assets.unrealized_pnl).toBe('2000');
    await quote('7203', '2850', ['3350', '2350']);
  });
});

describe('preview and pending list', () => {
  it('prices an order without placing it, and lists a resting limit until it is cancelled', async () => {
    const s = await fundedUser();
    const [journals, orders] = [await count('journal'), await count('trade_order')];
    const preview = await t.call('trade/preview', { symbol: '600519', side: 'short', kind: 'market', qty: '100', leverage: '5' }, s);
    expect(preview.body.data).toMatchObject({ currency: 'CNY', price: '1450.00', margin: '29000.00', fee: '110.20', stamp_duty: '72.50', total: '29110.20', available: '500000.00', fills_now: true });
    expect([await count('journal'), await count('trade_order')]).toEqual([journals, orders]);
    expect((await t.call('trade/preview', { symbol: '7203', side: 'long', kind: 'market', qty: '150', leverage: '1' }, s)).body.msg).toBe('qty_invalid');
    const placed = await order(s, { symbol: '7203', side: 'long', kind: 'limit', price: '2700', qty: '100' });
    expect((await t.call('trade/pendinglist', {}, s)).body.data).toEqual([expect.objectContaining({ order_id: placed.body.data.order_id, price: '2700', hold: '270000' })]);
    await t.call('trade/cancel', { order_id: placed.body.data.order_id }, s);
    expect((await t.call('trade/pendinglist', {}, s)).body.data).toEqual([]);
  });
});

describe('the order sheet’s figures', () => {
  it('splits the fee by side (buy fee, sell fee, stamp duty where it applies) and says whether the cash pays the order', async () => {
    const s = await fundedUser();
    const short = (await t.call('trade/preview', { symbol: '600519', side: 'short', kind: 'market', qty: '100', leverage: '5' }, s)).body.data;
    expect(short).toMatchObject({ buy_fee: '0.00', sell_fee: '37.70', stamp_duty: '72.50', stamp_duty_applies: true, affordable: true });
    const long = (await t.call('trade/preview', { symbol: 'AAPL', side: 'long', kind: 'market', qty: '10', leverage: '1' }, s)).body.data;
    expect(long).toMatchObject({ currency: 'USD', available: '70000.00', buy_fee: '11.39', sell_fee: '0.00', stamp_duty_applies: false, affordable: true });
    const tooBig = (await t.call('trade/preview', { symbol: 'AAPL', side: 'long', kind: 'market', qty: '400', leverage: '1' }, s)).body.data;
    expect(tooBig).toMatchObject({ total: '92022.00', available: '70000.00', affordable: false });
  });
});

describe('the holding in one symbol', () => {
  it('sums the open quantity per side with its weighted average price and evaluated P&L; none held is null', async () => {
    const s = await fundedUser();
    expect((await t.call('trade/holding', { symbol: '7203' }, s)).body.data).toEqual({ symbol: '7203', currency: 'JPY', long: null, short: null });
    await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '100' });
    await quote('7203', '2900', ['3350', '2350']);
    await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '200' });
    await quote('7203', '2950', ['3350', '2350']);
    const held = (await t.call('trade/holding', { symbol: '7203' }, s)).body.data;
    // (2850×100 + 2900×200) / 300 = 2883.33… → 2883.3; P&L (2950−2850)×100 + (2950−2900)×200 = 20,000.
    expect(held).toEqual({ symbol: '7203', currency: 'JPY', long: { qty: 300, avg_price: '2883.3', pnl: '20000' }, short: null });
    expect((await t.call('trade/holding', { symbol: 'NOPE' }, s)).body.msg).toBe('product_unavailable');
    await quote('7203', '2850', ['3350', '2350']);
  });
});

describe('partial closes', () => {
  it('closes 100 of 200 with half the margin and P&L on the part; an off-step part is refused', async () => {
    const s = await fundedUser();
    const opened = await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '200', leverage: '2' });
    await quote('7203', '2900', ['3350', '2350']);
    const [journals, before] = [await count('journal'), await cash(s, 'JPY')];
    expect((await t.call('trade/close', { position_id: opened.body.data.position_id, qty: '150', request_id: requestId() }, s)).body.msg).toBe('qty_invalid');
    expect([await count('journal'), await cash(s, 'JPY')]).toEqual([journals, before]);
    const part = await t.call('trade/close', { position_id: opened.body.data.position_id, qty: '100', request_id: requestId() }, s);
    expect(part.body.data).toMatchObject({ qty: 100, pnl: '5000', price: '2900' });
    expect(await cash(s, 'JPY')).toBe(before + 142_500n + 5_000n);
    const open = (await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.data;
    expect(open['0']).toMatchObject({ position_id: opened.body.data.position_id, stock_num: 100, margin: '142500' });
    await t.call('trade/close', { position_id: opened.body.data.position_id, request_id: requestId() }, s);
    const closed = (await t.call('trade/userstocklists', { type: 'jpy' }, s)).body.data;
    expect([closed['0']?.stock_num, closed['1']?.stock_num]).toEqual([100, 100]);
    expect(closed.lsyk).toBe('10000');
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
    await quote('7203', '2850', ['3350', '2350']);
  });
});

describe('limit orders', () => {
  it('a limit below the market rests with a hold; cancel returns it exactly, once', async () => {
    const s = await fundedUser();
    const before = await cash(s, 'JPY');
    const placed = await order(s, { symbol: '7203', side: 'long', kind: 'limit', price: '2800', qty: '100' });
    expect(placed.body.data).toMatchObject({ status: 'pending', margin: '280000' });
    expect(await cash(s, 'JPY')).toBe(before - 280_000n);
    expect((await t.call('trade/cancel', { order_id: placed.body.data.order_id }, s)).body.msg).toBe('cancel_ok');
    expect(await cash(s, 'JPY')).toBe(before);
    expect((await t.call('trade/cancel', { order_id: placed.body.data.order_id }, s)).body).toMatchObject({ status: 0, msg: 'order_not_holding' });
  });

  it('a buy limit above the market fills at once at the market price, not at its limit', async () => {
    const s = await fundedUser();
    const before = await cash(s, 'JPY');
    const preview = await t.call('trade/preview', { symbol: '7203', side: 'long', kind: 'limit', price: '2900', qty: '100', leverage: '1' }, s);
    expect(preview.body.data).toMatchObject({ fills_now: true, price: '2850', margin: '285000' });
    const placed = await order(s, { symbol: '7203', side: 'long', kind: 'limit', price: '2900', qty: '100' });
    expect(placed.body).toMatchObject({ msg: 'purchase_ok', data: { status: 'filled', price: '2850', margin: '285000' } });
    expect(await cash(s, 'JPY')).toBe(before - 285_000n);
    const open = (await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.data;
    expect(open['0']).toMatchObject({ buy_price: '2850', yingkui: '0' });
  });

  it('a sell (short) limit below the market fills at once at the market price, not at its limit', async () => {
    const s = await fundedUser();
    const before = await cash(s, 'CNY');
    const placed = await order(s, { symbol: '600519', side: 'short', kind: 'limit', price: '1400.00', qty: '100', leverage: '5' });
    expect(placed.body).toMatchObject({ msg: 'purchase_ok', data: { status: 'filled', price: '1450.00', margin: '29000.00', fee: '110.20' } });
    expect(await cash(s, 'CNY')).toBe(before - 2_900_000n - 11_020n);
  });

  it('a resting limit answers order_placed (not purchase_ok) and holds margin and fees at its limit', async () => {
    const s = await fundedUser();
    const placed = await order(s, { symbol: 'AAPL', side: 'long', kind: 'limit', price: '225.00', qty: '10' });
    expect(placed.body).toMatchObject({ status: 1, msg: 'order_placed', data: { status: 'pending', price: '225.00', margin: '2250.00' } });
    const short = await order(s, { symbol: '7203', side: 'short', kind: 'limit', price: '2900', qty: '100' });
    expect(short.body).toMatchObject({ status: 1, msg: 'order_placed', data: { status: 'pending', price: '2900', margin: '290000' } });
  });
});

describe('refusals change nothing', () => {
  it.each([
    ['tick_size_invalid', { symbol: '7203', side: 'long', kind: 'limit', price: '2850.3', qty: '100' }],
    ['price_limit_exceeded', { symbol: '7203', side: 'long', kind: 'limit', price: '3351', qty: '100' }],
    ['qty_invalid', { symbol: '7203', side: 'long', kind: 'market', qty: '150' }],
    ['leverage_invalid', { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '6' }],
    ['not_shortable', { symbol: '688256', side: 'short', kind: 'market', qty: '200' }],
    ['price_unavailable', { symbol: 'MSFT', side: 'long', kind: 'market', qty: '1' }],
    ['cannot_buy', { symbol: 'IDX:N225', side: 'long', kind: 'market', qty: '1' }],
    ['balance_insufficient', { symbol: '7203', side: 'long', kind: 'market', qty: '100000' }],
  ])('%s', async (msg, body) => {
    const s = await fundedUser();
    const [journals, orders, before] = [await count('journal'), await count('trade_order'), await cash(s, 'JPY')];
    const response = await order(s, body as Record<string, string>);
    expect(response.body).toMatchObject({ status: 0, msg });
    expect([await count('journal'), await count('trade_order'), await cash(s, 'JPY')]).toEqual([journals, orders, before]);
  });

  it('invalid_param for a limit without a price, and request_id_reused for a reused key with other inputs', async () => {
    const s = await fundedUser();
    expect((await order(s, { symbol: '7203', side: 'long', kind: 'limit', qty: '100' })).http).toBe(400);
    const first = await t.call('trade/order', { request_id: 'reuse-key-0001', symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1' }, s);
    const again = await t.call('trade/order', { request_id: 'reuse-key-0001', symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1' }, s);
    expect(again.body.data).toEqual(first.body.data);
    const positions = await count('position');
    expect((await t.call('trade/order', { request_id: 'reuse-key-0001', symbol: '7203', side: 'long', kind: 'market', qty: '200', leverage: '1' }, s)).body.msg).toBe('request_id_reused');
    expect(await count('position')).toBe(positions);
  });

  it('China T+1: a long bought today cannot be closed today; nothing changes', async () => {
    const s = await fundedUser();
    const opened = await order(s, { symbol: '600519', side: 'long', kind: 'market', qty: '100', leverage: '5' });
    const [journals, before] = [await count('journal'), await cash(s, 'CNY')];
    const closed = await t.call('trade/close', { position_id: opened.body.data.position_id, request_id: requestId() }, s);
    expect(closed.body).toMatchObject({ status: 0, msg: 't_plus_one' });
    expect([await count('journal'), await cash(s, 'CNY')]).toEqual([journals, before]);
    expect((await t.call('trade/userstocklist', { type: 'cny' }, s)).body.data['0']).toMatchObject({ status: 0, symbol: '600519' });
  });

  it('a trading-barred account gets trading_barred (403) for orders and previews; nothing changes', async () => {
    const s = await fundedUser();
    await t.testDb.db.updateTable('app_user').set({ trading_barred: 1n }).where('account', '=', s.account).execute();
    const [journals, orders, before] = [await count('journal'), await count('trade_order'), await cash(s, 'JPY')];
    const refused = await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '100' });
    expect({ http: refused.http, msg: refused.body.msg }).toEqual({ http: 403, msg: 'trading_barred' });
    expect((await t.call('trade/preview', { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1' }, s)).body.msg).toBe('trading_barred');
    expect([await count('journal'), await count('trade_order'), await cash(s, 'JPY')]).toEqual([journals, orders, before]);
    expect((await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.status).toBe(1);
  });

  it('outside the exchange session an order gets outside_trading_hours; nothing changes', async () => {
    const sundayNoonTokyo = Date.parse('2026-11-22T12:00:00+09:00');
    const closed = await startTestGateway({ KABUTO_CLOCK: 'exchange' }, { nowMs: () => sundayNoonTokyo });
    try {
      const snapshot = { symbol: '7203', price: '2850', change_rate: '0.00', volume: 0, seq: 1, ts: Date.now(), limit_up: '3350', limit_down: '2350' };
      await closed.redis.hset(redisKeys(closed.prefix).latestQuotes, '7203', JSON.stringify(snapshot));
      const s = await registerAndLogin(closed);
      await closed.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s);
      const journals = Number((await closed.testDb.db.selectFrom('journal').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const refused = await closed.call('trade/order', { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1', request_id: requestId() }, s);
      expect(refused.body).toMatchObject({ status: 0, msg: 'outside_trading_hours' });
      expect(Number((await closed.testDb.db.selectFrom('journal').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(journals);
      expect(await closed.testDb.db.selectFrom('trade_order').selectAll().execute()).toEqual([]);
    } finally {
      await closed.close();
    }
  });

  it('anonymous callers get login_required', async () => {
    expect((await t.call('trade/order', { request_id: requestId(), symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1' })).http).toBe(401);
  });
});

describe('concurrent orders', () => {
  it('200 concurrent orders with funds for 37: exactly 37 fill, cash never negative, the ledger reconciles', async () => {
    const s = await registerAndLogin(t);
    await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s); // ¥10,000,000; each order needs ¥266,650
    const responses = await Promise.all(Array.from({ length: 200 }, () => order(s, { symbol: '6758', side: 'long', kind: 'market', qty: '100' })));
    const filled = responses.filter((r) => r.body.msg === 'purchase_ok');
    expect(filled).toHaveLength(37);
    expect(responses.filter((r) => r.body.msg === 'balance_insufficient')).toHaveLength(163);
    expect(await cash(s, 'JPY')).toBe(10_000_000n - 37n * 266_650n);
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });
});
