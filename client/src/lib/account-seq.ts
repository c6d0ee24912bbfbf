import { merge, Observable, share } from 'rxjs';
import type { AccountEventName } from '@kabuto/schema/contracts';
import { connected$, fromSocketEvent } from './rx-socket.ts';

/** Every event that carries the account's `seq` (one counter per account, across event names). */
const ACCOUNT_EVENTS: readonly AccountEventName[] = [
  'order:updated',
  'assets:updated',
  'allotment:drawn',
  'loan:updated',
  'fund:updated',
  'message:created',
  'alert:triggered',
];

/** Why the REST snapshots must be fetched again: the socket (re)connected, or an event was lost. */
export type ResyncReason = 'reconnect' | 'gap';

/**
 * Compares each account event's `seq` with the last one seen on this connection. The first event
 * after a connect only sets the baseline (the connect itself resyncs); an event more than one past
 * the last seen means one was lost; an older or repeated seq changes nothing.
 */
export class SeqTracker {
  private last: number | null = null;

  reset(): void {
    this.last = null;
  }

  /** True when `seq` shows that an event before it never arrived. */
  observe(seq: number): boolean {
    if (!Number.isSafeInteger(seq)) return false;
    const gap = this.last !== null && seq > this.last + 1;
    if (this.last === null || seq > this.last) this.last = seq;
    return gap;
  }
}

function watchSeq(): Observable<ResyncReason> {
  return new Observable<ResyncReason>((subscriber) => {
    const tracker = new SeqTracker();
    const connects = connected$().subscribe(() => {
      tracker.reset();
      subscriber.next('reconnect');
    });
    const events = merge(...ACCOUNT_EVENTS.map((name) => fromSocketEvent(name))).subscribe(
      (event) => {
        if (tracker.observe(event.seq)) subscriber.next('gap');
      },
    );
    connects.add(events);
    return connects;
  });
}

/** One seq watcher for the app, shared by every store that must refetch on a gap or a reconnect. */
const resync = watchSeq().pipe(share());

/** Emits when the account's REST snapshots may be stale: on every (re)connect and on a `seq` gap. */
export function accountResync$(): Observable<ResyncReason> {
  return resync;
}
