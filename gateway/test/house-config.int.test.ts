import { describe, expect, it } from 'vitest';
import { multipart, reviewer } from './support/funds-helpers.ts';
import { PASSWORD } from './support/test-gateway.ts';
import {
  db,
  photo,
  readyToWithdraw,
  requestId,
  state,
  t,
  useFundsGateway,
  verifiedUser,
} from './support/funds-suite.ts';

// The house's settings from the console (issue 21): an operator changes the title, the licence and
// the deposit and withdrawal rules, each applied to the very next request with no restart, each
// change audited with the value before; a value out of form or a reviewer changes nothing.
useFundsGateway();

const publicConfig = async () =>
  Object.fromEntries(
    ((await t.call('common/config', {})).body.data as Array<{ name: string; value: string }>).map(
      (e) => [e.name, e.value],
    ),
  );
const audits = (subject: string) =>
  db().selectFrom('audit_log').selectAll().where('subject', '=', subject).execute();

describe('house settings', () => {
  it('a title and a licence set in the console show in the app at once; an empty licence removes it', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const set = (name: string, value: string) =>
      operator.call('config/update', { name, value, reason: 'brand review' });
    expect((await set('title', 'Kabuto 証券')).body.msg).toBe('modify_ok');
    expect((await set('license', '関東財務局長（金商）第0000号')).body.msg).toBe('modify_ok');
    expect(await publicConfig()).toMatchObject({
      title: 'Kabuto 証券',
      license: '関東財務局長（金商）第0000号',
    });
    const listed = (await operator.call('config/list')).body.data as Array<{ name: string }>;
    expect(listed.find((e) => e.name === 'title')).toMatchObject({ value: 'Kabuto 証券' });
    const [change] = await audits('config:title');
    expect(JSON.parse(String(change?.detail))).toMatchObject({
      after: 'Kabuto 証券',
      reason: 'brand review',
    });
    expect((await set('license', '')).body.msg).toBe('modify_ok');
    expect(await publicConfig()).toHaveProperty('license', '');
  });

  it('a raised withdrawal minimum refuses the next withdrawal under it, with nothing held', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call(
      'user/setFundPassword',
      { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
      s,
    );
    const administrator = await reviewer(t, undefined, 'administrator');
    const withdraw = () =>
      t.call(
        'fund/withdraw',
        { card_id: cardId, amount: '15000', fund_password: '246810', request_id: requestId() },
        s,
      );
    await administrator.call('config/update', {
      name: 'withdraw_min',
      value: '20000',
      reason: 'bank fee change',
    });
    const before = await state(s);
    const refused = await withdraw();
    expect(refused.body).toMatchObject({ msg: 'withdraw_min', data: { min: '20000' } });
    expect(await state(s)).toEqual(before);
    await administrator.call('config/update', {
      name: 'withdraw_min',
      value: '10000',
      reason: 'fee change undone',
    });
    expect((await withdraw()).body.msg).toBe('withdraw_ok');
  });

  it('a lowered deposit cap shows on the channel list and refuses a larger transfer at once', async () => {
    const operator = await reviewer(t, undefined, 'administrator');
    const s = await verifiedUser();
    await operator.call('config/update', {
      name: 'deposit_max_single',
      value: '120000',
      reason: 'limit review',
    });
    const [channel] = (await t.call('fund/channels', {}, s)).body.data;
    expect(channel).toMatchObject({ max_single: '120000' });
    const before = await state(s);
    const refused = await multipart(
      t,
      'fund/deposit',
      { channel_id: channel.channel_id, amount: '150000', request_id: requestId() },
      { proof: { bytes: photo, name: 'p.jpg' } },
      s,
    );
    expect(refused.body).toMatchObject({
      msg: 'deposit_limit_exceeded',
      data: { max: '120000' },
    });
    expect(await state(s)).toEqual(before);
    await operator.call('config/update', {
      name: 'deposit_max_single',
      value: '10000000000',
      reason: 'limit restored',
    });
    expect((await t.call('fund/channels', {}, s)).body.data[0].max_single).toBe('500000');
  });

  it.each([
    ['title', ''],
    ['title', 'x'.repeat(41)],
    ['kefu', 'javascript:alert(1)'],
    ['kefu', 'http://plain.example'],
    ['withdraw_min', '0'],
    ['withdraw_min', '1.5'],
    ['withdraw_min', '-100'],
    ['deposit_max_single', '99999999999999999'],
    ['withdraw_block_with_positions', 'yes'],
    ['title', 'Kabuto\u0000'],
    ['title', '\u202eotubaK'],
    ['title', '\u200b'],
  ])('%s = %j is refused with invalid_param and nothing changes', async (name, value) => {
    const operator = await reviewer(t, undefined, 'administrator');
    const before = await db().selectFrom('config_entry').selectAll().orderBy('name').execute();
    const auditsBefore = (await audits(`config:${name}`)).length;
    const answer = await operator.call('config/update', { name, value, reason: 'probe' });
    expect([answer.http, answer.body.msg]).toEqual([400, 'invalid_param']);
    expect(await db().selectFrom('config_entry').selectAll().orderBy('name').execute()).toEqual(
      before,
    );
    expect((await audits(`config:${name}`)).length).toBe(auditsBefore);
  });

  it('a money rule is the administrators’ alone: an operator changes none of them', async () => {
    const operator = await reviewer(t, undefined, 'operator');
    const before = await db().selectFrom('config_entry').selectAll().orderBy('name').execute();
    const moneyRules: Array<[string, string]> = [
      ['withdraw_min', '100000000'],
      ['deposit_max_single', '1'],
      ['withdraw_block_with_positions', '0'],
    ];
    for (const [name, value] of moneyRules) {
      const refused = await operator.call('config/update', { name, value, reason: 'probe' });
      expect([name, refused.http, refused.body.msg]).toEqual([name, 403, 'role_forbidden']);
    }
    expect(await db().selectFrom('config_entry').selectAll().orderBy('name').execute()).toEqual(
      before,
    );
    const listed = (await operator.call('config/list')).body.data as Array<{
      name: string;
      power: string;
    }>;
    expect(listed.find((e) => e.name === 'withdraw_min')?.power).toBe('ledger');
  });

  it('an unknown setting, a missing reason or a reviewer changes nothing', async () => {
    const before = await db().selectFrom('config_entry').selectAll().orderBy('name').execute();
    const operator = await reviewer(t, undefined, 'operator');
    const unknown = await operator.call('config/update', {
      name: 'seeded_at',
      value: 'x',
      reason: 'probe',
    });
    expect(unknown.body.msg).toBe('invalid_param');
    const noReason = await operator.call('config/update', { name: 'title', value: 'Other' });
    expect(noReason.body.msg).toBe('invalid_param');
    const asReviewer = await (
      await reviewer(t, undefined, 'reviewer')
    ).call('config/update', {
      name: 'title',
      value: 'Other',
      reason: 'not mine',
    });
    expect(asReviewer.body.msg).toBe('role_forbidden');
    expect(await db().selectFrom('config_entry').selectAll().orderBy('name').execute()).toEqual(
      before,
    );
  });
});
