import { describe, expect, it } from 'vitest';
import { registerAndLogin } from './support/test-gateway.ts';
import { download, multipart } from './support/funds-helpers.ts';
import {
  balance,
  channelPassword,
  db,
  photo,
  requestId,
  review,
  state,
  storedFiles,
  t,
  useFundsGateway,
  userIdOf,
  verifiedUser,
} from './support/funds-suite.ts';

// Deposits over HTTP against the real gateway: channel details, caps, one pending at a time and
// approval through the review API.
useFundsGateway();

describe('deposits', () => {
  it('channel details need verification and the channel password; caps, one pending at a time, approval credits exactly once', async () => {
    const unverified = await registerAndLogin(t);
    const channels = (await t.call('fund/channels', {}, unverified)).body.data;
    const channelId = channels[0].channel_id;
    expect(channels[0]).toMatchObject({
      currency: 'JPY',
      max_single: '500000',
      name: 'デモ振込',
      names: { ja: 'デモ振込', en: 'Demo transfer', zh: '演示转账' },
    });
    expect(
      (
        await t.call(
          'fund/channel',
          { channel_id: channelId, channel_password: '000000' },
          unverified,
        )
      ).body.msg,
    ).toBe('kyc_required');
    expect(
      (
        await multipart(
          t,
          'fund/deposit',
          { channel_id: channelId, amount: '1000', request_id: requestId() },
          { proof: { bytes: photo, name: 'p.jpg' } },
          unverified,
        )
      ).body.msg,
    ).toBe('kyc_required');
    const s = await verifiedUser();
    expect(
      (await t.call('fund/channel', { channel_id: channelId, channel_password: 'nope' }, s)).body
        .msg,
    ).toBe('wrong_channel_password');
    const details = (
      await t.call(
        'fund/channel',
        { channel_id: channelId, channel_password: await channelPassword(s) },
        s,
      )
    ).body.data;
    expect(details).toMatchObject({
      bank_name: 'Kabuto Demo Bank',
      account_number: '7654321',
      transfer_reference: expect.stringMatching(/^KB[A-Z2-9]{8}$/),
    });
    const before = await state(s);
    expect(
      (
        await multipart(
          t,
          'fund/deposit',
          { channel_id: channelId, amount: '500001', request_id: requestId() },
          { proof: { bytes: photo, name: 'p.jpg' } },
          s,
        )
      ).body.msg,
    ).toBe('deposit_limit_exceeded');
    expect(
      (
        await multipart(
          t,
          'fund/deposit',
          { channel_id: channelId, amount: '1000', request_id: requestId() },
          {},
          s,
        )
      ).body.msg,
    ).toBe('upload_invalid');
    expect(
      (
        await multipart(
          t,
          'fund/deposit',
          { channel_id: channelId, amount: '10.5', request_id: requestId() },
          { proof: { bytes: photo, name: 'p.jpg' } },
          s,
        )
      ).body.msg,
    ).toBe('invalid_param');
    expect(await state(s)).toEqual(before);
    const rid = requestId();
    const deposited = await multipart(
      t,
      'fund/deposit',
      { channel_id: channelId, amount: '300000', request_id: rid },
      { proof: { bytes: photo, name: 'p.jpg' } },
      s,
    );
    expect(deposited.body).toMatchObject({
      status: 1,
      msg: 'deposit_ok',
      data: { status: 'pending', amount: '300000', transfer_reference: details.transfer_reference },
    });
    const replay = await multipart(
      t,
      'fund/deposit',
      { channel_id: channelId, amount: '300000', request_id: rid },
      { proof: { bytes: photo, name: 'p.jpg' } },
      s,
    );
    expect(replay.body.data).toEqual(deposited.body.data);
    const afterOne = await state(s);
    expect(
      (
        await multipart(
          t,
          'fund/deposit',
          { channel_id: channelId, amount: '1000', request_id: requestId() },
          { proof: { bytes: photo, name: 'p.jpg' } },
          s,
        )
      ).body.msg,
    ).toBe('deposit_pending');
    expect(await state(s)).toEqual(afterOne);
    expect(await balance(s, 'cash', 'JPY')).toBe(0n);
    const pending = (await review.call('deposit/list')).body.data.find(
      (d: { id: string }) => d.id === deposited.body.data.deposit_id,
    );
    expect(pending).toMatchObject({
      amount: '300000',
      transfer_reference: details.transfer_reference,
    });
    const other = await registerAndLogin(t);
    expect(
      (
        await download(
          t,
          'user/upload',
          { id: pending.proof_upload_id },
          { token: other.token, account: other.account },
        )
      ).http,
    ).toBe(404);
    expect((await t.call('fund/deposits', {}, other)).body.data).toEqual([]);
    expect(
      (await t.call('fund/depositinfo', { id: deposited.body.data.deposit_id }, other)).http,
    ).toBe(404);
    expect(
      (await t.call('fund/depositinfo', { id: deposited.body.data.deposit_id }, s)).body.data,
    ).toMatchObject({ status: 'pending', amount: '300000' });
    expect(
      (await review.anonymous('deposit/decide', { id: pending.id, decision: 'approve' })).http,
    ).toBe(401);
    expect(
      (await review.call('deposit/decide', { id: pending.id, decision: 'approve' })).body.msg,
    ).toBe('submit_ok');
    expect(
      (await review.call('deposit/decide', { id: pending.id, decision: 'approve' })).body.msg,
    ).toBe('not_found');
    expect(await balance(s, 'cash', 'JPY')).toBe(300_000n);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `deposit:${pending.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    const second = await multipart(
      t,
      'fund/deposit',
      { channel_id: channelId, amount: '2000', request_id: requestId() },
      { proof: { bytes: photo, name: 'p.jpg' } },
      s,
    );
    await review.call('deposit/decide', {
      id: second.body.data.deposit_id,
      decision: 'reject',
      reason: 'No transfer arrived',
    });
    expect(await balance(s, 'cash', 'JPY')).toBe(300_000n);
    expect((await t.call('fund/deposits', {}, s)).body.data[0]).toMatchObject({
      status: 'rejected',
      reason: 'No transfer arrived',
    });
  });

  it('two parallel deposits (a user’s upload bodies are read two at a time): one pending, the other deposit_pending (never a 500), one row and one proof kept', async () => {
    const s = await verifiedUser();
    const channelId = (await t.call('fund/channels', {}, s)).body.data[0].channel_id;
    const before = await state(s);
    const answers = await Promise.all(
      ['1000', '2000'].map((amount) =>
        multipart(
          t,
          'fund/deposit',
          { channel_id: channelId, amount, request_id: requestId() },
          { proof: { bytes: photo, name: 'p.jpg' } },
          s,
        ),
      ),
    );
    expect(answers.map((a) => [a.http, a.body.msg]).sort()).toEqual([
      [200, 'deposit_ok'],
      [200, 'deposit_pending'],
    ]);
    const rows = await db()
      .selectFrom('deposit')
      .select('status')
      .where('user_id', '=', BigInt(await userIdOf(s)))
      .execute();
    expect(rows).toEqual([{ status: 'pending' }]);
    expect(storedFiles()).toBe(before.files + 1);
    expect(await balance(s, 'cash', 'JPY')).toBe(0n);
  });
});
