import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { registerAndLogin } from './support/test-gateway.ts';
import { download, multipart, png } from './support/funds-helpers.ts';
import { ORPHAN_MIN_AGE_MS, sweepOrphanUploads } from '../src/modules/uploads/orphan-sweep.ts';
import {
  CARD,
  channelPassword,
  count,
  db,
  photo,
  photos,
  requestId,
  review,
  state,
  storedFiles,
  t,
  NAME,
  useFundsGateway,
  userIdOf,
  verifiedUser,
} from './support/funds-suite.ts';

// Real-name verification with real images through the upload pipeline, orphaned upload files and
// bank cards, over HTTP against the real gateway, SQLite or PostgreSQL and Redis.
useFundsGateway();

describe('real-name verification', () => {
  it('refuses without consent, without both photos, and each bad file, storing nothing', async () => {
    const s = await registerAndLogin(t);
    const before = await state();
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
      Buffer.alloc(2000, 32),
    ]);
    const withScript = Buffer.concat([
      await png(64, 48),
      Buffer.from('<script>alert(document.cookie)</script>'),
    ]);
    const cases: Array<
      [
        Record<string, { bytes: Buffer; name: string; type?: string }>,
        Record<string, string>,
        string,
        number,
      ]
    > = [
      [photos(), { ...NAME }, 'privacy_consent_required', 200],
      [{ front: photos().front }, { ...NAME, consent: '1' }, 'id_photos_required', 200],
      [
        { ...photos(), front: { bytes: withScript, name: 'front.png', type: 'image/png' } },
        { ...NAME, consent: '1' },
        'upload_invalid',
        400,
      ],
      [
        { ...photos(), front: { bytes: pdf, name: 'front.jpg' } },
        { ...NAME, consent: '1' },
        'upload_invalid',
        400,
      ],
      [
        {
          ...photos(),
          back: { bytes: await png(8000, 7500), name: 'back.png', type: 'image/png' },
        },
        { ...NAME, consent: '1' },
        'upload_invalid',
        400,
      ],
      [
        {
          ...photos(),
          back: { bytes: Buffer.concat([photo, Buffer.alloc(9 * 1024 * 1024)]), name: 'back.jpg' },
        },
        { ...NAME, consent: '1' },
        'upload_invalid',
        413,
      ],
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

  it('two parallel identity submissions (a user’s upload bodies are read two at a time): one under review, the other kyc_pending (never a 500), one row and two photos kept', async () => {
    const s = await registerAndLogin(t);
    const files = storedFiles();
    const answers = await Promise.all(
      Array.from({ length: 2 }, () =>
        multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s),
      ),
    );
    expect(answers.map((a) => [a.http, a.body.msg]).sort()).toEqual([
      [200, 'kyc_pending'],
      [200, 'submit_ok'],
    ]);
    expect(
      await db()
        .selectFrom('kyc_submission')
        .select('status')
        .where('user_id', '=', BigInt(await userIdOf(s)))
        .execute(),
    ).toEqual([{ status: 'pending' }]);
    expect(storedFiles()).toBe(files + 2);
  });

  it('stores a submission under review with re-encoded photos (no EXIF) that only the owner and reviewers can read', async () => {
    const s = await registerAndLogin(t);
    const submitted = await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s);
    expect(submitted.body).toMatchObject({ status: 1, msg: 'submit_ok' });
    expect(
      (await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s)).body.msg,
    ).toBe('kyc_pending');
    const kyc = (await t.call('user/kyc', {}, s)).body.data;
    expect(kyc).toMatchObject({ state: 'pending', name_kana: 'ヤマダ\u3000タロウ' });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const own = await download(
      t,
      'user/upload',
      { id: kyc.front_upload_id },
      { token: s.token, account: s.account },
    );
    expect(own).toMatchObject({ http: 200, type: 'image/jpeg' });
    expect((await sharp(own.bytes).metadata()).exif).toBeUndefined();
    expect(own.bytes.includes(Buffer.from('KabutoTestCam'))).toBe(false);
    const other = await registerAndLogin(t);
    expect(
      (
        await download(
          t,
          'user/upload',
          { id: kyc.front_upload_id },
          { token: other.token, account: other.account },
        )
      ).http,
    ).toBe(404);
    expect(
      (
        await download(
          t,
          'upload',
          { id: kyc.front_upload_id },
          { 'admin-token': review.token },
          'admin',
        )
      ).http,
    ).toBe(200);
    expect((await download(t, 'upload', { id: kyc.front_upload_id }, {}, 'admin')).http).toBe(401);
  });

  it('a rejection is shown with its reason and may be resubmitted; approval verifies once, audited, with the channel password in the inbox', async () => {
    const s = await registerAndLogin(t);
    const first = await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s);
    const auditBefore = await count('audit_log');
    expect(
      (await review.call('kyc/decide', { id: first.body.data.submission_id, decision: 'reject' }))
        .http,
    ).toBe(400);
    await review.call('kyc/decide', {
      id: first.body.data.submission_id,
      decision: 'reject',
      reason: 'The photo is blurred',
    });
    expect((await t.call('user/kyc', {}, s)).body.data).toMatchObject({
      state: 'failed',
      reason: 'The photo is blurred',
    });
    const second = await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s);
    await review.call('kyc/decide', { id: second.body.data.submission_id, decision: 'approve' });
    expect(
      (
        await review.call('kyc/decide', {
          id: second.body.data.submission_id,
          decision: 'reject',
          reason: 'late',
        })
      ).body.msg,
    ).toBe('not_found');
    expect((await t.call('user/kyc', {}, s)).body.data.state).toBe('verified');
    expect(
      (await multipart(t, 'user/verify', { ...NAME, consent: '1' }, photos(), s)).body.msg,
    ).toBe('already_verified');
    expect(await channelPassword(s)).toMatch(/^\d{6}$/);
    const audits = await db().selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(audits.length).toBe(auditBefore + 2);
    expect(audits.slice(-2).map((a) => [a.action, Number(a.admin_id) > 0])).toEqual([
      ['kyc.reject', true],
      ['kyc.approve', true],
    ]);
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
    expect(await sweepOrphanUploads(db(), t.dataDir, Date.now())).toEqual([
      'crashed-before-commit.jpg',
    ]);
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
    const submitted = await multipart(
      t,
      'user/verify',
      { ...NAME, consent: '1' },
      photos(),
      unverified,
    );
    expect((await t.call('bank/add', CARD, unverified)).body.msg).toBe('kyc_pending');
    await review.call('kyc/decide', {
      id: submitted.body.data.submission_id,
      decision: 'reject',
      reason: 'Unreadable',
    });
    const beforeRejected = await state();
    expect((await t.call('bank/add', CARD, unverified)).body.msg).toBe('kyc_rejected');
    expect(
      (
        await t.call(
          'fund/withdraw',
          { card_id: '1', amount: '10000', fund_password: '123456', request_id: requestId() },
          unverified,
        )
      ).body.msg,
    ).toBe('kyc_rejected');
    expect(await state()).toEqual(beforeRejected);
    const s = await verifiedUser();
    const before = await state();
    expect((await t.call('bank/add', { ...CARD, holder_kana: 'スズキ ハナコ' }, s)).body.msg).toBe(
      'card_name_mismatch',
    );
    expect(await state()).toEqual(before);
    const added = await t.call('bank/add', { ...CARD, holder_kana: 'ﾔﾏﾀﾞ ﾀﾛｳ' }, s);
    expect(added.body).toMatchObject({ status: 1, msg: 'add_ok' });
    expect((await t.call('bank/add', CARD, s)).body.msg).toBe('card_exists');
    const other = await verifiedUser();
    const cardId = added.body.data.card_id;
    expect(
      (await t.call('bank/edit', { ...CARD, card_id: cardId, branch_code: '002' }, other)).body.msg,
    ).toBe('card_not_found');
    expect((await t.call('bank/unbind', { card_id: cardId }, other)).body.msg).toBe(
      'card_not_found',
    );
    expect((await t.call('bank/list', {}, other)).body.data).toEqual([]);
    expect(
      (await t.call('bank/edit', { ...CARD, card_id: cardId, branch_code: '002' }, s)).body.msg,
    ).toBe('modify_ok');
    expect((await t.call('bank/list', {}, s)).body.data).toMatchObject([
      { card_id: cardId, branch_code: '002', masked_number: '****567' },
    ]);
    expect((await t.call('bank/unbind', { card_id: cardId }, s)).body.msg).toBe('unbind_ok');
    expect((await t.call('bank/unbind', { card_id: cardId }, s)).body.msg).toBe('card_not_found');
    expect((await t.call('bank/add', { ...CARD, account_number: '12345' }, s)).http).toBe(400);
  });
});
