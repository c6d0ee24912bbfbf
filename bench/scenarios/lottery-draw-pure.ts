// The pure allotment draw (DESIGN.md §8) on 1,000,000 applications: list hash, draw seed and the
// rounds, no database. The draw job's whole target (DB writes included) is ≤ 10 s and ≤ 512 MiB;
// this shows the share the pure draw takes. Tickets are made with node:crypto (setup, not timed).
// Usage: npm run bench:lottery:pure [-- entries]
import { createHash, randomBytes } from 'node:crypto';
import { drawOrdered, type LotteryEntry, type Sha256Factory } from '@kabuto/schema/domain';

const ENTRIES = Number(process.argv[2] ?? 1_000_000);
const MAX_LOTS = 10;

function makeEntries(count: number): LotteryEntry[] {
  const key = randomBytes(32);
  const entries = new Array<LotteryEntry>(count);
  for (let id = 0; id < count; id++) {
    const ticket = createHash('sha256').update(key).update(String(id)).digest('hex');
    entries[id] = { ticket, lots: 1 + (id % MAX_LOTS) };
  }
  return entries;
}

const nodeSha256: Sha256Factory = () => createHash('sha256');

function timeDraw(
  label: string,
  entries: LotteryEntry[],
  lotsOffered: number,
  sha256?: Sha256Factory,
): void {
  const started = process.hrtime.bigint();
  const draw = drawOrdered({
    entries,
    lotsOffered,
    maxLots: MAX_LOTS,
    seed: randomBytes(32).toString('hex'),
    beacon: randomBytes(32).toString('hex'),
    ...(sha256 ? { sha256 } : {}),
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  let winners = 0;
  let lots = 0;
  for (const won of draw.lotsWon) {
    if (won > 0) winners++;
    lots += won;
  }
  console.log(
    `${label}: ${entries.length.toLocaleString('en')} entries, ${lotsOffered.toLocaleString('en')} ` +
      `lots offered: ${seconds.toFixed(2)} s (${winners.toLocaleString('en')} winners, ` +
      `${lots.toLocaleString('en')} lots given)`,
  );
}

const entries = makeEntries(ENTRIES);
const sorted = [...entries].sort((a, b) => (a.ticket < b.ticket ? -1 : 1));
const rssBefore = process.memoryUsage().rss;
const fifth = Math.floor(ENTRIES / 5);
timeDraw(
  'server: sorted input (ORDER BY ticket), node:crypto list hash',
  sorted,
  fifth,
  nodeSha256,
);
timeDraw('server: unsorted input (sorted by the draw)', entries, fifth, nodeSha256);
timeDraw('server: 3 lots per entry offered (several rounds)', sorted, ENTRIES * 3, nodeSha256);
timeDraw('browser path: @noble/hashes list hash', sorted, fifth);
const peakMiB = process.resourceUsage().maxRSS / 1024;
console.log(
  `peak RSS ${peakMiB.toFixed(0)} MiB (the entries themselves: ${(rssBefore / 2 ** 20).toFixed(0)} MiB before the draws)`,
);
