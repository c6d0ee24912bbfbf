// The pixel-flood attack of issue 10 item 5, through the real gateway: `user/verify` with a small
// PNG that declares 39.7 MP as the front photo and an unreadable back photo, repeated. Prints the
// answers and the gateway process's CPU seconds (user + system from /proc) for:
//   spread: 20 accounts × 10 requests, the per-IP upload limit reset between accounts (the cost of
//           the pipeline itself, inside every limit);
//   repeat: one account, 200 requests (what a single attacker gets through the limits).
// Usage: npm run bench:upload:flood   (needs Redis; boots its own gateway on a temp SQLite file)
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { Redis } from 'ioredis';
import { startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import { signedInUser } from './bench-session.ts';

const TICKS_PER_SECOND = 100;
const NAME = {
  name_kanji: '山田 太郎',
  name_kana: 'ヤマダ タロウ',
  id_number: '123456789012',
  document_type: 'my_number',
  consent: '1',
};

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function newUser(stack: TestStack, redis: Redis, n: number) {
  return signedInUser(stack, redis, `flood${n}`);
}

async function verify(
  stack: TestStack,
  session: { token: string; account: string },
  front: Buffer,
  back: Buffer,
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries(NAME)) form.append(k, v);
  form.append('front', new Blob([new Uint8Array(front)]), 'front.png');
  form.append('back', new Blob([new Uint8Array(back)]), 'back.jpg');
  const response = await fetch(`${stack.baseUrl}/api/vue/user/verify`, {
    method: 'POST',
    headers: session,
    body: form,
  });
  return `${response.status} ${((await response.json()) as { msg: string }).msg}`;
}

function tally(answers: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
  return counts;
}

const flood = await sharp({
  create: { width: 6300, height: 6300, channels: 3, background: '#f4f4f4' },
})
  .png({ compressionLevel: 9 })
  .toBuffer();
const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
  .jpeg()
  .toBuffer();
const unreadable = Buffer.concat([photo.subarray(0, 200), Buffer.alloc(2000, 7)]);
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
const pid = gateway.pid ?? 0;
try {
  const spreadUsers = [];
  for (let n = 0; n < 20; n += 1) spreadUsers.push(await newUser(stack, redis, n));
  const attacker = await newUser(stack, redis, 99);
  const run = async (
    label: string,
    sessions: Array<{ token: string; account: string }>,
    each: number,
  ) => {
    const answers: string[] = [];
    const cpuBefore = cpuSeconds(pid);
    const started = process.hrtime.bigint();
    for (const session of sessions) {
      await redis.del(
        ...['127.0.0.1', '::ffff:127.0.0.1', '::1'].map(
          (ip) => `${stack.prefix}:rl:uploads-ip:${ip}`,
        ),
      );
      for (let i = 0; i < each; i += 1) {
        answers.push(await verify(stack, session, flood, unreadable));
      }
    }
    const wallS = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      JSON.stringify({
        scenario: label,
        requests: answers.length,
        floodBytes: flood.length,
        answers: tally(answers),
        gatewayCpuS: Number((cpuSeconds(pid) - cpuBefore).toFixed(2)),
        wallS: Number(wallS.toFixed(2)),
      }),
    );
  };
  await run('spread: 20 accounts × 10 requests, 39.7 MP PNG + unreadable photo', spreadUsers, 10);
  await run('repeat: one account, 200 requests, 39.7 MP PNG + unreadable photo', [attacker], 200);
} finally {
  gateway.kill('SIGTERM');
  redis.disconnect();
  await stack.stop();
}
