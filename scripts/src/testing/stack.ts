// Boots the stack the way `npm start` runs it (migrate, seed, then service processes) on a temp
// data dir, a unique Redis prefix and a free port; used by the stack and browser tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** `workers`: one worker process with both roles, as `npm start -- --two` runs them. */
export type ServiceName = 'gateway' | 'jobs' | 'feed' | 'workers';

const SERVICE_SCRIPT: Record<ServiceName, { file: string; roles: string }> = {
  gateway: { file: 'gateway/src/main.ts', roles: '' },
  jobs: { file: 'workers/src/main.ts', roles: 'jobs' },
  feed: { file: 'workers/src/main.ts', roles: 'feed' },
  workers: { file: 'workers/src/main.ts', roles: 'jobs,feed' },
};

export interface TestStack {
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly prefix: string;
  readonly env: NodeJS.ProcessEnv;
  /** Runs a script (migrate, seed, reconcile) to completion; returns its stdout and exit status. */
  runScript(file: string): { stdout: string; status: number | null };
  /** `env` overrides the stack's for this process (a second gateway's PORT, say). */
  startService(name: ServiceName, options?: { env?: NodeJS.ProcessEnv }): ChildProcess;
  /** The latest verification code the paper notifier wrote for an account. */
  outboxCode(account: string): string;
  /**
   * What the services wrote to stdout and stderr, each line after its service's name (only with
   * `startStack({ captureLogs: true })`; empty otherwise): the chaos tests look for unhandled
   * rejections in it.
   */
  logs?(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', fail);
  });
}

/** Until the gateway answers /readyz (a minute and a half: a loaded 2-core machine boots slowly). */
export async function waitUntilReady(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${baseUrl}/readyz`)
        .then((r) => r.ok)
        .catch(() => false)
    ) {
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the gateway did not become ready');
}

async function deleteOwnKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  for (const pattern of [`${prefix}:*`, `bull:${prefix}-*`]) {
    const keys = await redis.keys(pattern);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
}

/** What another process needs to use a stack it did not start (the browser tests' shared stack). */
export interface StackAddress {
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly prefix: string;
  readonly env: Record<string, string | undefined>;
}

function readOutboxCode(dataDir: string, account: string): string {
  const lines = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
  const entries = lines.map((l) => JSON.parse(l) as { to: string; code: string });
  return entries.reverse().find((l) => l.to === account)?.code ?? '';
}

function runScriptIn(env: NodeJS.ProcessEnv, file: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  return { stdout: result.stdout, status: result.status };
}

/**
 * A stack another process started and will stop: scripts and the outbox work, but it cannot start
 * services of its own, and `stop()` leaves it running for the next test file.
 */
export function attachStack(address: StackAddress): TestStack {
  return {
    ...address,
    runScript: (file) => runScriptIn(address.env, file),
    startService() {
      throw new Error('a shared stack starts no services for one test file: use startStack');
    },
    outboxCode: (account) => readOutboxCode(address.dataDir, account),
    stop: () => Promise.resolve(),
  };
}

/** Migrates, seeds and starts the named services on SQLite, or on the PostgreSQL database at `databaseUrl`. */
export async function startStack(options: {
  services: ServiceName[];
  env?: NodeJS.ProcessEnv;
  databaseUrl?: string | undefined;
  /** Keep each service's output for `stack.logs()` (the default ignores it, or shows it with KABUTO_STACK_LOGS). */
  captureLogs?: boolean;
}): Promise<TestStack> {
  const prefix = `s${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-stack-'));
  const port = await freePort();
  const redisUrl =
    options.env?.['REDIS_URL'] ?? process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    REDIS_URL: redisUrl,
    KABUTO_REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    KABUTO_CLOCK: 'always-open',
    KABUTO_HISTORY_DAYS: '40',
    KABUTO_MINUTE_HISTORY_DAYS: '1',
    ...options.env,
  };
  delete env['DATABASE_URL'];
  if (options.databaseUrl) env['DATABASE_URL'] = options.databaseUrl;
  const children: ChildProcess[] = [];
  const captured: Array<{ name: ServiceName; text: string }> = [];
  const stack: TestStack = {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    prefix,
    env,
    runScript: (file) => runScriptIn(env, file),
    startService(name, serviceOptions) {
      const { file, roles } = SERVICE_SCRIPT[name];
      const profile = process.env['KABUTO_PROFILE_DIR']
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env['KABUTO_PROFILE_DIR']}`]
        : [];
      const child = spawn(process.execPath, [...profile, '--import', 'tsx', file], {
        cwd: ROOT,
        env: { ...env, KABUTO_ROLES: roles || 'jobs', ...serviceOptions?.env },
        stdio: options.captureLogs
          ? ['ignore', 'pipe', 'pipe']
          : process.env['KABUTO_STACK_LOGS']
            ? 'inherit'
            : 'ignore',
      });
      if (options.captureLogs) captured.push(captureOutput(name, child));
      children.push(child);
      return child;
    },
    outboxCode: (account) => readOutboxCode(dataDir, account),
    logs: () =>
      captured
        .flatMap(({ name, text }) => text.split('\n').map((line) => `[${name}] ${line}`))
        .join('\n'),
    async stop() {
      await Promise.all(children.map(stopped));
      await deleteOwnKeys(redisUrl, prefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  for (const script of ['scripts/src/migrate.ts', 'scripts/src/seed.ts']) {
    if (stack.runScript(script).status !== 0) throw new Error(`${script} failed`);
  }
  for (const service of options.services) stack.startService(service);
  if (options.services.includes('gateway')) await waitUntilReady(stack.baseUrl);
  return stack;
}

/** Keeps what a service writes to stdout and stderr (`stack.logs()`). */
function captureOutput(
  name: ServiceName,
  child: ChildProcess,
): { name: ServiceName; text: string } {
  const log = { name, text: '' };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => (log.text += chunk));
  }
  return log;
}

/** Sends SIGTERM and resolves when the process has exited (SIGKILL after 8 s, as the supervisor does). */
function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 8000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}
