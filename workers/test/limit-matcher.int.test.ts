import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import {
  fixedClock,
  orderUpdated,
  queueName,
  redisKeys,
  type AccountEventName,
  type AccountEventPayloads,
} from '@kabuto/schema/contracts';
import {
  AccountEventOutbox,
  cashBalance,
  postJournal,
  reconcile,
  writeTransaction,
} from '@kabuto/schema/db';
import { platformAccount, transfer, userAccount } from '@kabuto/schema/domain';
import { findInstrument, parseScaledPrice, type Instrument } from '@kabuto/schema/market';
import { computeFees, holdForOrder, requiredMargin } from '@kabuto/schema/trading';
import { putInStatus, aUser, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { createAccountEmitter, type AccountEmitter } from '../src/infra/account-emitter.ts';
import { createLogger } from '../src/infra/logger.ts';
import { startLimitMatcher } from '../src/jobs/limit-matcher/limit-matcher.ts';

// Resting orders are written the way trade/order writes them (hold journal + pending row);
// the matcher then sees real ticks on this test's own Redis channel.
const prefix = `m${randomBytes(5).toString('hex')}`;
const toyota = findInstrument('7203') as Instrument;
/** The matcher's clock: a fill carries this time. */
const fillClock = fixedClock(Date.UTC(2026, 10, 24, 2, 15));
let testDb: TestDb;
let redis: Redis;
let queue: Queue;
let matcher: Awaited<ReturnType<typeof startLimitMatcher>>;
let userId: number;

async function resting(side: 'long' | 'short', limit: string): Promise<bigint> {
  const price = parseScaledPrice(limit, 'JP');
  const hold =
    requiredMargin(toyota, price, 100n, 1) +
    computeFees('JP', side === 'long' ? 'buy' : 'sell', price, 100n).total;
  return writeTransaction(testDb.db, async (trx) => {
    const row = await trx
      .insertInto('trade_order')
      .values({
        user_id: BigInt(userId),
        symbol: '7203',
        currency: 'JPY',
        side,
        kind: 'limit',
        limit_price: price,
        qty: 100n,
        leverage: 1n,
        status: 'pending',
        hold_amount: hold,
        fill_price: null,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postJournal(
      trx,
      {
        kind: 'order_hold',
        memo: 'test hold',
        actor: { type: 'user', id: userId },
        reference: `order:${row.id}`,
        postings: holdForOrder(userId, 'JPY', hold),
      },
      fillClock.nowMs(),
    );
    return row.id;
  });
}

const restingLong = (limit: string) => resting('long', limit);
const publish = (price: string) =>
  redis.publish(
    redisKeys(prefix).tickChannel,
    JSON.stringify([
      { symbol: '7203', price, change_rate: '0.00', volume: 0, seq: 1, ts: Date.now() },
    ]),
  );
const statusOf = async (id: bigint) =>
  (
    await testDb.db
      .selectFrom('trade_order')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
  queue = new Queue(queueName('asset-recompute', prefix), {
    connection: redis.duplicate({ maxRetriesPerRequest: null }),
  });
  userId = await aUser(testDb.db);
  await writeTransaction(testDb.db, (trx) =>
    postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'grant',
        actor: { type: 'system', id: 'test' },
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor: 10_000_000n,
        }),
      },
      fillClock.nowMs(),
    ),
  );
});

afterAll(async () => {
  await matcher?.stop();
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
  redis.disconnect();
  await testDb.cleanup();
});

describe('limit matcher', () => {
  it('rebuilds its book from the database, fills on a crossing print (at the print, below the limit) and not before', async () => {
    const waiting = await restingLong('2800');
    matcher = await startLimitMatcher({
      db: testDb.db,
      redis,
      redisPrefix: prefix,
      emitter: createAccountEmitter(redis, prefix, testDb.db),
      assetQueue: queue,
      logger: createLogger('silent', 'test'),
      refreshMs: 100,
      clock: fillClock,
    });
    expect(matcher.book.size).toBe(1);
    // Prints are handled one batch at a time in arrival order: had ¥2,800.5 filled the order, the
    // fill below would be at ¥2,800.5, not at the crossing ¥2,799.5.
    await publish('2800.5');
    expect(await statusOf(waiting)).toBe('pending');
    await publish('2799.5');
    await expect.poll(() => statusOf(waiting), { timeout: 5000 }).toBe('filled');
    const position = await testDb.db
      .selectFrom('position')
      .selectAll()
      .where('order_id', '=', waiting)
      .executeTakeFirstOrThrow();
    // Filled at the crossing print ¥2,799.5, not at the ¥2,800 limit; the unused ¥50 of the hold is back in cash.
    expect(position).toMatchObject({
      status: 'holding',
      open_price: parseScaledPrice('2799.5', 'JP'),
      margin: 279_950n,
    });
    expect(
      await testDb.db
        .selectFrom('trade_order')
        .select(['fill_price', 'updated_at'])
        .where('id', '=', waiting)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      fill_price: parseScaledPrice('2799.5', 'JP'),
      updated_at: BigInt(fillClock.nowMs()),
    });
    expect(position.opened_at).toBe(BigInt(fillClock.nowMs()));
    expect(await cashBalance(testDb.db, userId, 'JPY')).toBe(10_000_000n - 279_950n);
    expect((await reconcile(testDb.db)).breaches).toEqual([]);
  });

  it('picks up orders placed after start and leaves a cancelled one alone', async () => {
    const later = await restingLong('2700');
    const cancelled = await restingLong('2750');
    await putInStatus(testDb.db, 'trade_order', cancelled, 'cancelled');
    // The refreshed book holds the new order and no longer the cancelled one.
    await expect
      .poll(() => matcher.book.affectedBy('7203', '2690').hits.map((h) => h.order.id), {
        timeout: 5000,
      })
      .toEqual([later]);
    await publish('2690');
    await expect.poll(() => statusOf(later), { timeout: 5000 }).toBe('filled');
    expect(await statusOf(cancelled)).toBe('cancelled');
    expect(
      await testDb.db
        .selectFrom('position')
        .select('id')
        .where('order_id', '=', cancelled)
        .execute(),
    ).toEqual([]);
  });

  it('a resting short fills at the print above its limit, never needing more than its hold', async () => {
    const cashBefore = await cashBalance(testDb.db, userId, 'JPY');
    const short = await resting('short', '2900');
    expect(await cashBalance(testDb.db, userId, 'JPY')).toBe(cashBefore - 290_000n);
    await expect.poll(() => matcher.book.size, { timeout: 5000 }).toBe(1);
    // Handled in order: had ¥2,895 filled it, the position below would open at ¥2,895.
    await publish('2895');
    expect(await statusOf(short)).toBe('pending');
    await publish('2905');
    await expect.poll(() => statusOf(short), { timeout: 5000 }).toBe('filled');
    const position = await testDb.db
      .selectFrom('position')
      .selectAll()
      .where('order_id', '=', short)
      .executeTakeFirstOrThrow();
    // Sold at ¥2,905 (better than the ¥2,900 limit); the margin stays what the hold covers.
    expect(position).toMatchObject({
      side: 'short',
      open_price: parseScaledPrice('2905', 'JP'),
      margin: 290_000n,
    });
    expect(await cashBalance(testDb.db, userId, 'JPY')).toBe(cashBefore - 290_000n);
    expect((await reconcile(testDb.db)).breaches).toEqual([]);
  });
});

interface Relayed {
  readonly event: AccountEventName;
  readonly payload: AccountEventPayloads[AccountEventName];
  readonly seq: number;
}

/**
 * The matcher's account events through the real outbox (its seq table and rows in this test's
 * database), with what the relay puts on the wire kept in `relayed`. `failAfterRecord` makes the
 * next write fail right after its event was written, as a lost connection would.
 */
function relayedEvents(): {
  emitter: AccountEmitter;
  relayed: Relayed[];
  failAfterRecord(): void;
  failures(): number;
} {
  const relayed: Relayed[] = [];
  const outbox = new AccountEventOutbox(testDb.db, (_userId, event, payload, seq) => {
    relayed.push({ event, payload, seq });
  });
  let fail = false;
  let failures = 0;
  return {
    relayed,
    failures: () => failures,
    failAfterRecord: () => {
      fail = true;
    },
    emitter: {
      async record(trx, user, event, payload) {
        await outbox.record(trx, user, event, payload);
        if (fail) {
          fail = false;
          failures += 1;
          throw new Error('the fill fails after its event was written');
        }
      },
      async emit(user, event, payload) {
        await outbox.emit(user, event, payload);
      },
    },
  };
}

describe('limit fills announce what committed, in seq order', () => {
  it('a fill’s order:updated goes out with the account’s next seq; a fill that rolls back announces nothing and spends no seq', async () => {
    await matcher.stop();
    const events = relayedEvents();
    matcher = await startLimitMatcher({
      db: testDb.db,
      redis,
      redisPrefix: prefix,
      emitter: events.emitter,
      assetQueue: queue,
      logger: createLogger('silent', 'test'),
      refreshMs: 100,
      clock: fillClock,
    });
    // Another write of this account first: its seq is the base the fill's must follow.
    await events.emitter.emit(
      userId,
      'order:updated',
      orderUpdated('cancelled', { order_id: '0', released: '0' }),
    );
    await expect.poll(() => events.relayed.length).toBe(1);
    const base = (events.relayed[0] as Relayed).seq;

    const first = await restingLong('2600');
    await expect.poll(() => matcher.book.size, { timeout: 5000 }).toBe(1);
    const cashBefore = await cashBalance(testDb.db, userId, 'JPY');
    events.failAfterRecord();
    await publish('2590');
    await expect.poll(() => events.failures(), { timeout: 5000 }).toBe(1);
    // The fill's transaction threw after its event was recorded: nothing of it ever committed.
    expect(await statusOf(first)).toBe('pending');
    expect(await cashBalance(testDb.db, userId, 'JPY')).toBe(cashBefore);
    expect(
      await testDb.db.selectFrom('position').select('id').where('order_id', '=', first).execute(),
    ).toEqual([]);
    expect(events.relayed).toHaveLength(1);

    // The order is back in the book from the database; the next crossing print fills it.
    await expect.poll(() => matcher.book.size, { timeout: 5000 }).toBe(1);
    await publish('2590');
    await expect.poll(() => statusOf(first), { timeout: 5000 }).toBe('filled');
    const position = await testDb.db
      .selectFrom('position')
      .select('id')
      .where('order_id', '=', first)
      .executeTakeFirstOrThrow();
    // The fill and its inbox line, with the account's next seqs.
    await expect.poll(() => events.relayed.length, { timeout: 5000 }).toBe(3);
    expect(events.relayed.slice(1)).toEqual([
      {
        event: 'order:updated',
        payload: orderUpdated('filled', {
          order_id: String(first),
          position_id: String(position.id),
          price: '2590',
        }),
        seq: base + 1,
      },
      {
        event: 'message:created',
        payload: { kind: 'order_filled', order_id: String(first) },
        seq: base + 2,
      },
    ]);
    expect((await reconcile(testDb.db)).breaches).toEqual([]);
  });
});
