import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot as shotAs, signedOutPhone, useStackAndBrowser } from './support/e2e.ts';

// Issue 23 item 4: simulated fundamentals on the stock detail and in the rankings, labelled so,
// and each chart in words for a screen reader and as a table, in jp, cn and us at 390x844.

const LANGUAGES = ['jp', 'cn', 'us'] as const;
const env = useStackAndBrowser(['7203']);
type Language = (typeof LANGUAGES)[number];
const WORDS: Record<Language, { simulated: string; high: string; per: string }> = {
  jp: { simulated: 'シミュレーション値', high: '高値', per: 'PER' },
  cn: { simulated: '模拟数据', high: '最高', per: '市盈率' },
  us: { simulated: 'Simulated figures', high: 'high', per: 'P/E' },
};

const shot = (page: Page, name: string) => shotAs(page, `fundamentals-${name}`, { fullPage: true });

describe('fundamentals and the chart in words', () => {
  for (const language of LANGUAGES) {
    it(`${language}: the detail shows simulated PER, EPS, market value, shares and yield; the chart has words and a table; rankings show market value and PER`, async () => {
      const page = await signedOutPhone(env.browser, language);
      await page.goto(`${env.stack.baseUrl}/#/quotes/info?symbol=7203`);
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

      await page.goto(`${env.stack.baseUrl}/#/home/home`);
      const ranked = page.locator('[data-testid^="rank-fund-"]').first();
      await ranked.waitFor();
      expect(await ranked.textContent()).toContain(WORDS[language].per);
      await page.close();
    });
  }
});
