import express, { Router, type Request } from 'express';
import { isTestClock } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../infra/deps.ts';
import { moveTestClock } from '../infra/test-clock.ts';
import { forgetAllAttempts } from '../infra/sql-limiter.ts';
import { sendOk, sendRefusal } from './envelope.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Only the machine itself: the test runner beside the stack (a proxy's client is another address). */
function fromLoopback(req: Request): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'];
}

/**
 * `/__test/…`, mounted only on a stack the tests start (KABUTO_TEST_FIXTURES=1, refused in live
 * mode): `GET clock` reads the stack's clock, `POST clock {to_ms}` moves it forward (never back) so
 * that every process reads at least `to_ms`; the workers then run the steps that fell due.
 * `POST reset-limits` forgets the rate-limit counts (a test file's clean slate). `POST staff
 * {role}` adds a staff member and answers the login and password (the browser tests each sign in
 * as a staff member of their own, with their own second factor).
 */
/** Adds a staff member with a password and no second factor yet (the admin module's door). */
export type AddStaff = (role: 'reviewer' | 'operator' | 'administrator') => Promise<{
  login: string;
  password: string;
}>;

export function testFixtureRouter(deps: GatewayDeps, addStaff: AddStaff): Router {
  const clock = deps.clock;
  if (!isTestClock(clock)) throw new Error('the fixture API needs the test clock');
  const router = Router();
  router.use((req, res, next) => {
    if (fromLoopback(req)) next();
    else sendRefusal(res, 'not_found');
  });
  const answer = () => ({ now_ms: clock.nowMs(), offset_ms: clock.offsetMs() });
  router.get('/clock', (_req, res) => sendOk(res, 'ok', answer()));
  router.post('/clock', express.json(), (req, res, next) => {
    const toMs = Number((req.body as { to_ms?: unknown } | undefined)?.to_ms);
    if (!Number.isSafeInteger(toMs) || toMs <= 0) {
      sendRefusal(res, 'invalid_param');
      return;
    }
    moveTestClock(deps.redis, deps.config.redisPrefix, clock, toMs)
      .then(() => sendOk(res, 'ok', answer()))
      .catch(next);
  });
  router.post('/staff', express.json(), (req, res, next) => {
    const role = (req.body as { role?: unknown } | undefined)?.role;
    if (role !== 'reviewer' && role !== 'operator' && role !== 'administrator') {
      sendRefusal(res, 'invalid_param');
      return;
    }
    addStaff(role)
      .then((staff) => sendOk(res, 'ok', staff))
      .catch(next);
  });
  router.post('/reset-limits', (_req, res, next) => {
    resetLimits(deps)
      .then((removed) => sendOk(res, 'ok', { removed }))
      .catch(next);
  });
  return router;
}

/**
 * Forgets every rate-limit count (`<prefix>:rl:*` in Redis, the secret limits' rows in the
 * database): each browser-test file on the shared stack starts as on a fresh one, though all of
 * them register from 127.0.0.1.
 */
async function resetLimits(deps: GatewayDeps): Promise<number> {
  let removed = await forgetAllAttempts(deps.db);
  let cursor = '0';
  do {
    const [next, keys] = await deps.redis.scan(
      cursor,
      'MATCH',
      `${deps.config.redisPrefix}:rl:*`,
      'COUNT',
      500,
    );
    cursor = next;
    if (keys.length) removed += await deps.redis.del(...keys);
  } while (cursor !== '0');
  return removed;
}
