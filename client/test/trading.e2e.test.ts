import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  apiPost,
  confirmDialog,
  launchChromium,
  phonePageAs,
  pullDown,
  registerUser,
  shot,
  waitForFeed,
  sharedStack,
  framesDrawn,
} from './support/e2e.ts';

// Buy, watch the P&L move with ticks, close, see the trade: headless Chromium at 390x844 against
// the real stack (gateway, workers, feed on always-open).
let browser: Browser;
let stack: TestStack;

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  apiPost(stack, path, body, headers);

beforeAll(async () => {
  stack = await sharedStack();
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
    await expect.poll(() => page.getByTestId('order-preview').textContent()).toContain('USD');
    await shot(page, 'jp-order-panel');
    await page.getByTestId('order-submit').click();
    await confirmDialog(page);
    await expect
      .poll(
        async () =>
          Object.keys((await post('trade/userstocklist', { type: 'usd' }, auth)).data).filter((k) =>
            /^\d+$/.test(k),
          ).length,
        { timeout: 5000 },
      )
      .toBe(1);

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
    await expect
      .poll(() => page.locator(`[data-testid="position-${positionId}"]`).count(), { timeout: 5000 })
      .toBe(0);
    await page.getByTestId('tab-closed').click();
    await page.getByTestId(`position-${positionId}`).waitFor();
    await shot(page, 'jp-closed-trades');
    await page.getByTestId(`position-${positionId}`).click();
    await page.getByTestId('position-info').waitFor();
    await shot(page, 'jp-position-info');

    // The trade in the records: the open and the close, each with the USD cash balance after it.
    await page.goto(`${stack.baseUrl}/#/mine/transactionRecords`);
    await page.locator('[data-testid="records-screen"][data-loaded="yes"]').waitFor();
    const kinds = await page
      .getByTestId('record-row')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
    expect(kinds.slice(0, 2)).toEqual(['position_close', 'position_open']);
    const memos = await page.getByTestId('record-memo').allTextContents();
    expect(memos[0]).toMatch(/^AAPL \d+株 買建を決済 @[\d,.]+ USD$/);
    expect(memos[1]).toMatch(/^AAPL \d+株 買建 @[\d,.]+ USD ×\d+$/);
    await shot(page, 'jp-records-trade');

    for (const language of ['cn', 'us']) {
      // Strings load once per page: a language change takes a reload, as in the app.
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await page.goto(`${stack.baseUrl}/#/position/index`);
      await page.reload();
      await page.getByTestId('positions-summary').waitFor();
      await expect(page.getByTestId('tab-closed').textContent()).resolves.toBe(
        language === 'cn' ? '已平仓' : 'Closed',
      );
      await page.getByTestId('tab-closed').click();
      await shot(page, `${language}-positions-closed`);
    }
    await page.close();
  }, 90_000);

  it('Mine: picks the display currency, claims dollars, says when the next grant opens; the order sheet shows dollar buying power and stops an order it cannot pay (jp, cn, us)', async () => {
    const nextGrant = {
      jp: 'USDの次の受け取りは',
      cn: 'USD 下次可领取时间',
      us: 'Your next USD grant can be claimed from',
    };
    for (const language of ['jp', 'cn', 'us'] as const) {
      const auth = await registerUser(
        stack,
        `grant.${language}.${stack.prefix}@example.jp`,
        'grant-pass-1',
      );
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/mine/index`);
      await page.getByTestId('currency-usd').click();
      await expect.poll(() => page.getByTestId('assets-total').textContent()).toBe('0.00 USD');
      expect(await page.evaluate(() => localStorage.getItem('stock'))).toBe('usd');
      await page.getByTestId('paper-grant-usd').click();
      await expect
        .poll(() => page.getByTestId('cash-USD').textContent(), { timeout: 8000 })
        .toBe('70,000.00 USD');
      await expect
        .poll(() => page.getByTestId('assets-available').textContent())
        .toBe('70,000.00 USD');
      await page
        .locator('.adm-toast-mask')
        .first()
        .waitFor({ state: 'detached', timeout: 4000 })
        .catch(() => undefined);
      await page.getByTestId('paper-grant-usd').click();
      await expect
        .poll(() => page.locator('.adm-toast-main').first().textContent())
        .toContain(nextGrant[language]);
      await shot(page, `${language}-grant-not-yet`, { keepToast: true });
      expect((await post('user/assets', { type: 'usd' }, auth)).data.cash).toEqual({
        USD: '70000.00',
      });

      await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=AAPL`);
      await page.getByTestId('trade-long').click();
      await expect
        .poll(() => page.getByTestId('preview-buying-power').textContent())
        .toBe('70,000.00 USD');
      await expect(page.getByTestId('preview-buy-fee').textContent()).resolves.toMatch(
        /^\d+\.\d{2} USD$/,
      );
      expect(await page.getByTestId('preview-sell-fee').count()).toBe(0);
      expect(await page.getByTestId('preview-stamp-duty').count()).toBe(0);
      await page.getByTestId('order-qty').locator('input').fill('1000');
      await page.getByTestId('order-qty').locator('input').blur();
      await page.getByTestId('order-unaffordable').waitFor();
      await expect(page.getByTestId('order-submit').isDisabled()).resolves.toBe(true);
      await page.getByTestId('order-submit').click({ force: true });
      await framesDrawn(page); // what the click caused has rendered: no dialog
      expect(await page.locator('.adm-dialog').count()).toBe(0);
      await shot(page, `${language}-order-unaffordable`);
      await page.close();
    }
  }, 90_000);

  it('positions: summary and rows agree at every refresh; pull to refresh; the stock shows the holding; the detail closes part of it; fees link to the table', async () => {
    const auth = await registerUser(stack, `holder.${stack.prefix}@example.jp`, 'holder-pass-1');
    await post('user/paperfund', { currency: 'usd', request_id: 'e2e-grant-usd-02' }, auth);
    const placed = await post(
      'trade/order',
      {
        symbol: 'AAPL',
        side: 'long',
        kind: 'market',
        qty: '2',
        leverage: '1',
        request_id: 'e2e-order-hold-01',
      },
      auth,
    );
    expect(placed.status).toBe(1);
    const page = await phonePageAs(browser, auth, { stock: 'usd' }, { touch: true });

    await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=AAPL`);
    await expect.poll(() => page.getByTestId('holding-long-qty').textContent()).toBe('2');
    await expect(page.getByTestId('holding-long-avg').textContent()).resolves.toBe(
      placed.data.price,
    );
    await expect(page.getByTestId('holding-long-pnl').textContent()).resolves.toMatch(
      /^-?[\d,]+\.\d{2} USD$/,
    );
    await shot(page, 'jp-stock-holding');
    await page.getByTestId('trade-long').click();
    await page.getByTestId('fee-table-link').click();
    await page.getByTestId('fees-JP').waitFor();
    await expect(page.getByTestId('fees-JP').textContent()).resolves.toContain('0%');
    await expect(page.getByTestId('fees-US').textContent()).resolves.toContain('0.495%');
    await shot(page, 'jp-fee-table');

    await page.goto(`${stack.baseUrl}/#/position/index`);
    const row = page.locator('[data-testid^="position-"]').first();
    await row.waitFor();
    const positionId = (await row.getAttribute('data-testid'))?.replace('position-', '') ?? '';
    // Sampled at each change of the row's figure (a tick revalued it), not every 600 ms: the
    // summary agrees with the row at every one of them.
    const seen = new Set<string>();
    const rowPnl = page.getByTestId(`pnl-${positionId}`);
    for (let sample = 0; sample < 4; sample += 1) {
      const [summary, pnl] = await Promise.all([
        page.getByTestId('pos-profit').textContent(),
        rowPnl.textContent(),
      ]);
      expect(summary).toBe(pnl);
      seen.add(pnl ?? '');
      if (sample < 3) {
        await page.waitForFunction(
          ([id, shown]) =>
            document.querySelector(`[data-testid="pnl-${id}"]`)?.textContent !== shown,
          [positionId, pnl] as const,
          { timeout: 20_000 },
        );
      }
    }
    expect(seen.size).toBeGreaterThan(1); // the prices moved while it was watched
    expect(await pullDown(page)).toEqual([
      'pull-pulling',
      'pull-release',
      'pull-loading',
      'pull-complete',
    ]);

    await row.click();
    await page.getByTestId('close-part').waitFor();
    await page.getByTestId('close-qty').locator('input').fill('1');
    await page.getByTestId('close-qty').locator('input').blur();
    await shot(page, 'jp-position-close-part');
    await page.getByTestId('close-submit').click();
    await confirmDialog(page);
    await expect
      .poll(() => page.getByTestId('info-qty').textContent(), { timeout: 5000 })
      .toBe('1');
    await page.close();
  }, 90_000);
});
