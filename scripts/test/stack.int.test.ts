import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { redisKeys } from '@kabuto/schema/contracts';
import { createDb, dbTargetFrom } from '@kabuto/schema/db';
import { seedCommitment, verifyProof } from '@kabuto/schema/lottery';
import { startStack, type TestStack } from '../src/testing/stack.ts';

// The whole stack as `npm start` runs it: migrate, seed, then gateway, workers and feed processes.
const sockets: Socket[] = [];
let stack: TestStack;
let baseUrl = '';
let firstFeed: ChildProcess;

async function post(
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}/api/vue/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { status: number; msg: string; data: any };
}

function openSocket(auth: Record<string, string> = {}): Promise<Socket> {
  const socket = connect(baseUrl, { transports: ['websocket'], auth, forceNew: true });
  sockets.push(socket);
  return new Promise((done, fail) => {
    socket.once('connect', () => done(socket));
    socket.once('connect_error', fail);
  });
}

function waitFor<T>(
  socket: Socket,
  event: string,
  predicate: (payload: T) => boolean,
  timeoutMs = 8000,
): Promise<T> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no matching ${event}`)), timeoutMs);
    const handler = (payload: T) => {
      if (predicate(payload)) {
        clearTimeout(timer);
        socket.off(event, handler);
        done(payload);
      }
    };
    socket.on(event, handler);
  });
}

beforeAll(async () => {
  stack = await startStack({
    services: ['gateway', 'jobs'],
    env: { KABUTO_FEED_INTERVAL_MS: '100' },
  });
  firstFeed = stack.startService('feed');
  baseUrl = stack.baseUrl;
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack.stop();
});

describe('the stack from two commands', () => {
  it('when a client subscribes to a symbol, it receives ticks that the feed process publishes', async () => {
    const socket = await openSocket();
    const ticks: Array<{ seq: number }> = [];
    socket.on('quote:tick', (tick: { symbol: string; seq: number }) => {
      if (tick.symbol === '7203') ticks.push(tick);
    });
    expect(
      await socket.timeout(3000).emitWithAck('quote:subscribe', { symbols: ['7203'] }),
    ).toEqual({ ok: true });
    await expect.poll(() => ticks.length, { timeout: 30_000 }).toBeGreaterThan(3);
    const seqs = ticks.map((t) => t.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  }, 45_000);

  it('registers with the seeded invitation and the outbox code, claims the paper grant, and the workers push assets:updated', async () => {
    const account = `taro.${stack.prefix}@example.jp`;
    expect((await post('common/sendcode', { account, purpose: 'register' })).status).toBe(1);
    const code = stack.outboxCode(account);
    expect(
      (
        await post('user/register', {
          account,
          password: 'stack-pass-123',
          repassword: 'stack-pass-123',
          invite: 'KABUTO',
          code,
          agree: '1',
        })
      ).msg,
    ).toBe('register_ok');
    const login = await post('user/login', { account, password: 'stack-pass-123' });
    const socket = await openSocket({ token: login.data.token, account });
    const updated = waitFor<{ summaries: Record<string, { total: string }> }>(
      socket,
      'assets:updated',
      () => true,
    );
    expect(
      (
        await post(
          'user/paperfund',
          { currency: 'jpy', request_id: 'stack-grant-01' },
          { token: login.data.token, account },
        )
      ).msg,
    ).toBe('claim_ok');
    expect((await updated).summaries['jpy']?.total).toBe('10000000');
  });

  it('the seed, the workers and the gateway share one key: the past demo listing, stored sealed, is drawn at start and its proof verifies', async () => {
    const db = createDb(
      dbTargetFrom({ databaseUrl: stack.env['DATABASE_URL'], dataDir: stack.dataDir }),
    );
    try {
      // The seed script sealed it with DATA_DIR/secret.key; the workers' sweep drew it at start.
      const drawn = () =>
        db
          .selectFrom('ipo_listing')
          .select(['id', 'seed', 'listing_key', 'seed_commitment', 'drawn_at'])
          .where('symbol', '=', '301627')
          .executeTakeFirstOrThrow();
      await expect.poll(async () => (await drawn()).drawn_at, { timeout: 30_000 }).not.toBeNull();
      const row = await drawn();
      const offers = await db.selectFrom('block_offer').select(['seed', 'listing_key']).execute();
      const stored = [row.seed, row.listing_key, ...offers.flatMap((o) => [o.seed, o.listing_key])];
      expect(stored.every((value) => value?.startsWith('v1.'))).toBe(true);

      const account = `hanako.${stack.prefix}@example.jp`;
      await post('common/sendcode', { account, purpose: 'register' });
      const registered = await post('user/register', {
        ...{ account, password: 'stack-pass-123', repassword: 'stack-pass-123' },
        ...{ invite: 'KABUTO', code: stack.outboxCode(account), agree: '1' },
      });
      expect(registered.msg).toBe('register_ok');
      const login = await post('user/login', { account, password: 'stack-pass-123' });
      const session = { token: login.data.token, account };
      const proof = (await post('ipo/proof', { id: String(row.id) }, session)).data;
      // The gateway opens the seed the workers drew with: the commitment published at creation
      // is its hash, and the whole draw reruns to the published result.
      expect(stored).not.toContain(proof.seed);
      expect(seedCommitment(proof.seed)).toBe(row.seed_commitment);
      const check = verifyProof({
        ...{ rule: proof.rule, seedCommitment: proof.seed_commitment, seed: proof.seed },
        ...{ beacon: proof.beacon, listHash: proof.list_hash, lotsOffered: proof.lots_offered },
        ...{ maxLots: proof.max_lots, list: proof.list },
        result: proof.result.map((r: { ticket: string; lots_won: number }) => ({
          ticket: r.ticket,
          lotsWon: r.lots_won,
        })),
      });
      expect([check.commitmentOk, check.listHashOk, check.resultOk]).toEqual([true, true, true]);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('seeds once: the back-office login exists and a second seed changes nothing', () => {
    expect(existsSync(join(stack.dataDir, 'backoffice-login.txt'))).toBe(true);
    expect(stack.runScript('scripts/src/seed.ts').stdout).toContain('already seeded');
  });

  it('when the feed leader is killed, a standby feed takes over and ticks continue', async () => {
    const redis = new Redis(String(stack.env['REDIS_URL']));
    const lease = redisKeys(stack.prefix).feedLeaderLock;
    try {
      const leader = await redis.get(lease); // the first feed's, which has been ticking
      expect(leader).toBeTruthy();
      const standby = stack.startService('feed'); // waits for the lease
      firstFeed.kill('SIGKILL');
      // The dead leader's lease lapses (3 s) and the standby takes it: the state, not a guess.
      await expect
        .poll(async () => [null, leader].includes(await redis.get(lease)), { timeout: 20_000 })
        .toBe(false);
      const socket = await openSocket();
      await socket.timeout(3000).emitWithAck('quote:subscribe', { symbols: ['AAPL'] });
      const after = waitFor(socket, 'quote:tick', () => true, 8000);
      await expect(after).resolves.toBeDefined();
      expect(standby.exitCode).toBeNull();
    } finally {
      redis.disconnect();
    }
  }, 40_000);

  it('npm run reconcile finds no breach on the live database', () => {
    const result = stack.runScript('scripts/src/reconcile.ts');
    expect(result.stdout).toContain('0 breaches');
    expect(result.status).toBe(0);
  });
});
