import { Observable, auditTime, merge, share } from 'rxjs';
import type { QuoteTick } from '@kabuto/schema/contracts';
import { getSocket } from './socket.ts';
import { connected$, fromSocketEvent } from './rx-socket.ts';
import { resubscribeDelayMs } from './resubscribe.ts';

/**
 * Live quotes from the one socket. Screens ask for symbols; the server subscription is reference
 * counted so two screens can watch the same symbol, and it is renewed after every reconnect.
 */
const refCounts = new Map<string, number>();

/**
 * Subscribes the symbols some screen still wants. A `not_found` refusal (a new share the gateway
 * has not loaded yet) is asked again with a growing wait (`resubscribeDelayMs`), so a fresh
 * holding starts ticking as soon as the gateway knows its symbol.
 */
function serverSubscribe(symbols: readonly string[], attempt = 0): void {
  const wanted = symbols.filter((symbol) => refCounts.has(symbol));
  if (wanted.length === 0) return;
  getSocket().emit('quote:subscribe', { symbols: wanted }, (ack) => {
    if (ack.ok) return;
    const delay = resubscribeDelayMs(attempt, ack.msg);
    if (delay !== null) setTimeout(() => serverSubscribe(wanted, attempt + 1), delay);
  });
}

connected$().subscribe(() => serverSubscribe([...refCounts.keys()]));

/** Every tick the socket delivers, batch frames flattened. */
const allTicks$: Observable<QuoteTick> = merge(
  fromSocketEvent('quote:tick'),
  new Observable<QuoteTick>((subscriber) =>
    fromSocketEvent('quote:ticks').subscribe((ticks) =>
      ticks.forEach((tick) => subscriber.next(tick)),
    ),
  ),
).pipe(share());

/**
 * The ticks of `symbols`, conflated to one emission per 100 ms window holding the latest tick of
 * each symbol that changed. Unsubscribing releases the server subscription.
 */
export function quoteTicks$(symbols: readonly string[]): Observable<Map<string, QuoteTick>> {
  return new Observable<Map<string, QuoteTick>>((subscriber) => {
    const wanted = new Set(symbols);
    const fresh = symbols.filter((s) => (refCounts.get(s) ?? 0) === 0);
    for (const s of symbols) refCounts.set(s, (refCounts.get(s) ?? 0) + 1);
    serverSubscribe(fresh);
    let pending = new Map<string, QuoteTick>();
    const ticks = allTicks$.subscribe((tick) => {
      if (!wanted.has(tick.symbol)) return;
      const seen = pending.get(tick.symbol);
      if (!seen || seen.seq <= tick.seq || seen.ts < tick.ts) pending.set(tick.symbol, tick);
    });
    const flush = allTicks$.pipe(auditTime(100)).subscribe(() => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      subscriber.next(batch);
    });
    return () => {
      ticks.unsubscribe();
      flush.unsubscribe();
      const released = symbols.filter((s) => {
        const left = (refCounts.get(s) ?? 1) - 1;
        if (left <= 0) refCounts.delete(s);
        else refCounts.set(s, left);
        return left <= 0;
      });
      if (released.length > 0) {
        getSocket().emit('quote:unsubscribe', { symbols: released }, () => undefined);
      }
    };
  });
}
