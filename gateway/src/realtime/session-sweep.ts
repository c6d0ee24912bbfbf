import type { Db } from '@kabuto/schema/db';
import type { SocketData } from '@kabuto/schema/contracts';
import { liveSessionIds } from '../modules/auth/sessions.repository.ts';
import type { Clock } from '../infra/clock.ts';
import type { Logger } from '../infra/logger.ts';
import type { KabutoServer } from './account-events.ts';

/** How often each gateway checks its signed-in sockets: a session ended by any path is cut off within it. */
export const SESSION_SWEEP_MS = 500;
/** Ids per query, well under every driver's bound-parameter limit. */
const CHUNK = 500;

export interface SessionSweepDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly logger?: Logger;
}

/** Disconnects this gateway's sockets whose session is no longer live; returns how many sessions ended. */
async function sweepEndedSessions(io: KabutoServer, deps: SessionSweepDeps): Promise<number> {
  const bySession = new Map<number, Array<{ disconnect(close: boolean): unknown }>>();
  for (const socket of io.of('/').sockets.values()) {
    const sessionId = (socket.data as SocketData).sessionId;
    if (sessionId === null || sessionId === undefined) continue;
    const list = bySession.get(sessionId) ?? [];
    list.push(socket);
    bySession.set(sessionId, list);
  }
  const ids = [...bySession.keys()];
  let ended = 0;
  for (let from = 0; from < ids.length; from += CHUNK) {
    const chunk = ids.slice(from, from + CHUNK);
    const live = await liveSessionIds(deps.db, chunk, deps.clock.nowMs());
    for (const id of chunk) {
      if (live.has(id)) continue;
      for (const socket of bySession.get(id) ?? []) socket.disconnect(true);
      ended += 1;
    }
  }
  return ended;
}

/**
 * The backstop behind the calls that end sessions (`modules/auth/session-end.ts`): a ban or
 * freeze, a revocation written straight to the database, an expiry, or a socket that joined while
 * its session was being revoked. Each gateway sweeps only its own sockets.
 */
export function startSessionSweep(
  io: KabutoServer,
  deps: SessionSweepDeps,
  intervalMs = SESSION_SWEEP_MS,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepEndedSessions(io, deps)
      .catch((error: unknown) => deps.logger?.warn({ err: error }, 'session sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
