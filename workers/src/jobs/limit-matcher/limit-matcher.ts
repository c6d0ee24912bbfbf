import type { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import { systemClock, type Clock, type QuoteTick } from '@kabuto/schema/contracts';
import { writeTransaction, type Db, type WriteTrx } from '@kabuto/schema/db';
import {
  applyPrintIn,
  endOrderIn,
  loadExpiredOrders,
  loadLiveOrders,
  orderRow,
  type OrderChange,
} from '@kabuto/schema/modules/trading';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';
import { followTicks, queueAssetRecompute } from '../../infra/tick-stream.ts';
import { LimitBook } from './limit-book.ts';

interface MatcherDeps {
  readonly db: Db;
  readonly emitter: AccountEmitter;
  readonly assetQueue: Queue;
  readonly logger: Logger;
}

/** Each change's `order:updated` (and `message:created` for an inbox line), in the transaction. */
async function announce(deps: MatcherDeps, trx: WriteTrx, changes: readonly OrderChange[]) {
  for (const change of changes) {
    await deps.emitter.record(trx, change.userId, 'order:updated', change.update);
    if (change.message) {
      await deps.emitter.record(trx, change.userId, 'message:created', change.message);
    }
  }
}

/**
 * One print against one order as a money command: under the owner's lock the order is read again
 * and moved (fill, trigger, trailing move) with its position, journal, inbox line and events in
 * the same transaction (the outbox); the asset recomputation is queued once it has committed.
 * Answers whether the database changed the order (a fill the order's state no longer allows,
 * or one a cancel got to first, changes nothing).
 */
function applyPrint(
  deps: MatcherDeps,
  order: { id: bigint; userId: number },
  price: bigint,
  clock: Clock,
): Promise<boolean> {
  return writeTransaction(
    deps.db,
    async (trx) => {
      const applied = await applyPrintIn(trx, order.id, price, clock.nowMs());
      if (!applied) return false;
      await announce(deps, trx, applied.changes);
      if (applied.moneyMoved) {
        trx.afterCommit(() =>
          queueAssetRecompute(deps.assetQueue, applied.userId, 'limit_fill', clock),
        );
      }
      return true;
    },
    { lockUser: order.userId },
  );
}

/** Ends the orders whose validity has passed (each under its owner's lock), hold released. */
async function expireOrders(deps: MatcherDeps, clock: Clock): Promise<void> {
  for (const due of await loadExpiredOrders(deps.db, clock.nowMs())) {
    await writeTransaction(
      deps.db,
      async (trx) => {
        const order = await orderRow(trx, due.id);
        if (!order) return;
        const context = { nowMs: clock.nowMs(), actor: { type: 'system', id: 'expiry' } as const };
        const changes = await endOrderIn(trx, order, 'expired', 'expired', context);
        if (!changes) return;
        await announce(deps, trx, changes);
        trx.afterCommit(() => queueAssetRecompute(deps.assetQueue, due.userId, 'expired', clock));
      },
      { lockUser: due.userId },
    );
  }
}

/**
 * Works the live orders on the feed's prints: fills resting limits at the crossing print (at or
 * better than the limit), triggers stops (a stop fills at the triggering print, a stop-limit
 * rests as a limit), moves trailing stops, and expires orders past their validity. The book is
 * rebuilt from the database at start and every `refreshMs`; each change is one transaction
 * under the owner's lock that reads the order again, so two matchers (or a cancel racing a
 * print) can never fill an order twice, nor both legs of an OCO.
 */
export async function startLimitMatcher(deps: {
  db: Db;
  redis: Redis;
  redisPrefix: string;
  emitter: AccountEmitter;
  assetQueue: Queue;
  logger: Logger;
  refreshMs?: number;
  clock?: Clock;
}): Promise<{ stop(): Promise<void>; book: LimitBook }> {
  const clock = deps.clock ?? systemClock;
  const book = new LimitBook();
  // Orders whose validity ended while no matcher ran end first: a print never fills them.
  await expireOrders(deps, clock);
  book.replaceAll(await loadLiveOrders(deps.db));
  const handlePrints = async (ticks: QuoteTick[]) => {
    for (const tick of ticks) {
      const { price, hits } = book.affectedBy(tick.symbol, tick.price);
      for (const { order, outcome } of hits) {
        const applied = await applyPrint(deps, order, price, clock).catch((error: unknown) => {
          deps.logger.warn({ err: String(error), order: String(order.id) }, 'order print failed');
          return false;
        });
        book.afterPrint(order, outcome, applied);
      }
    }
  };
  const stream = await followTicks({
    name: 'limit-matcher',
    ...deps,
    refreshMs: deps.refreshMs ?? 1000,
    refresh: async () => {
      await expireOrders(deps, clock);
      book.replaceAll(await loadLiveOrders(deps.db));
    },
    handle: handlePrints,
  });
  return { book, stop: () => stream.stop() };
}
