// Upload pipeline cost, through the real gateway: `user/verify` with two 12-megapixel phone photos
// (magic bytes, pixel cap, rotate, scale to 2,560 px, re-encode without metadata, store, one
// transaction), and the refusal of a 60-megapixel PNG pixel flood, beside a bare in-process sharp
// re-encode of the same two photos. Prints p50/p95 ms and the gateway's peak RSS.
// Usage: npm run bench:upload   (needs Redis; boots its own gateway on a temp SQLite file)
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { Redis } from 'ioredis';
import { startStack } from '../../scripts/src/testing/stack.ts';
import { signedInUser } from './bench-session.ts';

const ROUNDS = 20;

function noisyPhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919 + (i >> 9)) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'BenchCam' } })
    .toBuffer();
}

function percentiles(label: string, samples: number[], extra: Record<string, unknown> = {}) {
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    Number(
      (samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number).toFixed(1),
    );
  console.log(
    JSON.stringify({
      scenario: label,
      rounds: samples.length,
      p50Ms: at(0.5),
      p95Ms: at(0.95),
      ...extra,
    }),
  );
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const photo = await noisyPhoto(4000, 3000);
const flood = await sharp({
  create: { width: 8000, height: 7500, channels: 3, background: '#c33' },
})
  .png()
  .toBuffer();
const bare: number[] = [];
for (let i = 0; i < ROUNDS; i += 1) {
  bare.push(
    await time(() =>
      Promise.all([
        sharp(photo).jpeg({ quality: 85 }).toBuffer(),
        sharp(photo).jpeg({ quality: 85 }).toBuffer(),
      ]),
    ),
  );
}
percentiles('bare: in-process sharp re-encode of two 12 MP JPEGs', bare, {
  photoBytes: photo.length,
});

const stack = await startStack({ services: [] });
const gateway = stack.startService('gateway');
for (
  let i = 0;
  i < 100 &&
  !(await fetch(`${stack.baseUrl}/readyz`)
    .then((r) => r.ok)
    .catch(() => false));
  i += 1
) {
  await new Promise((r) => setTimeout(r, 200));
}
const redis = new Redis(stack.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
try {
  const verify = async (session: { token: string; account: string }, front: Buffer) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name_kanji: '山田 太郎',
      name_kana: 'ヤマダ タロウ',
      id_number: '123456789012',
      document_type: 'my_number',
      consent: '1',
    })) {
      form.append(k, v);
    }
    form.append('front', new Blob([new Uint8Array(front)]), 'front.jpg');
    form.append('back', new Blob([new Uint8Array(photo)]), 'back.jpg');
    const response = await fetch(`${stack.baseUrl}/api/vue/user/verify`, {
      method: 'POST',
      headers: session,
      body: form,
    });
    return ((await response.json()) as { msg: string }).msg;
  };
  const accepted: number[] = [];
  const refused: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const session = await signedInUser(stack, redis, `upload${i}`);
    const answers: string[] = [];
    refused.push(await time(async () => answers.push(await verify(session, flood))));
    accepted.push(await time(async () => answers.push(await verify(session, photo))));
    if (answers.join() !== 'upload_invalid,submit_ok') {
      throw new Error(`answered ${answers.join()}`);
    }
  }
  const status = readFileSync(`/proc/${gateway.pid ?? 0}/status`, 'utf8').match(
    /VmHWM:\s+(\d+)/,
  )?.[1];
  percentiles('gateway: user/verify with two 12 MP photos, end to end', accepted, {
    gatewayPeakRssMiB: status ? Math.round(Number(status) / 1024) : null,
  });
  percentiles('gateway: user/verify refusing a 60 MP PNG flood', refused);
} finally {
  gateway.kill('SIGTERM');
  redis.disconnect();
  await stack.stop();
}
