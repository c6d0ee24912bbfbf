import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../src/testing/stack.ts';

// The seed on a fresh SQLite data dir, as `npm start` runs it.
const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-seed-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env['DATABASE_URL'];
const run = (file: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, env, encoding: 'utf8' });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('seed', () => {
  it('says where the back-office login is written and never prints the password', () => {
    expect(run('scripts/src/migrate.ts').status).toBe(0);
    const seeded = run('scripts/src/seed.ts');
    expect(seeded.status).toBe(0);
    const file = join(dataDir, 'backoffice-login.txt');
    const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    expect(password.length).toBeGreaterThan(10);
    expect(seeded.stdout + seeded.stderr).not.toContain(password);
    expect(seeded.stdout).toContain(`written to ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
