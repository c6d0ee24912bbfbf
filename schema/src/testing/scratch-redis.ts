import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A redis-server of a test's own on a free port (no persistence), to stop and restart at will. */
export interface ScratchRedis {
  readonly url: string;
  /** Kills the server (SIGKILL, as a crash) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty, and waits until it answers. */
  start(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)),
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve(child);
    });
  });
}

export async function startScratchRedis(): Promise<ScratchRedis> {
  const port = await freePort();
  let child: ChildProcess | null = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async start() {
      child ??= await launch(port);
    },
  };
}
