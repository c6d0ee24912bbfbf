import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from '../infra/logger.ts';
import { duplicateRedis } from '../infra/redis.ts';
import { roomForAccount, socketStream, type SocketData } from '@kabuto/schema/contracts';
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

/**
 * The adapter's connections: the one it writes with, and those it opens itself by duplicating it
 * (one reads the stream, one subscribes), made here so that each has the gateway's error handler
 * and all close with the server. None gives up on a command while Redis is down
 * (`maxRetriesPerRequest: null`): writes wait for the reconnect instead of rejecting, and the
 * reader resumes the stream where it left off.
 */
function adapterConnections(deps: IoDeps): { pub: Redis; disconnect(): void } {
  const opened: Redis[] = [];
  const waiting = { maxRetriesPerRequest: null };
  const pub = duplicateRedis(deps.redis, deps.logger, 'socket.io-pub', waiting);
  pub.duplicate = (override?: Partial<RedisOptions>) => {
    const client = duplicateRedis(deps.redis, deps.logger, 'socket.io-read', {
      ...waiting,
      ...override,
    });
    opened.push(client);
    return client;
  };
  return {
    pub,
    disconnect() {
      for (const client of [pub, ...opened]) client.disconnect();
    },
  };
}

/**
 * Socket.IO on the gateway's HTTP server, with the Redis streams adapter so every gateway reaches
 * every room, and an event sent while a gateway's Redis connection was down still arrives.
 */
export async function createIo(
  httpServer: HttpServer,
  deps: IoDeps,
): Promise<{ io: KabutoServer; conflator: TickConflator; close(): Promise<void> }> {
  const connections = adapterConnections(deps);
  const io: KabutoServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) =>
      callback(null, originAllowed(req.headers.origin, deps.allowedOrigins, portOf(httpServer))),
    adapter: createAdapter(connections.pub, socketStream(deps.redisPrefix)),
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
      // The adapter stops reading once closed; only then are its connections closed under it.
      await new Promise<void>((resolve) => io.close(() => resolve()));
      connections.disconnect();
    },
  };
}
