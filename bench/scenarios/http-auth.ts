// Authenticated read path: autocannon on `user/getUserinfo` through the real gateway process,
// beside a bare node:http POST baseline in the same run. Prints req/s and latency percentiles.
// Usage: npm run bench   (needs Redis; boots its own gateway on a temp SQLite file)
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  KABUTO_REDIS_PREFIX: `bench${process.pid}`,
  LOG_LEVEL: 'warn',
};
delete env['DATABASE_URL'];
const base = `http://127.0.0.1:${port}`;

function tsx(script: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
}

async function post(
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}/api/vue/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { status: number; data: { token: string } };
}

async function measure(title: string, url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 50,
    duration: 10,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: 'type=jpy',
  });
  console.log(
    JSON.stringify({
      scenario: title,
      reqPerSec: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    }),
  );
}

tsx('scripts/src/migrate.ts');
tsx('scripts/src/seed.ts');
const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
  cwd: ROOT,
  env,
  stdio: 'ignore',
});
try {
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false));
    i += 1
  ) {
    await new Promise((r) => setTimeout(r, 200));
  }
  const account = 'bench@example.jp';
  await post('common/sendcode', { account, purpose: 'register' });
  const code = (
    JSON.parse(
      readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n').pop() ?? '{}',
    ) as { code: string }
  ).code;
  await post('user/register', {
    account,
    password: 'bench-pass-1',
    repassword: 'bench-pass-1',
    invite: 'KABUTO',
    code,
    agree: '1',
  });
  const { data } = await post('user/login', { account, password: 'bench-pass-1' });
  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end('{"status":1,"msg":"ok","data":null}');
    });
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const barePort = (bare.address() as { port: number }).port;
  await measure('bare node:http POST', `http://127.0.0.1:${barePort}/`, {});
  await measure('user/getUserinfo (auth + ledger summary)', `${base}/api/vue/user/getUserinfo`, {
    token: data.token,
    account,
  });
  bare.close();
} finally {
  gateway.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
