import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { Refusal } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import { addressKey } from './address-key.ts';
import { SqlLimiter, type AttemptLimiter } from './sql-limiter.ts';

export type { AttemptLimiter } from './sql-limiter.ts';

/**
 * Brute-force and flood limits, shared by every gateway (RELIABILITY.md 4.2; the policy is
 * decision 36 in ARCHITECTURE.md). The limits that guard a secret (a password, a code, an
 * address's block) are kept in the database (`SqlLimiter`, decision 93): a Redis that restarts
 * without its data must not hand out a fresh set of guesses. Plain request floods stay in Redis.
 * Every secret check spends its attempt before it runs (`checkWithLimits`), so a parallel burst
 * gets no more checks than a series would.
 */
export interface Limiters {
  /** Login and back-office login per (account, IP): 10 attempts an hour, then 15 minutes blocked; a success resets. */
  readonly loginByAccountIp: SqlLimiter;
  /** Failed logins per IP over every account: 100, then a short block that grows (`ipBlockSeconds`). */
  readonly loginByIp: SqlLimiter;
  /** How many times an IP was blocked in the last day: each block lasts twice the one before. */
  readonly loginIpBlocks: SqlLimiter;
  /** The login password asked again inside a session (changePassword, setFundPassword): 5 per 15 minutes per user. */
  readonly passwordRecheck: SqlLimiter;
  /**
   * Fund password, channel password, TOTP code and a block offer's placement key, each its own
   * key per user: 5 per 15 minutes.
   */
  readonly fundSecrets: SqlLimiter;
  /** Verification codes per (purpose, account): 5 per 10 minutes (a code lives 10 minutes). */
  readonly codeChecks: SqlLimiter;
  readonly sendCodeByAccount: RateLimiterRedis;
  readonly sendCodeByIp: RateLimiterRedis;
  /** Uploads that reach the image pipeline (`user/verify`, `fund/deposit` proofs), per user and per IP. */
  readonly uploadsByUser: RateLimiterRedis;
  readonly uploadsByIp: RateLimiterRedis;
}

/** The per-IP block: one minute the first time in a day, doubling each time after, at most 15 minutes. */
export const IP_BLOCK_FIRST_S = 60;
export const IP_BLOCK_MAX_S = 15 * 60;

export function ipBlockSeconds(blocksToday: number): number {
  return Math.min(IP_BLOCK_FIRST_S * 2 ** Math.max(0, blocksToday - 1), IP_BLOCK_MAX_S);
}

/** A user retakes a blurred photo a few times; decoding costs CPU, so not a few hundred. */
export const UPLOADS_PER_USER_PER_HOUR = 10;
export const UPLOADS_PER_IP_PER_HOUR = 60;

export interface LimiterStores {
  readonly redis: Redis;
  readonly prefix: string;
  readonly db: Db;
  /** The gateway's clock (the test clock in a test stack): when windows and blocks end. */
  readonly nowMs: () => number;
}

export function createLimiters({ redis, prefix, db, nowMs }: LimiterStores): Limiters {
  const inRedis = (name: string, points: number, durationSeconds: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:rl:${name}`,
      points,
      duration: durationSeconds,
    });
  const inDb = (name: string, limit: number, windowSeconds: number, blockSeconds = 0) =>
    new SqlLimiter(
      db,
      name,
      { limit, windowMs: windowSeconds * 1000, blockMs: blockSeconds * 1000 },
      nowMs,
    );
  return {
    loginByAccountIp: inDb('login-account-ip', 10, 60 * 60, 15 * 60),
    loginByIp: inDb('login-ip', 100, 60 * 60),
    loginIpBlocks: inDb('login-ip-blocks', 1_000, 24 * 60 * 60),
    passwordRecheck: inDb('password-recheck', 5, 15 * 60, 15 * 60),
    fundSecrets: inDb('fund-secret', 5, 15 * 60, 15 * 60),
    codeChecks: inDb('code-check', 5, 10 * 60, 10 * 60),
    sendCodeByAccount: inRedis('sendcode-account', 1, 60),
    sendCodeByIp: inRedis('sendcode-ip', 20, 60 * 60),
    uploadsByUser: inRedis('uploads-user', UPLOADS_PER_USER_PER_HOUR, 60 * 60),
    uploadsByIp: inRedis('uploads-ip', UPLOADS_PER_IP_PER_HOUR, 60 * 60),
  };
}

/** One limiter and key that a check spends an attempt from. */
export interface Limit {
  readonly limiter: AttemptLimiter;
  readonly key: string;
  /** After a passed check: `reset` clears the key (it counts consecutive failures), `refund` gives the attempt back. */
  readonly onPass: 'reset' | 'refund';
  /** Called once, by the attempt that first went over the limit (the growing per-IP block). */
  readonly onExhausted?: () => Promise<void>;
}

/** The per-(account, IP) and per-IP limits every password login goes through (IPv6 by /64). */
export function loginLimits(limiters: Limiters, accountKey: string, clientIp: string): Limit[] {
  const ip = addressKey(clientIp);
  return [
    {
      limiter: limiters.loginByIp,
      key: ip,
      onPass: 'refund',
      onExhausted: () => blockIp(limiters, ip),
    },
    { limiter: limiters.loginByAccountIp, key: `${accountKey}|${ip}`, onPass: 'reset' },
  ];
}

async function blockIp(limiters: Limiters, ip: string): Promise<void> {
  const blocksToday = await limiters.loginIpBlocks.penalty(ip);
  await limiters.loginByIp.block(ip, ipBlockSeconds(blocksToday));
}

function isRefusal(error: unknown): error is RateLimiterRes {
  return error instanceof RateLimiterRes;
}

/**
 * Spends one attempt from every limit, atomically in its store, before anything is checked; refuses
 * with too_frequent (and gives back what it spent) when any has none left.
 */
async function spendAttempt(limits: readonly Limit[]): Promise<void> {
  const spent: Limit[] = [];
  for (const limit of limits) {
    try {
      await limit.limiter.consume(limit.key);
      spent.push(limit);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      if (limit.onExhausted && error.consumedPoints === limit.limiter.points + 1) {
        await limit.onExhausted();
      }
      await Promise.all(spent.map((s) => s.limiter.reward(s.key, 1)));
      throw new Refusal('too_frequent');
    }
  }
}

/**
 * Runs a secret check (password, fund password, channel password, TOTP, verification code) only
 * after spending its attempt from every limit, so at most the limit is ever checked, in series or
 * in parallel. A passed check resets or refunds its limits; a failed one keeps the attempt spent.
 */
export async function checkWithLimits(
  limits: readonly Limit[],
  check: () => Promise<boolean>,
): Promise<boolean> {
  await spendAttempt(limits);
  const passed = await check();
  if (passed) {
    await Promise.all(
      limits.map((l) =>
        l.onPass === 'reset' ? l.limiter.delete(l.key) : l.limiter.reward(l.key, 1),
      ),
    );
  }
  return passed;
}

/** One per-user limit that counts consecutive failures (reset by a success). */
export function userLimit(limiter: AttemptLimiter, key: string): Limit[] {
  return [{ limiter, key, onPass: 'reset' }];
}

/** Spends one point; refuses with too_frequent when none was left. */
export async function consumeOrRefuse(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (isRefusal(error)) throw new Refusal('too_frequent');
    throw error;
  }
}
