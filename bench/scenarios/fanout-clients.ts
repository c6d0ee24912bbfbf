// Child process of ws-quote-fanout.ts: opens N socket.io clients, each subscribed to 5 symbols,
// and reports tick-to-client latencies and delivered counts to the parent over IPC.
import { io, type Socket } from 'socket.io-client';

interface Tick {
  symbol: string;
  price: string;
  ts: number;
}
interface Start {
  /** The gateways: client i connects to baseUrls[i % length]. */
  baseUrls: string[];
  clients: number;
  symbols: string[];
  mode: 'batch' | 'tick';
  seed: number;
}

const MAX_SAMPLES = 3_000_000;
const latencies = new Float64Array(MAX_SAMPLES);
let samples = 0;
let delivered = 0;
let frames = 0;
let recording = false;
const sockets: Socket[] = [];

function record(tick: Tick, now: number) {
  delivered += 1;
  if (recording && samples < MAX_SAMPLES) latencies[samples++] = now - tick.ts;
}

function pick(symbols: string[], seed: number, count: number): string[] {
  let state = seed;
  const chosen = new Set<string>();
  while (chosen.size < count) {
    state = (state * 1103515245 + 12345) % 2147483648;
    chosen.add(symbols[state % symbols.length] as string);
  }
  return [...chosen];
}

let failed = 0;

/** Connects and subscribes one client; an overloaded server shows up as a failed client, not a crash. */
async function connect(start: Start, index: number): Promise<void> {
  const socket = io(start.baseUrls[index % start.baseUrls.length] as string, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 20_000,
    auth: start.mode === 'batch' ? { frames: 'batch' } : {},
  });
  sockets.push(socket);
  socket.on('quote:tick', (tick: Tick) => {
    frames += 1;
    record(tick, Date.now());
  });
  socket.on('quote:ticks', (ticks: Tick[]) => {
    frames += 1;
    const now = Date.now();
    for (const tick of ticks) record(tick, now);
  });
  try {
    await new Promise<void>((done, fail) => {
      socket.once('connect', () => done());
      socket.once('connect_error', fail);
    });
    await socket.timeout(20_000).emitWithAck('quote:subscribe', {
      symbols: pick(start.symbols, start.seed + index * 7919, 5),
    });
  } catch {
    failed += 1;
    socket.disconnect();
  }
}

process.on('message', async (message: { type: string } & Partial<Start>) => {
  if (message.type === 'start') {
    const start = message as Start;
    for (let i = 0; i < start.clients; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, start.clients - i) }, (_, j) => connect(start, i + j)),
      );
    }
    process.send?.({
      type: 'connected',
      clients: sockets.filter((s) => s.connected).length,
      failed,
    });
  } else if (message.type === 'record') {
    recording = true;
    samples = 0;
    delivered = 0;
    frames = 0;
  } else if (message.type === 'report') {
    recording = false;
    const sorted = latencies.slice(0, samples).sort();
    const at = (q: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : null;
    process.send?.({
      type: 'report',
      delivered,
      frames,
      samples,
      p50: at(0.5),
      p99: at(0.99),
      max: sorted.length ? sorted[sorted.length - 1] : null,
      failed,
      connected: sockets.filter((s) => s.connected).length,
    });
    for (const socket of sockets) socket.disconnect();
    setTimeout(() => process.exit(0), 200);
  }
});
