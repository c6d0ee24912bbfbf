import type { Server } from 'socket.io';
import {
  accountEventArgs,
  createSocketEmitter,
  roomForAccount,
  type StreamWriter,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@kabuto/schema/contracts';
import { AccountEventOutbox, type Db } from '@kabuto/schema/db';
import type { Logger } from '../infra/logger.ts';
import type { AccountEvents } from '../infra/ports.ts';

export type { AccountEvents };

export type KabutoServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export function roomForSession(sessionId: number): string {
  return `session:${sessionId}`;
}

/** How often this gateway relays events another process committed and never relayed. */
const SWEEP_EVERY_MS = 5_000;

export function createAccountEvents(
  deps: { db: Db; redis: StreamWriter; redisPrefix: string; logger: Logger },
  io: () => KabutoServer | null,
): AccountEvents {
  const { db, logger } = deps;
  // Through Redis like the workers' relays, never straight to local sockets: every relay's events
  // then reach a socket in the order they were claimed, whichever process claimed them. `redis`
  // waits out a Redis restart, so a relayed event goes out when Redis is back; a write that still
  // fails is logged, never an unhandled rejection.
  const emitter = createSocketEmitter(deps.redis, deps.redisPrefix, (error) =>
    logger.warn({ err: String(error) }, 'account event not sent'),
  );
  const underWay = new Set<Promise<unknown>>();
  let closed = false;
  let stopped = false;
  const outbox = new AccountEventOutbox(db, (userId, event, payload, seq) => {
    if (stopped) throw new Error('account events closed');
    void emitter.to(roomForAccount(userId)).emit(event, ...accountEventArgs(payload, seq));
  });
  const track = <T>(work: Promise<T>): Promise<T> => {
    underWay.add(work);
    void work.finally(() => underWay.delete(work)).catch(() => undefined);
    return work;
  };
  const sweeper = setInterval(() => {
    if (closed || !io()) return;
    track(outbox.sweep()).catch((error: unknown) =>
      logger.warn({ err: String(error) }, 'account event sweep failed'),
    );
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    async record(trx, userId, event, payload) {
      await outbox.record(trx, userId, event, payload);
    },
    async emit(userId, event, payload) {
      if (closed || !io()) return;
      await track(outbox.emit(userId, event, payload));
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
      clearInterval(sweeper);
      await Promise.allSettled([...underWay]);
      await outbox.drain();
      stopped = true;
    },
  };
}
