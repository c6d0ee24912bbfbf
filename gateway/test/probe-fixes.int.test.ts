import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { PASSWORD, registerAndLogin, type Session } from './support/test-gateway.ts';
import {
  balance,
  db,
  readyToWithdraw,
  requestId,
  state,
  t,
  useFundsGateway,
  userIdOf,
} from './support/funds-suite.ts';

// What the attacker's probe of 2026-11-26 found (issue 21, item 5), each with the refusal or the
// answer the user should have had, and that nothing else changed.
useFundsGateway();

async function totpStatus(s: Session): Promise<boolean> {
  return (await t.call('security/status', {}, s)).body.data.totp_enabled as boolean;
}

describe('security/totp/enable', () => {
  it('refuses totp_setup_required when no setup was started, and two-factor stays off', async () => {
    const s = await registerAndLogin(t);
    const answer = await t.call('security/totp/enable', { otp: '123456' }, s);
    expect(answer.body).toMatchObject({ status: 0, msg: 'totp_setup_required' });
    expect(await totpStatus(s)).toBe(false);
  });

  it('refuses a second enable once two-factor is on (the user is not told it was turned on again)', async () => {
    const s = await registerAndLogin(t);
    const setup = (await t.call('security/totp/setup', {}, s)).body.data;
    const first = await t.call(
      'security/totp/enable',
      { otp: await generate({ secret: setup.secret }) },
      s,
    );
    expect(first.body.msg).toBe('modify_ok');
    const again = await t.call('security/totp/enable', { otp: '000000' }, s);
    expect(again.body).toMatchObject({ status: 0, msg: 'totp_setup_required' });
    expect(await totpStatus(s)).toBe(true);
  });
});

describe('fund/withdraw retried with its request_id', () => {
  it('ten retries sent at once all get the first answer: one withdrawal, one hold, no 429', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const cashBefore = await balance(s, 'cash', 'JPY');
    const body = { card_id: cardId, amount: '50000', fund_password: '246810' };
    const sameIntent = { ...body, request_id: requestId() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.call('fund/withdraw', sameIntent, s)),
    );
    expect(answers.map((a) => [a.http, a.body.msg])).toEqual(
      Array.from({ length: 10 }, () => [200, 'withdraw_ok']),
    );
    const ids = new Set(answers.map((a) => a.body.data.withdrawal_id as string));
    expect(ids.size).toBe(1);
    const rows = await db()
      .selectFrom('withdrawal')
      .select('id')
      .where('user_id', '=', BigInt(await userIdOf(s)))
      .execute();
    expect(rows.map((r) => String(r.id))).toEqual([...ids]);
    expect(await balance(s, 'cash', 'JPY')).toBe(cashBefore - 50_000n);
    expect(await balance(s, 'hold:withdrawal', 'JPY')).toBe(50_000n);
    // The retries spent no fund-password attempts: a new intent with the right password passes
    // the password check (and is refused only because one withdrawal is already open).
    const next = await t.call('fund/withdraw', { ...body, request_id: requestId() }, s);
    expect(next.body.msg).toBe('fund_operation_busy');
  });
});

describe('user/messageRead', () => {
  it('answers not_found for another user’s message and leaves it unread', async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const inserted = await db()
      .insertInto('inbox_message')
      .values({
        user_id: BigInt(await userIdOf(owner)),
        kind: 'deposit_approved',
        params: JSON.stringify({ amount: '1', currency: 'JPY' }),
        read_at: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await state();
    const answer = await t.call('user/messageRead', { id: String(inserted.id) }, other);
    expect(answer.body).toMatchObject({ status: 0, msg: 'not_found' });
    expect(await state()).toEqual(before);
    const unread = await t.call('user/messageUnread', {}, owner);
    expect(unread.body.data).toEqual({ unread: 1 });
    const own = await t.call('user/messageRead', { id: String(inserted.id) }, owner);
    expect(own.body.msg).toBe('ok');
    expect((await t.call('user/messageUnread', {}, owner)).body.data).toEqual({ unread: 0 });
    // Read twice is still the owner's: ok, not not_found.
    expect((await t.call('user/messageRead', { id: String(inserted.id) }, owner)).body.msg).toBe(
      'ok',
    );
  });
});
