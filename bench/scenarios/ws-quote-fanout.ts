// Quote fan-out: N socket.io clients (1,000 and 5,000), each subscribed to 5 of 500 symbols
// ticking at 4 Hz, published into Redis the way the feed publishes and delivered by the real
// gateway process. Runs the conflated batch frames (the app's mode) and, as the baseline, a bare
// socket.io room broadcast of every tick (per-tick mode) in the same run. Prints delivered ticks/s,
// tick-to-client latency p50/p99, and the gateway's CPU and peak memory.
// With `--gateways N` it boots N gateway processes and spreads the clients over them (CPU and
// memory summed over the gateways; the clients' process shares the same two cores).
// Usage: npm run bench:fanout [-- 1000,5000] [-- --gateways 2]   (needs Redis; boots its gateways)
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, startStack, waitUntilReady } from '../../scripts/src/testing/stack.ts';

const SYMBOLS = Array.from({ length: 500 }, (_, i) => `BENCH${String(i).padStart(3, '0')}`);
const HZ = 4;
const WARMUP_MS = 4_000;
const MEASURE_MS = 15_000;
const sizes = (process.argv.find((a) => /^[\d,]+$/.test(a)) ?? '1000,5000').split(',').map(Number);
const gatewaysAt = process.argv.indexOf('--gateways');
const GATEWAYS = gatewaysAt > 0 ? Number(process.argv[gatewaysAt + 1]) : 1;
const CLOCK_TICKS = 100; // USER_HZ on Linux

function procStats(pids: number | number[]): { cpuTicks: number; rssMiB: number } {
  const all = (Array.isArray(pids) ? pids : [pids]).map(oneProcStats);
  return {
    cpuTicks: all.reduce((sum, s) => sum + s.cpuTicks, 0),
    rssMiB: all.reduce((sum, s) => sum + s.rssMiB, 0),
  };
}

function oneProcStats(pid: number): { cpuTicks: number; rssMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuTicks: Number(stat[11]) + Number(stat[12]), rssMiB: rssKb / 1024 };
}

function startPublisher(redis: Redis, prefix: string): () => void {
  let seq = 0;
  const prices = SYMBOLS.map(() => 10_000);
  const timer = setInterval(() => {
    seq += 1;
    const ts = Date.now();
    const ticks = SYMBOLS.map((symbol, i) => {
      prices[i] = (prices[i] as number) + (Math.random() < 0.5 ? -1 : 1);
      return {
        symbol,
        price: ((prices[i] as number) / 100).toFixed(2),
        change_rate: '0.00',
        volume: seq * 100,
        seq,
        ts,
      };
    });
    void redis.publish(`${prefix}:quote:ticks`, JSON.stringify(ticks));
  }, 1000 / HZ);
  return () => clearInterval(timer);
}

async function run(
  baseUrls: string[],
  gatewayPid: number[],
  clients: number,
  mode: 'batch' | 'tick',
) {
  const child: ChildProcess = fork(resolve(import.meta.dirname, 'fanout-clients.ts'), {
    execArgv: ['--import', 'tsx'],
  });
  const next = (type: string) =>
    new Promise<Record<string, number | null>>((done) =>
      child.once('message', (m: { type: string }) => {
        if (m.type === type) done(m as never);
      }),
    );
  const connected = next('connected');
  child.send({ type: 'start', baseUrls, clients, symbols: SYMBOLS, mode, seed: 17 });
  const { clients: open, failed } = await connected;
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  child.send({ type: 'record' });
  const before = procStats(gatewayPid);
  const clientsBefore = procStats(child.pid as number);
  let peak = before.rssMiB;
  const sampler = setInterval(() => {
    peak = Math.max(peak, procStats(gatewayPid).rssMiB);
  }, 500);
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  const after = procStats(gatewayPid);
  const clientsAfter = procStats(child.pid as number);
  clearInterval(sampler);
  const reported = next('report');
  child.send({ type: 'report' });
  const report = await reported;
  const cpuCores = (after.cpuTicks - before.cpuTicks) / CLOCK_TICKS / (MEASURE_MS / 1000);
  console.log(
    JSON.stringify({
      scenario:
        mode === 'batch'
          ? 'gateway, conflated quote:ticks frames'
          : 'baseline: bare room broadcast per tick',
      clients,
      gateways: baseUrls.length,
      connected: open,
      failedToConnect: failed,
      stillConnectedAtEnd: report['connected'],
      symbols: SYMBOLS.length,
      hz: HZ,
      deliveredTicksPerSec: Math.round((report['delivered'] ?? 0) / (MEASURE_MS / 1000)),
      framesPerSec: Math.round((report['frames'] ?? 0) / (MEASURE_MS / 1000)),
      latencyP50Ms: report['p50'],
      latencyP99Ms: report['p99'],
      latencyMaxMs: report['max'],
      serverCpuCores: Number(cpuCores.toFixed(2)),
      serverPeakRssMiB: Math.round(peak),
      // The clients share the machine: when their process nears one core, latencies include its queueing.
      clientProcessCpuCores: Number(
        (
          (clientsAfter.cpuTicks - clientsBefore.cpuTicks) /
          CLOCK_TICKS /
          (MEASURE_MS / 1000)
        ).toFixed(2),
      ),
    }),
  );
  await new Promise((r) => setTimeout(r, 1500));
}

const stack = await startStack({
  services: [],
  env: { KABUTO_TICK_FLUSH_MS: process.env['KABUTO_TICK_FLUSH_MS'] ?? '100' },
});
const gateways = [stack.startService('gateway')];
const baseUrls = [stack.baseUrl];
for (let i = 1; i < GATEWAYS; i += 1) {
  const port = await freePort();
  gateways.push(stack.startService('gateway', { env: { PORT: String(port) } }));
  baseUrls.push(`http://127.0.0.1:${port}`);
}
const redis = new Redis(stack.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
try {
  for (const url of baseUrls) await waitUntilReady(url);
  const latest: Record<string, string> = {};
  for (const symbol of SYMBOLS) {
    latest[symbol] = JSON.stringify({
      symbol,
      price: '100.00',
      change_rate: '0.00',
      volume: 0,
      seq: 0,
      ts: Date.now(),
    });
  }
  await redis.hset(`${stack.prefix}:quote:latest`, latest);
  const stopPublisher = startPublisher(redis, stack.prefix);
  for (const clients of sizes) {
    for (const mode of ['batch', 'tick'] as const) {
      await run(
        baseUrls,
        gateways.map((g) => g.pid as number),
        clients,
        mode,
      );
    }
  }
  stopPublisher();
} finally {
  redis.disconnect();
  await stack.stop();
}
