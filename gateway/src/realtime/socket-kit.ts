import type { Socket } from 'socket.io';
import type {
  Ack,
  ClientToServerEvents,
  ServerToClientEvents,
  SocketData,
} from '@kabuto/schema/contracts';

/** One connected socket of the gateway, typed by the contract's events. */
export type KabutoSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The ack a client passed, or nothing to call when it passed none (never a throw). */
export function safeAck(ack: unknown): (result: Ack) => void {
  return typeof ack === 'function' ? (ack as (result: Ack) => void) : () => undefined;
}
