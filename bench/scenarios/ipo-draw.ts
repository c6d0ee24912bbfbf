// The allotment draw on 1,000,000 applications (DESIGN.md §8), drawn, persisted and notified on
// SQLite by the real workers process: every result with its inbox message and `allotment:drawn`
// event. Target (issue 12): ≤ 10 s and ≤ 512 MiB peak RSS on this 2-core machine.
// The setup (users, subscriptions, tickets) runs here first, untimed. Then the workers process
// (jobs role) starts; its sweep finds the due freeze and draw. `seconds` is the freeze step plus
// the draw step as the worker logs them ('ipo step done', ms; `freezeSeconds` and `drawSeconds`
// apart); `peakRssMiB` is the worker process's VmHWM (its whole life).
// Usage: npm run bench:draw [-- applications lotsOffered]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import {
  anIpoListing,
  makeTestDb,
  manySubscriptions,
  TEST_SECRET_KEY,
} from '@kabuto/schema/testing';

const APPLICATIONS = Number(process.argv[2] ?? 1_000_000);
const LOTS_OFFERED = Number(process.argv[3] ?? 10_000);
const ROOT = join(import.meta.dirname, '../..');

interface StepDone {
  msg: string;
  step?: string;
  ms?: number;
}

/** The worker's peak resident set (VmHWM) in MiB, read from /proc while it runs. */
function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? '0';
  return Math.round(Number(kib) / 1024);
}

/** Starts the workers process on the prepared database; resolves with the steps' log lines. */
function runWorkers(
  dataDir: string,
): Promise<{ freeze: StepDone | undefined; draw: StepDone; rssMiB: number; wallSeconds: number }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    KABUTO_ROLES: 'jobs',
    KABUTO_REDIS_PREFIX: `bdraw${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'info',
    // The key the listing's seed was sealed with (`anIpoListing` seals with TEST_SECRET_BOX).
    KABUTO_SECRET_KEY: TEST_SECRET_KEY,
  };
  delete env['DATABASE_URL'];
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'workers/src/main.ts')], {
    env,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let freeze: StepDone | undefined;
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`workers exited (${code}) before the draw`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = JSON.parse(line) as StepDone;
      if (entry.msg === 'ipo step done' && entry.step === 'freeze') freeze = entry;
      if (entry.msg !== 'ipo step done' || entry.step !== 'draw') return;
      const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const rssMiB = peakRssMiB(child.pid as number);
      child.removeAllListeners('exit');
      child.once('exit', () => resolve({ freeze, draw: entry, rssMiB, wallSeconds }));
      child.kill('SIGTERM');
    });
  });
}

const testDb = await makeTestDb();
try {
  if (testDb.target.kind !== 'sqlite') {
    throw new Error('bench:draw runs on SQLite (unset DATABASE_URL)');
  }
  const now = Date.now();
  const times = {
    subscribeEnd: now - 120_000,
    drawAt: now - 60_000,
    payDeadline: now + 86_400_000,
    listingAt: now + 3 * 86_400_000,
  };
  const listing = await anIpoListing(testDb.db, times, { lotsOffered: LOTS_OFFERED, maxLots: 10 });
  const setupStarted = process.hrtime.bigint();
  await manySubscriptions(testDb.db, listing, APPLICATIONS, (n) => 1 + ((n * 7) % 10));
  const setupSeconds = Number(process.hrtime.bigint() - setupStarted) / 1e9;
  const file = testDb.target.file;
  const run = await runWorkers(dirname(file));
  const check = new Database(file, { readonly: true });
  const count = (where: string) =>
    (check.prepare(`select count(*) as n from ${where}`).get() as { n: number }).n;
  const figures = {
    won: count(`ipo_subscription where status = 'won'`),
    lost: count(`ipo_subscription where status = 'lost'`),
    inboxMessages: count('inbox_message'),
    accountsWithOneEvent: count('account_event_seq where last_seq = 1'),
  };
  check.close();
  console.log(
    JSON.stringify({
      scenario: 'ipo draw: applications drawn, persisted and notified (SQLite, workers process)',
      applications: APPLICATIONS,
      lotsOffered: LOTS_OFFERED,
      seconds: Math.round(((run.freeze?.ms ?? 0) + (run.draw.ms ?? 0)) / 10) / 100,
      freezeSeconds: Math.round((run.freeze?.ms ?? 0) / 10) / 100,
      drawSeconds: Math.round((run.draw.ms ?? 0) / 10) / 100,
      peakRssMiB: run.rssMiB,
      targetSeconds: 10,
      targetRssMiB: 512,
      workerWallSeconds: Math.round(run.wallSeconds * 100) / 100,
      setupSeconds: Math.round(setupSeconds * 100) / 100,
      ...figures,
    }),
  );
} finally {
  await testDb.cleanup();
}
