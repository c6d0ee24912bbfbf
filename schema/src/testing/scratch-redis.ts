import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A redis-server of a test's own on a free port, to stop and restart at will: without persistence
 * (a restart comes back empty), or `persistent` as production runs it (`npm start`: an append-only
 * file, here fsynced before each reply, so even a SIGKILL keeps every write it answered).
 */
export interface ScratchRedis {
  readonly url: string;
  /** Kills the server (SIGKILL, as a crash) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty, or from its append-only file) and waits until it answers. */
  start(): Promise<void>;
  /** Deletes the append-only file (while it is down: the next start is empty; at the end: cleanup). */
  wipe(): void;
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

function launch(port: number, dir: string | null): Promise<ChildProcess> {
  const persistence = dir
    ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir]
    : ['--appendonly', 'no'];
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence],
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

export async function startScratchRedis(
  options: { persistent?: boolean } = {},
): Promise<ScratchRedis> {
  const port = await freePort();
  let dir = options.persistent ? mkdtempSync(join(tmpdir(), 'kabuto-redis-')) : null;
  let child: ChildProcess | null = await launch(port, dir);
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
      if (dir === null && options.persistent) dir = mkdtempSync(join(tmpdir(), 'kabuto-redis-'));
      child ??= await launch(port, dir);
    },
    wipe() {
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = null;
    },
  };
}
