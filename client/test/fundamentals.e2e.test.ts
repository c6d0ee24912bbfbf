import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import { launchChromium, sharedStack, shot as shotAs, waitForFeed } from './support/e2e.ts';

// Issue 23 item 4: simulated fundamentals on the stock detail and in the rankings, labelled so,
// and each chart in words for a screen reader and as a table, in jp, cn and us at 390x844.
let browser: Browser;
let stack: TestStack;

const LANGUAGES = ['jp', 'cn', 'us'] as const;
type Language = (typeof LANGUAGES)[number];
const WORDS: Record<Language, { simulated: string; high: string; per: string }> = {
  jp: { simulated: 'シミュレーション値', high: '高値', per: 'PER' },
  cn: { simulated: '模拟数据', high: '最高', per: '市盈率' },
  us: { simulated: 'Simulated figures', high: 'high', per: 'P/E' },
};

const shot = (page: Page, name: string) => shotAs(page, `fundamentals-${name}`, { fullPage: true });

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
  await waitForFeed(stack, '7203');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function signedOutPhone(language: Language): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
  });
  await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  return page;
}

describe('fundamentals and the chart in words', () => {
  for (const language of LANGUAGES) {
    it(`${language}: the detail shows simulated PER, EPS, market value, shares and yield; the chart has words and a table; rankings show market value and PER`, async () => {
      const page = await signedOutPhone(language);
      await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=7203`);
      const card = page.getByTestId('fundamentals');
      await card.waitFor();
      expect(await page.getByTestId('fund-simulated').textContent()).toContain(
        WORDS[language].simulated,
      );
      for (const id of ['fund-market-value', 'fund-eps', 'fund-shares', 'fund-yield']) {
        expect(await page.getByTestId(id).textContent(), id).toMatch(/\d/);
      }
      await page.locator('[data-testid="price-chart"][data-loaded^="time:"]').waitFor();
      await expect
        .poll(() => page.getByTestId('chart-summary').textContent())
        .toContain(WORDS[language].high);
      await page.getByTestId('chart-table-toggle').click();
      const rows = page.getByTestId('chart-table').locator('tbody tr');
      await expect.poll(() => rows.count()).toBeGreaterThan(0);
      expect(await page.getByTestId('chart-table-toggle').getAttribute('aria-expanded')).toBe(
        'true',
      );
      await shot(page, `${language}-detail`);

      await page.goto(`${stack.baseUrl}/#/home/home`);
      const ranked = page.locator('[data-testid^="rank-fund-"]').first();
      await ranked.waitFor();
      expect(await ranked.textContent()).toContain(WORDS[language].per);
      await page.close();
    });
  }
});
