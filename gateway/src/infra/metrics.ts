import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the gateway reads at each scrape (the numbers it does not count itself). */
export interface MetricSources {
  /** Sockets connected to this gateway. */
  sockets(): number;
  /** Jobs per queue and state (waiting, active, delayed, failed), over every worker. */
  queueJobs(): Promise<Record<string, Record<string, number>>>;
  /** Seconds since the feed's newest tick (null before the first). */
  feedLagSeconds(): Promise<number | null>;
  /** The ledger's newest journal id (ids are sequential): its rate is the journal rate. */
  journals(): Promise<number>;
}

export interface Metrics {
  /** One answered call: its API (vue, admin), path (a declared call's), HTTP status and seconds. */
  observeCall(api: string, path: string, status: number, seconds: number): void;
  /** `GET /metrics` in the Prometheus text format, for the token's holder or the machine itself. */
  handler(token: string | undefined): RequestHandler;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function mayScrape(req: Request, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'];
}

/** The gauges read from the sources at each scrape. */
function registerSourceGauges(registry: Registry, sources: MetricSources): void {
  new Gauge({
    name: 'kabuto_sockets',
    help: 'Sockets connected to this gateway',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  new Gauge({
    name: 'kabuto_queue_jobs',
    help: 'BullMQ jobs by queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, counts] of Object.entries(await sources.queueJobs())) {
        for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
      }
    },
  });
  new Gauge({
    name: 'kabuto_feed_lag_seconds',
    help: 'Seconds since the newest tick of the market-data feed',
    registers: [registry],
    async collect() {
      const lag = await sources.feedLagSeconds();
      if (lag !== null) this.set(lag);
    },
  });
  new Gauge({
    name: 'kabuto_ledger_journals',
    help: 'Journals in the ledger (every process); rate() gives the journal rate',
    registers: [registry],
    async collect() {
      this.set(await sources.journals());
    },
  });
}

/**
 * The operator's signals (issue 21) with prom-client: call rate and latency by call, sockets,
 * queue depths and failures, feed lag, the ledger's journals, and Node's own (memory, event loop).
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kabuto_gateway_' });
  const calls = new Counter({
    name: 'kabuto_calls_total',
    help: 'Calls answered, by API, path and HTTP status',
    labelNames: ['api', 'path', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'kabuto_call_duration_seconds',
    help: 'Time to answer a call, by API and path',
    labelNames: ['api', 'path'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  registerSourceGauges(registry, sources);
  return {
    observeCall(api, path, status, seconds) {
      calls.inc({ api, path, status: String(status) });
      latency.observe({ api, path }, seconds);
    },
    handler: (token) => (req, res, next) => {
      if (!mayScrape(req, token)) {
        res.status(404).json({ status: 0, msg: 'not_found', data: null });
        return;
      }
      registry
        .metrics()
        .then((text) => {
          res.setHeader('Content-Type', registry.contentType);
          res.send(text);
        })
        .catch(next);
    },
  };
}
