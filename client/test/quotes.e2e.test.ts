import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import { apiPost, launchChromium, shot, waitForFeed } from './support/e2e.ts';

// Quote screens in headless Chromium at 390x844 against the real stack (feed on always-open).
let browser: Browser;
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack({
    services: ['gateway', 'jobs', 'feed'],
    env: { KABUTO_HISTORY_DAYS: '400', KABUTO_MINUTE_HISTORY_DAYS: '2' },
  });
  browser = await launchChromium();
  // The feed generates history before its first tick; wait until it quotes.
  await waitForFeed(stack, 'AAPL');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  apiPost(stack, path, body, headers);

async function pageIn(
  language: string,
  session?: { token: string; account: string },
): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
  });
  await page.addInitScript(
    ([lang, token, account]) => {
      localStorage.setItem('language', lang as string);
      if (token) {
        localStorage.setItem('tokend', token);
        localStorage.setItem('account', account as string);
      }
    },
    [language, session?.token ?? '', session?.account ?? ''],
  );
  return page;
}

const SIMULATED = { jp: 'シミュレーション価格', cn: '模拟价格', us: 'Simulated prices' } as const;

const bars = async (page: Page) =>
  Number(await page.getByTestId('price-chart').getAttribute('data-bars'));

/** Waits until the chart shows the bars of `period:range:adjust`, then returns how many. */
async function waitForChart(page: Page, key: string): Promise<number> {
  await expect
    .poll(() => page.getByTestId('price-chart').getAttribute('data-loaded'), { timeout: 8000 })
    .toBe(key);
  return bars(page);
}

describe('quotes, live', () => {
  for (const language of ['jp', 'cn', 'us'] as const) {
    it(`${language}: a stock's price moves on screen without reload; period, range and adjustment switch`, async () => {
      const page = await pageIn(language);
      await page.goto(`${stack.baseUrl}/#/home/home`);
      await page.getByTestId('index-strip').locator('.index-card').first().waitFor();
      await page.locator('.quote-row').first().waitFor();
      await shot(page, `${language}-home`);
      await page.goto(`${stack.baseUrl}/#/home/index`);
      await page.getByTestId('quote-row-7203').waitFor();
      // The Quotes tab follows its whole market (54 stocks and the indices): prices move without reload.
      await expect
        .poll(() => page.locator('.quote-row').count(), { timeout: 8000 })
        .toBeGreaterThan(50);
      const listed = await page.locator('.quote-row .price').allTextContents();
      await expect
        .poll(
          async () =>
            (await page.locator('.quote-row .price').allTextContents()).filter(
              (p, i) => p !== listed[i],
            ).length,
          { timeout: 8000, interval: 200 },
        )
        .toBeGreaterThan(0);
      await shot(page, `${language}-quotes`);

      await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=AAPL`);
      const price = page.getByTestId('detail-price');
      await price.waitFor();
      const first = await price.textContent();
      await expect
        .poll(() => price.textContent(), { timeout: 5000, interval: 100 })
        .not.toBe(first);
      // Where the prices come from, in the user's language (no developer wording, no seed).
      const source = (await page.getByTestId('data-source').textContent()) ?? '';
      expect(source).toContain(SIMULATED[language]);
      expect(source).not.toMatch(/simulator|seed/);
      // Turnover moves with volume.
      const turnover = await page.getByTestId('stat-turnover').textContent();
      await expect
        .poll(() => page.getByTestId('stat-turnover').textContent(), {
          timeout: 8000,
          interval: 200,
        })
        .not.toBe(turnover);
      await waitForChart(page, 'time:1w:qfq');
      await shot(page, `${language}-detail-intraday`);

      // Weeks, months and years open on the whole history, not on a week of it.
      await page.getByTestId('period-1w').click();
      expect(await waitForChart(page, '1w:all:qfq')).toBeGreaterThan(50);
      await shot(page, `${language}-detail-weekly`);
      await page.getByTestId('period-1M').click();
      expect(await waitForChart(page, '1M:all:qfq')).toBeGreaterThan(12);
      await page.getByTestId('period-1y').click();
      expect(await waitForChart(page, '1y:all:qfq')).toBeGreaterThanOrEqual(2);

      await page.getByTestId('period-1d').click();
      expect(await waitForChart(page, '1d:6m:qfq')).toBeGreaterThan(100);
      await page.getByTestId('range-1m').click();
      expect(await waitForChart(page, '1d:1m:qfq')).toBeLessThan(25);
      await page.getByTestId('range-6m').click();
      await waitForChart(page, '1d:6m:qfq');
      await page.getByTestId('adjust-none').click();
      await waitForChart(page, '1d:6m:none');
      const raw = await page.getByTestId('chart-legend').textContent();
      await page.getByTestId('adjust-hfq').click();
      await waitForChart(page, '1d:6m:hfq');
      await expect
        .poll(() => page.getByTestId('chart-legend').textContent(), { timeout: 5000 })
        .not.toBe(raw);
      await page.getByTestId('sub-macd').click();
      await shot(page, `${language}-detail-day-hfq-macd`);

      await page.getByTestId('period-5m').click();
      await waitForChart(page, '5m:1w:hfq');
      await page.getByTestId('sub-kdj').click();
      await page.getByTestId('price-chart').hover({ position: { x: 200, y: 120 } });
      await shot(page, `${language}-detail-5m-crosshair`);
      await page.close();
    }, 60_000);
  }

  it('searches by kana, keeps the search history, and keeps a server-side watchlist', async () => {
    const account = `watch.${stack.prefix}@example.jp`;
    await post('common/sendcode', { account, purpose: 'register' });
    await post('user/register', {
      account,
      password: 'watch-pass-1',
      repassword: 'watch-pass-1',
      invite: 'KABUTO',
      code: stack.outboxCode(account),
      agree: '1',
    });
    const login = await post('user/login', { account, password: 'watch-pass-1' });
    const page = await pageIn('jp', { token: login.data.token, account });
    await page.goto(`${stack.baseUrl}/#/quotes/search`);
    await page.getByTestId('search-input').locator('input').fill('とよた');
    await page.getByTestId('quote-row-7203').waitFor();
    await shot(page, 'jp-search');
    await page.getByTestId('quote-row-7203').click();
    await page.getByTestId('watch-toggle').click();
    await expect
      .poll(() => page.getByTestId('watch-toggle').getAttribute('data-watched'))
      .toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('searchList'))).toContain('とよた');
    await page.goto(`${stack.baseUrl}/#/quotes/self`);
    await page.getByTestId('quote-row-7203').waitFor();
    await shot(page, 'jp-watchlist');
    expect(
      (await post('quote/watchlist', {}, { token: login.data.token, account })).data.map(
        (r: { symbol: string }) => r.symbol,
      ),
    ).toEqual(['7203']);
    await page.close();
  }, 60_000);
});
