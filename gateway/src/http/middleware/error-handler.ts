import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { Refusal } from '@kabuto/schema/contracts';
import type { Logger } from '../../infra/logger.ts';
import { isRedisUnavailable } from '../../infra/redis.ts';
import { sendRefusal } from '../envelope.ts';

export function fieldsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] = issue.code;
  return fields;
}

/**
 * Maps every failure to the envelope: refusals by key, bad input 4xx, a lost Redis connection to
 * 503 `service_unavailable` (retryable), the unknown to a logged 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (error instanceof Refusal) return sendRefusal(res, error.msg, error.data);
    if (error instanceof ZodError) {
      return sendRefusal(res, 'invalid_param', { fields: fieldsOf(error) }, 400);
    }
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendRefusal(res, 'invalid_param', { fields: {} }, status === 413 ? 413 : 400);
    }
    if (isRedisUnavailable(error)) return sendRefusal(res, 'service_unavailable');
    logger.error({ err: error }, 'unhandled error');
    return sendRefusal(res, 'internal_error', null, 500);
  };
}
