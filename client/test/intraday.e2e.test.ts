import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  intradaySettlementJob,
  intradaySettlementJobId,
  queueName,
} from '@kabuto/schema/contracts';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  apiPost,
  confirmDialog,
  launchChromium,
  phonePageAs,
  registerUser,
  shot as shotAs,
  waitForFeed,
  sharedStack,
} from './support/e2e.ts';

// Intraday trading in headless Chromium at 390x844 against the real stack (gateway, jobs, feed) in
// jp, cn and us: apply in the app, trade under the application (China: the screen says why long is
// refused and a short trades), run the market's settlement job through the real queue (the job the
// workers scheduled for that session's close, promoted to now), and see the position closed at the
// close and the application settled, live on the open screen.
let browser: Browser;
let stack: TestStack;
let redis: Redis;
let queue: Queue;

const CASES = [
  {
    language: 'jp',
    currency: 'JPY',
    market: 'JP',
    amount: '1000000',
    symbol: '7203',
    name: 'トヨタ自動車',
    side: 'long',
    qty: 100,
  },
  {
    language: 'us',
    currency: 'USD',
    market: 'US',
    amount: '10000',
    symbol: 'AAPL',
    name: 'Apple',
    side: 'long',
    qty: 10,
  },
  {
    language: 'cn',
    currency: 'CNY',
    market: 'CN',
    amount: '400000',
    symbol: '600519',
    name: '贵州茅台',
    side: 'short',
    qty: 100,
  },
] as const;

/** Into client/test/screenshots with the other browser tests' shots, named intraday-…. */
const shot = (page: Page, name: string) => shotAs(page, `intraday-${name}`);

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
  queue = new Queue(queueName('intraday-settlement', stack.prefix), { connection: redis });
  for (const c of CASES) await waitForFeed(stack, c.symbol);
}, 180_000);

afterAll(async () => {
  await queue?.close();
  redis?.disconnect();
  await browser?.close();
  await stack?.stop();
});

/** Runs the market's settlement now: the job the workers scheduled for the session's close, promoted. */
async function settleNow(market: string, sessionDate: string) {
  const id = intradaySettlementJobId(market, sessionDate);
  const scheduled = await queue.getJob(id);
  if (scheduled && (await scheduled.isDelayed())) {
    await scheduled.promote();
    return;
  }
  const job = intradaySettlementJob(market as 'JP', sessionDate, Date.now(), Date.now());
  await queue.add(job.name, job.data, job.opts);
}

describe('intraday trading in the browser', () => {
  for (const c of CASES) {
    it(`${c.language}: apply, trade, and the close settles it live`, async () => {
      const auth = await registerUser(
        stack,
        `itd.${c.language}.${stack.prefix}@example.jp`,
        'itd-pass-1',
      );
      const grant = await apiPost(
        stack,
        'user/paperfund',
        { currency: c.currency.toLowerCase(), request_id: `itd-${c.language}-grant` },
        auth,
      );
      expect(grant.status).toBe(1);
      const page = await phonePageAs(browser, auth, { language: c.language });
      await page.goto(`${stack.baseUrl}/#/home/home`);
      await page.getByTestId('intraday-entry').click();
      await page.locator('[data-testid="intraday-screen"][data-loaded="yes"]').waitFor();
      await page
        .getByTestId('intraday-currency')
        .locator('.adm-selector-item')
        .nth(['JPY', 'USD', 'CNY'].indexOf(c.currency))
        .click();
      await page.getByTestId('intraday-amount').locator('input').fill(c.amount);
      await expect
        .poll(() => page.getByTestId('intraday-apply-power').textContent())
        .not.toBe('--');
      if (c.market === 'CN') await page.getByTestId('intraday-cn-note').waitFor();
      await shot(page, `${c.language}-1-apply`);
      await page.getByTestId('intraday-apply-submit').click();
      const card = page.locator('[data-testid="intraday-application"][data-status="trading"]');
      await card.waitFor();

      if (c.market === 'CN') {
        // The sheet offers no long; asked through the API all the same, the server refuses it.
        expect(
          await card.getByTestId('intraday-side').locator('.adm-selector-item-disabled').count(),
        ).toBe(1);
        const long = await apiPost(
          stack,
          'trade/order',
          {
            symbol: c.symbol,
            side: 'long',
            kind: 'market',
            qty: '100',
            leverage: '1',
            intraday: '1',
            request_id: `itd-cn-long-${stack.prefix}`,
          },
          auth,
        );
        expect(long.msg).toBe('cannot_buy');
      }
      // The stock is found by search and picked, never typed blind.
      await card.getByTestId('intraday-symbol').locator('input').fill(c.symbol);
      await card.getByTestId(`intraday-pick-${c.symbol}`).click();
      await expect
        .poll(() => card.getByTestId('intraday-picked').textContent())
        .toContain(c.symbol);
      const sides = card.getByTestId('intraday-side').locator('.adm-selector-item');
      await sides.nth(c.side === 'long' ? 0 : 1).click();
      const qty = card.getByTestId('intraday-qty').locator('input');
      await qty.fill(String(c.qty));
      await qty.blur();
      const powerBefore = await card.getByTestId('intraday-power-left').textContent();
      await card.getByTestId('intraday-order-submit').click();
      await confirmDialog(page);
      await expect
        .poll(() => card.getByTestId('intraday-power-left').textContent(), { timeout: 10_000 })
        .not.toBe(powerBefore);
      // The stock's own order sheet trades under the application too (its intraday switch).
      await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=${c.symbol}`);
      await page.getByTestId(c.side === 'long' ? 'trade-long' : 'trade-short').click();
      await page.getByTestId('order-intraday').click();
      await page.getByTestId('preview-intraday-left').waitFor();
      await shot(page, `${c.language}-2a-order-sheet`);
      await page.getByTestId('order-submit').click();
      await confirmDialog(page);
      await page.getByTestId('order-panel').waitFor({ state: 'hidden' });
      await page.goto(`${stack.baseUrl}/#/home/withinDays`);
      await card.getByTestId('intraday-detail-toggle').click();
      await expect
        .poll(() => card.locator('[data-testid="intraday-trade"][data-status="holding"]').count())
        .toBe(2);
      // Each trade names the stock in the reader's language beside its code.
      expect(await card.getByTestId('intraday-trade-name').allTextContents()).toEqual([
        `${c.name} ${c.symbol}`,
        `${c.name} ${c.symbol}`,
      ]);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `${c.language}-2-trading`);

      const list = await apiPost(stack, 'intraday/list', {}, auth);
      const app = list.data[0];
      await settleNow(c.market, app.session_date);
      const settled = page.locator('[data-testid="intraday-application"][data-status="traded"]');
      await settled.waitFor({ timeout: 30_000 });
      await expect
        .poll(() =>
          settled
            .locator(
              '[data-testid="intraday-trade"][data-status="closed"][data-reason="intraday_close"]',
            )
            .count(),
        )
        .toBe(2);
      await settled.getByTestId('intraday-trades').scrollIntoViewIfNeeded();
      await shot(page, `${c.language}-3-settled`);
      const after = await apiPost(stack, 'intraday/detail', { id: app.id }, auth);
      expect(after.data.application.status).toBe('traded');
      expect(after.data.trades).toHaveLength(2);
      expect(after.data.trades.every((t: { status: string }) => t.status === 'closed')).toBe(true);
      await page.close();
    }, 120_000);
  }
});
