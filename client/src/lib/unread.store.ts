import { proxy, useSnapshot } from 'valtio';
import { useEffect } from 'react';
import { auditTime, merge, type Subscription } from 'rxjs';
import { callApi } from './api-client.ts';
import { storage } from './storage.ts';
import { fromSocketEvent } from './rx-socket.ts';
import { accountResync$ } from './account-seq.ts';

/** How many inbox messages are unread: the Home bell's and the Mine tab's badge. */
export const unreadState = proxy<{ count: number }>({ count: 0 });

export async function loadUnread(): Promise<void> {
  if (!storage.hasSession()) {
    unreadState.count = 0;
    return;
  }
  const response = await callApi('user/messageUnread', {}, { quiet: true });
  if (response.status === 1) unreadState.count = response.data.unread;
}

let following: Subscription | null = null;
let followers = 0;

/**
 * Live count: a new message (`message:created`), a reconnect or a lost event reads the count again
 * (at most every 300 ms); so do the status events that some server paths send with their message
 * instead of `message:created` (a draw, a payout, a fill). One subscription however many badges.
 */
function follow(): () => void {
  followers += 1;
  if (!following) {
    void loadUnread();
    following = merge(
      accountResync$(),
      fromSocketEvent('message:created'),
      fromSocketEvent('fund:updated'),
      fromSocketEvent('order:updated'),
      fromSocketEvent('allotment:drawn'),
      fromSocketEvent('loan:updated'),
    )
      .pipe(auditTime(300))
      .subscribe(() => void loadUnread());
  }
  return () => {
    followers -= 1;
    if (followers === 0) {
      following?.unsubscribe();
      following = null;
    }
  };
}

/** The live unread count, for a badge (0 when signed out). */
export function useUnreadCount(): number {
  useEffect(() => follow(), []);
  return useSnapshot(unreadState).count;
}

/** A badge's text: the count, 99+ beyond. */
export const unreadBadge = (count: number) => (count > 99 ? '99+' : String(count));
