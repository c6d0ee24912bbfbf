import { callApi } from './api-client.ts';
import { storage } from './storage.ts';
import { reconnectSocket } from './socket.ts';
import { assetsState } from './assets.store.ts';

/** Saves the session (tokend + account) and re-authenticates the socket with it. */
export function startSession(token: string, account: string): void {
  storage.saveSession(token, account);
  reconnectSocket();
}

/** Log out: ends the server session, clears the stored one, goes to / (spec section 2). */
export async function logOut(): Promise<void> {
  if (storage.hasSession()) await callApi('user/logout', {}, { quiet: true });
  storage.clearSession();
  assetsState.summary = null;
  reconnectSocket();
  window.location.hash = '#/';
}

const SESSION_ENDING = new Set<string>(['login_required', 'account_frozen']);

/**
 * Spec section 6: `user/getUserinfo` refused (a frozen or revoked account, an expired session)
 * clears tokend, account and searchList and goes to /login/login. A passing failure (network,
 * server busy) keeps the session: only the answers that end one do.
 */
export async function checkSession(): Promise<void> {
  if (!storage.hasSession()) return;
  const response = await callApi('user/getUserinfo', { type: storage.currency() });
  if (response.status === 1 || !SESSION_ENDING.has(response.msg)) return;
  storage.clearSessionAndSearch();
  assetsState.summary = null;
  reconnectSocket();
  window.location.hash = '#/login/login';
}
