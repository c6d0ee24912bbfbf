// The local proxy of `npm start -- --two` (KABUTO_GATEWAYS=N): one public port in front of N
// gateway processes on this machine. HTTP and WebSocket (http-proxy-3), connections spread round
// robin over the gateways that answer /healthz; a gateway that refuses a connection or drops its
// sockets is probed at once and skipped until it answers again. No stickiness: the client's socket
// is WebSocket only (client/src/lib/socket.ts), one TCP connection from handshake to close.
import { Agent, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createProxyServer } from 'http-proxy-3';

export interface LocalProxy {
  readonly port: number;
  /** The gateways the proxy sends new connections to now. */
  upstreamsUp(): string[];
  close(): Promise<void>;
}

interface Upstream {
  readonly target: string;
  up: boolean;
  probing: boolean;
}

const PROBE_EVERY_MS = 1000;
const PROBE_TIMEOUT_MS = 1000;

async function probe(upstream: Upstream): Promise<void> {
  if (upstream.probing) return;
  upstream.probing = true;
  try {
    const response = await fetch(`${upstream.target}/healthz`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await response.body?.cancel();
    upstream.up = response.ok;
  } catch {
    upstream.up = false;
  } finally {
    upstream.probing = false;
  }
}

/** The next gateway in turn among those up; when none is up, the next of all (it answers 502). */
function roundRobin(upstreams: Upstream[]): () => Upstream {
  let turn = 0;
  return () => {
    const live = upstreams.filter((u) => u.up);
    const pool = live.length > 0 ? live : upstreams;
    turn = (turn + 1) % pool.length;
    return pool[turn] as Upstream;
  };
}

/** Starts the proxy on `host:port` (port 0: a free one) in front of `upstreams` (http://host:port). */
export async function startLocalProxy(options: {
  port: number;
  upstreams: readonly string[];
  host?: string;
}): Promise<LocalProxy> {
  if (options.upstreams.length === 0) throw new Error('local proxy: no upstream');
  const upstreams: Upstream[] = options.upstreams.map((target) => ({
    target: target.replace(/\/$/, ''),
    up: true,
    probing: false,
  }));
  await Promise.all(upstreams.map(probe));
  const next = roundRobin(upstreams);
  const agent = new Agent({ keepAlive: true });
  // xfwd: the gateways see the client's address (they run with KABUTO_TRUST_PROXY one hop more).
  const proxy = createProxyServer({ xfwd: true, proxyTimeout: 120_000 });
  const failed = (upstream: Upstream) => {
    upstream.up = false;
    void probe(upstream);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const upstream = next();
    proxy.web(req, res, { target: upstream.target, agent }, () => {
      failed(upstream);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 0, msg: 'bad_gateway' }));
      } else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const upstream = next();
    socket.on('error', () => socket.destroy());
    proxy.ws(req, socket, head, { target: upstream.target }, () => {
      failed(upstream);
      socket.destroy();
    });
  });
  // A gateway that dies drops its sockets: probe it before their clients reconnect (~1 s later).
  proxy.on('close', () => void Promise.all(upstreams.map(probe)));
  const timer = setInterval(() => void Promise.all(upstreams.map(probe)), PROBE_EVERY_MS);
  timer.unref();
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done) => server.listen(options.port, host, done));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    upstreamsUp: () => upstreams.filter((u) => u.up).map((u) => u.target),
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      proxy.close();
      agent.destroy();
    },
  };
}

/** As a process: PORT (default 3000) in front of KABUTO_UPSTREAMS (comma-separated host:port). */
async function main(): Promise<void> {
  const upstreams = (process.env['KABUTO_UPSTREAMS'] ?? '')
    .split(',')
    .filter(Boolean)
    .map((u) => (u.startsWith('http') ? u : `http://${u}`));
  const proxy = await startLocalProxy({ port: Number(process.env['PORT'] ?? 3000), upstreams });
  console.log(`[proxy] 127.0.0.1:${proxy.port} -> ${upstreams.join(', ')}`);
  const stop = () => void proxy.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
