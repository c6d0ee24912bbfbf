import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { queueName, withdrawalPayoutJobId } from '@kabuto/schema/contracts';
import { advance, reconcile, writeTransaction } from '@kabuto/schema/db';
import { journalMemo } from '@kabuto/schema/domain';
import { withdrawalReturnedPostings } from '@kabuto/schema/funds';
import { PASSWORD, quoteToyota, startTestGateway } from './support/test-gateway.ts';
import {
  balance,
  db,
  readyToWithdraw,
  requestId,
  review,
  setClockOffset,
  state,
  t,
  swapGateway,
  useFundsGateway,
  userIdOf,
} from './support/funds-suite.ts';
import { putInStatus } from '@kabuto/schema/testing';

// Withdrawals over HTTP against the real gateway: the published rules, holds, races and the
// payout hand-off.
useFundsGateway();

describe('withdrawals', () => {
  it('refuses each published rule with nothing changed, holds on request and returns the hold exactly on rejection', async () => {
    const { s, cardId } = await readyToWithdraw();
    const withdraw = (body: Record<string, string>) =>
      t.call(
        'fund/withdraw',
        {
          card_id: cardId,
          amount: '50000',
          fund_password: '246810',
          request_id: requestId(),
          ...body,
        },
        s,
      );
    const before = await state(s);
    expect((await withdraw({})).body.msg).toBe('fund_password_not_set');
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const userId = await userIdOf(s);
    const foreign = await db()
      .insertInto('bank_card')
      .values({
        user_id: BigInt(userId),
        holder_kana: 'スズキ\u3000ハナコ',
        bank_name: '三井住友銀行',
        branch_name: '本店',
        branch_code: '100',
        card_type: 'ordinary',
        account_number: '7777777',
        created_at: Date.now(),
        updated_at: Date.now(),
        removed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await readyToWithdraw();
    const refusals: Array<[Record<string, string>, string]> = [
      [{ amount: '9999' }, 'withdraw_min'],
      [{ fund_password: '135790' }, 'wrong_fund_password'],
      [{ card_id: String(foreign.id) }, 'card_name_mismatch'],
      [{ card_id: other.cardId }, 'card_not_found'],
      [{ amount: '300001' }, 'balance_insufficient'],
      [{ amount: '50000.5' }, 'invalid_param'],
    ];
    const afterSetup = await state(s);
    for (const [body, msg] of refusals) expect((await withdraw(body)).body.msg).toBe(msg);
    expect(await state(s)).toEqual(afterSetup);
    expect(before.cash).toEqual(afterSetup.cash);
    const requested = await withdraw({});
    expect(requested.body).toMatchObject({
      status: 1,
      msg: 'withdraw_ok',
      data: { status: 'pending', amount: '50000' },
    });
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY')]).toEqual([
      250_000n,
      50_000n,
    ]);
    expect((await withdraw({ amount: '10000' })).body.msg).toBe('fund_operation_busy');
    expect((await t.call('user/withdrawallist', { type: 'jpy' }, s)).body.data[0]).toMatchObject({
      status: 0,
      money: '50000',
    });
    await review.call('withdrawal/decide', {
      id: requested.body.data.withdrawal_id,
      decision: 'reject',
      reason: 'Bank details unreadable',
    });
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY')]).toEqual([
      300_000n,
      0n,
    ]);
    expect((await t.call('user/withdrawallist', { type: 'jpy' }, s)).body.data[0]).toMatchObject({
      status: 2,
      reason: 'Bank details unreadable',
    });
    // Approval hands the withdrawal to the payout worker (workers/test/withdrawal-payout.int.test.ts):
    // the hold stays until the transfer has gone, and the user sees it on its way.
    const approved = await withdraw({ amount: '20000' });
    const approvedId = Number(approved.body.data.withdrawal_id);
    // The approval's X-Request-Id follows it into the payout job (and the workers' log lines).
    const decided = await fetch(`${t.baseUrl}/api/admin/withdrawal/decide`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'admin-token': review.token,
      },
      body: new URLSearchParams({ id: String(approvedId), decision: 'approve' }).toString(),
    });
    expect(((await decided.json()) as { msg: string }).msg).toBe('submit_ok');
    const approvalId = decided.headers.get('x-request-id');
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY')]).toEqual([
      280_000n,
      20_000n,
    ]);
    expect((await t.call('user/withdrawallist', { type: 'jpy' }, s)).body.data[0]).toMatchObject({
      status: 0,
      state: 'sending',
      money: '20000',
    });
    const payouts = new Queue(queueName('withdrawal-payout', t.prefix), {
      connection: t.redis.duplicate({ maxRetriesPerRequest: null }),
    });
    try {
      expect((await payouts.getJob(withdrawalPayoutJobId(approvedId)))?.data).toEqual({
        withdrawalId: approvedId,
        requestId: approvalId,
      });
    } finally {
      await payouts.close();
    }
    const afterApproval = await state(s);
    expect(
      (
        await review.call('withdrawal/decide', {
          id: String(approvedId),
          decision: 'reject',
          reason: 'too late',
        })
      ).body.msg,
    ).toBe('not_found');
    expect(
      (await review.call('withdrawal/decide', { id: String(approvedId), decision: 'approve' })).body
        .msg,
    ).toBe('not_found');
    expect(await state(s)).toEqual(afterApproval);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('an approved withdrawal stays open until the bank has answered: seen as sending, no second withdrawal, its events recorded with the decision; one the bank refused shows failed and frees the account', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const userId = await userIdOf(s);
    const withdraw = (amount: string) =>
      t.call(
        'fund/withdraw',
        { card_id: cardId, amount, fund_password: '246810', request_id: requestId() },
        s,
      );
    const seqOf = async () =>
      (
        await db()
          .selectFrom('account_event_seq')
          .select('last_seq')
          .where('user_id', '=', BigInt(userId))
          .executeTakeFirst()
      )?.last_seq ?? 0n;
    const requested = await withdraw('30000');
    const id = requested.body.data.withdrawal_id as string;
    // The request's own event was numbered in its transaction: final once it has answered (no
    // worker runs beside these tests to add asset events later).
    await expect.poll(seqOf).toBeGreaterThan(0n);
    const seqBefore = await seqOf();
    expect((await review.call('withdrawal/decide', { id, decision: 'approve' })).body.msg).toBe(
      'submit_ok',
    );
    // fund:updated and message:created were numbered in the decision's transaction.
    expect(await seqOf()).toBe(seqBefore + 2n);
    const row = await db()
      .selectFrom('withdrawal')
      .select(['status', 'approved_at', 'reviewed_at'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('approved');
    expect(row.approved_at).not.toBeNull();
    const afterApproval = await state(s);
    expect((await withdraw('10000')).body.msg).toBe('fund_operation_busy');
    expect(await state(s)).toEqual(afterApproval);
    expect((await t.call('user/withdrawallist', { type: 'jpy' }, s)).body.data[0]).toMatchObject({
      withdrawal_id: id,
      status: 0,
      state: 'sending',
    });
    // The payout worker claimed it, and the bank refused it (workers/test/withdrawal-payout.int.test.ts
    // returns the money); the user sees it returned, and may withdraw again.
    await putInStatus(db(), 'withdrawal', BigInt(id), 'sending');
    expect((await withdraw('10000')).body.msg).toBe('fund_operation_busy');
    // The refusal as the payout worker settles it: failed, with the hold back to cash.
    await writeTransaction(db(), (trx) =>
      advance(trx, { kind: 'withdrawal', id: BigInt(id), userId }, 'sending', 'failed', {
        nowMs: Date.now(),
        set: { reason: 'card_not_found' },
        journal: {
          kind: 'withdrawal_returned',
          ...journalMemo('withdrawal_returned', { id: Number(id), reason: 'card_not_found' }),
          actor: { type: 'system', id: 'withdrawal-payout' },
          reference: `withdrawal:${id}`,
          postings: withdrawalReturnedPostings(userId, 'JPY', 30_000n),
        },
        journalColumn: 'settle_journal_id',
      }),
    );
    expect((await t.call('user/withdrawallist', { type: 'jpy' }, s)).body.data[0]).toMatchObject({
      withdrawal_id: id,
      status: 2,
      state: 'failed',
    });
    const failedList = await review.call('withdrawal/list', { status: 'failed' });
    expect(failedList.body.data.map((w: { id: string }) => w.id)).toContain(id);
    expect((await withdraw('10000')).body.msg).toBe('withdraw_ok');
  });

  it('is refused while a limit order rests (it may open a position at any tick), accepted once it is cancelled', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const withdraw = () =>
      t.call(
        'fund/withdraw',
        { card_id: cardId, amount: '10000', fund_password: '246810', request_id: requestId() },
        s,
      );
    await quoteToyota(t);
    const resting = await t.call(
      'trade/order',
      {
        symbol: '7203',
        side: 'long',
        kind: 'limit',
        price: '2500',
        qty: '100',
        leverage: '1',
        request_id: requestId(),
      },
      s,
    );
    expect(resting.body.msg).toBe('order_placed');
    const before = await state(s);
    expect((await withdraw()).body).toMatchObject({ status: 0, msg: 'positions_open' });
    expect(await state(s)).toEqual(before);
    const cancelled = await t.call('trade/cancel', { order_id: resting.body.data.order_id }, s);
    expect(cancelled.body.msg).toBe('cancel_ok');
    expect((await withdraw()).body.msg).toBe('withdraw_ok');
  });

  it('is refused while positions are open and, with TOTP on, without a fresh code', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const withdraw = (body: Record<string, string> = {}) =>
      t.call(
        'fund/withdraw',
        {
          card_id: cardId,
          amount: '10000',
          fund_password: '246810',
          request_id: requestId(),
          ...body,
        },
        s,
      );
    await quoteToyota(t);
    const opened = await t.call(
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
    const before = await state(s);
    expect((await withdraw()).body.msg).toBe('positions_open');
    expect(await state(s)).toEqual(before);
    await t.call(
      'trade/close',
      { position_id: opened.body.data.position_id, request_id: requestId() },
      s,
    );
    const setup = (await t.call('security/totp/setup', {}, s)).body.data;
    expect(setup.qr).toMatch(/^data:image\/png;base64,/);
    expect(
      (await t.call('security/totp/enable', { otp: await generate({ secret: setup.secret }) }, s))
        .body.msg,
    ).toBe('modify_ok');
    const afterEnable = await state(s);
    expect((await withdraw()).body.msg).toBe('otp_invalid');
    expect((await withdraw({ otp: '000000' })).body.msg).toBe('otp_invalid');
    expect(await state(s)).toEqual(afterEnable);
    // A code from a future step is refused; one step later it is accepted, once.
    const next = await generate({
      secret: setup.secret,
      epoch: Math.floor(Date.now() / 1000) + 30,
    });
    expect((await withdraw({ otp: next })).body.msg).toBe('otp_invalid');
    setClockOffset(30_000);
    try {
      const accepted = await withdraw({ otp: next });
      expect(accepted.body).toMatchObject({ status: 1, msg: 'withdraw_ok' });
      await review.call('withdrawal/decide', {
        id: accepted.body.data.withdrawal_id,
        decision: 'reject',
        reason: 'test',
      });
      const afterWithdraw = await state(s);
      expect((await withdraw({ otp: next })).body.msg).toBe('otp_invalid');
      expect(await state(s)).toEqual(afterWithdraw);
    } finally {
      setClockOffset(0);
    }
    expect((await t.call('security/status', {}, s)).body.data.totp_enabled).toBe(true);
    const change = { oldfundpassword: '246810', fundpassword: '135791', refundpassword: '135791' };
    expect((await t.call('user/changeFundPassword', change, s)).body.msg).toBe('otp_invalid');
    expect((await withdraw({ fund_password: '135791' })).body.msg).toBe('wrong_fund_password');
  });

  it('parallel requests: exactly one pending, the rest fund_operation_busy with their balances unchanged', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const before = await state(s);
    // Four: under the fund-password limiter's budget, so every request reaches the account rules.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call(
          'fund/withdraw',
          { card_id: cardId, amount: '20000', fund_password: '246810', request_id: requestId() },
          s,
        ),
      ),
    );
    expect(answers.map((a) => a.body.msg).sort()).toEqual([
      'fund_operation_busy',
      'fund_operation_busy',
      'fund_operation_busy',
      'withdraw_ok',
    ]);
    const userId = BigInt(await userIdOf(s));
    expect(
      await db()
        .selectFrom('withdrawal')
        .select(['amount', 'status'])
        .where('user_id', '=', userId)
        .execute(),
    ).toEqual([{ amount: 20_000n, status: 'pending' }]);
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY')]).toEqual([
      280_000n,
      20_000n,
    ]);
    expect((await state(s)).counts[0]).toBe(Number(before.counts[0]) + 1); // one hold journal
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('the database itself keeps one pending withdrawal per user (withdrawal_one_pending)', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const first = await t.call(
      'fund/withdraw',
      { card_id: cardId, amount: '10000', fund_password: '246810', request_id: requestId() },
      s,
    );
    expect(first.body.msg).toBe('withdraw_ok');
    const copy = await db()
      .selectFrom('withdrawal')
      .selectAll()
      .where('id', '=', BigInt(first.body.data.withdrawal_id))
      .executeTakeFirstOrThrow()
      .then(({ id, ...rest }) => (void id, rest));
    await expect(db().insertInto('withdrawal').values(copy).execute()).rejects.toThrow(
      /unique|UNIQUE|duplicate/,
    );
    await review.call('withdrawal/decide', {
      id: first.body.data.withdrawal_id,
      decision: 'reject',
      reason: 'test',
    });
    await db()
      .insertInto('withdrawal')
      .values({ ...copy, status: 'rejected' })
      .execute();
  });

  it('a withdrawal racing an order that opens a position: never pending beside a position opened before it', async () => {
    await quoteToyota(t);
    const users = await Promise.all([0, 1, 2, 3].map(async () => readyToWithdraw()));
    for (const { s } of users) {
      await t.call(
        'user/setFundPassword',
        { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
        s,
      );
    }
    // The order leaves a little after the withdrawal (0–15 ms): it lands while the withdrawal is being checked.
    await Promise.all(
      users.map(async ({ s, cardId }, i) => {
        const withdrawing = t.call(
          'fund/withdraw',
          { card_id: cardId, amount: '10000', fund_password: '246810', request_id: requestId() },
          s,
        );
        await new Promise((resolve) => setTimeout(resolve, i * 5));
        const [withdrawal, opened] = await Promise.all([
          withdrawing,
          t.call(
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
          ),
        ]);
        expect(opened.body.msg).toBe('purchase_ok');
        const positionJournal = await db()
          .selectFrom('journal')
          .select('id')
          .where('reference', '=', `position:${opened.body.data.position_id}`)
          .executeTakeFirstOrThrow();
        if (withdrawal.body.msg === 'positions_open') {
          expect([
            await balance(s, 'hold:withdrawal', 'JPY'),
            await db()
              .selectFrom('withdrawal')
              .select('id')
              .where('user_id', '=', BigInt(await userIdOf(s)))
              .execute(),
          ]).toEqual([0n, []]);
          return;
        }
        expect(withdrawal.body.msg).toBe('withdraw_ok');
        const hold = await db()
          .selectFrom('withdrawal')
          .select('hold_journal_id')
          .where('id', '=', BigInt(withdrawal.body.data.withdrawal_id))
          .executeTakeFirstOrThrow();
        expect(
          hold.hold_journal_id < positionJournal.id,
          'the withdrawal was committed before the position opened',
        ).toBe(true);
      }),
    );
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('outside 09:00–15:30 Tokyo business hours is refused with withdraw_hours', async () => {
    const saturdayNoonTokyo = Date.parse('2026-11-21T12:00:00+09:00');
    const closed = await startTestGateway(
      { KABUTO_CLOCK: 'exchange' },
      { nowMs: () => saturdayNoonTokyo },
    );
    try {
      const previous = await swapGateway(closed);
      await db()
        .insertInto('deposit_channel')
        .values({
          name: 'Demo',
          currency: 'JPY',
          bank_name: 'B',
          branch_name: 'H',
          account_name: 'カブト',
          account_number: '7654321',
          max_single: 500_000n,
          active: 1,
          created_at: Date.now(),
        })
        .execute();
      const { s, cardId } = await readyToWithdraw();
      await t.call(
        'user/setFundPassword',
        { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
        s,
      );
      const before = await state(s);
      expect(
        (
          await t.call(
            'fund/withdraw',
            { card_id: cardId, amount: '10000', fund_password: '246810', request_id: requestId() },
            s,
          )
        ).body.msg,
      ).toBe('withdraw_hours');
      expect(await state(s)).toEqual(before);
      await swapGateway(previous);
    } finally {
      await closed.close();
    }
  });
});
