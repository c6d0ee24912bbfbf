import type { Socket } from 'socket.io';
import { z } from 'zod';
import {
  MAX_SYMBOL_SUBSCRIPTIONS,
  redisKeys,
  roomForSymbol,
  type Ack,
  type ClientToServerEvents,
  type QuoteTick,
  type ServerToClientEvents,
  type SocketData,
} from '@kabuto/schema/contracts';
import { SYMBOL_PATTERN, findInstrument } from '@kabuto/schema/domain';
import type { IoDeps } from './io.ts';

type KabutoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const symbolsPayload = z.strictObject({
  symbols: z.array(z.string().regex(SYMBOL_PATTERN)).min(1).max(MAX_SYMBOL_SUBSCRIPTIONS),
});

function subscribedCount(socket: KabutoSocket): number {
  return [...socket.rooms].filter((room) => room.startsWith('symbol:')).length;
}

function safeAck(ack: unknown): (result: Ack) => void {
  return typeof ack === 'function' ? (ack as (result: Ack) => void) : () => undefined;
}

/** quote:subscribe / quote:unsubscribe with acks; a new subscriber gets the latest tick at once. */
export function registerQuoteHandlers(socket: KabutoSocket, deps: IoDeps): void {
  const latestKey = redisKeys(deps.redisPrefix).latestQuotes;
  socket.on('quote:subscribe', async (payload, ack) => {
    const reply = safeAck(ack);
    const parsed = symbolsPayload.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, msg: 'invalid_param' });
    const symbols = [...new Set(parsed.data.symbols)];
    if (symbols.some((symbol) => !findInstrument(symbol))) return reply({ ok: false, msg: 'not_found' });
    const fresh = symbols.filter((symbol) => !socket.rooms.has(roomForSymbol(symbol)));
    if (subscribedCount(socket) + fresh.length > MAX_SYMBOL_SUBSCRIPTIONS) {
      return reply({ ok: false, msg: 'too_frequent' });
    }
    await socket.join(symbols.map(roomForSymbol));
    reply({ ok: true });
    const latest = await deps.redis.hmget(latestKey, ...symbols).catch(() => []);
    for (const raw of latest) if (raw) socket.emit('quote:tick', JSON.parse(raw) as QuoteTick);
  });
  socket.on('quote:unsubscribe', async (payload, ack) => {
    const reply = safeAck(ack);
    const parsed = symbolsPayload.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, msg: 'invalid_param' });
    for (const symbol of parsed.data.symbols) await socket.leave(roomForSymbol(symbol));
    reply({ ok: true });
  });
}
