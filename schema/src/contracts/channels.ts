import { listOf } from '../modules/define-module.ts';
import { MODULES } from '../modules/index.ts';

/** Room names and Redis channel grammar. Build them only here. */
export function roomForSymbol(symbol: string): string {
  return `symbol:${symbol}`;
}

export function roomForAccount(userId: number): string {
  return `account:${userId}`;
}

/** Redis keys and channels, all under one prefix so tests can isolate themselves. */
export function redisKeys(prefix: string) {
  return {
    tickChannel: `${prefix}:quote:ticks`,
    latestQuotes: `${prefix}:quote:latest`,
    accountSeq: (userId: number) => `${prefix}:seq:account:${userId}`,
    feedLeaderLock: `${prefix}:feed:leader`,
    socketIoChannel: `${prefix}:socket.io`,
    rateLimit: `${prefix}:rl`,
    /** The list step's word that a new share's listing time has come: reload listed instruments. */
    listedInstrumentsChannel: `${prefix}:ipo:listed`,
    /** A one-minute, one-use ticket that opens the queue board for an administrator. */
    queueBoardTicket: (ticket: string) => `${prefix}:queue-board:ticket:${ticket}`,
    /** A queue board visit (its cookie): the console session that opened it. */
    queueBoardVisit: (visit: string) => `${prefix}:queue-board:visit:${visit}`,
    /** Staff changed an exchange calendar: every process reloads the calendars. */
    calendarChannel: `${prefix}:calendar:changed`,
    /** A priced exchange the user may take for a few seconds: its rate is locked. */
    exchangeQuote: (userId: number, quoteId: string) => `${prefix}:fxquote:${userId}:${quoteId}`,
    /** Bumped whenever a user adds, deletes or re-arms a price alert: the watcher reloads. */
    alertsVersion: `${prefix}:alerts:version`,
    /** A money call's run in progress for one (user, request_id): retries wait for its answer. */
    requestInFlight: (userId: number, requestId: string) =>
      `${prefix}:inflight:${userId}:${requestId}`,
  };
}

/**
 * Symbols one socket may follow at once. A screen subscribes to everything it shows: the Quotes
 * tab a whole market (54) beside the indices (8), the watchlist up to its 100 entries; 200 holds
 * the largest screen and the one it is handing over to (every instrument is 170), and still
 * bounds what one socket can ask the gateway to fan out.
 */
export const MAX_SYMBOL_SUBSCRIPTIONS = 200;

/** The room of one watched thing of a public topic (`topic:block:42`). */
export function roomForTopic(topic: string, key: string): string {
  return `topic:${topic}:${key}`;
}

/** The public topics the modules publish (their manifests' `topics`). */
export const TOPIC_NAMES: readonly string[] = listOf(MODULES, 'topics');

/** Things of public topics one socket may watch at once (a screen watches the one it shows). */
export const MAX_TOPIC_WATCHES = 20;

/** A topic key: an id or a short name. */
export const TOPIC_KEY = /^[0-9A-Za-z_-]{1,40}$/;
