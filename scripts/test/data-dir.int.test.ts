// DATA_DIR holds ID numbers, password hashes and ID photos: only the service account may read it
// (issue 10 item 6). Fresh installs are made private, and an existing install is tightened the next
// time anything opens the database (migrate runs on every `npm start`).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, dbTargetFrom, migrateToLatest } from '@kabuto/schema/db';
import { ROOT } from '../src/testing/stack.ts';

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const roots: string[] = [];

function scratch(): string {
  const root = mkdtempSync(join(tmpdir(), 'kabuto-datadir-'));
  roots.push(root);
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('DATA_DIR permissions', () => {
  it('a fresh DATA_DIR is made 0700 and the database with its -wal and -shm 0600', async () => {
    const dataDir = join(scratch(), 'data');
    const db = createDb(dbTargetFrom({ dataDir }));
    try {
      await migrateToLatest(db);
      await sql`insert into config_entry (name, value) values ('probe', '1')`.execute(db);
      const file = join(dataDir, 'kabuto.sqlite');
      expect(existsSync(`${file}-wal`) && existsSync(`${file}-shm`)).toBe(true);
      expect([mode(dataDir), mode(file), mode(`${file}-wal`), mode(`${file}-shm`)]).toEqual([
        '700',
        '600',
        '600',
        '600',
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('an existing 0755/0644 install is tightened by migrate: the directory tree 0700, every file 0600, even with the database open elsewhere', () => {
    const dataDir = join(scratch(), 'data');
    mkdirSync(join(dataDir, 'uploads'), { recursive: true, mode: 0o755 });
    mkdirSync(join(dataDir, 'redis'), { mode: 0o755 });
    const file = join(dataDir, 'kabuto.sqlite');
    const other = new SQLite(file); // another process keeps the WAL and its index open
    other.pragma('journal_mode = WAL');
    other.exec('create table if not exists probe (id integer)');
    other.exec('insert into probe values (1)');
    const loose = [
      file,
      `${file}-wal`,
      `${file}-shm`,
      join(dataDir, 'uploads', 'front.jpg'),
      join(dataDir, 'outbox.jsonl'),
      join(dataDir, 'redis', 'appendonly.aof'),
    ];
    for (const path of loose) {
      if (!existsSync(path)) writeFileSync(path, 'x');
      chmodSync(path, 0o644);
    }
    for (const dir of [dataDir, join(dataDir, 'uploads'), join(dataDir, 'redis')]) {
      chmodSync(dir, 0o755);
    }
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env['DATABASE_URL'];
      const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/src/migrate.ts'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      });
      expect(migrated.status, migrated.stderr).toBe(0);
      expect([dataDir, join(dataDir, 'uploads'), join(dataDir, 'redis')].map(mode)).toEqual([
        '700',
        '700',
        '700',
      ]);
      expect(loose.map(mode)).toEqual(loose.map(() => '600'));
    } finally {
      other.close();
    }
  });

  it('refuses to make the temp directory itself private', () => {
    expect(() => createDb(dbTargetFrom({ dataDir: tmpdir() }))).toThrow(/directory of its own/);
  });

  it('refuses a DATA_DIR that is a symlink to the home or temp directory, and changes no mode there', () => {
    // A stand-in home and temp directory (HOME and TMPDIR), so the real ones are never at risk.
    const root = scratch();
    const saved = { HOME: process.env['HOME'], TMPDIR: process.env['TMPDIR'] };
    try {
      for (const name of ['HOME', 'TMPDIR'] as const) {
        const shared = join(root, name.toLowerCase());
        mkdirSync(shared, { mode: 0o755 });
        chmodSync(shared, 0o755);
        writeFileSync(join(shared, 'notes.txt'), 'x');
        chmodSync(join(shared, 'notes.txt'), 0o644);
        process.env[name] = shared;
        const link = join(root, `data-${name}`);
        symlinkSync(shared, link);
        expect(() => createDb(dbTargetFrom({ dataDir: link }))).toThrow(/directory of its own/);
        expect([mode(shared), mode(join(shared, 'notes.txt'))]).toEqual(['755', '644']);
        expect(existsSync(join(shared, 'kabuto.sqlite'))).toBe(false);
      }
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
