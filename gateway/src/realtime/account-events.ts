import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import {
  accountEventArgs,
  redisKeys,
  roomForAccount,
  type AccountEventName,
  type AccountEventPayloads,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@kabuto/schema/contracts';

export type KabutoServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Sends status events to one account's room, with a per-account sequence. Call after commit. */
export interface AccountEvents {
  emit<E extends AccountEventName>(
    userId: number,
    event: E,
    payload: AccountEventPayloads[E],
  ): Promise<void>;
  /**
   * Disconnects every socket opened with these sessions (just revoked): on this gateway at once,
   * on the others through the adapter.
   */
  endSessions(sessionIds: readonly number[]): void;
  /** Waits for the events under way and sends no more: call before Socket.IO and Redis close. */
  close(): Promise<void>;
}

export function roomForSession(sessionId: number): string {
  return `session:${sessionId}`;
}

export function createAccountEvents(
  redis: Redis,
  prefix: string,
  io: () => KabutoServer | null,
): AccountEvents {
  const keys = redisKeys(prefix);
  const underWay = new Set<Promise<void>>();
  let closed = false;
  const send = async <E extends AccountEventName>(
    userId: number,
    event: E,
    payload: AccountEventPayloads[E],
  ) => {
    const seq = await redis.incr(keys.accountSeq(userId));
    if (!closed) {
      io()
        ?.to(roomForAccount(userId))
        .emit(event, ...accountEventArgs(payload, seq));
    }
  };
  return {
    emit(userId, event, payload) {
      if (closed || !io()) return Promise.resolve();
      const sending = send(userId, event, payload).finally(() => underWay.delete(sending));
      underWay.add(sending);
      return sending;
    },
    endSessions(sessionIds) {
      const server = io();
      if (closed || !server || sessionIds.length === 0) return;
      const rooms = sessionIds.map(roomForSession);
      // Locally first, so an event emitted right after the revocation cannot reach them here.
      server.local.in(rooms).disconnectSockets(true);
      server.in(rooms).disconnectSockets(true);
    },
    async close() {
      closed = true;
      await Promise.allSettled([...underWay]);
    },
  };
}
