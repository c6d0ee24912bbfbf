import type { Socket } from 'socket.io';
import type { QuoteTick } from '@kabuto/schema/contracts';

type AnySocket = Pick<Socket, 'id' | 'emit'> & {
  readonly conn?: {
    readonly transport?: { readonly writable?: boolean };
    write?(data: string): unknown;
  };
};

/** A tick with its JSON, encoded once per feed batch and shared by every socket's frame. */
interface EncodedTick {
  readonly tick: QuoteTick;
  readonly json: string;
}

/** A socket.io v5 EVENT packet on the default namespace: what `socket.emit('quote:ticks', ticks)` sends. */
function ticksPacket(ticks: Iterable<EncodedTick>): string {
  const parts: string[] = [];
  for (const { json } of ticks) parts.push(json);
  return `2["quote:ticks",[${parts.join(',')}]]`;
}

/**
 * Per-client conflation for sockets in batch mode: between flushes only the latest tick of each
 * symbol is kept per socket, and each flush sends a socket one `quote:ticks` frame. A burst of
 * prints therefore costs a client one frame per interval, not one per print (DESIGN.md §4).
 * A socket whose transport is still busy keeps its pending ticks for the next flush (latest wins),
 * so a slow client gets fewer, fresher frames instead of a growing buffer or a lost symbol.
 */
export class TickConflator {
  private readonly bySymbol = new Map<string, Set<AnySocket>>();
  private readonly bySocket = new Map<AnySocket, Set<string>>();
  private pending = new Map<AnySocket, Map<string, EncodedTick>>();

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

  /** Sockets that follow at least one symbol or have ticks waiting. */
  socketCount(): number {
    return new Set([...this.bySocket.keys(), ...this.pending.keys()]).size;
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
    const encoded: EncodedTick = { tick, json: JSON.stringify(tick) };
    for (const socket of sockets) {
      let ticks = this.pending.get(socket);
      if (!ticks) this.pending.set(socket, (ticks = new Map()));
      ticks.set(tick.symbol, encoded);
    }
  }

  flush(): number {
    const batch = this.pending;
    this.pending = new Map();
    let sent = 0;
    for (const [socket, ticks] of batch) {
      if (socket.conn?.transport?.writable === false) {
        this.carryOver(socket, ticks);
        continue;
      }
      // The frame is written to the engine directly: each tick was serialised once, not per socket.
      if (socket.conn?.write) socket.conn.write(ticksPacket(ticks.values()));
      else {
        socket.emit(
          'quote:ticks',
          [...ticks.values()].map((t) => t.tick),
        );
      }
      sent += 1;
    }
    return sent;
  }

  private carryOver(socket: AnySocket, ticks: Map<string, EncodedTick>): void {
    const newer = this.pending.get(socket);
    if (newer) for (const [symbol, tick] of ticks) if (!newer.has(symbol)) newer.set(symbol, tick);
    this.pending.set(socket, newer ?? ticks);
  }
}
