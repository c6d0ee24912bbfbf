import { describe, expect, it } from 'vitest';
import { reconcile } from '@kabuto/schema/db';
import { download } from './support/funds-helpers.ts';
import {
  balance,
  count,
  db,
  fxQuote,
  readyToWithdraw,
  requestId,
  state,
  t,
  useFundsGateway,
} from './support/funds-suite.ts';

// Currency exchange at the feed rate and the statement, over HTTP against the real gateway.
useFundsGateway();

describe('exchange and the statement', () => {
  it('exchanges at the feed rate less the spread in one journal, and the statement reconciles to the balances', async () => {
    const { s } = await readyToWithdraw();
    const before = await state(s);
    expect(
      (
        await t.call(
          'fund/exchange',
          { from: 'JPY', to: 'JPY', amount: '1000', request_id: requestId() },
          s,
        )
      ).body.msg,
    ).toBe('same_currency');
    expect(
      (
        await t.call(
          'fund/exchange',
          { from: 'JPY', to: 'SAR', amount: '1000', request_id: requestId() },
          s,
        )
      ).body.msg,
    ).toBe('price_unavailable');
    await fxQuote('USD', '155.00');
    expect(
      (
        await t.call(
          'fund/exchange',
          { from: 'JPY', to: 'USD', amount: '300001', request_id: requestId() },
          s,
        )
      ).body.msg,
    ).toBe('balance_insufficient');
    expect(await state(s)).toEqual(before);
    const priced = (
      await t.call('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '100000' }, s)
    ).body.data;
    // 100,000 ÷ 155 × 0.995 = 641.935… → $641.93
    expect(priced).toMatchObject({
      mid_rate: '0.006452',
      applied_rate: '0.006419',
      spread: '0.50%',
      receive: '641.93',
    });
    const journals = await count('journal');
    const exchanged = await t.call(
      'fund/exchange',
      { from: 'JPY', to: 'USD', amount: '100000', request_id: requestId() },
      s,
    );
    expect(exchanged.body).toMatchObject({
      status: 1,
      msg: 'exchange_ok',
      data: { receive: '641.93' },
    });
    expect(await count('journal')).toBe(journals + 1);
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'cash', 'USD')]).toEqual([
      200_000n,
      64_193n,
    ]);

    const records = (await t.call('fund/records', {}, s)).body.data as Array<{
      kind: string;
      currency: string;
      amount: string;
      balance: string;
    }>;
    expect(records.map((r) => [r.kind, r.currency, r.amount, r.balance])).toEqual([
      ['exchange', 'JPY', '-100000', '200000'],
      ['exchange', 'USD', '641.93', '641.93'],
      ['deposit', 'JPY', '300000', '300000'],
    ]);
    // Each row carries its memo's template and parameters, for the client to show in the user's language.
    const memoParams = (
      records as unknown as Array<{ memo: string; memo_params: Record<string, string> }>
    ).map((r) => r.memo_params);
    expect(memoParams[0]).toEqual({
      template: 'exchange',
      amount: '100000',
      from: 'JPY',
      receive: '641.93',
      to: 'USD',
      rate: '0.006419',
      mid: '0.006452',
      spread: '0.50%',
    });
    expect(memoParams[2]).toMatchObject({
      template: 'deposit',
      reference: expect.stringMatching(/^KB/),
    });
    expect((records[0] as unknown as { memo: string }).memo).toBe(
      'Exchange 100000 JPY → 641.93 USD at 0.006419 (mid 0.006452, spread 0.50%)',
    );
    const onlyUsd = (await t.call('fund/records', { currency: 'USD' }, s)).body.data;
    expect(onlyUsd).toHaveLength(1);
    const onlyDeposits = (await t.call('fund/records', { kind: 'deposit' }, s)).body.data;
    expect(onlyDeposits).toMatchObject([{ kind: 'deposit', balance: '300000' }]);
    const csv = await download(t, 'fund/records.csv', {}, { token: s.token, account: s.account });
    expect(csv.type).toContain('text/csv');
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('journal_id,time_utc,kind,memo,reference,currency,amount,balance');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/,exchange,.*,JPY,-100000,200000$/);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('a confirmed quote keeps its rate for the user even when the feed moves, once', async () => {
    const { s } = await readyToWithdraw();
    await fxQuote('USD', '155.00');
    const priced = (
      await t.call('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '10000' }, s)
    ).body.data;
    expect(priced).toMatchObject({ receive: '64.19', valid_seconds: 15 });
    await fxQuote('USD', '160.00');
    const taken = await t.call(
      'fund/exchange',
      {
        from: 'JPY',
        to: 'USD',
        amount: '10000',
        quote_id: priced.quote_id,
        request_id: requestId(),
      },
      s,
    );
    expect(taken.body.data.receive).toBe('64.19');
    // The quote is spent: the same quote id is refused, never run at the current rate the user did not see.
    const again = await t.call(
      'fund/exchange',
      {
        from: 'JPY',
        to: 'USD',
        amount: '10000',
        quote_id: priced.quote_id,
        request_id: requestId(),
      },
      s,
    );
    expect(again.body).toMatchObject({ status: 0, msg: 'quote_expired' });
    expect(await balance(s, 'cash', 'USD')).toBe(6_419n);
  });

  it('a lapsed quote is refused with quote_expired and changes nothing; a retry of a taken one replays', async () => {
    const { s } = await readyToWithdraw();
    await fxQuote('USD', '155.00');
    const jpyBefore = await balance(s, 'cash', 'JPY');
    const priced = (
      await t.call('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '10000' }, s)
    ).body.data;
    // The 15 s lock lapses: its key expires in Redis.
    const locks = await t.redis.keys(`${t.prefix}:fxquote:*:${priced.quote_id}`);
    expect(locks.length).toBeGreaterThan(0);
    for (const key of locks) await t.redis.pexpire(key, 1);
    await expect.poll(() => t.redis.exists(...locks)).toBe(0);
    await fxQuote('USD', '150.00');
    const lapsed = await t.call(
      'fund/exchange',
      {
        from: 'JPY',
        to: 'USD',
        amount: '10000',
        quote_id: priced.quote_id,
        request_id: requestId(),
      },
      s,
    );
    expect(lapsed.body).toMatchObject({ status: 0, msg: 'quote_expired' });
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'cash', 'USD')]).toEqual([
      jpyBefore,
      0n,
    ]);
    const fresh = (
      await t.call('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '10000' }, s)
    ).body.data;
    const request = requestId();
    const taken = await t.call(
      'fund/exchange',
      { from: 'JPY', to: 'USD', amount: '10000', quote_id: fresh.quote_id, request_id: request },
      s,
    );
    expect(taken.body.data.receive).toBe(fresh.receive);
    const retried = await t.call(
      'fund/exchange',
      { from: 'JPY', to: 'USD', amount: '10000', quote_id: fresh.quote_id, request_id: request },
      s,
    );
    expect(retried.body).toMatchObject({ status: 1, data: { receive: fresh.receive } });
    expect(await balance(s, 'cash', 'JPY')).toBe(jpyBefore - 10_000n);
  });
});
