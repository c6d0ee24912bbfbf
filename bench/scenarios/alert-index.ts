// Price alerts (issue 23 item 2): 1,000,000 active alerts over every stock of the catalogue in the
// watcher's index (by symbol and threshold), met by tick batches of one print per stock. Prints
// alerts checked per second (the alerts a batch covers × batches a second), the batch time, the
// build time and memory, and a plain scan of the same alerts for comparison. No database.
// Usage: npm run bench:alerts [-- alerts batches]
import { allInstruments } from '@kabuto/schema/market';
import {
  AlertIndex,
  alertMetNow,
  type AlertCondition,
  type IndexedAlert,
} from '@kabuto/schema/modules/alerts/domain/alert-index.ts';

const ALERTS = Number(process.argv[2] ?? 1_000_000);
const BATCHES = Number(process.argv[3] ?? 300);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const stocks = allInstruments().filter((i) => i.kind === 'stock');
const CONDITIONS: readonly AlertCondition[] = ['above', 'below', 'change_pct'];

// A deterministic generator, so runs compare (mulberry32).
let state = 0x9e3779b9;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Every stock at 10,000 price units; alerts 2–30% away (above over, below under), changes ±2–20%. */
const BASE = 10_000n;
function makeAlerts(count: number): IndexedAlert[] {
  return Array.from({ length: count }, (_, k) => {
    const condition = CONDITIONS[k % 3] as AlertCondition;
    const away = BigInt(200 + Math.floor(random() * 2_800));
    const threshold =
      condition === 'above'
        ? BASE + away
        : condition === 'below'
          ? BASE - away
          : random() < 0.5
            ? away / 10n
            : -away / 10n;
    const symbol = (stocks[k % stocks.length] as { symbol: string }).symbol;
    return { id: BigInt(k + 1), userId: 1 + (k % 50_000), symbol, condition, threshold };
  });
}

/** One print per stock: a random walk of at most ±0.5% a batch around the base. */
function makeBatches(
  count: number,
): Array<Array<{ symbol: string; price: bigint; change: bigint }>> {
  const prices = new Map(stocks.map((s) => [s.symbol, BASE]));
  return Array.from({ length: count }, () =>
    stocks.map((s) => {
      const step = BigInt(Math.round((random() - 0.5) * 100));
      const price = (prices.get(s.symbol) as bigint) + step;
      prices.set(s.symbol, price);
      return { symbol: s.symbol, price, change: ((price - BASE) * 10_000n) / BASE };
    }),
  );
}

const alerts = makeAlerts(ALERTS);
const batches = makeBatches(BATCHES);
const heapBefore = process.memoryUsage().heapUsed;
let started = process.hrtime.bigint();
const index = AlertIndex.of(alerts);
const buildSeconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  `index of ${ALERTS.toLocaleString('en')} alerts over ${stocks.length} stocks built in ` +
    `${buildSeconds.toFixed(2)} s; heap +${mib(process.memoryUsage().heapUsed - heapBefore)}`,
);

started = process.hrtime.bigint();
let fired = 0;
for (const batch of batches) {
  for (const print of batch) fired += index.metBy(print.symbol, print.price, print.change).length;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const perBatch = (seconds / BATCHES) * 1e3;
const checked = (ALERTS * BATCHES) / seconds;
console.log(
  `indexed: ${BATCHES} batches of ${stocks.length} prints in ${seconds.toFixed(3)} s ` +
    `(${perBatch.toFixed(3)} ms a batch); ${Math.round(checked).toLocaleString('en')} alerts ` +
    `checked per second; ${fired.toLocaleString('en')} fired (each once)`,
);

// The same alerts by a plain scan, a few batches (what the index saves).
const SCAN_BATCHES = 5;
started = process.hrtime.bigint();
let scanned = 0;
for (const batch of batches.slice(0, SCAN_BATCHES)) {
  const bySymbol = new Map(batch.map((p) => [p.symbol, p]));
  for (const alert of alerts) {
    const print = bySymbol.get(alert.symbol);
    if (print && alertMetNow(alert, print.price, print.change)) scanned += 1;
  }
}
const scanSeconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  `scan: ${((scanSeconds / SCAN_BATCHES) * 1e3).toFixed(1)} ms a batch; ` +
    `${Math.round((ALERTS * SCAN_BATCHES) / scanSeconds).toLocaleString('en')} alerts checked per second ` +
    `(${scanned} met, fired or not)`,
);
console.log(`peak RSS ${mib(process.resourceUsage().maxRSS * 1024)}`);
