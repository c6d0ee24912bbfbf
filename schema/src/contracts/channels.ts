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
    /** A priced exchange the user may take for a few seconds: its rate is locked. */
    exchangeQuote: (userId: number, quoteId: string) => `${prefix}:fxquote:${userId}:${quoteId}`,
  };
}

/**
 * Symbols one socket may follow at once. A screen subscribes to everything it shows: the Quotes
 * tab a whole market (54) beside the indices (8), the watchlist up to its 100 entries; 200 holds
 * the largest screen and the one it is handing over to (every instrument is 170), and still
 * bounds what one socket can ask the gateway to fan out.
 */
export const MAX_SYMBOL_SUBSCRIPTIONS = 200;
