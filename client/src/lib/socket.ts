import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@kabuto/schema/contracts';
import { storage } from './storage.ts';

export type KabutoSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: KabutoSocket | null = null;

/** THE socket of the app (one per page). Features build their streams from it. */
export function getSocket(): KabutoSocket {
  socket ??= io({
    path: '/socket.io',
    transports: ['websocket'],
    // frames: 'batch' asks the gateway for conflated quote:ticks frames (latest tick per symbol per flush).
    auth: (send) => send({ token: storage.token(), account: storage.account(), frames: 'batch' }),
  });
  return socket;
}

/** Reconnects with the current session (after log in or log out). */
export function reconnectSocket(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}
