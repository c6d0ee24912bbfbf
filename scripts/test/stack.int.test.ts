import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';

// The whole stack as `npm start` runs it: migrate, seed, then gateway, workers and feed processes.
const ROOT = resolve(import.meta.dirname, '../..');
const prefix = `s${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-stack-'));
const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const processes: ChildProcess[] = [];
const sockets: Socket[] = [];
let env: NodeJS.ProcessEnv;
let baseUrl = '';

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function runScript(script: string): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script}: ${result.stderr}`);
  return result.stdout;
}

function startProcess(script: string, extra: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...env, ...extra }, stdio: 'ignore' });
  processes.push(child);
  return child;
}

async function post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body).toString() });
  return (await response.json()) as { status: number; msg: string; data: any };  
}

function openSocket(auth: Record<string, string> = {}): Promise<Socket> {
  const socket = connect(baseUrl, { transports: ['websocket'], auth, forceNew: true });
  sockets.push(socket);
  return new Promise((done, fail) => { socket.once('connect', () => done(socket)); socket.once('connect_error', fail); });
}

function waitFor<T>(socket: Socket, event: string, predicate: (payload: T) => boolean, timeoutMs = 8000): Promise<T> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no matching ${event}`)), timeoutMs);
    const handler = (payload: T) => { if (predicate(payload)) { clearTimeout(timer); socket.off(event, handler); done(payload); } };
    socket.on(event, handler);
  });
}

beforeAll(async () => {
  const port = await freePort();
  env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), REDIS_URL: redisUrl, KABUTO_REDIS_PREFIX: prefix, KABUTO_FEED_INTERVAL_MS: '100', LOG_LEVEL: 'warn' };
  delete env['DATABASE_URL'];
  baseUrl = `http://127.0.0.1:${port}`;
  runScript('scripts/src/migrate.ts');
  expect(runScript('scripts/src/seed.ts')).toContain('invitation code KABUTO');
  expect(runScript('scripts/src/seed.ts')).toContain('already seeded');
  startProcess('gateway/src/main.ts');
  startProcess('workers/src/main.ts', { KABUTO_ROLES: 'jobs' });
  startProcess('workers/src/main.ts', { KABUTO_ROLES: 'feed' });
  for (let i = 0; i < 100; i += 1) {
    if ((await fetch(`${baseUrl}/readyz`).catch(() => ({ status: 0 }))).status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the gateway did not become ready');
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const child of processes) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  const redis = new Redis(redisUrl);
  for (const pattern of [`${prefix}:*`, `bull:${prefix}-*`]) {
    const keys = await redis.keys(pattern);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the stack from two commands', () => {
  it('when a client subscribes to a symbol, it receives ticks that the feed process publishes', async () => {
    const socket = await openSocket();
    const ticks: Array<{ seq: number }> = [];
    socket.on('quote:tick', (tick: { symbol: string; seq: number }) => { if (tick.symbol === '7203') ticks.push(tick); });
    expect(await socket.timeout(3000).emitWithAck('quote:subscribe', { symbols: ['7203'] })).toEqual({ ok: true });
    await expect.poll(() => ticks.length, { timeout: 8000 }).toBeGreaterThan(3);
    const seqs = ticks.map((t) => t.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('registers with the seeded invitation and the outbox code, claims the paper grant, and the workers push assets:updated', async () => {
    const account = `taro.${prefix}@example.jp`;
    expect((await post('common/sendcode', { account, purpose: 'register' })).status).toBe(1);
    const outbox = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { to: string; code: string });
    const code = outbox.find((l) => l.to === account)?.code ?? '';
    expect((await post('user/register', { account, password: 'stack-pass-123', repassword: 'stack-pass-123', invite: 'KABUTO', code, agree: '1' })).msg).toBe('register_ok');
    const login = await post('user/login', { account, password: 'stack-pass-123' });
    const socket = await openSocket({ token: login.data.token, account });
    const updated = waitFor<{ summaries: Record<string, { total: string }> }>(socket, 'assets:updated', () => true);
    expect((await post('user/paperfund', { currency: 'jpy', request_id: 'stack-grant-01' }, { token: login.data.token, account })).msg).toBe('claim_ok');
    expect((await updated).summaries['jpy']?.total).toBe('10000000');
  });

  it('when the feed leader is killed, a standby feed takes over and ticks continue', async () => {
    const standby = startProcess('workers/src/main.ts', { KABUTO_ROLES: 'feed' });
    await new Promise((r) => setTimeout(r, 1000));
    processes[2]?.kill('SIGKILL');
    const socket = await openSocket();
    await socket.timeout(3000).emitWithAck('quote:subscribe', { symbols: ['AAPL'] });
    await new Promise((r) => setTimeout(r, 3500)); // the dead leader's lease lapses (3 s)
    const after = waitFor(socket, 'quote:tick', () => true, 8000);
    await expect(after).resolves.toBeDefined();
    expect(standby.exitCode).toBeNull();
  }, 20_000);

  it('npm run reconcile finds no breach on the live database', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/src/reconcile.ts'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(result.stdout).toContain('0 breaches');
    expect(result.status).toBe(0);
  });
});
