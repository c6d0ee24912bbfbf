import {
  Refusal,
  watchlistRequest,
  watchRequest,
  quoteListResponse,
  watchResponse,
} from '@kabuto/schema/contracts';
import {
  addToWatchlist,
  countWatchlist,
  listWatchlist,
  removeFromWatchlist,
} from '@kabuto/schema/db';
import { findInstrument, type Instrument } from '@kabuto/schema/market';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { quoteRow } from './quote-rows.ts';

/** A watchlist holds at most this many symbols. */
export const WATCHLIST_MAX = 100;

export const watchlistCall = defineUserCall({
  path: 'quote/watchlist',
  summary: 'The caller’s watchlist with latest quotes, in the order added',
  input: watchlistRequest,
  output: quoteListResponse,
  async handle({ input, caller, deps }) {
    const symbols = await listWatchlist(deps.db, caller.userId);
    const instruments = symbols.map(findInstrument).filter((i): i is Instrument => i !== undefined);
    const latest = await deps.quotes.many(instruments.map((i) => i.symbol));
    return {
      msg: 'ok',
      data: instruments.map((i) => quoteRow(i, latest.get(i.symbol), input.lang)),
    };
  },
});

export const watchCall = defineUserCall({
  path: 'quote/watch',
  summary: 'Adds a symbol to the caller’s watchlist (adding twice changes nothing)',
  input: watchRequest,
  output: watchResponse,
  async handle({ input, caller, deps }) {
    if (!findInstrument(input.symbol)) throw new Refusal('not_found');
    const symbols = await listWatchlist(deps.db, caller.userId);
    if (
      !symbols.includes(input.symbol) &&
      (await countWatchlist(deps.db, caller.userId)) >= WATCHLIST_MAX
    ) {
      throw new Refusal('watchlist_full');
    }
    await addToWatchlist(deps.db, caller.userId, input.symbol, deps.clock.nowMs());
    return { msg: 'add_ok', data: { symbol: input.symbol, watched: true } };
  },
});

export const unwatchCall = defineUserCall({
  path: 'quote/unwatch',
  summary: 'Removes a symbol from the caller’s watchlist',
  input: watchRequest,
  output: watchResponse,
  async handle({ input, caller, deps }) {
    const removed = await removeFromWatchlist(deps.db, caller.userId, input.symbol);
    if (!removed) throw new Refusal('not_found');
    return { msg: 'delete_ok', data: { symbol: input.symbol, watched: false } };
  },
});

/** The quotes module (watchlist)'s calls, in the order the central list shows them. */
export const WATCHLIST_CALLS: readonly CallDefinition[] = [watchlistCall, watchCall, unwatchCall];
