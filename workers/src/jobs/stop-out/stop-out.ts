import type { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import {
  closedPositionToWire,
  orderUpdated,
  systemClock,
  type Clock,
  type QuoteTick,
} from '@kabuto/schema/contracts';
import { insertInboxMessage, writeTransaction, type Db } from '@kabuto/schema/db';
import {
  closePosition,
  holdingPosition,
  holdingPositionsBySymbol,
  type WatchedPosition,
} from '@kabuto/schema/modules/trading';
import { findInstrument, parseScaledPrice, type Instrument } from '@kabuto/schema/market';
import { marginState, type PositionSide } from '@kabuto/schema/trading';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';
import { followTicks, queueAssetRecompute } from '../../infra/tick-stream.ts';

type Holding = WatchedPosition;

const loadHoldings = holdingPositionsBySymbol;

/** How often at most an account's figures are recomputed because a held symbol printed. */
const REVALUE_EVERY_MS = 2_000;

/** Queues an account's recomputation at most once per REVALUE_EVERY_MS. */
function throttledRevaluation(queue: Queue, clock: Clock): (userId: number) => Promise<void> {
  const revaluedAt = new Map<number, number>();
  return async (userId) => {
    const now = clock.nowMs();
    if (now - (revaluedAt.get(userId) ?? 0) < REVALUE_EVERY_MS) return;
    revaluedAt.set(userId, now);
    await queueAssetRecompute(queue, userId, 'tick', clock);
  };
}

interface StopOutDeps {
  readonly db: Db;
  readonly redis: Redis;
  readonly redisPrefix: string;
  readonly emitter: AccountEmitter;
  readonly assetQueue: Queue;
  readonly logger: Logger;
  readonly refreshMs?: number;
  readonly clock?: Clock;
}

/**
 * Closes a position at the feed price under its owner's lock, if its margin state, read again
 * under the lock with its current margin (added credit included), is still stop-out (else it
 * returns the row as it is now, for the index), with its inbox message and its
 * `order:updated` and `message:created` in the same transaction (the outbox); the asset
 * recomputation is queued once it has committed. A close that rolls back announces nothing.
 */
async function stopOut(
  deps: StopOutDeps,
  holding: Holding,
  instrument: Instrument,
  price: bigint,
): Promise<Holding | undefined> {
  const userId = Number(holding.user_id);
  const clock = deps.clock ?? systemClock;
  const nowMs = clock.nowMs();
  const result = await writeTransaction(
    deps.db,
    async (trx) => {
      const fresh = await holdingPosition(trx, holding.id);
      if (!fresh) return null;
      // Re-read under the lock: margin added since the index was built (trade/addcredit) counts.
      if (marginStateOf(fresh, instrument, price) !== 'stop_out') return { kept: fresh };
      const close = {
        price,
        reason: 'stop_out',
        actor: { type: 'system', id: 'stop-out' },
      } as const;
      const closed = closedPositionToWire(await closePosition(trx, fresh, close, nowMs));
      const params = {
        symbol: instrument.symbol,
        price: closed.price,
        pnl: closed.pnl,
        currency: instrument.currency,
      };
      await insertInboxMessage(trx, { userId, kind: 'stop_out', params, nowMs });
      await deps.emitter.record(trx, userId, 'order:updated', orderUpdated('stop_out', closed));
      await deps.emitter.record(trx, userId, 'message:created', {
        kind: 'stop_out',
        position_id: closed.position_id,
      });
      trx.afterCommit(() => queueAssetRecompute(deps.assetQueue, userId, 'stop_out', clock));
      return closed;
    },
    { lockUser: userId },
  );
  if (!result) return undefined;
  if ('kept' in result) return result.kept;
  deps.logger.info(
    { position: result.position_id, symbol: instrument.symbol, price: result.price },
    'stop-out',
  );
  return undefined;
}

/** The margin-call message in the inbox and, in the same transaction, on the owner's socket. */
async function sendMarginCall(deps: StopOutDeps, holding: Holding, tick: QuoteTick) {
  const userId = Number(holding.user_id);
  const nowMs = (deps.clock ?? systemClock).nowMs();
  await writeTransaction(deps.db, async (trx) => {
    const params = { symbol: tick.symbol, price: tick.price };
    await insertInboxMessage(trx, { userId, kind: 'margin_call', params, nowMs });
    await deps.emitter.record(trx, userId, 'message:created', {
      kind: 'margin_call',
      position_id: String(holding.id),
      symbol: tick.symbol,
      price: tick.price,
    });
  });
}

function marginStateOf(holding: Holding, instrument: Instrument, price: bigint) {
  const position = {
    side: holding.side as PositionSide,
    qty: holding.qty,
    openPrice: holding.open_price,
    margin: holding.margin,
  };
  return marginState(instrument, position, price);
}

/**
 * Watches open positions on every print of their symbols. It queues an asset recomputation for
 * each holder (at most once per REVALUE_EVERY_MS per account) so account figures move with the
 * market. Below the market's maintenance level the owner gets a margin-call message in the inbox
 * (once per position per process); below the stop-out level the position is closed at the feed
 * price in one transaction with its inbox message, recorded as `stop_out` and visible in the
 * user's records. The index of holdings is rebuilt from the database every `refreshMs`.
 */
export async function startStopOutWatcher(deps: StopOutDeps): Promise<{ stop(): Promise<void> }> {
  let holdings = await loadHoldings(deps.db);
  const warned = new Set<string>();
  const revalue = throttledRevaluation(deps.assetQueue, deps.clock ?? systemClock);

  const check = async (tick: QuoteTick) => {
    const list = holdings.get(tick.symbol);
    const instrument = findInstrument(tick.symbol);
    if (!list || !instrument) return;
    const price = parseScaledPrice(tick.price, instrument.market);
    for (const holding of list) {
      await revalue(Number(holding.user_id));
      const state = marginStateOf(holding, instrument, price);
      if (state === 'stop_out') {
        const left = (holdings.get(tick.symbol) ?? []).filter((h) => h.id !== holding.id);
        holdings.set(tick.symbol, left);
        const kept = await stopOut(deps, holding, instrument, price).catch((error: unknown) => {
          deps.logger.warn({ err: String(error) }, 'stop-out failed');
          return undefined;
        });
        // Still open with more margin than the index knew (added credit): watch it as it is now.
        if (kept) holdings.set(tick.symbol, [...(holdings.get(tick.symbol) ?? []), kept]);
      } else if (state === 'margin_call' && !warned.has(String(holding.id))) {
        warned.add(String(holding.id));
        await sendMarginCall(deps, holding, tick);
      }
    }
  };

  return followTicks({
    name: 'stop-out',
    ...deps,
    refreshMs: deps.refreshMs ?? 1000,
    refresh: async () => {
      holdings = await loadHoldings(deps.db);
    },
    handle: async (ticks) => {
      for (const tick of ticks) await check(tick).catch(() => undefined);
    },
  });
}
