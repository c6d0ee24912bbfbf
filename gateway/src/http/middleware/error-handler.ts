import type { ErrorRequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { Refusal } from '@kabuto/schema/contracts';
import type { Logger } from '../../infra/logger.ts';
import { isRedisUnavailable } from '../../infra/redis.ts';
import { sendRefusal } from '../envelope.ts';
import { requestIdOf } from './request-id.ts';

export function fieldsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] = issue.code;
  return fields;
}

/** What a file answer set before it failed (an unsatisfiable Range on a brotli copy): not the refusal's. */
const FILE_HEADERS = [
  'Content-Encoding',
  'Content-Type',
  'Content-Range',
  'Content-Length',
  'ETag',
  'Last-Modified',
  'Accept-Ranges',
];

function dropFileHeaders(res: Response): void {
  for (const name of FILE_HEADERS) res.removeHeader(name);
}

/**
 * Maps every failure to the envelope: refusals by key, bad input 4xx, a lost Redis connection to
 * 503 `service_unavailable` (retryable), the unknown to a logged 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    dropFileHeaders(res);
    if (error instanceof Refusal) return sendRefusal(res, error.msg, error.data);
    if (error instanceof ZodError) {
      return sendRefusal(res, 'invalid_param', { fields: fieldsOf(error) }, 400);
    }
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendRefusal(res, 'invalid_param', { fields: {} }, status === 413 ? 413 : 400);
    }
    if (isRedisUnavailable(error)) return sendRefusal(res, 'service_unavailable');
    logger.error({ err: error, requestId: requestIdOf(res), path: req.path }, 'unhandled error');
    return sendRefusal(res, 'internal_error', null, 500);
  };
}
