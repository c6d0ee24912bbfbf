import type { Envelope, MsgKey } from '@kabuto/schema/contracts';
import { storage } from './storage.ts';
import { translateMsg } from './i18n.ts';
import { clearToasts, showRefusal, beginLoading, endLoading } from './toast.ts';

export const SESSION_REDIRECT_MS = 1500;

export interface CallOptions {
  /** Show the loading toast until every such request has finished (asset summary loads). */
  readonly loading?: boolean;
  /** Do not toast a refusal: the screen shows it itself. */
  readonly quiet?: boolean;
}

function onUnauthorized(): void {
  setTimeout(() => {
    storage.clearSession();
    window.location.hash = '#/login/login';
  }, SESSION_REDIRECT_MS);
}

function handleFailure(httpStatus: number, body: Envelope | null, quiet: boolean): void {
  // Our own 503 (a dependency down for a moment, nothing done) says so, to be retried; a bare 503
  // or 404 (a proxy, a missing route) only clears the toasts (spec section 8).
  const retryable = httpStatus === 503 && body?.msg === 'service_unavailable';
  if (!retryable && (httpStatus === 503 || httpStatus === 404)) {
    clearToasts();
    return;
  }
  if (httpStatus === 401) onUnauthorized();
  if (!quiet && body?.msg) showRefusal(translateMsg(body.msg));
}

async function parse(response: Response): Promise<Envelope | null> {
  try {
    return (await response.json()) as Envelope;
  } catch {
    return null;
  }
}

/**
 * POSTs a form-encoded call under /api/vue/ with the stored token and account (spec section 7)
 * and applies the error rules of spec section 8. Resolves to the envelope, never throws.
 */
export async function callApi<T = unknown>(
  path: string,
  payload: Record<string, string> = {},
  options: CallOptions = {},
): Promise<Envelope<T>> {
  if (options.loading) beginLoading();
  try {
    const response = await fetch(`/api/vue/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        token: storage.token(),
        account: storage.account(),
      },
      body: new URLSearchParams(payload).toString(),
    });
    const body = await parse(response);
    if (!response.ok || !body || body.status !== 1) {
      handleFailure(response.status, body, Boolean(options.quiet));
    }
    return (body ?? { status: 0, msg: 'network_error' as MsgKey, data: null }) as Envelope<T>;
  } catch {
    if (!options.quiet) showRefusal(translateMsg('network_error'));
    return { status: 0, msg: 'network_error' as MsgKey, data: null as T };
  } finally {
    if (options.loading) endLoading();
  }
}

/** POSTs multipart form data (fields and image files) to a call that takes uploads. */
export async function callMultipart<T = unknown>(
  path: string,
  fields: Record<string, string>,
  files: Record<string, File>,
): Promise<Envelope<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, file, file.name);
  beginLoading();
  try {
    const response = await fetch(`/api/vue/${path}`, {
      method: 'POST',
      headers: { token: storage.token(), account: storage.account() },
      body: form,
    });
    const body = await parse(response);
    if (!response.ok || !body || body.status !== 1) handleFailure(response.status, body, false);
    return (body ?? { status: 0, msg: 'network_error' as MsgKey, data: null }) as Envelope<T>;
  } catch {
    showRefusal(translateMsg('network_error'));
    return { status: 0, msg: 'network_error' as MsgKey, data: null as T };
  } finally {
    endLoading();
  }
}

/** Fetches a call that answers with a file (an uploaded image, the CSV statement) as a Blob. */
export async function callForFile(
  path: string,
  payload: Record<string, string> = {},
): Promise<Blob | null> {
  try {
    const response = await fetch(`/api/vue/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        token: storage.token(),
        account: storage.account(),
      },
      body: new URLSearchParams(payload).toString(),
    });
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

/** A client-made idempotency key for one intent (CONTRACT.md section 1). */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
