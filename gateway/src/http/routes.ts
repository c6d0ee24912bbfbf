import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import type { GatewayDeps } from '../infra/deps.ts';
import { depsForRequest } from '../infra/request-context.ts';
import { requestIdOf } from './middleware/request-id.ts';
import type { AdminCaller, CallDefinition, CallResult, Caller } from './call.ts';
import { authenticate } from './middleware/auth.ts';
import { authenticateAdmin } from './middleware/admin-auth.ts';
import { sendOk, sendRefusal } from './envelope.ts';
import { fieldsOf } from './middleware/error-handler.ts';
import { createUploadAdmission, type UploadAdmission } from './upload-admission.ts';

/** The upload cap (CONTRACT.md: 413 above it). Photos from phones fit; the pipeline re-encodes them. */
export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** Multipart parsing for calls that take files: memory only, one file per declared field. */
function multipartFor(fields: readonly string[]): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: fields.length,
      fields: 20,
      fieldSize: 4096,
      parts: fields.length + 20,
    },
  }).fields(fields.map((name) => ({ name, maxCount: 1 })));
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') {
        return sendRefusal(
          res,
          'upload_invalid',
          { fields: { [String((error as { field?: string }).field)]: 'too_big' } },
          413,
        );
      }
      return sendRefusal(res, 'upload_invalid', { fields: { _: code ?? 'multipart' } }, 400);
    });
  };
}

function filesOf(req: Request): Record<string, Buffer> {
  const files = (req.files ?? {}) as Record<string, Express.Multer.File[]>;
  const buffers: Record<string, Buffer> = {};
  for (const [name, list] of Object.entries(files)) if (list[0]) buffers[name] = list[0].buffer;
  return buffers;
}

function send(res: Response, result: CallResult): void {
  if (!result.download) {
    sendOk(res, result.msg, result.data ?? null);
    return;
  }
  res.setHeader('Content-Type', result.download.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (result.download.filename) {
    res.setHeader('Content-Disposition', `attachment; filename="${result.download.filename}"`);
  }
  res.status(200).send(result.download.body);
}

interface Identified {
  readonly caller: Caller | null;
  readonly admin: AdminCaller | null;
}

async function identify(
  call: CallDefinition,
  req: Request,
  deps: GatewayDeps,
): Promise<Identified> {
  return {
    caller: call.auth === 'user' ? await authenticate(req, deps) : null,
    admin: call.auth === 'admin' ? await authenticateAdmin(req, deps, call.power) : null,
  };
}

/** Holds an upload slot for the caller until the answer is sent (or the connection drops). */
function admitUpload(uploads: UploadAdmission, who: Identified, res: Response): boolean {
  if (!who.caller) return true;
  const release = uploads.admit(who.caller.userId);
  if (!release) return false;
  res.on('close', release);
  return true;
}

/**
 * Mounts every call as POST /<path>, validating input with its zod schema before anything runs.
 * One handler looks the call up by path (a Map), instead of Express walking one route per call.
 */
export function mountCalls(
  api: 'vue' | 'admin',
  calls: readonly CallDefinition[],
  deps: GatewayDeps,
): Router {
  const byPath = new Map(
    calls.map((call) => [
      `/${call.path}`,
      { call, multipart: call.files ? multipartFor(call.files) : null },
    ]),
  );
  const router = Router();
  const uploads = createUploadAdmission();
  const handle = async (call: CallDefinition, who: Identified, req: Request, res: Response) => {
    const { caller, admin } = who;
    const parsed = call.input.safeParse(bodyOf(req));
    if (!parsed.success) {
      sendRefusal(res, 'invalid_param', { fields: fieldsOf(parsed.error) }, 400);
      return;
    }
    const result = await call.handle({
      input: parsed.data,
      caller,
      admin,
      files: filesOf(req),
      ip: req.ip ?? '',
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 200),
      deps: depsForRequest(deps, requestIdOf(res)),
    });
    send(res, result);
  };
  router.post(/.*/, (req, res, next) => {
    const entry = byPath.get(req.path);
    if (!entry) {
      next();
      return;
    }
    const startedAt = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      deps.metrics.observeCall(api, entry.call.path, res.statusCode, seconds);
    });
    // Who is calling is settled from the headers before a multipart body is read: a stranger's
    // upload is refused without the gateway buffering its files.
    identify(entry.call, req, deps)
      .then((who) => {
        const run = () => handle(entry.call, who, req, res).catch(next);
        if (!entry.multipart) return void run();
        if (!admitUpload(uploads, who, res)) return sendRefusal(res, 'too_frequent');
        entry.multipart(req, res, () => void run());
      })
      .catch(next);
  });
  return router;
}
