import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestGateway, type TestGateway } from './support/test-gateway.ts';

// The operator's signals (issue 21): `/metrics` in the Prometheus text format for the machine
// itself (or a scraper with the token), never for a client through a proxy; `/readyz` says ready
// or not, without internal error text.
let t: TestGateway;
let withToken: TestGateway;
const TOKEN = 'scrape-token-0123456789abcdef';

beforeAll(async () => {
  t = await startTestGateway();
  // Behind one proxy (KABUTO_TRUST_PROXY=1): the proxy's request id is kept.
  withToken = await startTestGateway({ KABUTO_METRICS_TOKEN: TOKEN, KABUTO_TRUST_PROXY: '1' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await withToken.close();
});

const scrape = (gateway: TestGateway, headers: Record<string, string> = {}) =>
  fetch(`${gateway.baseUrl}/metrics`, { headers });

describe('/metrics', () => {
  it('counts calls by path and status, and reports sockets, queues, feed and ledger', async () => {
    await registerAndLogin(t);
    await t.call('user/assets', { type: 'jpy' });
    const response = await scrape(t);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/kabuto_calls_total\{api="vue",path="user\/login",status="200"\} 1/);
    expect(text).toMatch(/kabuto_calls_total\{api="vue",path="user\/assets",status="401"\} 1/);
    expect(text).toMatch(/kabuto_call_duration_seconds_count\{api="vue",path="user\/login"\} 1/);
    expect(text).toMatch(/^kabuto_sockets 0$/m);
    expect(text).toMatch(/kabuto_queue_jobs\{queue="withdrawal-payout",state="failed"\} 0/);
    expect(text).toMatch(/^kabuto_ledger_journals \d+$/m);
    expect(text).toContain('kabuto_gateway_process_resident_memory_bytes');
  });

  it('is not served to a client behind a proxy, nor without the token when one is set', async () => {
    expect((await scrape(t, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await scrape(withToken)).status).toBe(404);
    expect(
      (await scrape(withToken, { authorization: 'Bearer wrong-token-0123456789ab' })).status,
    ).toBe(404);
    expect((await scrape(withToken, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});

describe('/readyz', () => {
  it('says ready with nothing else', async () => {
    const response = await fetch(`${t.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('says which part is down when Redis is gone, without its error text', async () => {
    const lonely = await startTestGateway();
    try {
      lonely.redis.disconnect();
      const response = await fetch(`${lonely.baseUrl}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'not_ready', database: true, redis: false });
    } finally {
      await lonely.redis.connect();
      await lonely.close();
    }
  });
});

describe('the request id', () => {
  it('answers with the proxy’s id when it looks like one, else a new one; a client names none', async () => {
    const call = (gateway: TestGateway, id: string) =>
      fetch(`${gateway.baseUrl}/api/vue/common/config`, {
        method: 'POST',
        headers: { 'x-request-id': id },
        body: new URLSearchParams({ type: 'all' }),
      });
    const echoed = await call(withToken, 'edge-4f2a9c1b');
    expect(echoed.headers.get('x-request-id')).toBe('edge-4f2a9c1b');
    const replaced = await call(withToken, 'bad id <script>');
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // No proxy in front (the default): a client's own id is not taken.
    const direct = await call(t, 'edge-4f2a9c1b');
    expect(direct.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
