import { readdirSync, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { queueName, redisKeys, withdrawalPayoutJobId } from '@kabuto/schema/contracts';
import { reconcile } from '@kabuto/schema/db';
import { PASSWORD, registerAndLogin, startTestGateway, type Session, type TestGateway } from './support/test-gateway.ts';
import { download, jpeg, multipart, png, reviewer } from './support/funds-helpers.ts';
import { writeFileSync, utimesSync } from 'node:fs';
import { ORPHAN_MIN_AGE_MS, sweepOrphanUploads } from '../src/modules/uploads/orphan-sweep.ts';

// Money in and out over HTTP against the real gateway, SQLite or PostgreSQL and Redis: real-name
// verification with real images through the upload pipeline, bank cards, deposits approved through
// the review API, withdrawals, exchange and the statement.
let t: TestGateway;
/** The gateway's clock runs this far ahead of the wall clock (TOTP steps without waiting). */
let clockOffsetMs = 0;
let review: Awaited<ReturnType<typeof reviewer>>;
let ids = 0;
const requestId = () => `funds-req-${String((ids += 1)).padStart(6, '0')}`;
const NAME = { name_kanji: '山田 太郎', name_kana: 'ヤマダ タロウ', id_number: '123456789012', document_type: 'my_number' };
const CARD = { holder_kana: 'ヤマダ タロウ', bank_name: 'みずほ銀行', branch_name: '東京営業部', branch_code: '001', card_type: 'ordinary', account_number: '1234567' };

let photo: Buffer;
const photos = () => ({ front: { bytes: photo, name: 'front.jpg' }, back: { bytes: photo, name: 'back.jpg' } });

const db = () => t.testDb.db;
const userIdOf = async (s: Session) => Number((await db().selectFrom('app_user').select('id').where('account', '=', s.account).executeTakeFirstOrThrow()).id);
const balance = async (s: Session, kind: string, currency: string) => {
  const row = await db().selectFrom('ledger_account').select('balance').where('owner_key', '=', `u:${await userIdOf(s)}`).where('kind', '=', kind).where('currency', '=', currency).executeTakeFirst();
  return row?.balance ?? 0n;
};
const count = async (table: 'journal' | 'kyc_submission' | 'upload' | 'deposit' | 'withdrawal' | 'bank_card' | 'audit_log') =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const storedFiles = () => (existsSync(join(t.dataDir, 'uploads')) ? readdirSync(join(t.dataDir, 'uploads')).length : 0);

/** Everything a refusal must leave alone. */
async function state(s?: Session) {
  const tables = ['journal', 'kyc_submission', 'upload', 'deposit', 'withdrawal', 'bank_card', 'audit_log'] as const;
  const counts = await Promise.all(tables.map(count));
  const cash = s ? [await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY'), await balance(s, 'cash', 'USD')] : [];
  return { counts, cash, files: storedFiles() };
}

async function verifiedUser(): Promise<Session> {
  const s = await registerAndLogin(t);
  const submitted = await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s);
  expect(submitted.body.msg).toBe('submit_ok');
  const decided = await review.call('kyc/decide', { id: submitted.body.data.submission_id, decision: 'approve' });
  expect(decided.body.msg).toBe('submit_ok');
  return s;
}

async function channelPassword(s: Session): Promise<string> {
  const inbox = await t.call('user/messages', {}, s);
  return String(inbox.body.data.find((m: { kind: string }) => m.kind === 'channel_password').params.code);
}

async function fxQuote(currency: string, price: string) {
  const snapshot = { symbol: `FX:${currency}JPY`, price, change_rate: '0.00', volume: 0, seq: 1, ts: Date.now() };
  await t.redis.hset(redisKeys(t.prefix).latestQuotes, `FX:${currency}JPY`, JSON.stringify(snapshot));
}

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' }, { nowMs: () => Date.now() + clockOffsetMs });
  review = await reviewer(t);
  photo = await jpeg(640, 400, true);
  await db().insertInto('deposit_channel').values({ name: 'Demo transfer', currency: 'JPY', bank_name: 'Kabuto Demo Bank', branch_name: 'Head Office', account_name: 'カブト', account_number: '7654321', max_single: 500_000n, active: 1, created_at: Date.now() }).execute();
  await db().insertInto('config_entry').values({ name: 'deposit_max_single', value: '10000000000' }).execute();
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('real-name verification', () => {
  it('refuses without consent, without both photos, and each bad file, storing nothing', async () => {
    const s = await registerAndLogin(t);
    const before = await state();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'), Buffer.alloc(2000, 32)]);
    const withScript = Buffer.concat([await png(64, 48), Buffer.from('<script>alert(document.cookie)</script>')]);
    const cases: Array<[Record<string, { bytes: Buffer; name: string; type?: string }>, Record<string, string>, string, number]> = [
      [photos(), { ...NAME }, 'privacy_consent_required', 200],
      [{ front: photos().front }, { ...NAME, consent: '1' }, 'id_photos_required', 200],
      [{ ...photos(), front: { bytes: withScript, name: 'front.png', type: 'image/png' } }, { ...NAME, consent: '1' }, 'upload_invalid', 400],
      [{ ...photos(), front: { bytes: pdf, name: 'front.jpg' } }, { ...NAME, consent: '1' }, 'upload_invalid', 400],
      [{ ...photos(), back: { bytes: await png(8000, 7500), name: 'back.png', type: 'image/png' } }, { ...NAME, consent: '1' }, 'upload_invalid', 400],
      [{ ...photos(), back: { bytes: Buffer.concat([photo, Buffer.alloc(9 * 1024 * 1024)]), name: 'back.jpg' } }, { ...NAME, consent: '1' }, 'upload_invalid', 413],
      [photos(), { ...NAME, name_kana: 'やまだ', consent: '1' }, 'invalid_param', 200],
    ];
    for (const [files, fields, msg, http] of cases) {
      const answer = await multipart(t, 'user/verify', fields, files, s);
      expect({ msg: answer.body.msg, status: answer.body.status }).toEqual({ msg, status: 0 });
      if (msg !== 'invalid_param') expect(answer.http).toBe(http);
    }
    expect(await state()).toEqual(before);
    expect((await t.call('user/kyc', {}, s)).body.data.state).toBe('none');
  });

  it('four parallel identity submissions: one under review, the others kyc_pending (never a 500), one row and two photos kept', async () => {
    const s = await registerAndLogin(t);
    const files = storedFiles();
    const answers = await Promise.all(Array.from({ length: 4 }, () => multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s)));
    expect(answers.map((a) => [a.http, a.body.msg]).sort()).toEqual([[200, 'kyc_pending'], [200, 'kyc_pending'], [200, 'kyc_pending'], [200, 'submit_ok']]);
    expect(await db().selectFrom('kyc_submission').select('status').where('user_id', '=', BigInt(await userIdOf(s))).execute()).toEqual([{ status: 'pending' }]);
    expect(storedFiles()).toBe(files + 2);
  });

  it('stores a submission under review with re-encoded photos (no EXIF) that only the owner and reviewers can read', async () => {
    const s = await registerAndLogin(t);
    const submitted = await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s);
    expect(submitted.body).toMatchObject({ status: 1, msg: 'submit_ok' });
    expect((await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s)).body.msg).toBe('kyc_pending');
    const kyc = (await t.call('user/kyc', {}, s)).body.data;
    expect(kyc).toMatchObject({ state: 'pending', name_kana: 'ヤマダ\u3000タロウ' });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const own = await download(t, 'user/upload', { id: kyc.front_upload_id }, { token: s.token, account: s.account });
    expect(own).toMatchObject({ http: 200, type: 'image/jpeg' });
    expect((await sharp(own.bytes).metadata()).exif).toBeUndefined();
    expect(own.bytes.includes(Buffer.from('KabutoTestCam'))).toBe(false);
    const other = await registerAndLogin(t);
    expect((await download(t, 'user/upload', { id: kyc.front_upload_id }, { token: other.token, account: other.account })).http).toBe(404);
    expect((await download(t, 'upload', { id: kyc.front_upload_id }, { 'admin-token': review.token }, 'admin')).http).toBe(200);
    expect((await download(t, 'upload', { id: kyc.front_upload_id }, {}, 'admin')).http).toBe(401);
  });

  it('a rejection is shown with its reason and may be resubmitted; approval verifies once, audited, with the channel password in the inbox', async () => {
    const s = await registerAndLogin(t);
    const first = await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s);
    const auditBefore = await count('audit_log');
    expect((await review.call('kyc/decide', { id: first.body.data.submission_id, decision: 'reject' })).http).toBe(400);
    await review.call('kyc/decide', { id: first.body.data.submission_id, decision: 'reject', reason: 'The photo is blurred' });
    expect((await t.call('user/kyc', {}, s)).body.data).toMatchObject({ state: 'failed', reason: 'The photo is blurred' });
    const second = await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s);
    await review.call('kyc/decide', { id: second.body.data.submission_id, decision: 'approve' });
    expect((await review.call('kyc/decide', { id: second.body.data.submission_id, decision: 'reject', reason: 'late' })).body.msg).toBe('not_found');
    expect((await t.call('user/kyc', {}, s)).body.data.state).toBe('verified');
    expect((await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s)).body.msg).toBe('already_verified');
    expect(await channelPassword(s)).toMatch(/^\d{6}$/);
    const audits = await db().selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(audits.length).toBe(auditBefore + 2);
    expect(audits.slice(-2).map((a) => [a.action, Number(a.admin_id) > 0])).toEqual([['kyc.reject', true], ['kyc.approve', true]]);
  });
});

describe('orphaned upload files', () => {
  it('a file no upload row names is removed once it is an hour old; stored uploads and fresh files stay', async () => {
    const s = await registerAndLogin(t);
    await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s);
    const dir = join(t.dataDir, 'uploads');
    const stale = join(dir, 'crashed-before-commit.jpg');
    const fresh = join(dir, 'still-committing.jpg');
    writeFileSync(stale, photo);
    writeFileSync(fresh, photo);
    const hourAgo = (Date.now() - ORPHAN_MIN_AGE_MS - 1000) / 1000;
    utimesSync(stale, hourAgo, hourAgo);
    const before = readdirSync(dir).length;
    expect(await sweepOrphanUploads(db(), t.dataDir, Date.now())).toEqual(['crashed-before-commit.jpg']);
    expect(readdirSync(dir).length).toBe(before - 1);
    const stored = await db().selectFrom('upload').select('stored_name').execute();
    for (const row of stored) expect(existsSync(join(dir, row.stored_name))).toBe(true);
    await rm(fresh);
  });
});

describe('bank cards', () => {
  it('need a verified user and the verified name; duplicates and other users’ cards are refused', async () => {
    const unverified = await registerAndLogin(t);
    expect((await t.call('bank/add', CARD, unverified)).body.msg).toBe('kyc_required');
    const submitted = await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), unverified);
    expect((await t.call('bank/add', CARD, unverified)).body.msg).toBe('kyc_pending');
    await review.call('kyc/decide', { id: submitted.body.data.submission_id, decision: 'reject', reason: 'Unreadable' });
    const beforeRejected = await state();
    expect((await t.call('bank/add', CARD, unverified)).body.msg).toBe('kyc_rejected');
    expect((await t.call('fund/withdraw', { card_id: '1', amount: '10000', fund_password: '123456', request_id: requestId() }, unverified)).body.msg).toBe('kyc_rejected');
    expect(await state()).toEqual(beforeRejected);
    const s = await verifiedUser();
    const before = await state();
    expect((await t.call('bank/add', { ...CARD, holder_kana: 'スズキ ハナコ' }, s)).body.msg).toBe('card_name_mismatch');
    expect(await state()).toEqual(before);
    const added = await t.call('bank/add', { ...CARD, holder_kana: 'ﾔﾏﾀﾞ ﾀﾛｳ' }, s);
    expect(added.body).toMatchObject({ status: 1, msg: 'add_ok' });
    expect((await t.call('bank/add', CARD, s)).body.msg).toBe('card_exists');
    const other = await verifiedUser();
    const cardId = added.body.data.card_id;
    expect((await t.call('bank/edit', { ...CARD, card_id: cardId, branch_code: '002' }, other)).body.msg).toBe('card_not_found');
    expect((await t.call('bank/unbind', { card_id: cardId }, other)).body.msg).toBe('card_not_found');
    expect((await t.call('bank/list', {}, other)).body.data).toEqual([]);
    expect((await t.call('bank/edit', { ...CARD, card_id: cardId, branch_code: '002' }, s)).body.msg).toBe('modify_ok');
    expect((await t.call('bank/list', {}, s)).body.data).toMatchObject([{ card_id: cardId, branch_code: '002', masked_number: '****567' }]);
    expect((await t.call('bank/unbind', { card_id: cardId }, s)).body.msg).toBe('unbind_ok');
    expect((await t.call('bank/unbind', { card_id: cardId }, s)).body.msg).toBe('card_not_found');
    expect((await t.call('bank/add', { ...CARD, account_number: '12345' }, s)).http).toBe(400);
  });
});

describe('deposits', () => {
  it('channel details need verification and the channel password; caps, one pending at a time, approval credits exactly once', async () => {
    const unverified = await registerAndLogin(t);
    const channels = (await t.call('fund/channels', {}, unverified)).body.data;
    const channelId = channels[0].channel_id;
    expect(channels[0]).toMatchObject({ currency: 'JPY', max_single: '500000' });
    expect((await t.call('fund/channel', { channel_id: channelId, channel_password: '000000' }, unverified)).body.msg).toBe('kyc_required');
    expect((await multipart(t, 'fund/deposit', { channel_id: channelId, amount: '1000', request_id: requestId() }, { proof: { bytes: photo, name: 'p.jpg' } }, unverified)).body.msg).toBe('kyc_required');
    const s = await verifiedUser();
    expect((await t.call('fund/channel', { channel_id: channelId, channel_password: 'nope' }, s)).body.msg).toBe('wrong_channel_password');
    const details = (await t.call('fund/channel', { channel_id: channelId, channel_password: await channelPassword(s) }, s)).body.data;
    expect(details).toMatchObject({ bank_name: 'Kabuto Demo Bank', account_number: '7654321', transfer_reference: expect.stringMatching(/^KB[A-Z2-9]{8}$/) });
    const before = await state(s);
    expect((await multipart(t, 'fund/deposit', { channel_id: channelId, amount: '500001', request_id: requestId() }, { proof: { bytes: photo, name: 'p.jpg' } }, s)).body.msg).toBe('deposit_limit_exceeded');
    expect((await multipart(t, 'fund/deposit', { channel_id: channelId, amount: '1000', request_id: requestId() }, {}, s)).body.msg).toBe('upload_invalid');
    expect((await multipart(t, 'fund/deposit', { channel_id: channelId, amount: '10.5', request_id: requestId() }, { proof: { bytes: photo, name: 'p.jpg' } }, s)).body.msg).toBe('invalid_param');
    expect(await state(s)).toEqual(before);
    const rid = requestId();
    const deposited = await multipart(t, 'fund/deposit', { channel_id: channelId, amount: '300000', request_id: rid }, { proof: { bytes: photo, name: 'p.jpg' } }, s);
    expect(deposited.body).toMatchObject({ status: 1, msg: 'deposit_ok', data: { status: 'pending', amount: '300000', transfer_reference: details.transfer_reference } });
    const replay = await multipart(t, 'fund/deposit', { channel_id: channelId, amount: '300000', request_id: rid }, { proof: { bytes: photo, name: 'p.jpg' } }, s);
    expect(replay.body.data).toEqual(deposited.body.data);
    const afterOne = await state(s);
    expect((await multipart(t, 'fund/deposit', { channel_id: channelId, amount: '1000', request_id: requestId() }, { proof: { bytes: photo, name: 'p.jpg' } }, s)).body.msg).toBe('deposit_pending');
    expect(await state(s)).toEqual(afterOne);
    expect(await balance(s, 'cash', 'JPY')).toBe(0n);
    const pending = (await review.call('deposit/list')).body.data.find((d: { id: string }) => d.id === deposited.body.data.deposit_id);
    expect(pending).toMatchObject({ amount: '300000', transfer_reference: details.transfer_reference });
    const other = await registerAndLogin(t);
    expect((await download(t, 'user/upload', { id: pending.proof_upload_id }, { token: other.token, account: other.account })).http).toBe(404);
    expect((await t.call('fund/deposits', {}, other)).body.data).toEqual([]);
    expect((await t.call('fund/depositinfo', { id: deposited.body.data.deposit_id }, other)).http).toBe(404);
    expect((await t.call('fund/depositinfo', { id: deposited.body.data.deposit_id }, s)).body.data).toMatchObject({ status: 'pending', amount: '300000' });
    expect((await review.anonymous('deposit/decide', { id: pending.id, decision: 'approve' })).http).toBe(401);
    expect((await review.call('deposit/decide', { id: pending.id, decision: 'approve' })).body.msg).toBe('submit_ok');
    expect((await review.call('deposit/decide', { id: pending.id, decision: 'approve' })).body.msg).toBe('not_found');
    expect(await balance(s, 'cash', 'JPY')).toBe(300_000n);
    const audit = await db().selectFrom('audit_log').selectAll().where('subject', '=', `deposit:${pending.id}`).execute();
    expect(audit).toHaveLength(1);
    const second = await multipart(t, 'fund/deposit', { channel_id: channelId, amount: '2000', request_id: requestId() }, { proof: { bytes: photo, name: 'p.jpg' } }, s);
    await review.call('deposit/decide', { id: second.body.data.deposit_id, decision: 'reject', reason: 'No transfer arrived' });
    expect(await balance(s, 'cash', 'JPY')).toBe(300_000n);
    expect((await t.call('fund/deposits', {}, s)).body.data[0]).toMatchObject({ status: 'rejected', reason: 'No transfer arrived' });
  });

  it('four parallel deposits: one pending, the others deposit_pending (never a 500), one row and one proof kept', async () => {
    const s = await verifiedUser();
    const channelId = (await t.call('fund/channels', {}, s)).body.data[0].channel_id;
    const before = await state(s);
    const answers = await Promise.all(
      ['1000', '2000', '3000', '4000'].map((amount) => multipart(t, 'fund/deposit', { channel_id: channelId, amount, request_id: requestId() }, { proof: { bytes: photo, name: 'p.jpg' } }, s)),
    );
    expect(answers.map((a) => [a.http, a.body.msg]).sort()).toEqual([[200, 'deposit_ok'], [200, 'deposit_pending'], [200, 'deposit_pending'], [200, 'deposit_pending']]);
    const rows = await db().selectFrom('deposit').select('status').where('user_id', '=', BigInt(await userIdOf(s))).execute();
    expect(rows).toEqual([{ status: 'pending' }]);
    expect(storedFiles()).toBe(before.files + 1);
    expect(await balance(s, 'cash', 'JPY')).toBe(0n);
  });
});

/** A verified user with a card, ¥300,000 deposited and a fund password. */
async function readyToWithdraw(): Promise<{ s: Session; cardId: string }> {
  const s = await verifiedUser();
  const cardId = (await t.call('bank/add', CARD, s)).body.data.card_id as string;
  const channelId = (await t.call('fund/channels', {}, s)).body.data[0].channel_id;
  const deposited = await multipart(t, 'fund/deposit', { channel_id: channelId, amount: '300000', request_id: requestId() }, { proof: { bytes: photo, name: 'p.jpg' } }, s);
  await review.call('deposit/decide', { id: deposited.body.data.deposit_id, decision: 'approve' });
  return { s, cardId };
}

describe('withdrawals', () => {
  it('refuses each published rule with nothing changed, holds on request and returns the hold exactly on rejection', async () => {
    const { s, cardId } = await readyToWithdraw();
    const withdraw = (body: Record<string, string>) => t.call('fund/withdraw', { card_id: cardId, amount: '50000', fund_password: '246810', request_id: requestId(), ...body }, s);
    const before = await state(s);
    expect((await withdraw({})).body.msg).toBe('fund_password_not_set');
    await t.call('user/setFundPassword', { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' }, s);
    const userId = await userIdOf(s);
    const foreign = await db().insertInto('bank_card').values({ user_id: BigInt(userId), holder_kana: 'スズキ\u3000ハナコ', bank_name: '三井住友銀行', branch_name: '本店', branch_code: '100', card_type: 'ordinary', account_number: '7777777', created_at: Date.now(), updated_at: Date.now(), removed_at: null }).returning('id').executeTakeFirstOrThrow();
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
    expect(requested.body).toMatchObject({ status: 1, msg: 'withdraw_ok', data: { status: 'pending', amount: '50000' } });
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY')]).toEqual([250_000n, 50_000n]);
    expect((await withdraw({ amount: '10000' })).body.msg).toBe('fund_operation_busy');
    expect((await t.call('user/withdrawallist', { type: 'jpy' }, s)).body.data[0]).toMatchObject({ status: 0, money: '50000' });
    await review.call('withdrawal/decide', { id: requested.body.data.withdrawal_id, decision: 'reject', reason: 'Bank details unreadable' });
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY')]).toEqual([300_000n, 0n]);
    expect((await t.call('user/withdrawallist', { type: 'jpy' }, s)).body.data[0]).toMatchObject({ status: 2, reason: 'Bank details unreadable' });
    // Approval hands the withdrawal to the payout worker (workers/test/withdrawal-payout.int.test.ts):
    // the hold stays until the transfer has gone, and the user sees it on its way.
    const approved = await withdraw({ amount: '20000' });
    const approvedId = Number(approved.body.data.withdrawal_id);
    expect((await review.call('withdrawal/decide', { id: String(approvedId), decision: 'approve' })).body.msg).toBe('submit_ok');
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY')]).toEqual([280_000n, 20_000n]);
    expect((await t.call('user/withdrawallist', { type: 'jpy' }, s)).body.data[0]).toMatchObject({ status: 0, state: 'sending', money: '20000' });
    const payouts = new Queue(queueName('withdrawal-payout', t.prefix), { connection: t.redis.duplicate({ maxRetriesPerRequest: null }) });
    try {
      expect((await payouts.getJob(withdrawalPayoutJobId(approvedId)))?.data).toEqual({ withdrawalId: approvedId });
    } finally {
      await payouts.close();
    }
    const afterApproval = await state(s);
    expect((await review.call('withdrawal/decide', { id: String(approvedId), decision: 'reject', reason: 'too late' })).body.msg).toBe('not_found');
    expect((await review.call('withdrawal/decide', { id: String(approvedId), decision: 'approve' })).body.msg).toBe('not_found');
    expect(await state(s)).toEqual(afterApproval);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('is refused while positions are open and, with TOTP on, without a fresh code', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call('user/setFundPassword', { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' }, s);
    const withdraw = (body: Record<string, string> = {}) => t.call('fund/withdraw', { card_id: cardId, amount: '10000', fund_password: '246810', request_id: requestId(), ...body }, s);
    const snapshot = { symbol: '7203', price: '2850', change_rate: '0.00', volume: 0, seq: 1, ts: Date.now(), limit_up: '3350', limit_down: '2350' };
    await t.redis.hset(redisKeys(t.prefix).latestQuotes, '7203', JSON.stringify(snapshot));
    const opened = await t.call('trade/order', { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1', request_id: requestId() }, s);
    const before = await state(s);
    expect((await withdraw()).body.msg).toBe('positions_open');
    expect(await state(s)).toEqual(before);
    await t.call('trade/close', { position_id: opened.body.data.position_id, request_id: requestId() }, s);
    const setup = (await t.call('security/totp/setup', {}, s)).body.data;
    expect(setup.qr).toMatch(/^data:image\/png;base64,/);
    expect((await t.call('security/totp/enable', { otp: await generate({ secret: setup.secret }) }, s)).body.msg).toBe('modify_ok');
    const afterEnable = await state(s);
    expect((await withdraw()).body.msg).toBe('otp_invalid');
    expect((await withdraw({ otp: '000000' })).body.msg).toBe('otp_invalid');
    expect(await state(s)).toEqual(afterEnable);
    // A code from a future step is refused; one step later it is accepted, once.
    const next = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await withdraw({ otp: next })).body.msg).toBe('otp_invalid');
    clockOffsetMs = 30_000;
    try {
      const accepted = await withdraw({ otp: next });
      expect(accepted.body).toMatchObject({ status: 1, msg: 'withdraw_ok' });
      await review.call('withdrawal/decide', { id: accepted.body.data.withdrawal_id, decision: 'reject', reason: 'test' });
      const afterWithdraw = await state(s);
      expect((await withdraw({ otp: next })).body.msg).toBe('otp_invalid');
      expect(await state(s)).toEqual(afterWithdraw);
    } finally {
      clockOffsetMs = 0;
    }
    expect((await t.call('security/status', {}, s)).body.data.totp_enabled).toBe(true);
    const change = { oldfundpassword: '246810', fundpassword: '135791', refundpassword: '135791' };
    expect((await t.call('user/changeFundPassword', change, s)).body.msg).toBe('otp_invalid');
    expect((await withdraw({ fund_password: '135791' })).body.msg).toBe('wrong_fund_password');
  });

  it('parallel requests: exactly one pending, the rest fund_operation_busy with their balances unchanged', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call('user/setFundPassword', { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' }, s);
    const before = await state(s);
    // Four: under the fund-password limiter's budget, so every request reaches the account rules.
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.call('fund/withdraw', { card_id: cardId, amount: '20000', fund_password: '246810', request_id: requestId() }, s)));
    expect(answers.map((a) => a.body.msg).sort()).toEqual(['fund_operation_busy', 'fund_operation_busy', 'fund_operation_busy', 'withdraw_ok']);
    const userId = BigInt(await userIdOf(s));
    expect(await db().selectFrom('withdrawal').select(['amount', 'status']).where('user_id', '=', userId).execute()).toEqual([{ amount: 20_000n, status: 'pending' }]);
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'hold:withdrawal', 'JPY')]).toEqual([280_000n, 20_000n]);
    expect((await state(s)).counts[0]).toBe(Number(before.counts[0]) + 1); // one hold journal
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('the database itself keeps one pending withdrawal per user (withdrawal_one_pending)', async () => {
    const { s, cardId } = await readyToWithdraw();
    await t.call('user/setFundPassword', { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' }, s);
    const first = await t.call('fund/withdraw', { card_id: cardId, amount: '10000', fund_password: '246810', request_id: requestId() }, s);
    expect(first.body.msg).toBe('withdraw_ok');
    const copy = await db().selectFrom('withdrawal').selectAll().where('id', '=', BigInt(first.body.data.withdrawal_id)).executeTakeFirstOrThrow().then(({ id, ...rest }) => (void id, rest));
    await expect(db().insertInto('withdrawal').values(copy).execute()).rejects.toThrow(/unique|UNIQUE|duplicate/);
    await review.call('withdrawal/decide', { id: first.body.data.withdrawal_id, decision: 'reject', reason: 'test' });
    await db().insertInto('withdrawal').values({ ...copy, status: 'rejected' }).execute();
  });

  it('a withdrawal racing an order that opens a position: never pending beside a position opened before it', async () => {
    const snapshot = { symbol: '7203', price: '2850', change_rate: '0.00', volume: 0, seq: 1, ts: Date.now(), limit_up: '3350', limit_down: '2350' };
    await t.redis.hset(redisKeys(t.prefix).latestQuotes, '7203', JSON.stringify(snapshot));
    const users = await Promise.all([0, 1, 2, 3].map(async () => readyToWithdraw()));
    for (const { s } of users) await t.call('user/setFundPassword', { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' }, s);
    // The order leaves a little after the withdrawal (0–15 ms): it lands while the withdrawal is being checked.
    await Promise.all(users.map(async ({ s, cardId }, i) => {
      const withdrawing = t.call('fund/withdraw', { card_id: cardId, amount: '10000', fund_password: '246810', request_id: requestId() }, s);
      await new Promise((resolve) => setTimeout(resolve, i * 5));
      const [withdrawal, opened] = await Promise.all([withdrawing, t.call('trade/order', { symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '1', request_id: requestId() }, s)]);
      expect(opened.body.msg).toBe('purchase_ok');
      const positionJournal = await db().selectFrom('journal').select('id').where('reference', '=', `position:${opened.body.data.position_id}`).executeTakeFirstOrThrow();
      if (withdrawal.body.msg === 'positions_open') {
        expect([await balance(s, 'hold:withdrawal', 'JPY'), await db().selectFrom('withdrawal').select('id').where('user_id', '=', BigInt(await userIdOf(s))).execute()]).toEqual([0n, []]);
        return;
      }
      expect(withdrawal.body.msg).toBe('withdraw_ok');
      const hold = await db().selectFrom('withdrawal').select('hold_journal_id').where('id', '=', BigInt(withdrawal.body.data.withdrawal_id)).executeTakeFirstOrThrow();
      expect(hold.hold_journal_id < positionJournal.id, 'the withdrawal was committed before the position opened').toBe(true);
    }));
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('outside 09:00–15:30 Tokyo business hours is refused with withdraw_hours', async () => {
    const saturdayNoonTokyo = Date.parse('2026-11-21T12:00:00+09:00');
    const closed = await startTestGateway({ KABUTO_CLOCK: 'exchange' }, { nowMs: () => saturdayNoonTokyo });
    try {
      const previous = t;
      t = closed;
      review = await reviewer(t);
      await db().insertInto('deposit_channel').values({ name: 'Demo', currency: 'JPY', bank_name: 'B', branch_name: 'H', account_name: 'カブト', account_number: '7654321', max_single: 500_000n, active: 1, created_at: Date.now() }).execute();
      const { s, cardId } = await readyToWithdraw();
      await t.call('user/setFundPassword', { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' }, s);
      const before = await state(s);
      expect((await t.call('fund/withdraw', { card_id: cardId, amount: '10000', fund_password: '246810', request_id: requestId() }, s)).body.msg).toBe('withdraw_hours');
      expect(await state(s)).toEqual(before);
      t = previous;
      review = await reviewer(t);
    } finally {
      await closed.close();
    }
  });
});

describe('exchange and the statement', () => {
  it('exchanges at the feed rate less the spread in one journal, and the statement reconciles to the balances', async () => {
    const { s } = await readyToWithdraw();
    const before = await state(s);
    expect((await t.call('fund/exchange', { from: 'JPY', to: 'JPY', amount: '1000', request_id: requestId() }, s)).body.msg).toBe('same_currency');
    expect((await t.call('fund/exchange', { from: 'JPY', to: 'SAR', amount: '1000', request_id: requestId() }, s)).body.msg).toBe('price_unavailable');
    await fxQuote('USD', '155.00');
    expect((await t.call('fund/exchange', { from: 'JPY', to: 'USD', amount: '300001', request_id: requestId() }, s)).body.msg).toBe('balance_insufficient');
    expect(await state(s)).toEqual(before);
    const priced = (await t.call('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '100000' }, s)).body.data;
    // 100,000 ÷ 155 × 0.995 = 641.935… → $641.93
    expect(priced).toMatchObject({ mid_rate: '0.006452', applied_rate: '0.006419', spread: '0.50%', receive: '641.93' });
    const journals = await count('journal');
    const exchanged = await t.call('fund/exchange', { from: 'JPY', to: 'USD', amount: '100000', request_id: requestId() }, s);
    expect(exchanged.body).toMatchObject({ status: 1, msg: 'exchange_ok', data: { receive: '641.93' } });
    expect(await count('journal')).toBe(journals + 1);
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'cash', 'USD')]).toEqual([200_000n, 64_193n]);

    const records = (await t.call('fund/records', {}, s)).body.data as Array<{ kind: string; currency: string; amount: string; balance: string }>;
    expect(records.map((r) => [r.kind, r.currency, r.amount, r.balance])).toEqual([
      ['exchange', 'JPY', '-100000', '200000'],
      ['exchange', 'USD', '641.93', '641.93'],
      ['deposit', 'JPY', '300000', '300000'],
    ]);
    // Each row carries its memo's template and parameters, for the client to show in the user's language.
    const memoParams = (records as unknown as Array<{ memo: string; memo_params: Record<string, string> }>).map((r) => r.memo_params);
    expect(memoParams[0]).toEqual({ template: 'exchange', amount: '100000', from: 'JPY', receive: '641.93', to: 'USD', rate: '0.006419', mid: '0.006452', spread: '0.50%' });
    expect(memoParams[2]).toMatchObject({ template: 'deposit', reference: expect.stringMatching(/^KB/) });
    expect((records[0] as unknown as { memo: string }).memo).toBe('Exchange 100000 JPY → 641.93 USD at 0.006419 (mid 0.006452, spread 0.50%)');
    const onlyUsd = (await t.call('fund/records', { currency: 'USD' }, s)).body.data;
    expect(onlyUsd).toHaveLength(1);
    const onlyDeposits = (await t.call('fund/records', { kind: 'deposit' }, s)).body.data;
    expect(onlyDeposits).toMatchObject([{ kind: 'deposit', balance: '300000' }]);
    const csv = await download(t, 'fund/records.csv', {}, { token: s.token, account: s.account });
    expect(csv.type).toContain('text/csv');
    const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('journal_id,time_utc,kind,memo,reference,currency,amount,balance');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/,exchange,.*,JPY,-100000,200000$/);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('a confirmed quote keeps its rate for the user even when the feed moves, once', async () => {
    const { s } = await readyToWithdraw();
    await fxQuote('USD', '155.00');
    const priced = (await t.call('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '10000' }, s)).body.data;
    expect(priced).toMatchObject({ receive: '64.19', valid_seconds: 15 });
    await fxQuote('USD', '160.00');
    const taken = await t.call('fund/exchange', { from: 'JPY', to: 'USD', amount: '10000', quote_id: priced.quote_id, request_id: requestId() }, s);
    expect(taken.body.data.receive).toBe('64.19');
    // The quote is spent: the same quote id is refused, never run at the current rate the user did not see.
    const again = await t.call('fund/exchange', { from: 'JPY', to: 'USD', amount: '10000', quote_id: priced.quote_id, request_id: requestId() }, s);
    expect(again.body).toMatchObject({ status: 0, msg: 'quote_expired' });
    expect(await balance(s, 'cash', 'USD')).toBe(6_419n);
  });

  it('a lapsed quote is refused with quote_expired and changes nothing; a retry of a taken one replays', async () => {
    const { s } = await readyToWithdraw();
    await fxQuote('USD', '155.00');
    const jpyBefore = await balance(s, 'cash', 'JPY');
    const priced = (await t.call('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '10000' }, s)).body.data;
    // The 15 s lock lapses: its key expires in Redis.
    for (const key of await t.redis.keys(`${t.prefix}:fxquote:*:${priced.quote_id}`)) await t.redis.pexpire(key, 1);
    await new Promise((r) => setTimeout(r, 20));
    await fxQuote('USD', '150.00');
    const lapsed = await t.call('fund/exchange', { from: 'JPY', to: 'USD', amount: '10000', quote_id: priced.quote_id, request_id: requestId() }, s);
    expect(lapsed.body).toMatchObject({ status: 0, msg: 'quote_expired' });
    expect([await balance(s, 'cash', 'JPY'), await balance(s, 'cash', 'USD')]).toEqual([jpyBefore, 0n]);
    const fresh = (await t.call('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '10000' }, s)).body.data;
    const request = requestId();
    const taken = await t.call('fund/exchange', { from: 'JPY', to: 'USD', amount: '10000', quote_id: fresh.quote_id, request_id: request }, s);
    expect(taken.body.data.receive).toBe(fresh.receive);
    const retried = await t.call('fund/exchange', { from: 'JPY', to: 'USD', amount: '10000', quote_id: fresh.quote_id, request_id: request }, s);
    expect(retried.body).toMatchObject({ status: 1, data: { receive: fresh.receive } });
    expect(await balance(s, 'cash', 'JPY')).toBe(jpyBefore - 10_000n);
  });
});
