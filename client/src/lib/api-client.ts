import type { CallEnvelope, CallInput, CallPath, Envelope, MsgKey } from '@kabuto/schema/contracts';
import { storage } from './storage.ts';
import { translateMsg } from './i18n.ts';
import i18next from 'i18next';
import { clearToasts, showRefusal, beginLoading, endLoading } from './toast.ts';
import { isRememberedRead, recall, remember } from './last-known.ts';

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

/** A call's form fields and options; the fields may be left out when the call takes none required. */
export type CallArgs<P extends CallPath> =
  Record<string, never> extends CallInput<P>
    ? [payload?: CallInput<P>, options?: CallOptions]
    : [payload: CallInput<P>, options?: CallOptions];

/** The form body: every field the call takes, as strings (fields left undefined are not sent). */
function formBody(payload: object): string {
  const fields = Object.entries(payload).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return new URLSearchParams(fields).toString();
}

/**
 * The envelope as the contract types it: the gateway answers each call with its `output` schema
 * (the int suite checks every answer against it), so the client does not parse it again.
 */
function asAnswer<P extends CallPath>(body: Envelope | null): CallEnvelope<P> {
  return (body ?? { status: 0, msg: 'network_error' as MsgKey, data: null }) as CallEnvelope<P>;
}

/**
 * The answer when the network is gone: a read's last-known answer (the banner says since when),
 * else `network_error`, told in words that say nothing was sent.
 */
function offlineAnswer<P extends CallPath>(
  path: string,
  form: string,
  options: CallOptions,
): CallEnvelope<P> {
  const kept = recall(path, form);
  if (kept) return asAnswer<P>(kept);
  // A read with nothing kept says nothing (its screen shows it has no data); anything else says
  // that nothing was sent.
  if (!isRememberedRead(path) && (!options.quiet || !navigator.onLine)) {
    showRefusal(navigator.onLine ? translateMsg('network_error') : i18next.t('pwa.offlineWrite'));
  }
  return asAnswer<P>(null);
}

/** A number a refusal's details carry (`grant_not_yet` says `next_claim_at`), if it does. */
export function refusalDetail(envelope: { data: unknown }, field: string): number | undefined {
  const details: unknown = envelope.data;
  if (typeof details !== 'object' || details === null || !(field in details)) return undefined;
  const value: unknown = Reflect.get(details, field);
  return typeof value === 'number' ? value : undefined;
}

/**
 * POSTs a form-encoded call under /api/vue/ with the stored token and account (spec section 7)
 * and applies the error rules of spec section 8. Resolves to the envelope, never throws. The
 * fields and the answer are typed by the call's contract (`CallMap` in @kabuto/schema/contracts).
 */
export async function callApi<P extends CallPath>(
  path: P,
  ...[payload = {} as CallInput<P>, options = {}]: CallArgs<P>
): Promise<CallEnvelope<P>> {
  const form = formBody(payload);
  // Offline, a write is refused here and then (never queued to go later); a read answers from
  // what was last loaded, if anything.
  if (!navigator.onLine) return offlineAnswer<P>(path, form, options);
  if (options.loading) beginLoading();
  try {
    const response = await fetch(`/api/vue/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        token: storage.token(),
        account: storage.account(),
      },
      body: form,
    });
    const body = await parse(response);
    if (!response.ok || !body || body.status !== 1) {
      handleFailure(response.status, body, Boolean(options.quiet));
    }
    if (body) remember(path, form, body);
    return asAnswer<P>(body);
  } catch {
    return offlineAnswer<P>(path, form, options);
  } finally {
    if (options.loading) endLoading();
  }
}

/** POSTs multipart form data (fields and image files) to a call that takes uploads. */
export async function callMultipart<P extends CallPath>(
  path: P,
  fields: CallInput<P>,
  files: Record<string, File>,
): Promise<CallEnvelope<P>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
  }
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
    return asAnswer<P>(body);
  } catch {
    showRefusal(translateMsg('network_error'));
    return asAnswer<P>(null);
  } finally {
    endLoading();
  }
}

/** A file call's answer: the file, or the msg key of why there is none (the screen shows it). */
export type FileAnswer = { readonly file: Blob } | { readonly refusal: MsgKey };

/** The refusal of a failed file call: the server's msg key when it sent one, else a network error. */
async function fileRefusal(response: Response): Promise<MsgKey> {
  if (response.status === 401) onUnauthorized();
  const body = await parse(response);
  return typeof body?.msg === 'string' ? body.msg : 'network_error';
}

/**
 * Fetches a call that answers with a file (the CSV statement) as a Blob. Never throws: a failure
 * comes back as a msg key rather than a toast, as the download is a tap the screen must answer
 * even for a bare 404/503 (which callApi's rules of spec section 8 would leave silent).
 */
export async function callForFile<P extends CallPath>(
  path: P,
  payload: CallInput<P>,
): Promise<FileAnswer> {
  try {
    const response = await fetch(`/api/vue/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        token: storage.token(),
        account: storage.account(),
      },
      body: formBody(payload),
    });
    if (!response.ok) return { refusal: await fileRefusal(response) };
    return { file: await response.blob() };
  } catch {
    return { refusal: 'network_error' };
  }
}

/** A client-made idempotency key for one intent (CONTRACT.md section 1). */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
