import type { AdminCallMap, Envelope } from '@kabuto/schema/contracts';
import { consoleState } from './console.store.ts';

/** A back-office call's answer: the envelope, with the HTTP status beside it. */
export type AdminAnswer<P extends keyof AdminCallMap> =
  | { ok: true; http: number; msg: string; data: AdminCallMap[P]['output'] }
  | { ok: false; http: number; msg: string; data: unknown };

const TOKEN_KEY = 'kabuto-admin-token';

/** The session token lives for the tab only (sessionStorage): closing the tab signs out. */
export const adminToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/**
 * POSTs one back-office call with the session's admin-token. A 401 (logged out, idle, disabled)
 * ends the console's session: the login screen comes back with the reason.
 */
export async function adminCall<P extends keyof AdminCallMap>(
  path: P,
  body: Partial<Record<keyof AdminCallMap[P]['input'], string>> = {},
): Promise<AdminAnswer<P>> {
  const fields = Object.entries(body).filter((entry): entry is [string, string] => {
    return typeof entry[1] === 'string' && entry[1] !== '';
  });
  const response = await fetch(`/api/admin/${String(path)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'admin-token': adminToken.get(),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return answerOf(path, response);
}

/**
 * POSTs one back-office call as multipart form data: its fields and its files (the call declares
 * which), for a file the operator picked (a news feed).
 */
export async function adminUpload<P extends keyof AdminCallMap>(
  path: P,
  body: Partial<Record<keyof AdminCallMap[P]['input'], string>>,
  files: Record<string, File>,
): Promise<AdminAnswer<P>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string' && value !== '') form.append(name, value);
  }
  for (const [name, file] of Object.entries(files)) form.append(name, file, file.name);
  const response = await fetch(`/api/admin/${String(path)}`, {
    method: 'POST',
    headers: { 'admin-token': adminToken.get() },
    body: form,
  }).catch(() => null);
  return answerOf(path, response);
}

/** The envelope as an answer; a 401 ends the console's session (not a failed login). */
async function answerOf<P extends keyof AdminCallMap>(
  path: P,
  response: Response | null,
): Promise<AdminAnswer<P>> {
  if (!response) return { ok: false, http: 0, msg: 'network_error', data: null };
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  const msg = envelope?.msg ?? 'network_error';
  if (response.status === 401 && path !== 'login') {
    adminToken.clear();
    consoleState.me = null;
    consoleState.signedOutBecause = 'login_required';
  }
  return envelope?.status === 1
    ? { ok: true, http: response.status, msg, data: envelope.data as AdminCallMap[P]['output'] }
    : { ok: false, http: response.status, msg, data: envelope?.data ?? null };
}

/** An uploaded image (ID photo, transfer proof) for review, as an object URL for <img>. */
export async function evidenceUrl(uploadId: string): Promise<string | null> {
  const response = await fetch('/api/admin/upload', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'admin-token': adminToken.get(),
    },
    body: new URLSearchParams({ id: uploadId }).toString(),
  });
  if (!response.ok) return null;
  return URL.createObjectURL(await response.blob());
}
