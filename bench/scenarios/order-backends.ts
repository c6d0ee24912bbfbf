// The two databases the order bench runs on, each with the bare baseline DESIGN.md §11 names for it:
// SQLite beside a bare Express + raw better-sqlite3 place-order, PostgreSQL beside pgbench TPC-B.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

export interface OrderBackend {
  readonly name: 'sqlite' | 'postgres';
  /** DATABASE_URL for the stack; undefined keeps the embedded SQLite file in its data directory. */
  readonly databaseUrl: string | undefined;
  /** Orders written so far, counted on a connection of the bench's own. */
  countOrders(dataDir: string): Promise<number>;
  dispose(): Promise<void>;
}

export const sqliteBackend: OrderBackend = {
  name: 'sqlite',
  databaseUrl: undefined,
  countOrders: (dataDir) =>
    Promise.resolve(countSqliteRows(join(dataDir, 'kabuto.sqlite'), 'trade_order')),
  dispose: () => Promise.resolve(),
};

/** Rows in a table of a SQLite file, read on a connection of its own (WAL lets it read while the server writes). */
export function countSqliteRows(file: string, table: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return Number((db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
  } finally {
    db.close();
  }
}

const SERVER_URL = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A database of the bench's own on the PostgreSQL server, dropped afterwards. */
export async function createPostgresBackend(): Promise<OrderBackend> {
  const name = `kabuto_bench_${randomBytes(4).toString('hex')}`;
  await onServer((c) => c.query(`create database ${name}`));
  const url = databaseUrl(name);
  return {
    name: 'postgres',
    databaseUrl: url,
    async countOrders() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return Number(
          (await client.query<{ n: string }>('select count(*) as n from trade_order')).rows[0]?.n ??
            0,
        );
      } finally {
        await client.end();
      }
    },
    dispose: () =>
      onServer((c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

/**
 * pgbench's TPC-B-like script (three updates, a select and an insert per transaction) on a scratch
 * database of its own, at the bench's connection count. Returns transactions per second.
 */
export async function runPgbench(
  connections: number,
  durationS: number,
): Promise<{ tps: number; latencyMs: number }> {
  const name = `kabuto_pgbench_${randomBytes(4).toString('hex')}`;
  await onServer((c) => c.query(`create database ${name}`));
  try {
    const url = databaseUrl(name);
    const init = spawnSync('pgbench', ['-i', '-q', '-s', '10', url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const run = spawnSync(
      'pgbench',
      ['-n', '-c', String(connections), '-j', '2', '-T', String(durationS), url],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
    const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(run.stdout)?.[1];
    if (!tps || !latency) throw new Error(`pgbench printed no tps:\n${run.stdout}`);
    return { tps: Number(tps), latencyMs: Number(latency) };
  } finally {
    await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
  }
}
