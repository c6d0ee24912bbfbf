import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '@kabuto/schema/db';
import {
  blockAttempts,
  forgetAttempts,
  giveBackAttempts,
  liveAttempts,
  spendAttempts,
  sweepEndedAttempts,
  type AttemptRule,
} from '@kabuto/schema/modules/auth/db/secret-attempts.repository.ts';

export { forgetAllAttempts } from '@kabuto/schema/modules/auth/db/secret-attempts.repository.ts';

/** What a secret check spends its attempts from (a `SqlLimiter`, or a Redis limiter for floods). */
export interface AttemptLimiter {
  readonly points: number;
  /** Spends one attempt; rejects with a `RateLimiterRes` when none was left. */
  consume(key: string): Promise<unknown>;
  reward(key: string, points: number): Promise<unknown>;
  delete(key: string): Promise<unknown>;
}

/**
 * A limit kept in the database (`secret_attempt`, the auth module's table), as rate-limiter-flexible
 * keeps one in Redis: each spend is one conditional upsert, so parallel callers never pass more
 * than the limit, and a Redis restart forgets nothing. Windows and blocks end on the gateway's clock.
 */
export class SqlLimiter implements AttemptLimiter {
  readonly #db: Db;
  readonly #name: string;
  readonly #rule: AttemptRule;
  readonly #nowMs: () => number;

  constructor(db: Db, name: string, rule: AttemptRule, nowMs: () => number) {
    this.#db = db;
    this.#name = name;
    this.#rule = rule;
    this.#nowMs = nowMs;
  }

  get points(): number {
    return this.#rule.limit;
  }

  #key(key: string): string {
    return `${this.#name}:${key}`;
  }

  async consume(key: string): Promise<RateLimiterRes> {
    const nowMs = this.#nowMs();
    const spent = await spendAttempts(this.#db, this.#key(key), this.#rule, nowMs);
    const left = Math.max(0, this.#rule.limit - spent.points);
    const answer = new RateLimiterRes(
      left,
      spent.expiresAt - nowMs,
      spent.points,
      spent.points === 1,
    );
    if (spent.points > this.#rule.limit) throw answer;
    return answer;
  }

  /** Counts one more without refusing (how many times an address was blocked today); returns the count. */
  async penalty(key: string): Promise<number> {
    return (await spendAttempts(this.#db, this.#key(key), this.#rule, this.#nowMs())).points;
  }

  async reward(key: string, points: number): Promise<void> {
    await giveBackAttempts(this.#db, this.#key(key), points, this.#nowMs());
  }

  async delete(key: string): Promise<void> {
    await forgetAttempts(this.#db, this.#key(key));
  }

  /** Refuses `key` for `seconds` from now, whatever it had spent. */
  async block(key: string, seconds: number): Promise<void> {
    await blockAttempts(this.#db, this.#key(key), this.#rule.limit, this.#nowMs() + seconds * 1000);
  }

  /** When `key`'s window or block ends (epoch ms), or null when it has none running. */
  async endsAt(key: string): Promise<number | null> {
    return (await liveAttempts(this.#db, this.#key(key), this.#nowMs()))?.expiresAt ?? null;
  }
}

/** How often a gateway deletes the attempts whose window or block has ended. */
export const SECRET_ATTEMPT_SWEEP_MS = 15 * 60 * 1000;

/** Deletes ended attempts now and every `everyMs`; `stop` ends it. Failures are only logged. */
export function sweepSecretAttempts(
  db: Db,
  nowMs: () => number,
  onError: (error: unknown) => void,
  everyMs = SECRET_ATTEMPT_SWEEP_MS,
): { stop(): void } {
  const sweep = () => void sweepEndedAttempts(db, nowMs()).catch(onError);
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
