import type { Socket } from 'socket.io';
import type { QuoteTick } from '@kabuto/schema/contracts';

type AnySocket = Pick<Socket, 'id' | 'volatile'>;

/**
 * Per-client conflation for sockets in batch mode: between flushes only the latest tick of each
 * symbol is kept per socket, and each flush sends a socket one `quote:ticks` frame. A burst of
 * prints therefore costs a client one frame per interval, not one per print (DESIGN.md §4).
 */
export class TickConflator {
  private readonly bySymbol = new Map<string, Set<AnySocket>>();
  private readonly bySocket = new Map<AnySocket, Set<string>>();
  private pending = new Map<AnySocket, Map<string, QuoteTick>>();

  subscribe(socket: AnySocket, symbols: readonly string[]): void {
    const mine = this.bySocket.get(socket) ?? new Set<string>();
    for (const symbol of symbols) {
      mine.add(symbol);
      const set = this.bySymbol.get(symbol) ?? new Set<AnySocket>();
      set.add(socket);
      this.bySymbol.set(symbol, set);
    }
    this.bySocket.set(socket, mine);
  }

  unsubscribe(socket: AnySocket, symbols: readonly string[]): void {
    const mine = this.bySocket.get(socket);
    for (const symbol of symbols) {
      mine?.delete(symbol);
      const set = this.bySymbol.get(symbol);
      set?.delete(socket);
      if (set && set.size === 0) this.bySymbol.delete(symbol);
    }
  }

  remove(socket: AnySocket): void {
    this.unsubscribe(socket, [...(this.bySocket.get(socket) ?? [])]);
    this.bySocket.delete(socket);
    this.pending.delete(socket);
  }

  count(socket: AnySocket): number {
    return this.bySocket.get(socket)?.size ?? 0;
  }

  has(socket: AnySocket, symbol: string): boolean {
    return this.bySocket.get(socket)?.has(symbol) ?? false;
  }

  offer(tick: QuoteTick): void {
    const sockets = this.bySymbol.get(tick.symbol);
    if (!sockets) return;
    for (const socket of sockets) {
      let ticks = this.pending.get(socket);
      if (!ticks) this.pending.set(socket, (ticks = new Map()));
      ticks.set(tick.symbol, tick);
    }
  }

  flush(): number {
    const batch = this.pending;
    this.pending = new Map();
    for (const [socket, ticks] of batch) socket.volatile.emit('quote:ticks', [...ticks.values()]);
    return batch.size;
  }
}
