import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { Refusal } from '@kabuto/schema/contracts';

/** Brute-force and flood limits, kept in Redis so every gateway shares them (RELIABILITY.md 4.2). */
export interface Limiters {
  readonly loginFailuresByAccountIp: RateLimiterRedis;
  readonly loginFailuresByIp: RateLimiterRedis;
  readonly sendCodeByAccount: RateLimiterRedis;
  readonly sendCodeByIp: RateLimiterRedis;
  readonly fundPasswordFailures: RateLimiterRedis;
  /** Uploads that reach the image pipeline (`user/verify`, `fund/deposit` proofs), per user and per IP. */
  readonly uploadsByUser: RateLimiterRedis;
  readonly uploadsByIp: RateLimiterRedis;
}

/** A user retakes a blurred photo a few times; decoding costs CPU, so not a few hundred. */
export const UPLOADS_PER_USER_PER_HOUR = 10;
export const UPLOADS_PER_IP_PER_HOUR = 60;

export function createLimiters(redis: Redis, prefix: string): Limiters {
  const make = (name: string, points: number, durationSeconds: number, blockSeconds = 0) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:rl:${name}`,
      points,
      duration: durationSeconds,
      blockDuration: blockSeconds,
    });
  return {
    loginFailuresByAccountIp: make('login-account-ip', 10, 60 * 60, 15 * 60),
    loginFailuresByIp: make('login-ip', 100, 24 * 60 * 60, 24 * 60 * 60),
    sendCodeByAccount: make('sendcode-account', 1, 60),
    sendCodeByIp: make('sendcode-ip', 20, 60 * 60),
    fundPasswordFailures: make('fund-password', 5, 15 * 60, 15 * 60),
    uploadsByUser: make('uploads-user', UPLOADS_PER_USER_PER_HOUR, 60 * 60),
    uploadsByIp: make('uploads-ip', UPLOADS_PER_IP_PER_HOUR, 60 * 60),
  };
}

/** Refuses with too_frequent when a limiter has no points left for the key. */
export async function assertNotBlocked(limiter: RateLimiterRedis, key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.remainingPoints <= 0) throw new Refusal('too_frequent');
}

/** Spends one point; refuses with too_frequent when none was left. */
export async function consumeOrRefuse(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new Refusal('too_frequent');
    throw error;
  }
}

/** Records a failure without refusing (the next attempt's check refuses). */
export async function recordFailure(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}
