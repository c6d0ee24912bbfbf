import { redisKeys } from './channels.ts';
import type { ServerToClientEvents } from './realtime-events.ts';

/**
 * Where the gateways' Socket.IO adapter (`@socket.io/redis-streams-adapter`) reads and writes:
 * one Redis stream per stack (its prefix), so an event written while a gateway's connection was
 * down is read when it comes back (a Redis blip loses no event), and its pub/sub channels.
 */
export function socketStream(prefix: string) {
  const name = redisKeys(prefix).socketIoChannel;
  return { streamName: name, channelPrefix: name, maxLen: 10_000 } as const;
}

/** What the emitter needs of a Redis connection (ioredis's `xadd`, structurally). */
export interface StreamWriter {
  xadd(key: string, ...args: Array<string | number>): Promise<unknown>;
}

/** The adapter's sender id for a process without a Socket.IO server (socket.io-adapter's `EMITTER_UID`). */
const EMITTER_UID = 'emitter';
/** socket.io-adapter's `MessageType.BROADCAST`, as the streams adapter writes it. */
const BROADCAST = '3';
/** socket.io-parser's `PacketType.EVENT`. */
const EVENT = 2;

type Emit = <E extends keyof ServerToClientEvents>(
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
) => Promise<void>;

export interface SocketEmitter {
  /** Broadcasts to every socket on every gateway (as `to`, with no room). */
  emit: Emit;
  /**
   * Broadcasts to everyone in `rooms` on every gateway. Never rejects: a failed write goes to the
   * emitter's `onError` (a fire-and-forget caller leaves no unhandled rejection).
   */
  to(rooms: string | readonly string[]): { emit: Emit };
}

/**
 * Socket.IO events from any process (the gateway's relays, the workers') onto the adapter's stream,
 * in the streams adapter's own entry format (JSON data: the payloads are plain JSON). Give it a
 * connection that waits out a Redis restart (`maxRetriesPerRequest: null`): the entry is then
 * written when Redis is back, in order, instead of being dropped.
 */
export function createSocketEmitter(
  redis: StreamWriter,
  prefix: string,
  onError: (error: unknown) => void,
): SocketEmitter {
  const { streamName, maxLen } = socketStream(prefix);
  const to = (rooms: string | readonly string[]): { emit: Emit } => ({
    emit(event, ...args) {
      const data = JSON.stringify({
        packet: { type: EVENT, data: [event, ...args], nsp: '/' },
        opts: { rooms: typeof rooms === 'string' ? [rooms] : [...rooms], except: [], flags: {} },
      });
      const entry = ['uid', EMITTER_UID, 'nsp', '/', 'type', BROADCAST, 'data', data];
      return redis
        .xadd(streamName, 'MAXLEN', '~', maxLen, '*', ...entry)
        .then(() => undefined, onError);
    },
  });
  return { to, emit: (event, ...args) => to([]).emit(event, ...args) };
}
