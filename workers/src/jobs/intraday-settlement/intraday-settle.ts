import { orderUpdated, type Clock } from '@kabuto/schema/contracts';
import {
  advance,
  applicationsToSettle,
  writeTransaction,
  type Db,
  type IntradayApplicationRow,
} from '@kabuto/schema/db';
import { isTradingDay, type Market } from '@kabuto/schema/market';
import {
  closedPositionToWire,
  closePosition,
  openSymbolsOfApplication,
  positionsOfApplication,
} from '@kabuto/schema/modules/trading';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';
import type { ClosingPrice } from './closing-price.ts';
import { failApplication, releaseApplication } from './intraday-release.ts';

export interface SettlementDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly emitter: Pick<AccountEmitter, 'record'>;
  readonly closingPrice: ClosingPrice;
  /** Forced-close fee per position the settlement closes, minor units per market (config). */
  readonly forcedCloseFee: Readonly<Record<Market, bigint>>;
  /** Applications per chunk read, positions per close transaction (tests make them small). */
  readonly chunk?: number;
  readonly logger?: Pick<Logger, 'info'>;
  /** Applications settled at once (each its own user's transactions); default 8. */
  readonly parallel?: number;
  /** Called after each committed close transaction with the positions it closed. */
  readonly onChunk?: (closed: number) => void;
}

export interface SessionRef {
  readonly market: Market;
  readonly date: string;
}

const SYSTEM = { type: 'system' as const, id: 'intraday-settlement' };

/** Claims an application for settlement: applied → trading → submitted (each once). */
async function claim(deps: SettlementDeps, app: IntradayApplicationRow): Promise<void> {
  const userId = Number(app.user_id);
  const nowMs = deps.clock.nowMs();
  const row = { kind: 'intraday_application' as const, id: app.id, userId };
  await writeTransaction(
    deps.db,
    async (trx) => {
      const set = { updated_at: nowMs };
      await advance(trx, row, 'applied', 'trading', { nowMs, set });
      await advance(trx, row, 'trading', 'submitted', { nowMs, set });
    },
    { lockUser: userId },
  );
}

/** Closes up to `limit` of the application's open positions at the close; returns how many. */
async function closeSome(
  deps: SettlementDeps,
  app: IntradayApplicationRow,
  prices: Map<string, bigint>,
  limit: number,
): Promise<number> {
  const userId = Number(app.user_id);
  const nowMs = deps.clock.nowMs();
  return writeTransaction(
    deps.db,
    async (trx) => {
      const open = await positionsOfApplication(trx, app.id, { status: 'holding', limit });
      for (const position of open) {
        const price = prices.get(position.symbol) as bigint;
        const close = { price, reason: 'intraday_close', actor: SYSTEM } as const;
        const closed = closedPositionToWire(await closePosition(trx, position, close, nowMs));
        const payload = orderUpdated('intraday_close', {
          ...closed,
          application_id: String(app.id),
        });
        await deps.emitter.record(trx, userId, 'order:updated', payload);
      }
      return open.length;
    },
    { lockUser: userId },
  );
}

/**
 * The closing price of every symbol still open under the application (a missing one throws:
 * retry), added to `known` (a symbol already there is not asked for again).
 */
async function closingPrices(
  deps: SettlementDeps,
  app: IntradayApplicationRow,
  known = new Map<string, bigint>(),
) {
  const symbols = await openSymbolsOfApplication(deps.db, app.id);
  const prices = known;
  const session = { date: app.session_date, closesAtMs: Number(app.closes_at) };
  for (const symbol of symbols) {
    if (prices.has(symbol)) continue;
    const price = await deps.closingPrice(symbol, session);
    if (price === null) throw new Error(`no closing price for ${symbol} on ${app.session_date}`);
    prices.set(symbol, price);
  }
  return prices;
}

/**
 * Settles one application: one still `applied` whose session never opened (the date is not a
 * trading day after all: an unscheduled closure) fails with its hold released whole. Otherwise it claims it (submitted), closes its open positions at the session's
 * closing price in chunks (each close conditional, so a rerun closes nothing twice), then in one
 * transaction charges the forced-close fee, releases what the hold has left to cash and marks it
 * traded with its inbox message and events. Returns the positions it closed in this run.
 */
export async function settleApplication(
  deps: SettlementDeps,
  app: IntradayApplicationRow,
): Promise<number> {
  const market = app.market as Market;
  if (app.status === 'applied' && !isTradingDay(market, app.session_date)) {
    await failApplication(deps, app);
    return 0;
  }
  // Prices first: without the feed's close for every symbol nothing is written (the job retries).
  const prices = await closingPrices(deps, app);
  await claim(deps, app);
  // Looked at again once claimed: an order reads its clock before it takes the user lock, so one
  // accepted just before the close may have committed after the read above, in a symbol it did not
  // price; the claim refuses any later one, so this read sees every position there will be.
  await closingPrices(deps, app, prices);
  const chunk = deps.chunk ?? 200;
  let closed = 0;
  for (;;) {
    const n = await closeSome(deps, app, prices, chunk);
    closed += n;
    if (n > 0) deps.onChunk?.(n);
    if (n < chunk) break;
  }
  await releaseApplication(deps, app);
  return closed;
}

/**
 * Runs `work` over `items`, at most `size` at a time (different users: their transactions never
 * wait on each other's lock, and SQLite commits them together); returns the sum of the results.
 */
async function eachInPool<T>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<number>,
): Promise<number> {
  let next = 0;
  let total = 0;
  const runner = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      // Read the result first: `total += await …` would add to a total read before the wait.
      const n = await work(item);
      total += n;
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, runner));
  return total;
}

/**
 * The settlement job of one market session: every application of that session still open, in id
 * order and in chunks (a restart resumes with what is still open). Idempotent: a rerun after it
 * finished finds nothing open and changes nothing.
 */
export async function settleSession(
  deps: SettlementDeps,
  session: SessionRef,
): Promise<{ applications: number; positions: number }> {
  const chunk = deps.chunk ?? 200;
  const started = deps.clock.nowMs();
  let afterId = 0n;
  let applications = 0;
  let positions = 0;
  for (;;) {
    const apps = await applicationsToSettle(deps.db, session, afterId, chunk);
    positions += await eachInPool(apps, deps.parallel ?? 8, (app) => settleApplication(deps, app));
    applications += apps.length;
    afterId = apps.at(-1)?.id ?? afterId;
    if (apps.length < chunk) break;
  }
  const ms = deps.clock.nowMs() - started;
  deps.logger?.info({ ...session, applications, positions, ms }, 'intraday session settled');
  return { applications, positions };
}
