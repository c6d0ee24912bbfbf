import { createServer, type Server as HttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import { sql } from 'kysely';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { followAnnouncements, queueName, redisKeys } from '@kabuto/schema/contracts';
import { createSecretBox, keepListedInstrumentsFresh, type Db } from '@kabuto/schema/db';
import { keepOperatorCalendarFresh } from '@kabuto/schema/modules/backoffice/db/exchange-calendar.repository.ts';
import { calendarWarningLog } from '@kabuto/schema/modules/backoffice/calendar-warnings.ts';
import type { GatewayConfig } from './infra/config.ts';
import type { GatewayDeps } from './infra/deps.ts';
import { createLatestQuotes } from './infra/latest-quotes.ts';
import { systemClock, type Clock } from './infra/clock.ts';
import { createLimiters } from './infra/limiters.ts';
import { sweepSecretAttempts } from './infra/sql-limiter.ts';
import type { Logger } from './infra/logger.ts';
import { duplicateRedis } from './infra/redis.ts';
import { createAssetRecompute } from './infra/asset-recompute.ts';
import { createPayoutQueue } from './infra/payout-queue.ts';
import { createIpoStepQueue } from './infra/ipo-step-queue.ts';
import { createOutboxNotifier, type Notifier } from './infra/notifier.ts';
import { createAccountEvents, type KabutoServer } from './realtime/account-events.ts';
import { createTopicPublisher } from './realtime/topics.ts';
import { createIo } from './realtime/io.ts';
import { findActiveSession, hashPassword } from './modules/auth/public.ts';
import {
  addTestStaff,
  BOARD_PATH,
  findActiveAdminSession,
  queueBoard,
} from './modules/admin/public.ts';
import { startTickFanout } from './realtime/tick-fanout.ts';
import type { TickConflator } from './realtime/tick-conflator.ts';
import { ADMIN_CALLS, CALLS } from './calls.ts';
import { mountCalls } from './http/routes.ts';
import type { CallDefinition } from './http/call.ts';
import { buildOpenApi } from './http/openapi.ts';
import { authenticateAdmin } from './http/middleware/admin-auth.ts';
import { requestId } from './http/middleware/request-id.ts';
import { createMetrics, type MetricSources } from './infra/metrics.ts';
import { createMetricSources } from './infra/metric-sources.ts';
import { serveClient } from './http/client-static.ts';
import { testFixtureRouter } from './http/test-fixtures.ts';
import { errorHandler } from './http/middleware/error-handler.ts';
import { sendRefusal } from './http/envelope.ts';

export interface GatewayOptions {
  readonly config: GatewayConfig;
  readonly db: Db;
  readonly redis: Redis;
  readonly logger: Logger;
  readonly clock?: Clock;
  readonly notifier?: Notifier;
  /** How often this gateway's session sweep runs (default SESSION_SWEEP_MS). */
  readonly sessionSweepMs?: number;
  /** How often this gateway reloads the listed new shares (default LISTED_INSTRUMENTS_REFRESH_MS). */
  readonly listedRefreshMs?: number;
}

export interface Gateway {
  readonly app: Express;
  readonly httpServer: HttpServer;
  readonly deps: GatewayDeps;
  io(): KabutoServer;
  /** The batch sockets' tick conflation (who follows which symbol), once listening. */
  tickConflator(): TickConflator;
  listen(port: number): Promise<number>;
  close(): Promise<void>;
}

/** How long a readiness check waits for the database or Redis before it says not ready. */
const READY_WITHIN_MS = 2_000;

async function answersWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const done = work.then(
    () => true,
    () => false,
  );
  const answered = await Promise.race([done, late]);
  clearTimeout(timer);
  return answered;
}

function probes(app: Express, deps: GatewayDeps): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'up' });
  });
  app.get('/readyz', async (_req, res) => {
    const [database, redis] = await Promise.all([
      answersWithin(sql`select 1`.execute(deps.db), READY_WITHIN_MS),
      answersWithin(deps.redis.ping(), READY_WITHIN_MS),
    ]);
    if (database && redis) {
      res.json({ status: 'ready' });
      return;
    }
    // Which part, never the error's text (a host, a path, a driver message) to whoever asks.
    deps.logger.warn({ database, redis }, 'not ready');
    res.status(503).json({ status: 'not_ready', database, redis });
  });
}

/** One API surface: no caching, small form or JSON bodies, the calls, and not_found for the rest. */
function callRouter(
  api: 'vue' | 'admin',
  calls: readonly CallDefinition[],
  deps: GatewayDeps,
): express.Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // An article in three languages is the largest form staff send; the app's calls stay small.
  const limit = api === 'admin' ? '128kb' : '16kb';
  router.use(express.urlencoded({ extended: false, limit, parameterLimit: 50 }));
  router.use(express.json({ limit }));
  router.use(mountCalls(api, calls, deps));
  router.use((_req, res) => sendRefusal(res, 'not_found'));
  return router;
}

function buildExpress(deps: GatewayDeps, board: Router): Express {
  const app = express();
  app.disable('x-powered-by');
  // Answers are POSTs marked no-store: an ETag (a SHA-1 of every body) would never be used.
  app.set('etag', false);
  // A hop count, never `true`: `true` would take the client's own left-most X-Forwarded-For entry,
  // and anyone could pick the address every per-IP limit is keyed by.
  app.set('trust proxy', deps.config.trustProxyHops);
  app.use(requestId(deps.config.trustProxyHops > 0));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'base-uri': ["'none'"],
          'frame-ancestors': ["'none'"],
          'img-src': ["'self'", 'data:', 'blob:'],
        },
      },
    }),
  );
  probes(app, deps);
  app.get('/metrics', deps.metrics.handler(deps.config.metricsToken));
  // The app's calls for anyone; the back office's only for staff (GET with the admin-token).
  const openApi = buildOpenApi(CALLS);
  app.get(['/api/docs', '/api/docs.json'], (_req, res) => {
    res.json(openApi);
  });
  const adminOpenApi = buildOpenApi([], ADMIN_CALLS);
  app.get('/api/admin/docs', (req, res, next) => {
    authenticateAdmin(req, deps, 'see')
      .then(() => res.json(adminOpenApi))
      .catch(next);
  });
  app.use('/api/vue', callRouter('vue', CALLS, deps));
  app.use('/api/admin', callRouter('admin', ADMIN_CALLS, deps));
  // The queues, read-only, for administrators who open them from the console.
  app.use(BOARD_PATH, board);
  // A stack the tests start, only: never mounted otherwise (see test-fixtures.ts).
  if (deps.config.testFixtures) {
    const addStaff = (role: 'reviewer' | 'operator' | 'administrator') =>
      addTestStaff(deps.db, role, hashPassword, deps.clock.nowMs());
    app.use('/__test', testFixtureRouter(deps, addStaff));
  }
  if (existsSync(deps.config.clientDistDir)) {
    app.use(serveClient(deps.config.clientDistDir));
  }
  app.use((_req, res) => sendRefusal(res, 'not_found'));
  app.use(errorHandler(deps.logger));
  return app;
}

/** A BullMQ queue on its own connection; its errors are logged by the connection's handler. */
function queueOn(redis: Redis, logger: Logger, name: string): Queue {
  const queue = new Queue(name, {
    connection: duplicateRedis(redis, logger, name, { maxRetriesPerRequest: null }),
  });
  queue.on('error', () => undefined);
  return queue;
}

/** Everything a call needs, built once per gateway; `io` is read late (it exists once listening). */
function createDeps(
  options: GatewayOptions,
  io: () => KabutoServer | null,
  metricSources: MetricSources,
  emitRedis: Redis,
): GatewayDeps {
  const { config, redis, logger } = options;
  const queue = (name: Parameters<typeof queueName>[0]) =>
    queueOn(redis, logger, queueName(name, config.redisPrefix));
  const clock = options.clock ?? systemClock;
  return {
    config,
    db: options.db,
    redis,
    logger,
    clock,
    notifier: options.notifier ?? createOutboxNotifier(join(config.dataDir, 'outbox.jsonl')),
    limiters: createLimiters({
      redis,
      prefix: config.redisPrefix,
      db: options.db,
      nowMs: () => clock.nowMs(),
    }),
    accountEvents: createAccountEvents(
      { db: options.db, redis: emitRedis, redisPrefix: config.redisPrefix, logger },
      io,
    ),
    topics: createTopicPublisher(emitRedis, config.redisPrefix, (error) =>
      logger.warn({ err: String(error) }, 'topic update not sent'),
    ),
    quotes: createLatestQuotes(redis, config.redisPrefix),
    secrets: createSecretBox(config.dataDir, config.secretKey),
    assetRecompute: createAssetRecompute(queue('asset-recompute'), logger, { clock }),
    payouts: createPayoutQueue(queue('withdrawal-payout'), logger),
    ipoSteps: createIpoStepQueue(queue('ipo-allotment'), logger, clock),
    sessions: {
      findActive: (token, nowMs) => findActiveSession(options.db, token, nowMs),
      findActiveAdmin: (token, nowMs) => findActiveAdminSession(options.db, token, nowMs),
    },
    metrics: createMetrics(metricSources),
  };
}

function metricSourcesOf(options: GatewayOptions, io: () => KabutoServer | null) {
  return createMetricSources({
    db: options.db,
    redis: options.redis,
    logger: options.logger,
    redisPrefix: options.config.redisPrefix,
    nowMs: () => (options.clock ?? systemClock).nowMs(),
    sockets: () => io()?.engine.clientsCount ?? 0,
  });
}

/**
 * What every process keeps in memory from the database: listed new shares (quotes, orders,
 * closing) and the exchange calendars staff entered (a warning in the log 60 days before one
 * ends). Each reloads on a timer, and at once when the workers' list step or the console
 * announces a change.
 */
async function keepHouseDataFresh(
  deps: GatewayDeps,
  listedRefreshMs: number | undefined,
): Promise<{ stop(): Promise<void> }> {
  const listed = await keepListedInstrumentsFresh(
    deps.db,
    () => deps.clock.nowMs(),
    (error) => deps.logger.warn({ err: String(error) }, 'listed instruments refresh failed'),
    listedRefreshMs,
  );
  const calendars = await keepOperatorCalendarFresh(deps.db, {
    onError: (error) => deps.logger.warn({ err: String(error) }, 'calendars reload failed'),
    afterLoad: calendarWarningLog(deps.logger, () => deps.clock.nowMs()),
  });
  const channels = redisKeys(deps.config.redisPrefix);
  const subscriber = duplicateRedis(deps.redis, deps.logger, 'house-announcements');
  const announcements = await followAnnouncements(subscriber, {
    [channels.listedInstrumentsChannel]: listed.refresh,
    [channels.calendarChannel]: calendars.refresh,
  });
  return {
    async stop() {
      listed.stop();
      calendars.stop();
      await announcements.stop();
    },
  };
}

/** Closes after the replies still due (when Redis is up); at once, failing what waits, when not. */
async function closeConnection(connection: Redis): Promise<void> {
  if (connection.status === 'ready') await connection.quit().catch(() => undefined);
  else connection.disconnect();
}

/** Builds the gateway without listening: tests call listen(0), main.ts listens on PORT. */
export function createGateway(options: GatewayOptions): Gateway {
  let io: KabutoServer | null = null;
  let conflator: TickConflator | null = null;
  const { config, redis } = options;
  const metricSources = metricSourcesOf(options, () => io);
  // Socket events onto the adapter's stream: a connection that waits out a Redis restart.
  const emitRedis = duplicateRedis(redis, options.logger, 'socket.io-emit', {
    maxRetriesPerRequest: null,
  });
  const deps = createDeps(options, () => io, metricSources, emitRedis);
  const board = queueBoard(deps);
  const app = buildExpress(deps, board.router);
  const httpServer = createServer(app);
  const closers: Array<() => Promise<void>> = [];
  return {
    app,
    httpServer,
    deps,
    io: () => {
      if (!io) throw new Error('gateway is not listening');
      return io;
    },
    tickConflator: () => {
      if (!conflator) throw new Error('gateway is not listening');
      return conflator;
    },
    async listen(port) {
      const realtime = await createIo(httpServer, {
        ...deps,
        redisPrefix: config.redisPrefix,
        allowedOrigins: config.allowedOrigins,
        sessionSweepMs: options.sessionSweepMs,
      });
      io = realtime.io;
      conflator = realtime.conflator;
      const fanout = await startTickFanout(io, redis, {
        redisPrefix: config.redisPrefix,
        logger: deps.logger,
        conflator: realtime.conflator,
        flushMs: config.tickFlushMs,
      });
      const houseData = await keepHouseDataFresh(deps, options.listedRefreshMs);
      const attempts = sweepSecretAttempts(
        deps.db,
        () => deps.clock.nowMs(),
        (error) => deps.logger.warn({ err: String(error) }, 'secret attempt sweep failed'),
      );
      closers.push(
        () => fanout.stop(),
        () => realtime.close(),
        () => houseData.stop(),
        () => Promise.resolve(attempts.stop()),
      );
      await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
      const address = httpServer.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    async close() {
      await deps.accountEvents.close();
      for (const close of closers.reverse()) await close().catch(() => undefined);
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await deps.assetRecompute.close();
      await deps.payouts.close();
      await deps.ipoSteps.close();
      await metricSources.close();
      await board.close();
      await closeConnection(emitRedis);
    },
  };
}
