// First load on a phone: Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown) on the
// built client as the gateway serves it, in Debian's Chromium. Prints one JSON line per run (scores,
// first contentful paint, largest contentful paint, total blocking time) and the first route's
// bytes (on the wire and decoded, JS and CSS), then the median run; then the PWA checks that
// Lighthouse 12 no longer makes (pwa-checks.ts): installable, service worker, offline start.
// Usage: npm run bench:client [-- --runs 3] [-- --url http://127.0.0.1:3000]
//   without --url it builds the client if needed and boots its own gateway on a temp SQLite file.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import { pwaChecks } from './pwa-checks.ts';

const CHROMIUM = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const { values } = parseArgs({
  options: { url: { type: 'string' }, runs: { type: 'string', default: '3' } },
});

interface NetworkRow {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/** DESIGN.md's measure (first route ≤ 200 KB JS gzip): the build's .gz copies of the scripts loaded. */
function gzipBytes(scripts: readonly NetworkRow[]): number {
  return scripts.reduce((total, row) => {
    const file = join(ROOT, 'client', 'dist', `${new URL(row.url).pathname}.gz`);
    return total + (existsSync(file) ? statSync(file).size : (row.resourceSize ?? 0));
  }, 0);
}

function firstRouteBytes(rows: readonly NetworkRow[], origin: string) {
  const own = rows.filter((row) => row.url.startsWith(origin));
  const sum = (type: string | null, key: 'transferSize' | 'resourceSize') =>
    own
      .filter((row) => type === null || row.resourceType === type)
      .reduce((total, row) => total + (row[key] ?? 0), 0);
  const kib = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return {
    requests: own.length,
    jsWireKiB: kib(sum('Script', 'transferSize')),
    jsDecodedKiB: kib(sum('Script', 'resourceSize')),
    cssWireKiB: kib(sum('Stylesheet', 'transferSize')),
    cssDecodedKiB: kib(sum('Stylesheet', 'resourceSize')),
    totalWireKiB: kib(sum(null, 'transferSize')),
    jsGzipKiB: kib(gzipBytes(own.filter((row) => row.resourceType === 'Script'))),
  };
}

async function audit(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error('lighthouse returned nothing');
  const { lhr } = result;
  const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const rows = ((lhr.audits['network-requests']?.details as { items?: NetworkRow[] } | undefined)
    ?.items ?? []) as NetworkRow[];
  return {
    performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories['accessibility']?.score ?? 0) * 100),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    firstRoute: firstRouteBytes(rows, new URL(url).origin),
  };
}

function ensureClientBuilt(): void {
  if (existsSync(join(ROOT, 'client', 'dist', 'index.html'))) return;
  const built = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('client build failed');
}

let stack: TestStack | null = null;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
  ],
});
try {
  let base = values.url;
  if (!base) {
    ensureClientBuilt();
    stack = await startStack({ services: ['gateway'] });
    base = stack.baseUrl;
  }
  const runs = [];
  for (let i = 0; i < Number(values.runs); i += 1) {
    const run = await audit(`${base}/`, chrome.port);
    console.log(JSON.stringify({ scenario: 'lighthouse mobile, first route', run: i + 1, ...run }));
    runs.push(run);
  }
  const median = [...runs].sort((a, b) => a.performance - b.performance)[
    Math.floor(runs.length / 2)
  ];
  console.log(
    JSON.stringify({
      scenario: 'lighthouse mobile, median by performance',
      runs: runs.length,
      ...median,
    }),
  );
  console.log(JSON.stringify({ scenario: 'pwa checks', ...(await pwaChecks(base, CHROMIUM)) }));
} finally {
  chrome.kill();
  await stack?.stop();
}
