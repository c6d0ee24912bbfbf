import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import {
  redisKeys,
  roomForAccount,
  type AccountEventName,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@kabuto/schema/contracts';

export type KabutoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Sends status events to one account's room, with a per-account sequence. Call after commit. */
export interface AccountEvents {
  emit(userId: number, event: AccountEventName, payload: Record<string, unknown>): Promise<void>;
  /** Disconnects every socket opened with a session that has just been revoked. */
  endSession(sessionId: number): void;
}

export function roomForSession(sessionId: number): string {
  return `session:${sessionId}`;
}

export function createAccountEvents(redis: Redis, prefix: string, io: () => KabutoServer | null): AccountEvents {
  const keys = redisKeys(prefix);
  return {
    async emit(userId, event, payload) {
      const server = io();
      if (!server) return;
      const seq = await redis.incr(keys.accountSeq(userId));
      server.to(roomForAccount(userId)).emit(event, { ...payload, seq });
    },
    endSession(sessionId) {
      io()?.in(roomForSession(sessionId)).disconnectSockets(true);
    },
  };
}
