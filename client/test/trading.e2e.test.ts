import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import { apiPost, launchChromium, shot, waitForFeed } from './support/e2e.ts';

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

async function confirmDialog(page: Page) {
  await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
}

describe('trading in the browser', () => {
  it('buys AAPL, watches the position’s P&L move, closes it and finds it in closed trades', async () => {
    const account = `trader.${stack.prefix}@example.jp`;
    await post('common/sendcode', { account, purpose: 'register' });
    await post('user/register', { account, password: 'trader-pass-1', repassword: 'trader-pass-1', invite: 'KABUTO', code: stack.outboxCode(account), agree: '1' });
    const login = await post('user/login', { account, password: 'trader-pass-1' });
    await post('user/paperfund', { currency: 'usd', request_id: 'e2e-grant-usd-01' }, { token: login.data.token, account });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await page.addInitScript(([token, acc]) => { if (!localStorage.getItem('language')) localStorage.setItem('language', 'jp'); localStorage.setItem('tokend', token as string); localStorage.setItem('account', acc as string); localStorage.setItem('stock', 'usd'); }, [login.data.token, account]);

    await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=AAPL`);
    await page.getByTestId('trade-long').click();
    await page.getByTestId('order-preview').waitFor();
    await expect(page.getByTestId('order-preview').textContent()).resolves.toContain('USD');
    await shot(page, 'jp-order-panel');
    await page.getByTestId('order-submit').click();
    await confirmDialog(page);
    await expect.poll(async () => Object.keys((await post('trade/userstocklist', { type: 'usd' }, { token: login.data.token, account })).data).filter((k) => /^\d+$/.test(k)).length, { timeout: 5000 }).toBe(1);

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
