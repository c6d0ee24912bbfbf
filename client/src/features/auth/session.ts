import { callApi } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';
import { reconnectSocket } from '../../lib/socket.ts';
import { assetsState } from '../assets/assets.store.ts';

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
