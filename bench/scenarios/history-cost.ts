// What a screen costs as a user's history grows (issue 22, item 6), through the real gateway: one
// signed-in user whose history is grown to each size in turn (10³, 10⁵, 10⁶ by default) with N cash
// postings (a journal each, against the platform's grant account, each posting with its balance
// after), N inbox messages and N closed positions, written straight into the database between
// measurements (untimed; one SQL statement per table). Each call is timed as the app makes it,
// median of 15 after 3 warm-ups: `fund/records` (a 50-row statement page, the same filtered to one
// kind, and an older page), `user/messages` and `trade/userstocklists`, beside `user/getUserinfo`
// (the session and a balance read: the baseline). `npm run reconcile` is timed as a whole process,
// start-up included (compare its time at the smallest size). SQLite unless --postgres.
// Usage: npm run bench:history [-- 1000,100000,1000000] [-- --postgres]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Redis } from 'ioredis';
import { startStack, waitUntilReady } from '../../scripts/src/testing/stack.ts';
import { fundedUser, postForm, type BenchSession } from './bench-session.ts';
import { createPostgresBackend, sqliteBackend } from './order-backends.ts';

const SIZES = (process.argv.find((a) => /^[\d,]+$/.test(a)) ?? '1000,100000,1000000')
  .split(',')
  .map(Number);
const NOW = Date.UTC(2026, 10, 27);

interface SqlRunner {
  run(statement: string): Promise<void>;
  one(statement: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

function sqliteRunner(file: string): SqlRunner {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  return {
    run: async (statement) => void db.prepare(statement).run(),
    one: async (statement) => db.prepare(statement).get() as Record<string, unknown>,
    close: async () => void db.close(),
  };
}

async function postgresRunner(url: string): Promise<SqlRunner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    run: async (statement) => void (await client.query(statement)),
    one: async (statement) => (await client.query(statement)).rows[0] as Record<string, unknown>,
    close: () => client.end(),
  };
}

async function median(run: () => Promise<unknown>, rounds = 15): Promise<number> {
  for (let i = 0; i < 3; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(rounds / 2)] ?? 0) * 100) / 100;
}

const series = (n: number) =>
  `with recursive g(i) as (select 1 union all select i + 1 from g where i < ${n})`;

/** `n` more grants of ¥100 to the user's cash, each a journal of two postings with balances after. */
async function growLedger(db: SqlRunner, userId: number, n: number): Promise<void> {
  const cash = await db.one(
    `select id, balance from ledger_account where owner_key = 'u:${userId}' and kind = 'cash'`,
  );
  const source = await db.one(
    `select la.id, la.balance from posting p join ledger_account la on la.id = p.account_id
     where la.owner_key = 'platform' and la.currency = 'JPY' order by p.id desc limit 1`,
  );
  const last = await db.one(`select max(id) as id from journal`);
  const base = Number(last['id']);
  await db.run(`insert into journal (id, seq, kind, memo, memo_params, actor_type, actor_id,
      reference, user_id, created_at)
    ${series(n)} select ${base} + i, ${base} + i,
      case when i % 10 = 0 then 'fx_exchange' else 'paper_grant' end, 'bench', null, 'system',
      'bench', null, ${userId}, cast(${NOW} as bigint) + i from g`);
  await db.run(`insert into posting (journal_id, account_id, currency, amount, balance_after)
    ${series(n)} select ${base} + i, a.account_id, 'JPY', a.amount, a.start + a.amount * i
    from g cross join (select cast(${String(cash['id'])} as bigint) as account_id, 100 as amount,
        cast(${String(cash['balance'])} as bigint) as start
      union all select ${String(source['id'])}, -100, ${String(source['balance'])}) as a
    order by 1, 2`);
  await db.run(
    `update ledger_account set balance = balance + ${100 * n} where id = ${String(cash['id'])}`,
  );
  await db.run(
    `update ledger_account set balance = balance - ${100 * n} where id = ${String(source['id'])}`,
  );
  await db.run(`update ledger_sequence set last_seq = ${base + n} where id = 1`);
}

/** `n` more inbox messages and closed positions of the user. */
async function growOtherHistory(db: SqlRunner, userId: number, n: number): Promise<void> {
  await db.run(`insert into inbox_message (user_id, kind, params, read_at, created_at)
    ${series(n)} select ${userId}, 'deposit_approved', '{"amount":"100"}', null,
      cast(${NOW} as bigint) + i from g`);
  await db.run(`insert into position (user_id, order_id, symbol, currency, side, qty, open_price,
      leverage, margin, open_fee, status, opened_at, close_price, close_fee, realized_pnl,
      close_reason, closed_at)
    ${series(n)} select ${userId}, i, '7203', 'JPY', 'long', 100, 28500, 5, 570000, 0, 'closed',
      cast(${NOW} as bigint) + i, 28600, 0, 10000, 'user', cast(${NOW} as bigint) + i + 1 from g`);
}

function reconcileSeconds(env: NodeJS.ProcessEnv): { seconds: number; breaches: boolean } {
  const start = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/src/reconcile.ts'], {
    cwd: join(import.meta.dirname, '../..'),
    env,
    encoding: 'utf8',
  });
  const seconds = Math.round((performance.now() - start) / 10) / 100;
  return { seconds, breaches: run.status !== 0 };
}

async function measureCalls(baseUrl: string, session: BenchSession) {
  const call =
    (path: string, body: Record<string, string> = {}) =>
    () =>
      postForm(baseUrl, path, body, session);
  const older = await postForm<{ data: Array<{ journal_id: string }> }>(
    baseUrl,
    'fund/records',
    { limit: '500' },
    session,
  );
  const before = older.data.at(-1)?.journal_id ?? '1';
  return {
    baselineUserinfoMs: await median(call('user/getUserinfo')),
    statementPageMs: await median(call('fund/records', { limit: '50' })),
    statementOneKindMs: await median(call('fund/records', { limit: '50', kind: 'fx_exchange' })),
    statementOlderPageMs: await median(call('fund/records', { limit: '50', before })),
    inboxMs: await median(call('user/messages')),
    closedPositionsMs: await median(call('trade/userstocklists')),
  };
}

const backend = process.argv.includes('--postgres') ? await createPostgresBackend() : sqliteBackend;
const stack = await startStack({ services: [], databaseUrl: backend.databaseUrl });
const gateway = stack.startService('gateway');
gateway.once('exit', (code, signal) => console.error(`gateway exited: ${code ?? signal}`));
await waitUntilReady(stack.baseUrl);
const redis = new Redis(stack.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
const db = backend.databaseUrl
  ? await postgresRunner(backend.databaseUrl)
  : sqliteRunner(join(stack.dataDir, 'kabuto.sqlite'));
try {
  const session = await fundedUser(stack, redis, 0);
  const user = await db.one(`select id from app_user where account = '${session.account}'`);
  const userId = Number(user['id']);
  let rows = 0;
  for (const size of SIZES) {
    const start = performance.now();
    await growLedger(db, userId, size - rows);
    await growOtherHistory(db, userId, size - rows);
    if (backend.databaseUrl) await db.run('analyze');
    rows = size;
    const setupSeconds = Math.round((performance.now() - start) / 100) / 10;
    const reconciled = reconcileSeconds(stack.env);
    console.log(
      JSON.stringify({
        scenario: 'history-cost',
        database: backend.name,
        rows,
        setupSeconds,
        ...(await measureCalls(stack.baseUrl, session)),
        reconcileProcessSeconds: reconciled.seconds,
        reconcileBreaches: reconciled.breaches,
      }),
    );
  }
} finally {
  await db.close();
  redis.disconnect();
  await stack.stop();
  await backend.dispose();
}
