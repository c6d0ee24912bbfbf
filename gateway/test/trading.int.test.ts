import { describe, expect, it } from 'vitest';
import { reconcile } from '@kabuto/schema/db';
import {
  cash,
  count,
  fundedUser,
  order,
  quote,
  requestId,
  t,
  useTradingGateway,
} from './support/trading-suite.ts';

// Orders over HTTP: fills at the feed price, previews, the order sheet, partial closes and limits.
useTradingGateway();

describe('market orders fill at the feed price and close with exact P&L and fees', () => {
  it('JPY: long 100 × 7203 at ¥2,850 ×2, closed at ¥2,900.5 → +¥5,050, no fees', async () => {
    const s = await fundedUser();
    const opened = await order(s, {
      symbol: '7203',
      side: 'long',
      kind: 'market',
      qty: '100',
      leverage: '2',
    });
    expect(opened.body).toMatchObject({
      status: 1,
      msg: 'purchase_ok',
      data: { status: 'filled', price: '2850', margin: '142500', fee: '0' },
    });
    expect(await cash(s, 'JPY')).toBe(10_000_000n - 142_500n);
    await quote('7203', '2900.5', ['3350', '2350']);
    const closed = await t.call(
      'trade/close',
      { position_id: opened.body.data.position_id, request_id: requestId() },
      s,
    );
    expect(closed.body).toMatchObject({
      msg: 'close_ok',
      data: { price: '2900.5', pnl: '5050', fee: '0', waived: '0' },
    });
    expect(await cash(s, 'JPY')).toBe(10_005_050n);
    await quote('7203', '2850', ['3350', '2350']);
  });

  it('USD: long 10 × AAPL at $230.00, commission $11.39; closed at $231.25 → +$12.50, sell fee $11.46', async () => {
    const s = await fundedUser();
    const opened = await order(s, { symbol: 'AAPL', side: 'long', kind: 'market', qty: '10' });
    expect(opened.body.data).toMatchObject({ price: '230.00', margin: '2300.00', fee: '11.39' });
    expect(await cash(s, 'USD')).toBe(7_000_000n - 230_000n - 1_139n);
    await quote('AAPL', '231.25');
    const closed = await t.call(
      'trade/close',
      { position_id: opened.body.data.position_id, request_id: requestId() },
      s,
    );
    expect(closed.body.data).toMatchObject({ pnl: '12.50', fee: '11.46' });
    expect(await cash(s, 'USD')).toBe(6_998_965n);
    await quote('AAPL', '230.00');
  });

  it('CNY: short 100 × 600519 at ¥1,450.00 ×5 with stamp duty on the sell; covered at ¥1,440.50 → +¥950.00', async () => {
    const s = await fundedUser();
    const opened = await order(s, {
      symbol: '600519',
      side: 'short',
      kind: 'market',
      qty: '100',
      leverage: '5',
    });
    expect(opened.body.data).toMatchObject({ margin: '29000.00', fee: '110.20' });
    expect(await cash(s, 'CNY')).toBe(47_088_980n);
    await quote('600519', '1440.50', ['1595.00', '1305.00']);
    const closed = await t.call(
      'trade/close',
      { position_id: opened.body.data.position_id, request_id: requestId() },
      s,
    );
    expect(closed.body.data).toMatchObject({ pnl: '950.00', fee: '37.45' });
    expect(await cash(s, 'CNY')).toBe(50_080_235n);
    const history = (await t.call('trade/userstocklists', { type: 'cny' }, s)).body.data;
    expect(history['0']).toMatchObject({
      status: 1,
      symbol: '600519',
      yingkui: '950.00',
      buy_price: '1450.00',
      sell_price: '1440.50',
    });
    expect(history.lsyk).toBe('950.00');
    await quote('600519', '1450.00', ['1595.00', '1305.00']);
  });

  it('lists open positions in the spec shape with ccsz and fdyk, and the summary counts them', async () => {
    const s = await fundedUser();
    await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '200', leverage: '2' });
    await quote('7203', '2860', ['3350', '2350']);
    const list = (await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.data;
    expect(list['0']).toMatchObject({
      status: 0,
      stock_num: 200,
      buy_price: '2850',
      nowprice: '2860',
      yingkui: '2000',
      margin: '285000',
    });
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
    const preview = await t.call(
      'trade/preview',
      { symbol: '600519', side: 'short', kind: 'market', qty: '100', leverage: '5' },
      s,
    );
    expect(preview.body.data).toMatchObject({
      currency: 'CNY',
      price: '1450.00',
      margin: '29000.00',
      fee: '110.20',
      stamp_duty: '72.50',
      total: '29110.20',
      available: '500000.00',
      fills_now: true,
    });
    expect([await count('journal'), await count('trade_order')]).toEqual([journals, orders]);
    expect(
      (
        await t.call(
          'trade/preview',
          { symbol: '7203', side: 'long', kind: 'market', qty: '150', leverage: '1' },
          s,
        )
      ).body.msg,
    ).toBe('qty_invalid');
    const placed = await order(s, {
      symbol: '7203',
      side: 'long',
      kind: 'limit',
      price: '2700',
      qty: '100',
    });
    expect((await t.call('trade/pendinglist', {}, s)).body.data).toEqual([
      expect.objectContaining({
        order_id: placed.body.data.order_id,
        name: expect.objectContaining({ ja: 'トヨタ自動車' }),
        price: '2700',
        hold: '270000',
      }),
    ]);
    await t.call('trade/cancel', { order_id: placed.body.data.order_id }, s);
    expect((await t.call('trade/pendinglist', {}, s)).body.data).toEqual([]);
  });
});

describe('the order sheet’s figures', () => {
  it('splits the fee by side (buy fee, sell fee, stamp duty where it applies) and says whether the cash pays the order', async () => {
    const s = await fundedUser();
    const short = (
      await t.call(
        'trade/preview',
        { symbol: '600519', side: 'short', kind: 'market', qty: '100', leverage: '5' },
        s,
      )
    ).body.data;
    expect(short).toMatchObject({
      buy_fee: '0.00',
      sell_fee: '37.70',
      stamp_duty: '72.50',
      stamp_duty_applies: true,
      affordable: true,
    });
    const long = (
      await t.call(
        'trade/preview',
        { symbol: 'AAPL', side: 'long', kind: 'market', qty: '10', leverage: '1' },
        s,
      )
    ).body.data;
    expect(long).toMatchObject({
      currency: 'USD',
      available: '70000.00',
      buy_fee: '11.39',
      sell_fee: '0.00',
      stamp_duty_applies: false,
      affordable: true,
    });
    const tooBig = (
      await t.call(
        'trade/preview',
        { symbol: 'AAPL', side: 'long', kind: 'market', qty: '400', leverage: '1' },
        s,
      )
    ).body.data;
    expect(tooBig).toMatchObject({ total: '92022.00', available: '70000.00', affordable: false });
  });
});

describe('the holding in one symbol', () => {
  it('sums the open quantity per side with its weighted average price and evaluated P&L; none held is null', async () => {
    const s = await fundedUser();
    expect((await t.call('trade/holding', { symbol: '7203' }, s)).body.data).toEqual({
      symbol: '7203',
      currency: 'JPY',
      long: null,
      short: null,
    });
    await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '100' });
    await quote('7203', '2900', ['3350', '2350']);
    await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '200' });
    await quote('7203', '2950', ['3350', '2350']);
    const held = (await t.call('trade/holding', { symbol: '7203' }, s)).body.data;
    // (2850×100 + 2900×200) / 300 = 2883.33… → 2883.3; P&L (2950−2850)×100 + (2950−2900)×200 = 20,000.
    expect(held).toEqual({
      symbol: '7203',
      currency: 'JPY',
      long: { qty: 300, avg_price: '2883.3', pnl: '20000' },
      short: null,
    });
    expect((await t.call('trade/holding', { symbol: 'NOPE' }, s)).body.msg).toBe(
      'product_unavailable',
    );
    await quote('7203', '2850', ['3350', '2350']);
  });
});

describe('partial closes', () => {
  it('closes 100 of 200 with half the margin and P&L on the part; an off-step part is refused', async () => {
    const s = await fundedUser();
    const opened = await order(s, {
      symbol: '7203',
      side: 'long',
      kind: 'market',
      qty: '200',
      leverage: '2',
    });
    await quote('7203', '2900', ['3350', '2350']);
    const [journals, before] = [await count('journal'), await cash(s, 'JPY')];
    expect(
      (
        await t.call(
          'trade/close',
          { position_id: opened.body.data.position_id, qty: '150', request_id: requestId() },
          s,
        )
      ).body.msg,
    ).toBe('qty_invalid');
    expect([await count('journal'), await cash(s, 'JPY')]).toEqual([journals, before]);
    const part = await t.call(
      'trade/close',
      { position_id: opened.body.data.position_id, qty: '100', request_id: requestId() },
      s,
    );
    expect(part.body.data).toMatchObject({ qty: 100, pnl: '5000', price: '2900' });
    expect(await cash(s, 'JPY')).toBe(before + 142_500n + 5_000n);
    const open = (await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.data;
    expect(open['0']).toMatchObject({
      position_id: opened.body.data.position_id,
      stock_num: 100,
      margin: '142500',
    });
    await t.call(
      'trade/close',
      { position_id: opened.body.data.position_id, request_id: requestId() },
      s,
    );
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
    const placed = await order(s, {
      symbol: '7203',
      side: 'long',
      kind: 'limit',
      price: '2800',
      qty: '100',
    });
    expect(placed.body.data).toMatchObject({ status: 'pending', margin: '280000' });
    expect(await cash(s, 'JPY')).toBe(before - 280_000n);
    expect(
      (await t.call('trade/cancel', { order_id: placed.body.data.order_id }, s)).body.msg,
    ).toBe('cancel_ok');
    expect(await cash(s, 'JPY')).toBe(before);
    expect(
      (await t.call('trade/cancel', { order_id: placed.body.data.order_id }, s)).body,
    ).toMatchObject({ status: 0, msg: 'order_not_holding' });
  });

  it('a buy limit above the market fills at once at the market price, not at its limit', async () => {
    const s = await fundedUser();
    const before = await cash(s, 'JPY');
    const preview = await t.call(
      'trade/preview',
      { symbol: '7203', side: 'long', kind: 'limit', price: '2900', qty: '100', leverage: '1' },
      s,
    );
    expect(preview.body.data).toMatchObject({ fills_now: true, price: '2850', margin: '285000' });
    const placed = await order(s, {
      symbol: '7203',
      side: 'long',
      kind: 'limit',
      price: '2900',
      qty: '100',
    });
    expect(placed.body).toMatchObject({
      msg: 'purchase_ok',
      data: { status: 'filled', price: '2850', margin: '285000' },
    });
    expect(await cash(s, 'JPY')).toBe(before - 285_000n);
    const open = (await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.data;
    expect(open['0']).toMatchObject({ buy_price: '2850', yingkui: '0' });
  });

  it('a sell (short) limit below the market fills at once at the market price, not at its limit', async () => {
    const s = await fundedUser();
    const before = await cash(s, 'CNY');
    const placed = await order(s, {
      symbol: '600519',
      side: 'short',
      kind: 'limit',
      price: '1400.00',
      qty: '100',
      leverage: '5',
    });
    expect(placed.body).toMatchObject({
      msg: 'purchase_ok',
      data: { status: 'filled', price: '1450.00', margin: '29000.00', fee: '110.20' },
    });
    expect(await cash(s, 'CNY')).toBe(before - 2_900_000n - 11_020n);
  });

  it('a resting limit answers order_placed (not purchase_ok) and holds margin and fees at its limit', async () => {
    const s = await fundedUser();
    const placed = await order(s, {
      symbol: 'AAPL',
      side: 'long',
      kind: 'limit',
      price: '225.00',
      qty: '10',
    });
    expect(placed.body).toMatchObject({
      status: 1,
      msg: 'order_placed',
      data: { status: 'pending', price: '225.00', margin: '2250.00' },
    });
    const short = await order(s, {
      symbol: '7203',
      side: 'short',
      kind: 'limit',
      price: '2900',
      qty: '100',
    });
    expect(short.body).toMatchObject({
      status: 1,
      msg: 'order_placed',
      data: { status: 'pending', price: '2900', margin: '290000' },
    });
  });
});
