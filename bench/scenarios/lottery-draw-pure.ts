// The pure allotment draw (DESIGN.md §8) on 1,000,000 applications: list hash, draw seed and the
// rounds, no database. The draw job's whole target (DB writes included) is ≤ 10 s and ≤ 512 MiB;
// this shows the share the pure draw takes. Tickets are made with node:crypto (setup, not timed).
// The server path is `drawSorted` (tickets in ORDER BY ticket order, lots in a Uint32Array, the
// list hash on node:crypto); the check page's path is `drawOrdered` on entry objects, @noble/hashes.
// Usage: npm run bench:lottery:pure [-- entries]
import { createHash, randomBytes } from 'node:crypto';
import {
  drawOrdered,
  drawSorted,
  type OrderedDraw,
  type Sha256Factory,
} from '@kabuto/schema/domain';

const ENTRIES = Number(process.argv[2] ?? 1_000_000);
const MAX_LOTS = 10;
const nodeSha256: Sha256Factory = () => createHash('sha256');
const hex32 = () => randomBytes(32).toString('hex');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const peakRss = () => mib(process.resourceUsage().maxRSS * 1024);

function makeSortedList(count: number) {
  const key = randomBytes(32);
  const tickets = Array.from({ length: count }, (_, id) =>
    createHash('sha256').update(key).update(String(id)).digest('hex'),
  ).sort();
  const lots = Uint32Array.from(tickets, (_, k) => 1 + ((k * 7) % MAX_LOTS));
  return { tickets, lots };
}

function report(label: string, lotsOffered: number, run: () => OrderedDraw): void {
  const started = process.hrtime.bigint();
  const draw = run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  let winners = 0;
  for (const won of draw.lotsWon) if (won > 0) winners++;
  console.log(
    `${label}: ${draw.tickets.length.toLocaleString('en')} entries, ` +
      `${lotsOffered.toLocaleString('en')} lots offered: ${seconds.toFixed(2)} s, ` +
      `${winners.toLocaleString('en')} winners; peak RSS so far ${peakRss()}`,
  );
}

const { tickets, lots } = makeSortedList(ENTRIES);
console.log(`list of ${ENTRIES.toLocaleString('en')} made; RSS ${mib(process.memoryUsage().rss)}`);
const draw = (lotsOffered: number) => () =>
  drawSorted({
    tickets,
    lots,
    lotsOffered,
    maxLots: MAX_LOTS,
    seed: hex32(),
    beacon: hex32(),
    sha256: nodeSha256,
  });
const fifth = Math.floor(ENTRIES / 5);
report('server (drawSorted)', fifth, draw(fifth));
report('server, 3 lots per entry offered (several rounds)', ENTRIES * 3, draw(ENTRIES * 3));

const entries = tickets.map((ticket, k) => ({ ticket, lots: lots[k]! })).reverse();
const page = (sorted: boolean) => () =>
  drawOrdered({
    entries: sorted ? [...entries].reverse() : entries,
    lotsOffered: fifth,
    maxLots: MAX_LOTS,
    seed: hex32(),
    beacon: hex32(),
  });
report('check page (drawOrdered, entries in ticket order, @noble/hashes)', fifth, page(true));
report('check page, entries in reverse order (sorted by the draw)', fifth, page(false));
