// The built client as the gateway serves it (issue 10 items 8 and 19): index.html revalidated on
// every load so a deploy shows at once, hashed assets cached for a year, and the brotli or gzip copy
// the build made sent to a browser that accepts it.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { createGateway, type Gateway } from '../src/app.ts';
import { loadConfig } from '../src/infra/config.ts';
import { deleteKeys } from './support/test-gateway.ts';

const ASSET = '/assets/index-Bt0rcoW3.js';
const SCRIPT = `console.log(${JSON.stringify('Kabuto '.repeat(400))});\n`;
const HTML = `<!doctype html><html lang="ja"><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>\n`;

let dist: string;
let dataDir: string;
let testDb: TestDb;
let redis: Redis;
let gateway: Gateway;
let base: string;
const prefix = `t${randomBytes(5).toString('hex')}`;

/** A dist as the client build leaves it: each text file beside its .br and .gz copies. */
function writeDist(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  for (const [path, text] of [
    ['/index.html', HTML],
    [ASSET, SCRIPT],
  ] as const) {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  }
}

/** A raw GET (fetch would decode the body and hide Content-Encoding). */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((done, fail) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kabuto-dist-'));
  dataDir = mkdtempSync(join(tmpdir(), 'kabuto-gw-'));
  writeDist(dist);
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      KABUTO_REDIS_PREFIX: prefix,
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    }),
    clientDistDir: dist,
  };
  testDb = await makeTestDb();
  redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
  gateway = createGateway({ config, db: testDb.db, redis, logger: pino({ level: 'silent' }) });
  base = `http://127.0.0.1:${await gateway.listen(0)}`;
});

afterAll(async () => {
  await gateway.close();
  await deleteKeys(redis, [`${prefix}:*`, `bull:${prefix}-*`]);
  redis.disconnect();
  await testDb.cleanup();
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the client as served', () => {
  it('index.html is revalidated on every load (no-cache), at / and by name', async () => {
    for (const path of ['/', '/index.html']) {
      const page = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(brotliDecompressSync(page.body).toString()).toBe(HTML);
    }
  });

  it('a hashed asset is cached for a year, immutable', async () => {
    const asset = await get(ASSET);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body.toString()).toBe(SCRIPT);
  });

  it('sends the brotli copy to a browser that accepts br, gzip to one that takes gzip only, plain otherwise', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get(ASSET, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('the API stays no-store and a missing asset is not_found', async () => {
    expect((await get('/assets/nothing-here.js')).status).toBe(404);
    const api = await fetch(`${base}/api/vue/common/config`, { method: 'POST' });
    expect(api.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a file answer that fails', () => {
  it('an unsatisfiable Range on a compressed page is refused as plain JSON, not labelled brotli or HTML', async () => {
    const answer = await get('/', { 'accept-encoding': 'br', range: 'bytes=99999-' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ status: 0, msg: 'invalid_param' });
  });
});
