import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const SANE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Every request gets an id: the caller's `X-Request-Id` when it looks like one (a proxy's), else
 * a new one. It goes back in the answer's header and into every log line about the request, so
 * an operator can find a user's failed call by the id the screen or the proxy shows, and the
 * workers' lines about the jobs it queued (`depsForRequest`, `traced`).
 */
export function requestId(fromProxy: boolean): RequestHandler {
  return (req, res, next) => {
    // Only a proxy in front of us names the request (KABUTO_TRUST_PROXY): a client could reuse
    // another call's id and blur what the log says about each.
    const given = fromProxy ? req.headers['x-request-id'] : undefined;
    const id = typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
    res.locals['requestId'] = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

export const requestIdOf = (res: { locals: Record<string, unknown> }): string =>
  String(res.locals['requestId'] ?? '');
