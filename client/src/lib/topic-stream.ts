import { Observable, filter, map } from 'rxjs';
import type { TopicName, TopicUpdate } from '@kabuto/schema/contracts';
import { getSocket } from './socket.ts';
import { connected$, fromSocketEvent } from './rx-socket.ts';

type DataOf<T extends TopicName> = Extract<TopicUpdate, { topic: T }>['data'];

/**
 * What one thing of a module's public topic says, live (an offer's lots left): watched on the
 * server while subscribed, watched again after every reconnect (each reconnect also emits
 * `resync`, so a screen can reload what it missed while the socket was down).
 */
export function topicUpdates$<T extends TopicName>(
  topic: T,
  key: string,
): Observable<{ data: DataOf<T> } | { resync: true }> {
  return new Observable((subscriber) => {
    const socket = getSocket();
    const watch = () => socket.emit('topic:watch', { topic, key }, () => undefined);
    if (socket.connected) watch();
    const reconnects = connected$().subscribe(() => {
      watch();
      subscriber.next({ resync: true });
    });
    const updates = fromSocketEvent('topic:update')
      .pipe(
        filter((update) => update.topic === topic && update.key === key),
        map((update) => ({ data: update.data as DataOf<T> })),
      )
      .subscribe(subscriber);
    return () => {
      reconnects.unsubscribe();
      updates.unsubscribe();
      socket.emit('topic:unwatch', { topic, key }, () => undefined);
    };
  });
}
