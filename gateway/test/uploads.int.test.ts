// Hostile uploads (issue 10 item 5): a pixel flood is refused from its header before any photo of
// the request is decoded, a request's photos share one pixel budget, and `user/verify` and deposit
// proofs are limited per user and per IP, in a parallel burst too, with nothing written.
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
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
  it('parallel bursts of user/verify from one user get at most the hourly limit through; the rest is 429 too_frequent, nothing written', async () => {
    await resetUploadLimits();
    const s = await registerAndLogin(t);
    const unreadable = Buffer.concat([photo.subarray(0, 200), Buffer.alloc(2000, 7)]); // a JPEG header, then junk
    const before = await written();
    // Rounds of three at once: two bodies per user are read at a time, so at least two of each round
    // reach the hourly limit (12 in all, against a limit of 10); the third may be refused at the door.
    const answers: string[] = [];
    for (let round = 0; round < 6; round += 1) {
      const burst = await Promise.all(
        Array.from({ length: 3 }, () => verify(s, photo, unreadable)),
      );
      answers.push(...burst.map((a) => `${a.http} ${a.body.msg}`));
    }
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

type UploadAnswer = { status: number; msg: string } | 'waiting for the body';

/**
 * Starts a multipart upload of `declaredBytes` with these headers but sends only its first MiB.
 * `answered`: what the gateway said while the rest was still unsent, or that it is still waiting
 * after `waitMs`. The request stays open until `abort` (or the answer).
 */
function startUpload(
  path: string,
  headers: Record<string, string>,
  declaredBytes = 16 * 1024 * 1024,
  waitMs = 2_000,
) {
  const req = request(`${t.baseUrl}/api/vue/${path}`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'multipart/form-data; boundary=kabuto',
      'content-length': String(declaredBytes),
    },
  });
  const answered = new Promise<UploadAnswer>((done) => {
    setTimeout(() => done('waiting for the body'), waitMs);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        req.destroy();
        done({ status: res.statusCode ?? 0, msg: (JSON.parse(text) as { msg: string }).msg });
      });
    });
  });
  req.on('error', () => undefined);
  req.write(
    '--kabuto\r\nContent-Disposition: form-data; name="front"; filename="front.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
  );
  req.write(Buffer.alloc(1024 * 1024));
  return { answered, abort: () => req.destroy() };
}

async function halfSentUpload(
  path: string,
  headers: Record<string, string>,
): Promise<UploadAnswer> {
  const upload = startUpload(path, headers);
  const answer = await upload.answered;
  upload.abort();
  return answer;
}

describe('uploads from strangers', () => {
  it('an upload without a valid session is refused 401 before its body is read, nothing written', async () => {
    const before = await written();
    for (const headers of [{}, { token: 'not-a-session', account: '09000000000' }]) {
      for (const path of ['user/verify', 'fund/deposit']) {
        expect(await halfSentUpload(path, headers)).toEqual({
          status: 401,
          msg: 'login_required',
        });
      }
    }
    expect(await written()).toEqual(before);
  });
});

describe('bursts of large uploads', () => {
  it('one user gets two upload bodies read at a time; a third is refused 429 too_frequent before its body is read, nothing written', async () => {
    const s = await registerAndLogin(t);
    const headers = { token: s.token, account: s.account };
    const before = await written();
    const held = [startUpload('user/verify', headers), startUpload('fund/deposit', headers)];
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await halfSentUpload('user/verify', headers)).toEqual({
      status: 429,
      msg: 'too_frequent',
    });
    // Another user is not held up by this one.
    const other = await registerAndLogin(t);
    const otherUpload = startUpload(
      'user/verify',
      { token: other.token, account: other.account },
      16 * 1024 * 1024,
      500,
    );
    expect(await otherUpload.answered).toBe('waiting for the body');
    otherUpload.abort();
    for (const upload of held) upload.abort();
    expect(await Promise.all(held.map((upload) => upload.answered))).toEqual([
      'waiting for the body',
      'waiting for the body',
    ]);
    expect(await written()).toEqual(before);
    // Once those bodies are gone the user uploads again, with no hourly allowance spent by the refusal.
    await resetUploadLimits();
    const submitted = await verify(s, photo, photo);
    expect(submitted.body.msg).toBe('submit_ok');
  });
});
