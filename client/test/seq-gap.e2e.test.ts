import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Redis } from 'ioredis';
import { createSocketEmitter } from '@kabuto/schema/contracts';
import { startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  apiPost,
  framesDrawn,
  launchChromium,
  phonePageAs,
  registerUser,
  shot,
} from './support/e2e.ts';

// The client notices a lost account event: the page's real socket loses the events that carried a
// change (dropped on the wire by a WebSocket route), the next event's `seq` skips past them, and
// the Mine screen refetches its figures from REST. Without the seq check it stays stale.
let browser: Browser;
let stack: TestStack;
let redis: Redis;

beforeAll(async () => {
  stack = await startStack({ services: ['gateway', 'jobs'] });
  browser = await launchChromium();
  redis = new Redis(String(stack.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379'));
}, 120_000);

afterAll(async () => {
  redis?.disconnect();
  await browser?.close();
  await stack?.stop();
});

/**
 * Forwards the socket both ways; while `dropping`, account-event frames from the server are lost.
 * `cut()` closes the page's current socket as a dead network would (Socket.IO then reconnects).
 */
async function lossySocket(page: Page) {
  const wire = {
    dropping: false,
    /** While dropping, the events still let through (the test's own). */
    letThrough: new Set<string>(),
    dropped: [] as string[],
    passed: [] as string[],
    connections: 0,
    /** Socket.IO CONNECT answers seen: the server ran its middleware (the account room joined). */
    joined: 0,
    cut: () => undefined as void,
  };
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    wire.connections += 1;
    wire.cut = () => void ws.close({ code: 1006, reason: 'network lost' }).catch(() => undefined);
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const text = String(message);
      if (text.startsWith('40')) wire.joined += 1;
      const event = /^42\["([a-z]+:[a-z]+)"/.exec(text)?.[1];
      const lost = event && !event.startsWith('quote:') && !wire.letThrough.has(event);
      if (wire.dropping && lost) {
        wire.dropped.push(event);
        return;
      }
      if (event) wire.passed.push(event);
      ws.send(message);
    });
  });
  return wire;
}

type Wire = Awaited<ReturnType<typeof lossySocket>>;

async function mineTotalAs(lang: string, phone: string) {
  const auth = await registerUser(stack, phone, 'correct-horse-9');
  const page = await phonePageAs(browser, auth, { language: lang });
  const wire = await lossySocket(page);
  await page.goto(`${stack.baseUrl}/#/mine/index`);
  const total = page.getByTestId('assets-total');
  await expect.poll(() => total.textContent(), { timeout: 10_000 }).toMatch(/\d/);
  return { auth, page, wire, total, before: await total.textContent() };
}

/** A paper grant whose account events this page's socket never receives. */
async function grantUnseen(auth: { token: string; account: string }, wire: Wire, id: string) {
  wire.dropping = true;
  const grant = await apiPost(stack, 'user/paperfund', { currency: 'jpy', request_id: id }, auth);
  expect(grant.msg).toBe('claim_ok');
  await expect
    .poll(() => wire.dropped, { timeout: 30_000 })
    .toEqual(expect.arrayContaining(['fund:updated', 'assets:updated']));
}

async function expectRestTotal(
  total: ReturnType<Page['getByTestId']>,
  auth: { token: string; account: string },
) {
  const rest = await apiPost(stack, 'user/assets', { type: 'jpy' }, auth);
  expect(Number(rest.data.total)).toBeGreaterThan(0);
  expect((await total.textContent())?.replace(/[^\d.]/g, '')).toBe(String(rest.data.total));
}

describe.each([
  ['jp', '09077701234'],
  ['cn', '09077701235'],
  ['us', '09077701236'],
])('a lost account event (%s)', (lang, phone) => {
  it('a gap in seq makes the Mine screen refetch and show the change it missed', async () => {
    const { auth, page, wire, total, before } = await mineTotalAs(lang, phone);
    // Events published through Redis the way the gateway and the workers do, with chosen seqs (to
    // every socket: only this test's page is open).
    const emitter = createSocketEmitter(redis, stack.prefix, () => undefined);
    const publish = (seq: number) => void emitter.emit('message:created', { reason: 'test', seq });
    // The baseline: published until the page's socket (connected by now or soon) has it.
    await expect
      .poll(
        () => {
          publish(1_000_000);
          return wire.passed;
        },
        { timeout: 10_000 },
      )
      .toContain('message:created');

    await grantUnseen(auth, wire, `e2e-seq-gap-${lang}`);
    // An event after the lost ones, with no gap (the seq seen already), reaches the page and is
    // handled: the page still shows the old total, as nothing told it of the change. The grant's
    // own events stay lost even if one comes late (a second asset recomputation under load).
    wire.letThrough.add('message:created');
    const passedBefore = wire.passed.length;
    publish(1_000_000);
    await expect.poll(() => wire.passed.length, { timeout: 10_000 }).toBeGreaterThan(passedBefore);
    await framesDrawn(page);
    expect(await total.textContent()).toBe(before);

    publish(1_000_002);
    await expect.poll(() => total.textContent(), { timeout: 10_000 }).not.toBe(before);
    await expectRestTotal(total, auth);
    await shot(page, `seq-gap-recovered-${lang}`);
    await page.close();
  }, 60_000);
});

describe('a dropped connection', () => {
  it('a change made while the socket was down shows once Socket.IO reconnects, with no new event', async () => {
    const { auth, page, wire, total, before } = await mineTotalAs('us', '09077701237');
    // Signed in on the socket (its CONNECT answered), so the grant's events are sent to it.
    await expect.poll(() => wire.joined, { timeout: 10_000 }).toBeGreaterThan(0);
    // The change's events are lost, then the socket dies: nothing after it carries a later seq.
    await grantUnseen(auth, wire, 'e2e-seq-reconnect');
    // Account events stay lost (a late one would carry the change): only the reconnect's refetch can.
    const connectionsBefore = wire.connections;
    wire.cut();
    await expect
      .poll(() => wire.connections, { timeout: 15_000 })
      .toBeGreaterThan(connectionsBefore);
    await expect.poll(() => total.textContent(), { timeout: 10_000 }).not.toBe(before);
    await expectRestTotal(total, auth);
    await shot(page, 'seq-reconnect-recovered-us');
    await page.close();
  }, 60_000);
});
