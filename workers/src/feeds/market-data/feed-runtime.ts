import { systemClock, type Clock } from '@kabuto/schema/contracts';
import { upsertCandles, insertCorporateActions, type Db } from '@kabuto/schema/db';
import { INSTRUMENTS, type ClockMode } from '@kabuto/schema/market';
import type { Logger } from '../../infra/logger.ts';
import type { FeedRuntime } from './feed-leader.ts';
import { createFxFeed } from './fx-feed.ts';
import { createListedFeed } from './listed-feed.ts';
import { prepareHistory } from './history-backfill.ts';
import { createReplayFeed } from './replay-feed.ts';
import { createSimulatedFeed } from './simulated-feed.ts';

/** The simulator runtime: history first, then live ticks for every instrument and FX pair. */
export async function prepareSimulatorRuntime(deps: {
  db: Db;
  seed: number;
  clock: ClockMode;
  historyDays: number;
  minuteDays: number;
  logger: Logger;
  /** Where the runtime's start time comes from (`clock` is the market-hours mode). */
  wallClock?: Clock;
}): Promise<FeedRuntime> {
  const nowMs = (deps.wallClock ?? systemClock).nowMs();
  const source = `Kabuto simulator (seed ${deps.seed})`;
  const resume = await prepareHistory(deps.db, {
    instruments: INSTRUMENTS,
    seed: deps.seed,
    clock: deps.clock,
    nowMs,
    historyDays: deps.historyDays,
    minuteDays: deps.minuteDays,
    logger: deps.logger,
  });
  const stocks = createSimulatedFeed({
    instruments: INSTRUMENTS,
    seed: deps.seed,
    clock: deps.clock,
    source,
    resume,
    startMs: nowMs,
  });
  const fx = createFxFeed(deps.seed, { alwaysOpen: deps.clock === 'always-open', source });
  const listed = createListedFeed({ seed: deps.seed, clock: deps.clock, source });
  return {
    providers: [stocks, fx, listed],
    initial: stocks.snapshotsAtStart(nowMs),
    async persist() {
      await insertCorporateActions(deps.db, stocks.drainActions());
      await upsertCandles(deps.db, [...stocks.drainBars(), ...listed.drainBars()]);
    },
  };
}

/** The replay runtime: recorded OHLCV files from a directory (no history generation, no candle writes). */
export async function prepareReplayRuntime(deps: {
  directory: string;
  seed: number;
  logger: Logger;
}): Promise<FeedRuntime> {
  const replay = createReplayFeed(deps.directory);
  deps.logger.info({ directory: deps.directory }, 'replaying recorded bars');
  return {
    providers: [replay, createFxFeed(deps.seed, { alwaysOpen: true, source: replay.source })],
    initial: [],
    persist: async () => undefined,
  };
}
