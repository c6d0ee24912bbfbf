import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { redisKeys } from '@kabuto/schema/contracts';
import { makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { loadConfig } from '../../src/infra/config.ts';
import { createGateway, type Gateway } from '../../src/app.ts';
import type { Clock } from '../../src/infra/clock.ts';
import { addressKey } from '../../src/infra/address-key.ts';
import { ADMIN_CALLS, CALLS } from '../../src/calls.ts';
import type { CallDefinition } from '../../src/http/call.ts';

export interface Envelope {
  status: 0 | 1;
  msg: string;
  data: any;
}

export interface TestGateway {
  readonly gateway: Gateway;
  readonly baseUrl: string;
  readonly testDb: TestDb;
  readonly redis: Redis;
  readonly prefix: string;
  readonly dataDir: string;
  call(
    path: string,
    body?: Record<string, string>,
    session?: Session,
  ): Promise<{ http: number; body: Envelope }>;
  lastCode(account: string): string;
  /** What the gateway reads as now (its test clock, when it was given one). */
  nowMs(): number;
  close(): Promise<void>;
}

export interface Session {
  token: string;
  account: string;
}

/** Deletes only what this test created: its own key prefix and its own BullMQ queues. */
export async function deleteKeys(redis: Redis, patterns: string[]): Promise<void> {
  for (const pattern of patterns) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  }
}

const CALL_BY_PATH = {
  vue: new Map<string, CallDefinition>(CALLS.map((c) => [c.path, c])),
  admin: new Map<string, CallDefinition>(ADMIN_CALLS.map((c) => [c.path, c])),
};

/**
 * Every successful answer a test receives is checked against its call's `output` schema, so the
 * whole int suite checks the contracts: a schema that drifts from what the handler sends fails here.
 */
export function checkAnswer(api: 'vue' | 'admin', path: string, body: Envelope): Envelope {
  const call = CALL_BY_PATH[api].get(path);
  if (body.status !== 1 || !call || call.output === 'file') return body;
  const checked = call.output.safeParse(body.data);
  if (!checked.success) {
    throw new Error(
      `/api/${api}/${path} answered outside its output schema: ${checked.error.message}`,
    );
  }
  return body;
}

export async function startTestGateway(
  env: Record<string, string> = {},
  clock?: Clock,
  options: { listedRefreshMs?: number } = {},
): Promise<TestGateway> {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-gw-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    KABUTO_REDIS_PREFIX: prefix,
    REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    ...env,
  });
  const testDb = await makeTestDb();
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
  await testDb.db
    .insertInto('invitation_code')
    .values({ code: 'KABUTO', owner_user_id: null, active: 1, created_at: Date.now() })
    .execute();
  await testDb.db
    .insertInto('config_entry')
    .values([
      { name: 'title', value: 'Kabuto' },
      { name: 'kefu', value: 'mailto:support@kabuto.example' },
    ])
    .execute();
  const gateway = createGateway({
    config,
    db: testDb.db,
    redis,
    logger: pino({ level: 'silent' }),
    ...(clock ? { clock } : {}),
    ...options,
  });
  const port = await gateway.listen(0);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    gateway,
    baseUrl,
    testDb,
    redis,
    prefix,
    dataDir,
    async call(path, body = {}, session) {
      const response = await fetch(`${baseUrl}/api/vue/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(session ? { token: session.token, account: session.account } : {}),
        },
        body: new URLSearchParams(body).toString(),
      });
      const answer = (await response.json()) as Envelope;
      return { http: response.status, body: checkAnswer('vue', path, answer) };
    },
    nowMs: () => (clock ? clock.nowMs() : Date.now()),
    lastCode(account) {
      const file = join(dataDir, 'outbox.jsonl');
      if (!existsSync(file)) throw new Error('no outbox');
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { to: string; code: string });
      const found = lines.reverse().find((l) => l.to === account);
      if (!found) throw new Error(`no code for ${account}`);
      return found.code;
    },
    async close() {
      await gateway.close();
      await deleteKeys(redis, [`${prefix}:*`, `bull:${prefix}-*`]);
      redis.disconnect();
      await testDb.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export function uniqueMobile(): string {
  counter += 1;
  return `090${String(Date.now() % 1e5).padStart(5, '0')}${String(counter % 1000).padStart(3, '0')}`;
}

export const PASSWORD = 'correct-horse-9';

/** Registers through the real calls (sendcode, outbox, register) and logs in. */
export async function registerAndLogin(t: TestGateway, account = uniqueMobile()): Promise<Session> {
  // Every test user comes from 127.0.0.1: spend none of the per-IP sendcode budget here.
  await resetIpLimits(t);
  const sent = await t.call('common/sendcode', { account, purpose: 'register' });
  if (sent.body.status !== 1) throw new Error(`sendcode: ${sent.body.msg}`);
  const registered = await t.call('user/register', {
    account,
    password: PASSWORD,
    repassword: PASSWORD,
    invite: 'KABUTO',
    code: t.lastCode(account),
    agree: '1',
  });
  if (registered.body.status !== 1) throw new Error(`register: ${registered.body.msg}`);
  const login = await t.call('user/login', { account, password: PASSWORD });
  if (login.body.status !== 1) throw new Error(`login: ${login.body.msg}`);
  return { token: login.body.data.token, account };
}

export async function resetIpLimits(t: TestGateway): Promise<void> {
  for (const ip of ['127.0.0.1', '::1']) {
    await t.gateway.deps.limiters.sendCodeByIp.delete(addressKey(ip));
  }
}

/** Toyota (7203) at ¥2,850 in the feed's latest quotes, as the order path reads its price. */
export async function quoteToyota(t: TestGateway): Promise<void> {
  const snapshot = {
    symbol: '7203',
    price: '2850',
    change_rate: '0.00',
    volume: 0,
    seq: 1,
    ts: Date.now(),
    limit_up: '3350',
    limit_down: '2350',
  };
  await t.redis.hset(redisKeys(t.prefix).latestQuotes, '7203', JSON.stringify(snapshot));
}
