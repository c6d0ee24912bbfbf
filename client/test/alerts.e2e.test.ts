import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Redis } from 'ioredis';
import { redisKeys } from '@kabuto/schema/contracts';
import { startPushStandIn } from '@kabuto/schema/testing';
import { startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import jp from '../src/locales/jp.json';
import cn from '../src/locales/cn.json';
import us from '../src/locales/us.json';
import {
  apiPost,
  launchChromium,
  phonePageAs,
  registerUser,
  shot as shotAs,
  waitForFeed,
} from './support/e2e.ts';

// Issue 23 item 2 as a user sees it, in jp, cn and us at 390x844: a price alert set from the stock
// page's bell fires once on a print past it; the workers send a Web Push (web-push, VAPID) to the
// browser's subscription; a local push service stand-in receives and decrypts it and hands it to
// Chromium's service worker (CDP), which shows the notification. The stack is this file's own: its
// workers trust the stand-in's certificate (NODE_EXTRA_CA_CERTS).
const LOCALES = { jp, cn, us } as const;
type Language = keyof typeof LOCALES;
const NAMES: Record<Language, string> = { jp: 'トヨタ自動車', cn: '丰田汽车', us: 'Toyota Motor' };
let browser: Browser;
let stack: TestStack;
let pushService: Awaited<ReturnType<typeof startPushStandIn>>;
let redis: Redis;
const shot = (page: Page, name: string) => shotAs(page, `alerts-${name}`);

beforeAll(async () => {
  pushService = await startPushStandIn();
  stack = await startStack({
    services: ['gateway', 'jobs', 'feed'],
    env: { KABUTO_TEST_FIXTURES: '1', NODE_EXTRA_CA_CERTS: pushService.caPath },
  });
  redis = new Redis(stack.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
  browser = await launchChromium();
  await waitForFeed(stack, '7203');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  redis?.disconnect();
  await stack?.stop();
  await pushService?.close();
});

/** A print far past the alert, on the stack's own tick channel (the feed's next print follows). */
async function printAt(price: number) {
  const tick = {
    symbol: '7203',
    price: String(price),
    change_rate: '0.00',
    volume: 0,
    seq: 1,
    ts: Date.now(),
  };
  await redis.publish(redisKeys(stack.prefix).tickChannel, JSON.stringify([tick]));
}

/** The page's service worker registration id, for CDP's push delivery. */
async function registrationOf(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<{ id: string; origin: string; cdp: typeof cdp }>((done) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      const registration = event.registrations.find((r) => !r.isDeleted);
      if (!registration) return;
      const origin = new URL(registration.scopeURL).origin;
      done({ id: registration.registrationId, origin, cdp });
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function addAlertFromBell(page: Page, language: Language, value: number) {
  await page.getByTestId('alert-bell').click();
  await page.getByTestId('alert-sheet').waitFor();
  await page
    .getByTestId('alert-condition')
    .getByText(LOCALES[language].alerts.kinds.above, { exact: true })
    .click();
  await page.getByTestId('alert-value').locator('input').fill(String(value));
  await page.getByTestId('alert-add').click();
  await page.locator('[data-testid^="alert-"][data-status="active"]').first().waitFor();
  await shot(page, `${language}-sheet`);
}

describe('price alerts with Web Push', () => {
  for (const language of Object.keys(LOCALES) as Language[]) {
    it(`${language}: an alert from the bell fires once; its push reaches the service worker as a notification`, async () => {
      const auth = await registerUser(
        stack,
        `alerts.${language}.${stack.prefix}@example.jp`,
        'al-pass-1',
      );
      const page = await phonePageAs(browser, auth, { language }, { serviceWorker: true });
      await page.context().grantPermissions(['notifications'], { origin: stack.baseUrl });
      await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=7203`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const registration = registrationOf(page);
      const detail = await apiPost(stack, 'quote/detail', { symbol: '7203' }, auth);
      const last = Math.round(Number(detail.data.price));
      await addAlertFromBell(page, language, last + 400);
      // The browser's subscription: the stand-in's (Chromium's own needs a vendor push service).
      const subscription = pushService.subscribe();
      const saved = await apiPost(stack, 'push/subscribe', { ...subscription, language }, auth);
      expect(saved.status).toBe(1);
      const before = pushService.received.length;
      // The watcher reloads its index within a second of the new alert.
      await expect
        .poll(
          async () => {
            await printAt(last + 450);
            return pushService.received.length;
          },
          { timeout: 15_000, interval: 1000 },
        )
        .toBe(before + 1);
      const push = pushService.received[before] as { payload: string };
      const payload = JSON.parse(push.payload) as { title: string; body: string };
      expect(payload.title).toContain(NAMES[language]);

      const { id, origin, cdp } = await registration;
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: id,
        data: push.payload,
      });
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
          ),
        )
        .toContain(payload.title);
      // The sheet shows it fired, once; more prints past it send nothing more.
      await page.locator('[data-testid^="alert-"][data-status="triggered"]').first().waitFor();
      await shot(page, `${language}-fired`);
      await printAt(last + 500);
      expect(pushService.received.length).toBe(before + 1);
      await page.goto(`${stack.baseUrl}/#/mine/message`);
      await expect
        .poll(() => page.locator('body').textContent())
        .toContain(LOCALES[language].alerts.bell);
      await shot(page, `${language}-inbox`);
      await page.goto(`${stack.baseUrl}/#/mine/alerts`);
      await page.getByTestId('alerts-screen').waitFor();
      await shot(page, `${language}-screen`);
      await page.close();
    });
  }
});
