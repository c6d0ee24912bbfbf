import { Observable } from 'rxjs';
import type { ServerToClientEvents } from '@kabuto/schema/contracts';
import { getSocket } from './socket.ts';

type EventPayload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** An observable of one server event on the app's socket; unsubscribing removes the listener. */
export function fromSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
): Observable<EventPayload<E>> {
  return new Observable<EventPayload<E>>((subscriber) => {
    const socket = getSocket();
    const listener = (payload: EventPayload<E>) => subscriber.next(payload);
    socket.on(event, listener as never);
    return () => {
      socket.off(event, listener as never);
    };
  });
}

/** Emits each time the socket (re)connects: the moment to refetch REST snapshots. */
export function connected$(): Observable<void> {
  return new Observable<void>((subscriber) => {
    const socket = getSocket();
    const listener = () => subscriber.next();
    socket.on('connect', listener);
    return () => {
      socket.off('connect', listener);
    };
  });
}
