import { proxy } from 'valtio';
import type { Envelope } from '@kabuto/schema/contracts';
import { storage } from './storage.ts';

/**
 * What the app shows offline (issue 23 item 3): the last answer of each read a user looks back at
 * (the portfolio, the positions and orders, the statement, the watchlist), kept per account and
 * payload with the time it arrived. Offline, a read answers from here and the banner says since
 * when; a write is never answered from here nor queued: it is refused on the spot.
 */
const READS = new Set([
  'common/config',
  'user/assets',
  'trade/userstocklist',
  'trade/userstocklists',
  'trade/pendinglist',
  'fund/records',
  'quote/watchlist',
  'alert/list',
  // What the screens around them read on opening, so they open offline too.
  'quote/detail',
  'quote/market',
  'quote/rankings',
  'quote/hot',
  'quote/indices',
  'user/messages',
  'user/getUserinfo',
  'news/list',
]);

/** The oldest last-known answer on screen now, or null while everything is live. */
export const offline = proxy<{ staleSince: number | null }>({ staleSince: null });

export const isRememberedRead = (path: string) => READS.has(path);

const keyOf = (path: string, body: string) => `lastKnown:${storage.account()}:${path}:${body}`;

export function remember(path: string, body: string, answer: Envelope): void {
  if (!READS.has(path) || answer.status !== 1) return;
  // A live answer arrived: the screen is no longer showing old data.
  offline.staleSince = null;
  try {
    localStorage.setItem(keyOf(path, body), JSON.stringify({ at: Date.now(), answer }));
  } catch {
    // A full storage keeps the older copy: offline reading is a courtesy.
  }
}

/** The last answer of a read, marking the screen stale since it arrived; null when there is none. */
export function recall(path: string, body: string): Envelope | null {
  if (!READS.has(path)) return null;
  const text = localStorage.getItem(keyOf(path, body));
  if (!text) return null;
  const kept = JSON.parse(text) as { at: number; answer: Envelope };
  offline.staleSince = Math.min(offline.staleSince ?? kept.at, kept.at);
  return kept.answer;
}

/** Back online: the screens reload live answers, so nothing shown is stale any more. */
export function watchConnection(): void {
  window.addEventListener('online', () => {
    offline.staleSince = null;
  });
}
