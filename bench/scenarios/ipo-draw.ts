// The allotment draw on 1,000,000 applications (DESIGN.md §8), persisted and notified on SQLite:
// the workers' draw step writes every result with its inbox message and `allotment:drawn` event.
// Target (DESIGN.md §11 / issue 12): ≤ 10 s and ≤ 512 MiB peak RSS on this 2-core machine.
// The setup (users, subscriptions, tickets) runs here; the draw runs in a child process of its
// own, so its peak RSS is the draw's. Usage: npm run bench:draw [-- applications lotsOffered]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb, migrateToLatest } from '@kabuto/schema/db';
import { anIpoListing, manySubscriptions } from '@kabuto/schema/testing';

const APPLICATIONS = Number(process.argv[2] ?? 1_000_000);
const LOTS_OFFERED = Number(process.argv[3] ?? 10_000);
const CLOSE = Date.UTC(2026, 10, 20, 6, 0);

const dir = mkdtempSync(join(tmpdir(), 'kabuto-bench-draw-'));
const file = join(dir, 'kabuto.sqlite');
try {
  const db = createDb({ kind: 'sqlite', file });
  await migrateToLatest(db);
  const times = {
    subscribeEnd: CLOSE,
    drawAt: CLOSE + 60_000,
    payDeadline: CLOSE + 86_400_000,
    listingAt: CLOSE + 3 * 86_400_000,
  };
  const listing = await anIpoListing(db, times, { lotsOffered: LOTS_OFFERED, maxLots: 10 });
  const setupStarted = Date.now();
  await manySubscriptions(db, listing, APPLICATIONS, (n) => 1 + ((n * 7) % 10));
  const setupSeconds = (Date.now() - setupStarted) / 1000;
  await db.destroy();
  const child = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'ipo-draw-run.ts'),
      file,
      String(listing.listingId),
      String(times.drawAt),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.stderr.write(child);
  const run = JSON.parse(child.trim().split('\n').pop() ?? '{}') as {
    seconds: number;
    peakRssMiB: number;
  };
  const check = createDb({ kind: 'sqlite', file });
  const counts = await sql<{ won: number; lost: number; inbox: number; seqs: number }>`select
      (select count(*) from ipo_subscription where status = 'won') as won,
      (select count(*) from ipo_subscription where status = 'lost') as lost,
      (select count(*) from inbox_message) as inbox,
      (select count(*) from account_event_seq where last_seq = 1) as seqs`.execute(check);
  await check.destroy();
  console.log(
    JSON.stringify({
      scenario: 'ipo draw: applications drawn, persisted and notified (SQLite, workers draw step)',
      applications: APPLICATIONS,
      lotsOffered: LOTS_OFFERED,
      seconds: run.seconds,
      peakRssMiB: run.peakRssMiB,
      targetSeconds: 10,
      targetRssMiB: 512,
      setupSeconds,
      ...Object.fromEntries(Object.entries(counts.rows[0] ?? {}).map(([k, v]) => [k, Number(v)])),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
