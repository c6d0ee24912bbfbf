// The measured half of `npm run bench:draw`: one process that runs the workers' draw step on a
// prepared database and prints its own seconds and peak RSS (the setup ran in the parent).
// Usage: tsx bench/scenarios/ipo-draw-run.ts <sqlite file> <listing id> <now ms>
import { randomBytes } from 'node:crypto';
import { AccountEventOutbox, createDb } from '@kabuto/schema/db';
import { drawListing } from '../../workers/src/jobs/ipo-allotment/ipo-draw.ts';

const [file = '', listingId = '0', nowMs = '0'] = process.argv.slice(2);
const db = createDb({ kind: 'sqlite', file });
const now = Number(nowMs);
let relayed = 0;
const outbox = new AccountEventOutbox(
  db,
  () => {
    relayed += 1;
  },
  () => now,
);
const started = process.hrtime.bigint();
const drawn = await drawListing(
  {
    db,
    clock: { nowMs: () => now },
    emitter: { record: async (trx, u, e, p) => void (await outbox.record(trx, u, e, p)) },
    onChunk: (written) => {
      if (process.env['BENCH_TRACE']) {
        const at = Number(process.hrtime.bigint() - started) / 1e9;
        process.stderr.write(`${at.toFixed(2)} s: ${written} written\n`);
      }
    },
    beaconFor: () => ({
      after: () =>
        Promise.resolve({ round: null, value: randomBytes(32).toString('hex'), signature: null }),
    }),
  },
  Number(listingId),
);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
await outbox.drain();
process.stderr.write(JSON.stringify((globalThis as any).T) + '\n');
await db.destroy();
console.log(
  JSON.stringify({
    drawn,
    seconds: Number(seconds.toFixed(2)),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    relayedWinnerEvents: relayed,
  }),
);
