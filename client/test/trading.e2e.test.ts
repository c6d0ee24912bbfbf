import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import { apiPost, confirmDialog, launchChromium, phonePageAs, registerUser, shot, waitForFeed } from './support/e2e.ts';

// Buy, watch the P&L move with ticks, close, see the trade: headless Chromium at 390x844 against
// the real stack (gateway, workers, feed on always-open).
let browser: Browser;
let stack: TestStack;

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) => apiPost(stack, path, body, headers);

beforeAll(async () => {
  stack = await startStack({ services: ['gateway', 'jobs', 'feed'] });
  browser = await launchChromium();
  await waitForFeed(stack, 'AAPL');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('trading in the browser', () => {
  it('buys AAPL, watches the position’s P&L move, closes it and finds it in closed trades and in the records', async () => {
    const account = `trader.${stack.prefix}@example.jp`;
    const auth = await registerUser(stack, account, 'trader-pass-1');
    await post('user/paperfund', { currency: 'usd', request_id: 'e2e-grant-usd-01' }, auth);
    const page = await phonePageAs(browser, auth, { stock: 'usd' });

    await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=AAPL`);
    await page.getByTestId('trade-long').click();
    await page.getByTestId('order-preview').waitFor();
    await expect(page.getByTestId('order-preview').textContent()).resolves.toContain('USD');
    await shot(page, 'jp-order-panel');
    await page.getByTestId('order-submit').click();
    await confirmDialog(page);
    await expect.poll(async () => Object.keys((await post('trade/userstocklist', { type: 'usd' }, auth)).data).filter((k) => /^\d+$/.test(k)).length, { timeout: 5000 }).toBe(1);

    await page.goto(`${stack.baseUrl}/#/position/index`);
    const row = page.locator('[data-testid^="position-"]').first();
    await row.waitFor();
    const positionId = (await row.getAttribute('data-testid'))?.replace('position-', '') ?? '';
    const pnl = page.getByTestId(`pnl-${positionId}`);
    const first = await pnl.textContent();
    await expect.poll(() => pnl.textContent(), { timeout: 20_000, interval: 250 }).not.toBe(first);
    await shot(page, 'jp-positions');

    await page.getByTestId(`close-${positionId}`).click();
    await confirmDialog(page);
    await expect.poll(() => page.locator(`[data-testid="position-${positionId}"]`).count(), { timeout: 5000 }).toBe(0);
    await page.getByTestId('tab-closed').click();
    await page.getByTestId(`position-${positionId}`).waitFor();
    await shot(page, 'jp-closed-trades');
    await page.getByTestId(`position-${positionId}`).click();
    await page.getByTestId('position-info').waitFor();
    await shot(page, 'jp-position-info');

    // The trade in the records: the open and the close, each with the USD cash balance after it.
    await page.goto(`${stack.baseUrl}/#/mine/transactionRecords`);
    await page.locator('[data-testid="records-screen"][data-loaded="yes"]').waitFor();
    const kinds = await page.getByTestId('record-row').evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
    expect(kinds.slice(0, 2)).toEqual(['position_close', 'position_open']);
    const memos = await page.getByTestId('record-memo').allTextContents();
    expect(memos[0]).toMatch(/^AAPL \d+株 買建を決済 @[\d.]+$/);
    expect(memos[1]).toMatch(/^AAPL \d+株 買建 @[\d.]+ ×\d+$/);
    await shot(page, 'jp-records-trade');

    for (const language of ['cn', 'us']) {
      // Strings load once per page: a language change takes a reload, as in the app.
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await page.goto(`${stack.baseUrl}/#/position/index`);
      await page.reload();
      await page.getByTestId('positions-summary').waitFor();
      await expect(page.getByTestId('tab-closed').textContent()).resolves.toBe(language === 'cn' ? '已平仓' : 'Closed');
      await page.getByTestId('tab-closed').click();
      await shot(page, `${language}-positions-closed`);
    }
    await page.close();
  }, 90_000);
});
