import { z } from 'zod';
import {
  MAX_SYMBOL_SUBSCRIPTIONS,
  redisKeys,
  roomForSymbol,
  tickOf,
  type QuoteSnapshot,
} from '@kabuto/schema/contracts';
import { SYMBOL_PATTERN, findInstrument } from '@kabuto/schema/market';
import type { IoDeps } from './io.ts';
import type { TickConflator } from './tick-conflator.ts';
import { safeAck, type KabutoSocket } from './socket-kit.ts';

const symbolsPayload = z.strictObject({
  symbols: z.array(z.string().regex(SYMBOL_PATTERN)).min(1).max(MAX_SYMBOL_SUBSCRIPTIONS),
});

function subscribedCount(socket: KabutoSocket, conflator: TickConflator): number {
  if (socket.data.batchTicks) return conflator.count(socket);
  return [...socket.rooms].filter((room) => room.startsWith('symbol:')).length;
}

function isSubscribed(socket: KabutoSocket, conflator: TickConflator, symbol: string): boolean {
  return socket.data.batchTicks
    ? conflator.has(socket, symbol)
    : socket.rooms.has(roomForSymbol(symbol));
}

/**
 * quote:subscribe / quote:unsubscribe with acks. A symbol is known when it is an instrument or
 * the feed quotes it (FX pairs). A new subscriber gets the latest tick at once.
 */
export function registerQuoteHandlers(
  socket: KabutoSocket,
  deps: IoDeps,
  conflator: TickConflator,
): void {
  const latestKey = redisKeys(deps.redisPrefix).latestQuotes;
  socket.on('quote:subscribe', async (payload, ack) => {
    const reply = safeAck(ack);
    const parsed = symbolsPayload.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, msg: 'invalid_param' });
    const symbols = [...new Set(parsed.data.symbols)];
    const latest = await deps.redis
      .hmget(latestKey, ...symbols)
      .catch(() => symbols.map(() => null));
    // A socket that left while the quotes were read is gone for good: following symbols for it would
    // keep it (and its pending ticks) in memory forever.
    if (socket.disconnected) return;
    if (symbols.some((symbol, i) => !findInstrument(symbol) && !latest[i])) {
      return reply({ ok: false, msg: 'not_found' });
    }
    const fresh = symbols.filter((symbol) => !isSubscribed(socket, conflator, symbol));
    if (subscribedCount(socket, conflator) + fresh.length > MAX_SYMBOL_SUBSCRIPTIONS) {
      return reply({ ok: false, msg: 'too_frequent' });
    }
    if (socket.data.batchTicks) conflator.subscribe(socket, symbols);
    else await socket.join(symbols.map(roomForSymbol));
    reply({ ok: true });
    const ticks = latest.flatMap((raw) => (raw ? [tickOf(JSON.parse(raw) as QuoteSnapshot)] : []));
    if (socket.data.batchTicks && ticks.length > 0) socket.emit('quote:ticks', ticks);
    else for (const tick of ticks) socket.emit('quote:tick', tick);
  });
  socket.on('quote:unsubscribe', async (payload, ack) => {
    const reply = safeAck(ack);
    const parsed = symbolsPayload.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, msg: 'invalid_param' });
    if (socket.data.batchTicks) conflator.unsubscribe(socket, parsed.data.symbols);
    else for (const symbol of parsed.data.symbols) await socket.leave(roomForSymbol(symbol));
    reply({ ok: true });
  });
  socket.on('disconnect', () => conflator.remove(socket));
}
