import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from '../infra/logger.ts';
import { duplicateRedis } from '../infra/redis.ts';
import { redisKeys, roomForAccount, type SocketData } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import { findActiveSession } from '../modules/auth/public.ts';
import type { Clock } from '../infra/clock.ts';
import { roomForSession, type KabutoServer } from './account-events.ts';
import { registerQuoteHandlers } from './quote-subscriptions.ts';
import { registerTopicHandlers } from './topics.ts';
import { TickConflator } from './tick-conflator.ts';
import { startSessionSweep } from './session-sweep.ts';

export interface IoDeps {
  readonly db: Db;
  readonly redis: Redis;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly redisPrefix: string;
  readonly allowedOrigins: readonly string[];
  readonly sessionSweepMs?: number | undefined;
}

/**
 * Which pages may open a socket: the configured origins (KABUTO_ALLOWED_ORIGINS, the public address
 * behind a proxy) and this server's own loopback addresses on the port it listens on; non-browser
 * clients send no Origin. Never the Host header the client sent: a rebound DNS name sends a Host
 * equal to its own Origin.
 */
export function originAllowed(
  origin: string | undefined,
  allowed: readonly string[],
  listeningPort: number | undefined,
): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  if (listeningPort === undefined) return false;
  return ['localhost', '127.0.0.1', '[::1]'].some(
    (host) => origin === `http://${host}:${listeningPort}`,
  );
}

function portOf(server: HttpServer): number | undefined {
  const address = server.address();
  return address && typeof address === 'object' ? address.port : undefined;
}

async function authenticateSocket(io: KabutoServer, deps: IoDeps): Promise<void> {
  io.use(async (socket, next) => {
    const data = socket.data as SocketData;
    data.userId = null;
    data.sessionId = null;
    data.batchTicks = (socket.handshake.auth as { frames?: unknown }).frames === 'batch';
    const auth = socket.handshake.auth as { token?: unknown; account?: unknown };
    if (typeof auth.token !== 'string' || typeof auth.account !== 'string') return next();
    const session = await findActiveSession(deps.db, auth.token, deps.clock.nowMs()).catch(
      () => undefined,
    );
    // A bad token is not an error: the socket stays anonymous (quotes only, no account events).
    if (!session || session.account !== auth.account || session.status !== 'active') return next();
    data.userId = session.userId;
    data.sessionId = session.sessionId;
    // Expiry, and a revocation that lands between the lookup above and this join, are the session
    // sweep's: it disconnects a signed-in socket whose session has ended within SESSION_SWEEP_MS.
    await socket.join([roomForAccount(session.userId), roomForSession(session.sessionId)]);
    return next();
  });
}

/** Socket.IO on the gateway's HTTP server, with the Redis adapter so every gateway reaches every room. */
export async function createIo(
  httpServer: HttpServer,
  deps: IoDeps,
): Promise<{ io: KabutoServer; conflator: TickConflator; close(): Promise<void> }> {
  // The adapter publishes without catching: while Redis is down its publishes wait for the
  // reconnect (no retry limit) instead of rejecting unhandled; the events go out when it is back.
  const pub = duplicateRedis(deps.redis, deps.logger, 'socket.io-pub', {
    maxRetriesPerRequest: null,
  });
  const sub = duplicateRedis(deps.redis, deps.logger, 'socket.io-sub');
  const io: KabutoServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) =>
      callback(null, originAllowed(req.headers.origin, deps.allowedOrigins, portOf(httpServer))),
    adapter: createAdapter(pub, sub, { key: redisKeys(deps.redisPrefix).socketIoChannel }),
  });
  await authenticateSocket(io, deps);
  const conflator = new TickConflator();
  io.on('connection', (socket) => {
    registerQuoteHandlers(socket, deps, conflator);
    registerTopicHandlers(socket);
  });
  const stopSweep = startSessionSweep(io, deps, deps.sessionSweepMs);
  return {
    io,
    conflator,
    async close() {
      stopSweep();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      pub.disconnect();
      sub.disconnect();
    },
  };
}
