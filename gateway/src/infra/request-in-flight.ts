import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { Refusal } from '@kabuto/schema/contracts';

/** Longer than any one money call takes; a crashed run's claim lapses after it. */
const CLAIM_MS = 30_000;
/** How long a retry waits for the first run's answer before it is told the account is busy. */
const WAIT_MS = 15_000;
const POLL_MS = 25;

const RELEASE_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * One run at a time per (user, request_id). A retry sent while the first run is still working (a
 * double tap, a client that gave up waiting and tried again) waits for the first run's stored
 * answer instead of running the checks a second time: the secret checks spend an attempt each
 * (decision 36), so parallel retries of one intent would use up the user's fund-password attempts
 * and answer 429 where the user should get the first answer. A first run that was refused stores
 * nothing, and the retry then runs as a new attempt.
 */
export async function oneRunPerRequest<T>(
  redis: Redis,
  key: string,
  run: () => Promise<T>,
  storedAnswer: () => Promise<T | undefined>,
): Promise<T> {
  const giveUpAt = Date.now() + WAIT_MS;
  for (;;) {
    const claim = randomUUID();
    if ((await redis.set(key, claim, 'PX', CLAIM_MS, 'NX')) === 'OK') {
      try {
        // A run that finished between our last look and this claim left its answer.
        return (await storedAnswer()) ?? (await run());
      } finally {
        await redis.eval(RELEASE_IF_OURS, 1, key, claim).catch(() => undefined);
      }
    }
    const answer = await storedAnswer();
    if (answer !== undefined) return answer;
    if (Date.now() > giveUpAt) throw new Refusal('fund_operation_busy');
    await sleep(POLL_MS);
  }
}
