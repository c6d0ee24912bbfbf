import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Redis } from 'ioredis';
import { redisKeys } from '@kabuto/schema/contracts';
import { startScratchRedis, type ScratchRedis } from '@kabuto/schema/testing';
import { startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import jp from '../src/locales/jp.json';
import cn from '../src/locales/cn.json';
import us from '../src/locales/us.json';
import {
  apiPost,
  confirmDialog,
  launchChromium,
  phonePageAs,
  registerUser,
  shot,
} from './support/e2e.ts';

// What the order sheet says after the order call, in jp, cn and us, against the real gateway on a
// redis-server of this test's own (killed and restarted; the shared server is never touched):
// a resting limit says "order placed" (not "bought"), and an order sent while Redis is down says
// to try again (503 service_unavailable), not a server error.
const LOCALES = { jp, cn, us } as const;
let browser: Browser;
let stack: TestStack;
let server: ScratchRedis;
let auth: { token: string; account: string };

async function quote7203() {
  const redis = new Redis(server.url);
  const snapshot = {
    symbol: '7203',
    market: 'JP',
    price: '2850',
    change_rate: '0.00',
    volume: 0,
    seq: 1,
    ts: Date.now(),
    open: '2850',
    high: '2850',
    low: '2850',
    prev_close: '2850',
    turnover: '0',
    limit_up: '3350',
    limit_down: '2350',
    phase: 'continuous',
    date: '2026-11-20',
    source: 'test',
  };
  await redis.hset(redisKeys(stack.prefix).latestQuotes, '7203', JSON.stringify(snapshot));
  redis.disconnect();
}

async function openOrderSheet(
  page: Page,
  language: keyof typeof LOCALES,
  kind: 'market' | 'limit',
) {
  await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=7203`);
  await page.getByTestId('trade-long').click();
  if (kind === 'limit') {
    await page
      .getByTestId('order-kind')
      .getByText(LOCALES[language].trade.limit, { exact: true })
      .click();
    await page.getByTestId('order-price').locator('input').fill('2800');
  }
  await expect
    .poll(() => page.getByTestId('order-preview').textContent(), { timeout: 10_000 })
    .toContain(kind === 'limit' ? '2,800' : '2,850');
}

/** The toast as the user sees it (screenshot taken while it shows). */
async function toastAfterConfirm(page: Page, name: string): Promise<string> {
  await confirmDialog(page);
  const toast = page.locator('.adm-toast-main').last();
  await toast.waitFor();
  // The dialog closed, the toast still up (it shows for 2 s): the screen the user reads.
  await page.locator('.adm-dialog-body').waitFor({ state: 'detached' });
  await shot(page, name, { keepToast: true });
  return (await toast.textContent()) ?? '';
}

beforeAll(async () => {
  server = await startScratchRedis();
  stack = await startStack({ services: ['gateway'], env: { REDIS_URL: server.url } });
  browser = await launchChromium();
  auth = await registerUser(stack, `orders.${stack.prefix}@example.jp`, 'orders-pass-1');
  await apiPost(stack, 'user/paperfund', { currency: 'jpy', request_id: 'e2e-grant-jpy-01' }, auth);
  await quote7203();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await server?.kill();
});

describe('order messages', () => {
  it.each(['jp', 'cn', 'us'] as const)(
    '%s: a resting limit says order placed; an order while Redis is down says try again',
    async (language) => {
      const page = await phonePageAs(browser, auth, { language });
      await openOrderSheet(page, language, 'limit');
      await page.getByTestId('order-submit').click();
      expect(await toastAfterConfirm(page, `${language}-order-placed`)).toBe(
        LOCALES[language].msg.order_placed,
      );

      await openOrderSheet(page, language, 'market');
      await page.getByTestId('order-submit').click();
      await server.kill(); // Redis goes down while the confirm dialog is open
      expect(await toastAfterConfirm(page, `${language}-order-service-unavailable`)).toBe(
        LOCALES[language].msg.service_unavailable,
      );
      await server.start();
      await quote7203();
      await expect
        .poll(async () => (await apiPost(stack, 'quote/detail', { symbol: '7203' })).data?.price, {
          timeout: 15_000,
        })
        .toBe('2850');
      const pending = await apiPost(stack, 'trade/pendinglist', {}, auth);
      expect(pending.data).toHaveLength(['jp', 'cn', 'us'].indexOf(language) + 1); // only the resting limits
      const held = (await apiPost(stack, 'trade/userstocklist', { type: 'jpy' }, auth))
        .data as Record<string, unknown>;
      expect(Object.keys(held).filter((key) => /^\d+$/.test(key))).toEqual([]); // the refused market order opened nothing
      await page.close();
    },
    60_000,
  );
});
