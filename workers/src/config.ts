import { resolve } from 'node:path';
import { z } from 'zod';
import {
  kabutoModeSchema,
  refuseUnsupportedMode,
  testFixturesAllowed,
  type KabutoMode,
} from '@kabuto/schema/contracts';
import { INTRADAY_RULES } from '@kabuto/schema/intraday';
import type { Market } from '@kabuto/schema/market';

/** The only reader of process.env in the workers process. */
const envSchema = z.object({
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  DATABASE_URL: z.string().optional(),
  KABUTO_MODE: kabutoModeSchema,
  KABUTO_REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('kabuto'),
  KABUTO_SEED: z.coerce.number().int().default(20261121),
  KABUTO_FEED_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  KABUTO_ROLES: z.string().default('jobs,feed'),
  KABUTO_CLOCK: z.enum(['exchange', 'always-open']).default('exchange'),
  KABUTO_FEED: z.enum(['simulator', 'replay']).default('simulator'),
  KABUTO_REPLAY_DIR: z.string().default('./data/replay'),
  KABUTO_HISTORY_DAYS: z.coerce.number().int().min(10).max(7_300).default(1_900),
  KABUTO_MINUTE_HISTORY_DAYS: z.coerce.number().int().min(0).max(30).default(5),
  /** Subscriptions per draw transaction (the fault test makes it small to kill between chunks). */
  KABUTO_DRAW_CHUNK: z.coerce.number().int().min(100).max(1_000_000).default(25_000),
  /** Forced-close fee per position the intraday settlement closes, minor units: `JP=3575,US=0`. */
  KABUTO_INTRADAY_FORCED_CLOSE_FEE: z
    .string()
    .regex(/^((JP|US|CN)=\d{1,12})?(,(JP|US|CN)=\d{1,12})*$/)
    .default(''),
  /** Seals secrets at rest (base64, 32 bytes); unset: DATA_DIR/secret.key, shared with the gateway. */
  KABUTO_SECRET_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
  /** Set only by the tests' stack: the test clock and the fixture API; refused with live. */
  KABUTO_TEST_FIXTURES: z.enum(['0', '1']).default('0'),
});

export interface WorkersConfig {
  readonly dataDir: string;
  readonly redisUrl: string;
  readonly databaseUrl: string | undefined;
  readonly mode: KabutoMode;
  readonly redisPrefix: string;
  readonly seed: number;
  readonly feedIntervalMs: number;
  readonly roles: ReadonlySet<'jobs' | 'feed'>;
  readonly clock: 'exchange' | 'always-open';
  /** Where quotes come from: the simulator, or recorded OHLCV files in `replayDir`. */
  readonly feed: 'simulator' | 'replay';
  readonly replayDir: string;
  /** Calendar days of generated daily history on first start; trading days with 1-minute bars. */
  readonly historyDays: number;
  readonly minuteDays: number;
  /** Subscriptions per draw transaction. */
  readonly drawChunk: number;
  readonly logLevel: string;
  /** KABUTO_SECRET_KEY: the key of the secret box (`createSecretBox`), when not the data dir's. */
  readonly secretKey: string | undefined;
  /** A stack started by the tests: a clock they can move (and, in the gateway, the fixture API). */
  readonly testFixtures: boolean;
  /** The intraday forced-close fee per position per market (defaults from INTRADAY_RULES). */
  readonly forcedCloseFee: Readonly<Record<Market, bigint>>;
}

/** The market rules' default fees with the configured ones over them. */
function forcedCloseFees(text: string): Record<Market, bigint> {
  const fees = {
    JP: INTRADAY_RULES.JP.forcedCloseFeeMinor,
    US: INTRADAY_RULES.US.forcedCloseFeeMinor,
    CN: INTRADAY_RULES.CN.forcedCloseFeeMinor,
  };
  for (const pair of text.split(',').filter(Boolean)) {
    const [market, amount] = pair.split('=') as [Market, string];
    fees[market] = BigInt(amount);
  }
  return fees;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): WorkersConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const roles = new Set(
    e.KABUTO_ROLES.split(',').filter((r): r is 'jobs' | 'feed' => r === 'jobs' || r === 'feed'),
  );
  const testFixtures = testFixturesAllowed(e.KABUTO_TEST_FIXTURES, e.KABUTO_MODE);
  return Object.freeze({
    dataDir: resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    databaseUrl: e.DATABASE_URL || undefined,
    mode: refuseUnsupportedMode(e.KABUTO_MODE),
    redisPrefix: e.KABUTO_REDIS_PREFIX,
    seed: e.KABUTO_SEED,
    feedIntervalMs: e.KABUTO_FEED_INTERVAL_MS,
    roles,
    clock: e.KABUTO_CLOCK,
    feed: e.KABUTO_FEED,
    replayDir: resolve(e.KABUTO_REPLAY_DIR),
    historyDays: e.KABUTO_HISTORY_DAYS,
    minuteDays: e.KABUTO_MINUTE_HISTORY_DAYS,
    drawChunk: e.KABUTO_DRAW_CHUNK,
    logLevel: e.LOG_LEVEL,
    secretKey: e.KABUTO_SECRET_KEY || undefined,
    testFixtures,
    forcedCloseFee: forcedCloseFees(e.KABUTO_INTRADAY_FORCED_CLOSE_FEE),
  });
}
