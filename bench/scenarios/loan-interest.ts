// The daily loan interest on 100,000 passed loans (issue 13), run by the real workers process on
// SQLite: one day's interest journal per loan (idempotent per loan and date) and each borrower's
// margin check. The setup (users, loans, disbursements) runs here first, untimed. Then the workers
// process (jobs role) starts; its scheduler queues the ended Tokyo dates, and the job for
// yesterday finds every loan. `seconds` is that job as the worker logs it ('loan interest done',
// ms); `peakRssMiB` is the worker process's VmHWM (its whole life).
// Usage: npm run bench:interest [-- loans]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { endOfTokyoDateMs, tokyoDateOf } from '@kabuto/schema/loans';
import { makeTestDb, manyPassedLoans } from '@kabuto/schema/testing';

const LOANS = Number(process.argv[2] ?? 100_000);
const ROOT = join(import.meta.dirname, '../..');
const DAY_MS = 86_400_000;

interface InterestDone {
  msg: string;
  date?: string;
  loans?: number;
  posted?: number;
  interest?: string;
  marginCalls?: number;
  ms?: number;
}

/** The worker's peak resident set (VmHWM) in MiB, read from /proc while it runs. */
function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? '0';
  return Math.round(Number(kib) / 1024);
}

/** Starts the workers process on the prepared database; resolves with the job's log line for `date`. */
function runWorkers(
  dataDir: string,
  date: string,
): Promise<{ done: InterestDone; rssMiB: number; wallSeconds: number }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    KABUTO_ROLES: 'jobs',
    KABUTO_REDIS_PREFIX: `bloan${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'info',
  };
  delete env['DATABASE_URL'];
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'workers/src/main.ts')], {
    env,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`workers exited (${code}) before the job`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = JSON.parse(line) as InterestDone;
      if (entry.msg !== 'loan interest done' || entry.date !== date) return;
      const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const rssMiB = peakRssMiB(child.pid as number);
      child.removeAllListeners('exit');
      child.once('exit', () => resolve({ done: entry, rssMiB, wallSeconds }));
      child.kill('SIGTERM');
    });
  });
}

const testDb = await makeTestDb();
try {
  if (testDb.target.kind !== 'sqlite') {
    throw new Error('bench:interest runs on SQLite (unset DATABASE_URL)');
  }
  const yesterday = tokyoDateOf(Date.now() - DAY_MS);
  // Disbursed an hour before yesterday ended (Tokyo): yesterday's job is the first to find them.
  const decidedAtMs = endOfTokyoDateMs(yesterday) - 3_600_000;
  const setupStarted = process.hrtime.bigint();
  await manyPassedLoans(testDb.db, LOANS, {
    amountYen: 1_000_000n,
    cashYen: 3_000_000n,
    decidedAtMs,
  });
  const setupSeconds = Number(process.hrtime.bigint() - setupStarted) / 1e9;
  const file = testDb.target.file;
  const run = await runWorkers(dirname(file), yesterday);
  const check = new Database(file, { readonly: true });
  const count = (where: string) =>
    (check.prepare(`select count(*) as n from ${where}`).get() as { n: number }).n;
  const figures = {
    accruals: count(`loan_interest_accrual where accrual_date = '${yesterday}'`),
    interestJournals: count(`journal where kind = 'loan_interest'`),
    marginCalls: run.done.marginCalls,
    interestYen: run.done.interest,
  };
  check.close();
  console.log(
    JSON.stringify({
      scenario:
        'loan interest: one date on every passed loan, journals and margin checks (SQLite, workers process)',
      loans: LOANS,
      date: yesterday,
      seconds: Math.round((run.done.ms ?? 0) / 10) / 100,
      peakRssMiB: run.rssMiB,
      workerWallSeconds: Math.round(run.wallSeconds * 100) / 100,
      setupSeconds: Math.round(setupSeconds * 100) / 100,
      ...figures,
    }),
  );
} finally {
  await testDb.cleanup();
}
