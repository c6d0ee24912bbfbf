import { resolve } from 'node:path';
import { z } from 'zod';
import {
  kabutoModeSchema,
  refuseUnsupportedMode,
  testFixturesAllowed,
  type KabutoMode,
} from '@kabuto/schema/contracts';

/** The only reader of process.env in the gateway. Reports every bad variable at once. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  DATABASE_URL: z.string().optional(),
  KABUTO_MODE: kabutoModeSchema,
  KABUTO_CLOCK: z.enum(['exchange', 'always-open']).default('exchange'),
  KABUTO_TICK_FLUSH_MS: z.coerce.number().int().min(10).max(2_000).default(100),
  KABUTO_REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('kabuto'),
  KABUTO_LICENSE: z.string().default(''),
  KABUTO_ALLOWED_ORIGINS: z.string().default(''),
  KABUTO_TRUST_PROXY: z.coerce.number().int().min(0).max(5).default(0),
  /** `/metrics` answers a Bearer of this token; without one, only the machine itself. */
  KABUTO_METRICS_TOKEN: z.string().min(16).optional(),
  /** Seals secrets at rest (base64, 32 bytes); unset: DATA_DIR/secret.key, shared with the workers. */
  KABUTO_SECRET_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
  /** Set only by the tests' stack: the test clock and the fixture API; refused with live. */
  KABUTO_TEST_FIXTURES: z.enum(['0', '1']).default('0'),
});

export interface GatewayConfig {
  readonly port: number;
  readonly dataDir: string;
  readonly redisUrl: string;
  readonly databaseUrl: string | undefined;
  readonly mode: KabutoMode;
  readonly clock: 'exchange' | 'always-open';
  /** How often batch-mode sockets get their conflated tick frame. */
  readonly tickFlushMs: number;
  readonly redisPrefix: string;
  readonly license: string;
  /** Extra origins allowed to open sockets; the page's own origin is always allowed. */
  readonly allowedOrigins: readonly string[];
  /**
   * How many reverse proxies stand in front of the gateway: the client address is the one the
   * nearest of them saw (X-Forwarded-For read from the right); 0 ignores the header.
   */
  readonly trustProxyHops: number;
  readonly logLevel: string;
  /** `/metrics` for a scraper holding it (Authorization: Bearer); unset: loopback only. */
  readonly metricsToken: string | undefined;
  /** KABUTO_SECRET_KEY: the key of the secret box (`createSecretBox`), when not the data dir's. */
  readonly secretKey: string | undefined;
  /** A stack started by the tests: a clock they can move (and, in the gateway, the fixture API). */
  readonly testFixtures: boolean;
  readonly clientDistDir: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const testFixtures = testFixturesAllowed(e.KABUTO_TEST_FIXTURES, e.KABUTO_MODE);
  return Object.freeze({
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    databaseUrl: e.DATABASE_URL || undefined,
    mode: refuseUnsupportedMode(e.KABUTO_MODE),
    clock: e.KABUTO_CLOCK,
    tickFlushMs: e.KABUTO_TICK_FLUSH_MS,
    redisPrefix: e.KABUTO_REDIS_PREFIX,
    license: e.KABUTO_LICENSE,
    allowedOrigins: e.KABUTO_ALLOWED_ORIGINS.split(',').filter(Boolean),
    trustProxyHops: e.KABUTO_TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.KABUTO_METRICS_TOKEN,
    secretKey: e.KABUTO_SECRET_KEY || undefined,
    testFixtures,
    clientDistDir: resolve(import.meta.dirname, '../../../client/dist'),
  });
}
