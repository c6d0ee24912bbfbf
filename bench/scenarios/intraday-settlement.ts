// The intraday settlement at a market's close (issue 13) on SQLite by the real workers process:
// every open intraday position of the session closed at the feed's closing price with its journal
// and `order:updated`, the forced-close fee, the release to cash, the inbox message per application.
// The setup (users, applications, positions from the hold) runs here first, untimed; the session's
// close is in the past, so the worker's start-up sweep settles it. `positionsPerSecond` is from the
// worker's own log line ('intraday session settled', ms); `peakRssMiB` is the worker's VmHWM.
// Usage: npm run bench:settle [-- users positionsPerUser]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { redisKeys } from '@kabuto/schema/contracts';
import { sessionOn } from '@kabuto/schema/intraday';
import { anIntradayBook, makeTestDb } from '@kabuto/schema/testing';

const USERS = Number(process.argv[2] ?? 2_000);
const PER_USER = Number(process.argv[3] ?? 10);
const ROOT = join(import.meta.dirname, '../..');
const SESSION = sessionOn('JP', '2026-11-20');
const PRICES = [
  ['7203', 28_500n, '2870'],
  ['6758', 26_665n, '2600.0'],
  ['9984', 90_000n, '8990'],
] as const;

interface Settled {
  msg: string;
  positions?: number;
  applications?: number;
  ms?: number;
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? '0';
  return Math.round(Number(kib) / 1024);
}

function runWorkers(
  dataDir: string,
  prefix: string,
): Promise<{ settled: Settled; rssMiB: number }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    KABUTO_ROLES: 'jobs',
    KABUTO_REDIS_PREFIX: prefix,
    LOG_LEVEL: 'info',
  };
  delete env['DATABASE_URL'];
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'workers/src/main.ts')], {
    env,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`workers exited (${code}) before settling`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = JSON.parse(line) as Settled;
      if (entry.msg !== 'intraday session settled' || !entry.positions) return;
      const rssMiB = peakRssMiB(child.pid as number);
      child.removeAllListeners('exit');
      child.once('exit', () => resolve({ settled: entry, rssMiB }));
      child.kill('SIGTERM');
    });
  });
}

const testDb = await makeTestDb();
const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
const prefix = `bsettle${randomBytes(4).toString('hex')}`;
try {
  if (testDb.target.kind !== 'sqlite') {
    throw new Error('bench:settle runs on SQLite (unset DATABASE_URL)');
  }
  const setupStarted = process.hrtime.bigint();
  await anIntradayBook(testDb.db, {
    market: 'JP',
    session: SESSION,
    amount: 3_000_000n,
    users: USERS,
    positionsPerUser: PER_USER,
    symbols: PRICES.map(([symbol, price], i) => ({
      symbol,
      price,
      side: i === 1 ? 'short' : 'long',
    })),
    qty: 100n,
    grant: 4_000_000n,
  });
  for (const [symbol, , close] of PRICES) {
    const snapshot = { symbol, price: close, date: SESSION.date, phase: 'closed', source: 'bench' };
    await redis.hset(redisKeys(prefix).latestQuotes, symbol, JSON.stringify(snapshot));
  }
  const setupSeconds = Number(process.hrtime.bigint() - setupStarted) / 1e9;
  const file = testDb.target.file;
  const run = await runWorkers(dirname(file), prefix);
  const check = new Database(file, { readonly: true });
  const count = (where: string) =>
    (check.prepare(`select count(*) as n from ${where}`).get() as { n: number }).n;
  const figures = {
    positionsClosed: count(`position where close_reason = 'intraday_close'`),
    applicationsTraded: count(`intraday_application where status = 'traded'`),
    inboxMessages: count('inbox_message'),
  };
  check.close();
  const seconds = (run.settled.ms ?? 0) / 1000;
  console.log(
    JSON.stringify({
      scenario: 'intraday settlement at the close (SQLite, workers process)',
      users: USERS,
      positions: run.settled.positions,
      seconds: Math.round(seconds * 100) / 100,
      positionsPerSecond: Math.round((run.settled.positions ?? 0) / seconds),
      peakRssMiB: run.rssMiB,
      setupSeconds: Math.round(setupSeconds * 100) / 100,
      ...figures,
    }),
  );
} finally {
  for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
  for (const key of await redis.keys(`bull:${prefix}-*`)) await redis.del(key);
  redis.disconnect();
  await testDb.cleanup();
}
