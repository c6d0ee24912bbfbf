import { describe, expect, it } from 'vitest';
import { reconcile } from '@kabuto/schema/db';
import { PASSWORD } from './support/test-gateway.ts';
import { multipart } from './support/funds-helpers.ts';
import {
  balance,
  db,
  fxQuote,
  photo,
  readyToWithdraw,
  requestId,
  t,
  useFundsGateway,
  verifiedUser,
} from './support/funds-suite.ts';

useFundsGateway();
// A client that lost the answer retries with the same request_id, maybe several times at once. On
// PostgreSQL those retries ran side by side: the first exchange went through while the others
// answered 500 internal_error (a unique-key violation) or quote_expired for an exchange that had
// happened. Every retry must get the one answer, and the money must move once.
describe('parallel retries of one request', () => {
  const answers = (list: Array<{ http: number; body: { msg: string; data: unknown } }>) =>
    list.map((a) => `${a.http} ${a.body.msg}`);

  it('an exchange retried at once, with and without a quote, answers every retry with the one exchange', async () => {
    const { s } = await readyToWithdraw();
    await fxQuote('USD', '150.00');
    const jpyBefore = await balance(s, 'cash', 'JPY');
    const priced = (
      await t.call('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '10000' }, s)
    ).body.data;
    for (const quote of [{ quote_id: priced.quote_id }, {}]) {
      const request = {
        from: 'JPY',
        to: 'USD',
        amount: '10000',
        request_id: requestId(),
        ...quote,
      };
      const retries = await Promise.all(
        Array.from({ length: 6 }, () => t.call('fund/exchange', request, s)),
      );
      expect(answers(retries)).toEqual(retries.map(() => '200 exchange_ok'));
      expect(new Set(retries.map((a) => a.body.data.journal_id)).size).toBe(1);
    }
    expect(await balance(s, 'cash', 'JPY')).toBe(jpyBefore - 20_000n);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('a deposit retried at once answers every retry with the one deposit and keeps one proof', async () => {
    const s = await verifiedUser();
    const channelId = (await t.call('fund/channels', {}, s)).body.data[0].channel_id;
    const rid = requestId();
    const send = () =>
      multipart(
        t,
        'fund/deposit',
        { channel_id: channelId, amount: '1000', request_id: rid },
        { proof: { bytes: photo, name: 'p.jpg' } },
        s,
      );
    const retries = await Promise.all([send(), send()]); // two: one user's upload bodies are read two at a time
    expect(answers(retries)).toEqual(['200 deposit_ok', '200 deposit_ok']);
    expect(retries[1]?.body.data).toEqual(retries[0]?.body.data);
    const userId = (
      await db()
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', s.account)
        .executeTakeFirstOrThrow()
    ).id;
    const deposits = await db()
      .selectFrom('deposit')
      .select('proof_upload_id')
      .where('user_id', '=', userId)
      .execute();
    expect(deposits).toHaveLength(1);
    const proofs = await db()
      .selectFrom('upload')
      .select('stored_name')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'deposit_proof')
      .execute();
    expect(proofs).toHaveLength(1);
  });

  it('a withdrawal retried at once answers every retry with the one withdrawal and holds the amount once', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const cashBefore = await balance(s, 'cash', 'JPY');
    const request = {
      card_id: cardId,
      amount: '10000',
      fund_password: '246810',
      request_id: requestId(),
    };
    // Four at once: each spends a fund-password check, as any try does (five allowed).
    const retries = await Promise.all(
      Array.from({ length: 4 }, () => t.call('fund/withdraw', request, s)),
    );
    expect(answers(retries)).toEqual(retries.map(() => '200 withdraw_ok'));
    expect(new Set(retries.map((a) => a.body.data.withdrawal_id)).size).toBe(1);
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY')]).toEqual([
      cashBefore - 10_000n,
      10_000n,
    ]);
  });
});
