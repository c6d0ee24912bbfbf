import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, dbTargetFrom } from '@kabuto/schema/db';
import { listingPhase } from '@kabuto/schema/ipo';
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

  it('adds three demo new-share listings (JP open for days, US closing in ~3 min, CN all past) once', async () => {
    const before = Date.now();
    // The first test seeded; a second seed adds nothing.
    const again = run('scripts/src/seed.ts');
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain('demo new-share listings added');
    const db = createDb(dbTargetFrom({ databaseUrl: undefined, dataDir }));
    try {
      const rows = await db.selectFrom('ipo_listing').selectAll().orderBy('id').execute();
      expect(rows.map((r) => [r.market, r.currency, Number(r.lot)])).toEqual([
        ['JP', 'JPY', 100],
        ['US', 'USD', 1],
        ['CN', 'CNY', 500],
      ]);
      const [jp, us, cn] = rows.map((r) => ({
        subscribeStart: Number(r.subscribe_start),
        subscribeEnd: Number(r.subscribe_end),
        drawAt: Number(r.draw_at),
        payDeadline: Number(r.pay_deadline),
        listingAt: Number(r.listing_at),
        commitment: r.seed_commitment,
      }));
      expect(listingPhase(jp!, before)).toBe('open');
      expect(jp!.subscribeEnd - before).toBeGreaterThan(4 * 24 * 3_600_000);
      expect(listingPhase(us!, before)).toBe('open');
      expect(us!.subscribeEnd - before).toBeLessThanOrEqual(3 * 60_000);
      expect(us!.listingAt - us!.subscribeEnd).toBe(9 * 60_000);
      expect(cn!.listingAt).toBeLessThan(before);
      expect(new Set(rows.map((r) => r.seed_commitment)).size).toBe(3);
    } finally {
      await db.destroy();
    }
  });
});
