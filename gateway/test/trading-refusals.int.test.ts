import { describe, expect, it } from 'vitest';
import { reconcile } from '@kabuto/schema/db';
import { quoteToyota, registerAndLogin, startTestGateway } from './support/test-gateway.ts';
import {
  cash,
  count,
  fundedUser,
  order,
  requestId,
  t,
  useTradingGateway,
} from './support/trading-suite.ts';

// Orders over HTTP: every refusal changes nothing, and concurrent orders never overspend.
useTradingGateway();

describe('refusals change nothing', () => {
  it.each([
    [
      'tick_size_invalid',
      { symbol: '7203', side: 'long', kind: 'limit', price: '2850.3', qty: '100' },
    ],
    [
      'price_limit_exceeded',
      { symbol: '7203', side: 'long', kind: 'limit', price: '3351', qty: '100' },
    ],
    ['qty_invalid', { symbol: '7203', side: 'long', kind: 'market', qty: '150' }],
    [
      'leverage_invalid',
      { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '6' },
    ],
    ['not_shortable', { symbol: '688256', side: 'short', kind: 'market', qty: '200' }],
    ['price_unavailable', { symbol: 'MSFT', side: 'long', kind: 'market', qty: '1' }],
    ['cannot_buy', { symbol: 'IDX:N225', side: 'long', kind: 'market', qty: '1' }],
    ['balance_insufficient', { symbol: '7203', side: 'long', kind: 'market', qty: '100000' }],
  ])('%s', async (msg, body) => {
    const s = await fundedUser();
    const [journals, orders, before] = [
      await count('journal'),
      await count('trade_order'),
      await cash(s, 'JPY'),
    ];
    const response = await order(s, body as Record<string, string>);
    expect(response.body).toMatchObject({ status: 0, msg });
    expect([await count('journal'), await count('trade_order'), await cash(s, 'JPY')]).toEqual([
      journals,
      orders,
      before,
    ]);
  });

  it('invalid_param for a limit without a price, and request_id_reused for a reused key with other inputs', async () => {
    const s = await fundedUser();
    expect((await order(s, { symbol: '7203', side: 'long', kind: 'limit', qty: '100' })).http).toBe(
      400,
    );
    const first = await t.call(
      'trade/order',
      {
        request_id: 'reuse-key-0001',
        symbol: '7203',
        side: 'long',
        kind: 'market',
        qty: '100',
        leverage: '1',
      },
      s,
    );
    const again = await t.call(
      'trade/order',
      {
        request_id: 'reuse-key-0001',
        symbol: '7203',
        side: 'long',
        kind: 'market',
        qty: '100',
        leverage: '1',
      },
      s,
    );
    expect(again.body.data).toEqual(first.body.data);
    const positions = await count('position');
    expect(
      (
        await t.call(
          'trade/order',
          {
            request_id: 'reuse-key-0001',
            symbol: '7203',
            side: 'long',
            kind: 'market',
            qty: '200',
            leverage: '1',
          },
          s,
        )
      ).body.msg,
    ).toBe('request_id_reused');
    expect(await count('position')).toBe(positions);
  });

  it('China T+1: a long bought today cannot be closed today; nothing changes', async () => {
    const s = await fundedUser();
    const opened = await order(s, {
      symbol: '600519',
      side: 'long',
      kind: 'market',
      qty: '100',
      leverage: '5',
    });
    const [journals, before] = [await count('journal'), await cash(s, 'CNY')];
    const closed = await t.call(
      'trade/close',
      { position_id: opened.body.data.position_id, request_id: requestId() },
      s,
    );
    expect(closed.body).toMatchObject({ status: 0, msg: 't_plus_one' });
    expect([await count('journal'), await cash(s, 'CNY')]).toEqual([journals, before]);
    // The list says why before the user tries: no Close is offered for it today.
    expect((await t.call('trade/userstocklist', { type: 'cny' }, s)).body.data['0']).toMatchObject({
      status: 0,
      symbol: '600519',
      close_blocked: 't_plus_one',
    });
  });

  it('a trading-barred account gets trading_barred (403) for orders and previews; nothing changes', async () => {
    const s = await fundedUser();
    await t.testDb.db
      .updateTable('app_user')
      .set({ trading_barred: 1n })
      .where('account', '=', s.account)
      .execute();
    const [journals, orders, before] = [
      await count('journal'),
      await count('trade_order'),
      await cash(s, 'JPY'),
    ];
    const refused = await order(s, { symbol: '7203', side: 'long', kind: 'market', qty: '100' });
    expect({ http: refused.http, msg: refused.body.msg }).toEqual({
      http: 403,
      msg: 'trading_barred',
    });
    expect(
      (
        await t.call(
          'trade/preview',
          { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1' },
          s,
        )
      ).body.msg,
    ).toBe('trading_barred');
    expect([await count('journal'), await count('trade_order'), await cash(s, 'JPY')]).toEqual([
      journals,
      orders,
      before,
    ]);
    expect((await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.status).toBe(1);
  });

  it('outside the exchange session an order gets outside_trading_hours; nothing changes', async () => {
    const sundayNoonTokyo = Date.parse('2026-11-22T12:00:00+09:00');
    const closed = await startTestGateway(
      { KABUTO_CLOCK: 'exchange' },
      { nowMs: () => sundayNoonTokyo },
    );
    try {
      await quoteToyota(closed);
      const s = await registerAndLogin(closed);
      await closed.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s);
      const journals = Number(
        (
          await closed.testDb.db
            .selectFrom('journal')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const refused = await closed.call(
        'trade/order',
        {
          symbol: '7203',
          side: 'long',
          kind: 'market',
          qty: '100',
          leverage: '1',
          request_id: requestId(),
        },
        s,
      );
      expect(refused.body).toMatchObject({ status: 0, msg: 'outside_trading_hours' });
      expect(
        Number(
          (
            await closed.testDb.db
              .selectFrom('journal')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(journals);
      expect(await closed.testDb.db.selectFrom('trade_order').selectAll().execute()).toEqual([]);
    } finally {
      await closed.close();
    }
  });

  it('anonymous callers get login_required', async () => {
    expect(
      (
        await t.call('trade/order', {
          request_id: requestId(),
          symbol: '7203',
          side: 'long',
          kind: 'market',
          qty: '100',
          leverage: '1',
        })
      ).http,
    ).toBe(401);
  });
});

describe('concurrent orders', () => {
  it('200 concurrent orders with funds for 37: exactly 37 fill, cash never negative, the ledger reconciles', async () => {
    const s = await registerAndLogin(t);
    await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s); // ¥10,000,000; each order needs ¥266,650
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        order(s, { symbol: '6758', side: 'long', kind: 'market', qty: '100' }),
      ),
    );
    const filled = responses.filter((r) => r.body.msg === 'purchase_ok');
    expect(filled).toHaveLength(37);
    expect(responses.filter((r) => r.body.msg === 'balance_insufficient')).toHaveLength(163);
    expect(await cash(s, 'JPY')).toBe(10_000_000n - 37n * 266_650n);
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });
});
