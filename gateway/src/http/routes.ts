import { Router, type Request } from 'express';
import type { GatewayDeps } from '../deps.ts';
import type { CallDefinition } from './call.ts';
import { authenticate } from './middleware/auth.ts';
import { sendOk, sendRefusal } from './envelope.ts';
import { fieldsOf } from './middleware/error-handler.ts';

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Mounts every call as POST /<path>, validating input with its zod schema before anything runs. */
export function mountCalls(calls: readonly CallDefinition[], deps: GatewayDeps): Router {
  const router = Router();
  for (const call of calls) {
    router.post(`/${call.path}`, async (req, res, next) => {
      try {
        const caller = call.auth === 'user' ? await authenticate(req, deps) : null;
        const parsed = call.input.safeParse(bodyOf(req));
        if (!parsed.success) {
          sendRefusal(res, 'invalid_param', { fields: fieldsOf(parsed.error) }, 400);
          return;
        }
        const result = await call.handle({
          input: parsed.data,
          caller,
          ip: req.ip ?? '',
          userAgent: String(req.headers['user-agent'] ?? '').slice(0, 200),
          deps,
        });
        sendOk(res, result.msg, result.data ?? null);
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
}
