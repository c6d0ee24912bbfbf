// Hostile uploads (issue 10 item 5): a pixel flood is refused from its header before any photo of
// the request is decoded, a request's photos share one pixel budget, and `user/verify` and deposit
// proofs are limited per user and per IP, in a parallel burst too, with nothing written.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { imageDecodes } from '../src/modules/uploads/decode-queue.ts';
import { UPLOADS_PER_IP_PER_HOUR, UPLOADS_PER_USER_PER_HOUR } from '../src/infra/limiters.ts';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './support/test-gateway.ts';
import { jpeg, multipart, png, reviewer } from './support/funds-helpers.ts';

let t: TestGateway;
let photo: Buffer;
const NAME = {
  name_kanji: '山田 太郎',
  name_kana: 'ヤマダ タロウ',
  id_number: '123456789012',
  document_type: 'my_number',
  consent: '1',
};
const LOCAL_IPS = ['127.0.0.1', '::ffff:127.0.0.1', '::1'];

const count = async (table: 'kyc_submission' | 'upload' | 'deposit') =>
  Number(
    (
      await t.testDb.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const storedFiles = () =>
  existsSync(join(t.dataDir, 'uploads')) ? readdirSync(join(t.dataDir, 'uploads')).length : 0;
const written = async () => ({
  submissions: await count('kyc_submission'),
  uploads: await count('upload'),
  deposits: await count('deposit'),
  files: storedFiles(),
});
const verify = (s: Session, front: Buffer, back: Buffer) =>
  multipart(
    t,
    'user/verify',
    NAME,
    {
      front: { bytes: front, name: 'front.png', type: 'image/png' },
      back: { bytes: back, name: 'back.png', type: 'image/png' },
    },
    s,
  );

async function resetUploadLimits(): Promise<void> {
  for (const ip of LOCAL_IPS) await t.gateway.deps.limiters.uploadsByIp.delete(ip);
}

beforeAll(async () => {
  t = await startTestGateway();
  photo = await jpeg(640, 400);
}, 60_000);

afterAll(async () => {
  await t.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts full decodes (sharp's toBuffer) in this process from now on; reading a header is not one. */
function countDecodes(): () => number {
  const toBuffer = vi.spyOn(sharp.prototype, 'toBuffer');
  return () => toBuffer.mock.calls.length;
}

describe('pixel floods', () => {
  it('a huge-dimension PNG is refused from its header before the other photo is decoded, nothing written', async () => {
    const s = await registerAndLogin(t);
    const flood = await png(8000, 7500); // 60 MP declared, a few hundred KB sent
    const before = await written();
    for (const files of [
      [photo, flood],
      [flood, photo],
    ] as const) {
      const decodes = countDecodes();
      const queued = imageDecodes.stats().started;
      const answer = await verify(s, files[0], files[1]);
      expect(answer.http).toBe(400);
      expect(answer.body.msg).toBe('upload_invalid');
      expect(Object.values(answer.body.data.fields)).toEqual(['too_many_pixels']);
      expect(decodes()).toBe(0);
      expect(imageDecodes.stats().started).toBe(queued);
      vi.restoreAllMocks();
    }
    expect(await written()).toEqual(before);
  });

  it('two photos under the per-file cap but over the request’s pixel budget are refused undecoded', async () => {
    const s = await registerAndLogin(t);
    const nearCap = await png(6300, 6300); // 39.7 MP: under the 40 MP per file, twice over the budget
    expect(nearCap.length).toBeLessThan(200 * 1024);
    const before = await written();
    const decodes = countDecodes();
    const answer = await verify(s, nearCap, nearCap);
    expect(answer.http).toBe(400);
    expect(answer.body).toMatchObject({
      msg: 'upload_invalid',
      data: { fields: { back: 'too_many_pixels' } },
    });
    expect(decodes()).toBe(0);
    expect(await written()).toEqual(before);
  });
});

describe('upload limits', () => {
  it('a parallel burst of user/verify from one user gets at most the hourly limit through; the rest is 429 too_frequent, nothing written', async () => {
    await resetUploadLimits();
    const s = await registerAndLogin(t);
    const unreadable = Buffer.concat([photo.subarray(0, 200), Buffer.alloc(2000, 7)]); // a JPEG header, then junk
    const before = await written();
    const burst = await Promise.all(
      Array.from({ length: UPLOADS_PER_USER_PER_HOUR + 8 }, () => verify(s, photo, unreadable)),
    );
    const answers = burst.map((a) => `${a.http} ${a.body.msg}`);
    expect(answers.filter((a) => a === '429 too_frequent')).toHaveLength(8);
    expect(answers.filter((a) => a === '400 upload_invalid')).toHaveLength(
      UPLOADS_PER_USER_PER_HOUR,
    );
    const later = await verify(s, photo, photo);
    expect([later.http, later.body.msg]).toEqual([429, 'too_frequent']);
    expect(await written()).toEqual(before);
  });

  it('once an IP has spent its uploads, another account from it is refused too_frequent, nothing written', async () => {
    await resetUploadLimits();
    for (const ip of LOCAL_IPS) {
      await t.gateway.deps.limiters.uploadsByIp.penalty(ip, UPLOADS_PER_IP_PER_HOUR);
    }
    const s = await registerAndLogin(t);
    const before = await written();
    const answer = await verify(s, photo, photo);
    expect([answer.http, answer.body.msg]).toEqual([429, 'too_frequent']);
    expect(await written()).toEqual(before);
    await resetUploadLimits();
    expect((await verify(s, photo, photo)).body.msg).toBe('submit_ok');
  });

  it('a deposit proof spends the same per-user allowance: refused too_frequent with no deposit written', async () => {
    await resetUploadLimits();
    await t.testDb.db
      .insertInto('deposit_channel')
      .values({
        name: 'Limit test',
        currency: 'JPY',
        bank_name: 'Kabuto Demo Bank',
        branch_name: 'Head Office',
        account_name: 'カブト',
        account_number: '7654321',
        max_single: 500_000n,
        active: 1,
        created_at: Date.now(),
      })
      .execute();
    const channel = await t.testDb.db
      .selectFrom('deposit_channel')
      .select('id')
      .where('name', '=', 'Limit test')
      .executeTakeFirstOrThrow();
    const s = await registerAndLogin(t);
    const submitted = await multipart(
      t,
      'user/verify',
      NAME,
      { front: { bytes: photo, name: 'f.jpg' }, back: { bytes: photo, name: 'b.jpg' } },
      s,
    );
    const review = await reviewer(t);
    expect(
      (
        await review.call('kyc/decide', {
          id: submitted.body.data.submission_id,
          decision: 'approve',
        })
      ).body.msg,
    ).toBe('submit_ok');
    const userId = (
      await t.testDb.db
        .selectFrom('app_user')
        .select('id')
        .where('account', '=', s.account)
        .executeTakeFirstOrThrow()
    ).id;
    await t.gateway.deps.limiters.uploadsByUser.penalty(
      String(userId),
      UPLOADS_PER_USER_PER_HOUR - 1,
    );
    const before = await written();
    const answer = await multipart(
      t,
      'fund/deposit',
      { channel_id: String(channel.id), amount: '1000', request_id: 'limit-test-deposit-1' },
      { proof: { bytes: photo, name: 'p.jpg' } },
      s,
    );
    expect([answer.http, answer.body.msg]).toEqual([429, 'too_frequent']);
    expect(await written()).toEqual(before);
  });
});
