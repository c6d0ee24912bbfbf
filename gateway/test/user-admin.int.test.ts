import { afterAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { io as connect, type Socket } from 'socket.io-client';
import { PASSWORD, quoteToyota, type Session } from './support/test-gateway.ts';
import { reviewer } from './support/funds-helpers.ts';
import {
  balance,
  db,
  requestId,
  state,
  t,
  useFundsGateway,
  userIdOf,
  verifiedUser,
} from './support/funds-suite.ts';

// The back office acting on a user (issue 21): search, detail, ban / freeze / bar from trading and
// ending sessions; each needs a reason, is audited, and a ban, a freeze or an ending of sessions
// disconnects the user's sockets at once.
useFundsGateway();

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function signedInSocket(session: Session): Promise<{ disconnected: Promise<string> }> {
  const socket = connect(t.baseUrl, {
    transports: ['websocket'],
    auth: { token: session.token, account: session.account },
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { disconnected };
}

const audits = async (subject: string) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'detail'])
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();

describe('finding a user', () => {
  it('by a part of the account, by the verified name, and shows the detail with balances', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const s = await verifiedUser();
    const id = String(await userIdOf(s));
    const byAccount = await operator.call('user/search', { q: s.account.slice(2, 9) });
    expect(byAccount.body.data.map((u: { id: string }) => u.id)).toContain(id);
    const byName = await operator.call('user/search', { q: 'ヤマダ' });
    expect(byName.body.data.map((u: { id: string }) => u.id)).toContain(id);
    await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s);
    const detail = await operator.call('user/detail', { id });
    expect(detail.body.data).toMatchObject({
      id,
      account: s.account,
      status: 'active',
      trading_barred: false,
      kyc: { state: 'verified' },
    });
    expect(detail.body.data.live_sessions).toBeGreaterThanOrEqual(1);
    expect(detail.body.data.balances).toContainEqual({
      kind: 'cash',
      currency: 'JPY',
      amount: '10000000',
    });
    expect((await operator.call('user/detail', { id: '999999999' })).body.msg).toBe('not_found');
  });
});

describe('acting on an account', () => {
  it('a freeze ends the user’s sockets at once, refuses them everywhere, and is audited with its reason', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const s = await verifiedUser();
    const id = String(await userIdOf(s));
    const socket = await signedInSocket(s);
    const frozen = await operator.call('user/flags', {
      id,
      status: 'frozen',
      reason: 'suspected account takeover',
    });
    expect(frozen.body.msg).toBe('modify_ok');
    await socket.disconnected;
    expect((await t.call('user/assets', { type: 'jpy' }, s)).http).toBe(401);
    const login = await t.call('user/login', { account: s.account, password: PASSWORD });
    expect(login.http).toBe(403);
    expect(login.body.msg).toBe('account_frozen');
    expect(await audits(`user:${id}`)).toEqual([
      {
        action: 'user.flags',
        detail: JSON.stringify({
          status: 'frozen',
          trading_barred: null,
          reason: 'suspected account takeover',
        }),
      },
    ]);
    await operator.call('user/flags', { id, status: 'active', reason: 'owner verified by phone' });
    expect((await t.call('user/login', { account: s.account, password: PASSWORD })).body.msg).toBe(
      'login_ok',
    );
  });

  it('no login racing a freeze survives it: after reactivation every token from the race is dead', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    for (let round = 0; round < 3; round += 1) {
      const s = await verifiedUser();
      const id = String(await userIdOf(s));
      const logins = Array.from({ length: 4 }, () =>
        t.call('user/login', { account: s.account, password: PASSWORD }),
      );
      const freeze = operator.call('user/flags', { id, status: 'frozen', reason: 'race test' });
      const answers = await Promise.all(logins);
      expect((await freeze).body.msg).toBe('modify_ok');
      await operator.call('user/flags', { id, status: 'active', reason: 'race test over' });
      for (const answer of answers.filter((a) => a.body.msg === 'login_ok')) {
        const raced = { token: String(answer.body.data.token), account: s.account };
        expect((await t.call('user/assets', { type: 'jpy' }, raced)).http).toBe(401);
      }
    }
  });

  it('a trading bar keeps the user signed in and refuses orders with trading_barred', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const s = await verifiedUser();
    const id = String(await userIdOf(s));
    await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s);
    await operator.call('user/flags', { id, trading_barred: '1', reason: 'margin abuse review' });
    const order = await t.call(
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
    expect(order.body.msg).toBe('trading_barred');
    // Every other way to buy is barred too, before anything is looked up or held.
    const before = await state(s);
    const buys = [
      ['ipo/subscribe', { id: '1', lots: '1', request_id: requestId() }],
      ['ipo/pay', { subscription_id: '1', request_id: requestId() }],
      ['block/buy', { id: '1', lots: '1', request_id: requestId() }],
      ['product/follow', { id: '1', amount: '100000', request_id: requestId() }],
    ] as const;
    for (const [path, body] of buys) {
      const refused = await t.call(path, body, s);
      expect([path, refused.http, refused.body.msg]).toEqual([path, 403, 'trading_barred']);
    }
    expect(await state(s)).toEqual(before);
    expect((await t.call('user/assets', { type: 'jpy' }, s)).body.msg).toBe('ok');
  });

  it('freezing or barring an account cancels its resting orders: no order fills after the decision', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    await quoteToyota(t);
    for (const flags of [{ status: 'frozen' }, { trading_barred: '1' }]) {
      const s = await verifiedUser();
      const id = String(await userIdOf(s));
      await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s);
      const cashBefore = await balance(s, 'cash', 'JPY');
      const placed = await t.call(
        'trade/order',
        {
          symbol: '7203',
          side: 'long',
          kind: 'limit',
          price: '2700',
          qty: '100',
          leverage: '1',
          request_id: requestId(),
        },
        s,
      );
      expect(placed.body.data).toMatchObject({ status: 'pending' });
      expect(await balance(s, 'cash', 'JPY')).toBeLessThan(cashBefore);
      await operator.call('user/flags', { id, ...flags, reason: 'fraud review' });
      const orders = await db()
        .selectFrom('trade_order')
        .select('status')
        .where('user_id', '=', BigInt(id))
        .execute();
      expect(orders.map((o) => o.status)).toEqual(['cancelled']);
      expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:order', 'JPY')]).toEqual([
        cashBefore,
        0n,
      ]);
    }
  });

  it('ending sessions disconnects every socket of the user and answers how many ended', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const s = await verifiedUser();
    const id = String(await userIdOf(s));
    const socket = await signedInSocket(s);
    const ended = await operator.call('user/end-sessions', { id, reason: 'lost phone' });
    expect(ended.body).toMatchObject({ msg: 'revoke_ok', data: { ended: 1 } });
    await socket.disconnected;
    expect((await t.call('user/assets', { type: 'jpy' }, s)).http).toBe(401);
  });

  it('a two-factor reset turns it off, ends the sessions, and the user can enrol again', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const s = await verifiedUser();
    const id = String(await userIdOf(s));
    const setup = (await t.call('security/totp/setup', {}, s)).body.data;
    await t.call('security/totp/enable', { otp: await generate({ secret: setup.secret }) }, s);
    expect((await t.call('security/status', {}, s)).body.data.totp_enabled).toBe(true);
    const reset = await operator.call('user/reset-totp', { id, reason: 'lost phone, ID checked' });
    expect(reset.body.msg).toBe('modify_ok');
    expect((await t.call('security/status', {}, s)).http).toBe(401);
    const login = await t.call('user/login', { account: s.account, password: PASSWORD });
    const again = { token: String(login.body.data.token), account: s.account };
    expect((await t.call('security/status', {}, again)).body.data.totp_enabled).toBe(false);
    expect((await audits(`user:${id}`)).map((row) => row.action)).toEqual(['user.reset_totp']);
  });

  it('without a reason nothing happens: 400 invalid_param, no audit, the account unchanged', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const s = await verifiedUser();
    const id = String(await userIdOf(s));
    const refused = await operator.call('user/flags', { id, status: 'banned' });
    expect([refused.http, refused.body.msg]).toEqual([400, 'invalid_param']);
    expect(await audits(`user:${id}`)).toEqual([]);
    expect((await t.call('user/assets', { type: 'jpy' }, s)).body.msg).toBe('ok');
  });
});
