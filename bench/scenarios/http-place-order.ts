// Order path: autocannon on authenticated `trade/order` (market, 100 × 9432, ×5) through the real
// gateway process at 50 connections, one funded user per connection, beside the bare baseline of
// DESIGN.md §11 in the same run. Prints req/s and latency percentiles.
// Usage: npm run bench:order      (needs Redis; a temp SQLite file; bare Express + raw better-sqlite3)
//        npm run bench:order -- --rate 800   (an open loop: 800 requests a second offered, both sides)
//        npm run bench:order:pg   (needs Redis and PostgreSQL; a temp database; pgbench TPC-B)
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { startStack } from '../../scripts/src/testing/stack.ts';
import { startBarePlaceOrder } from './bare-place-order.ts';
import { fundedUser, type BenchSession } from './bench-session.ts';
import {
  countSqliteRows,
  createPostgresBackend,
  runPgbench,
  sqliteBackend,
} from './order-backends.ts';

const CONNECTIONS = 50;
const DURATION_S = 10;
/** `--rate N`: an open loop at N requests a second over all connections (autocannon's `overallRate`). */
const rateAt = process.argv.indexOf('--rate');
const OFFERED_RATE = rateAt > 0 ? Number(process.argv[rateAt + 1]) : undefined;

async function measure(
  title: string,
  options: autocannon.Options,
  countWritten: () => Promise<number>,
) {
  const before = await countWritten();
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: 'POST',
    ...(OFFERED_RATE ? { overallRate: OFFERED_RATE } : {}),
    ...options,
  });
  // A refusal answers HTTP 200 with status 0: count what was really written, not just 2xx.
  const written = (await countWritten()) - before;
  console.log(
    JSON.stringify({
      scenario: title,
      ...(OFFERED_RATE ? { offeredPerSec: OFFERED_RATE } : {}),
      reqPerSec: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      answered: result.requests.total,
      written,
      non2xx: result.non2xx,
      errors: result.errors,
    }),
  );
}

let connections = 0;
let requests = 0;

/** Gives each autocannon connection a stable index (its user) and each request a fresh request_id. */
function uniqueBody(fields: (connection: number) => Record<string, string>) {
  return (request: { body?: unknown }, context: { connection?: number }) => {
    context.connection ??= (connections += 1) % CONNECTIONS;
    requests += 1;
    request.body = new URLSearchParams({
      ...fields(context.connection),
      request_id: `bench-${process.pid}-${requests}`,
    }).toString();
    return request;
  };
}

const backend = process.argv.includes('--postgres') ? await createPostgresBackend() : sqliteBackend;
const stack = await startStack({ services: [], databaseUrl: backend.databaseUrl });
const gateway = stack.startService('gateway');
const redis = new Redis(stack.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
try {
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
  await redis.hset(
    `${stack.prefix}:quote:latest`,
    '9432',
    JSON.stringify({
      symbol: '9432',
      price: '155',
      change_rate: '0.00',
      volume: 0,
      seq: 1,
      ts: Date.now(),
      limit_up: '185',
      limit_down: '125',
    }),
  );
  const sessions: BenchSession[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) sessions.push(await fundedUser(stack, redis, i));
  if (backend.name === 'postgres') {
    const baseline = await runPgbench(CONNECTIONS, DURATION_S);
    console.log(
      JSON.stringify({
        scenario: 'bare: pgbench TPC-B (scale 10, 50 clients, 2 threads)',
        tps: Math.round(baseline.tps),
        latencyAverageMs: baseline.latencyMs,
      }),
    );
  } else {
    const bare = await startBarePlaceOrder(stack.dataDir, CONNECTIONS);
    await measure(
      'bare: Express + raw better-sqlite3 place-order transaction',
      {
        url: bare.url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        requests: [
          { setupRequest: uniqueBody((c) => ({ account: String(c + 1), qty: '100' })) as never },
        ],
      },
      () => Promise.resolve(countSqliteRows(join(stack.dataDir, 'bare.sqlite'), 'orders')),
    );
    bare.close();
  }
  const orderBody = uniqueBody(() => ({
    symbol: '9432',
    side: 'long',
    kind: 'market',
    qty: '100',
    leverage: '5',
  }));
  await measure(
    `gateway: trade/order (market, 100 × 9432 ×5), full path on ${backend.name}`,
    {
      url: `${stack.baseUrl}/api/vue/trade/order`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      requests: [
        {
          setupRequest: ((
            request: { body?: unknown; headers?: Record<string, string> },
            context: { connection?: number },
          ) => {
            const prepared = orderBody(request, context);
            const session = sessions[(context.connection ?? 0) % sessions.length] as {
              token: string;
              account: string;
            };
            (prepared as { headers?: Record<string, string> }).headers = {
              'content-type': 'application/x-www-form-urlencoded',
              token: session.token,
              account: session.account,
            };
            return prepared;
          }) as never,
        },
      ],
    },
    () => backend.countOrders(stack.dataDir),
  );
} finally {
  gateway.kill('SIGTERM');
  redis.disconnect();
  await stack.stop();
  await backend.dispose();
}
