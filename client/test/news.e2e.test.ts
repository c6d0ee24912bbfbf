import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  adminPost,
  adminToken,
  launchChromium,
  sharedStack,
  shot,
  waitForFeed,
} from './support/e2e.ts';

// News in the browser (issue 21): an article the back office publishes shows in the reader's
// language on the News tab, on Home's latest three and on its stock's detail; the seeded demo
// articles say they are demo content.
let browser: Browser;
let stack: TestStack;

const TITLE = {
  jp: 'テスト記事：トヨタの新工場',
  cn: '测试文章：丰田新工厂',
  us: 'Test article: a new Toyota plant',
};
const DEMO = { jp: 'デモ', cn: '演示', us: 'Demo' };

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
  await waitForFeed(stack, '7203');
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('news for a reader', () => {
  it('shows a published article in jp, cn and us: the list, the article, Home and the stock', async () => {
    const token = await adminToken(stack, 'operator');
    const created = await adminPost(
      stack,
      'news/create',
      {
        title_ja: TITLE.jp,
        title_en: TITLE.us,
        title_zh: TITLE.cn,
        body_ja: '新工場の稼働を始めるという想定の記事。',
        body_en: 'An invented piece: the new plant starts work.',
        body_zh: '虚构文章：新工厂开始投产。',
        symbols: '7203',
      },
      token,
    );
    expect(created.msg).toBe('add_ok');
    expect((await adminPost(stack, 'news/publish', { id: created.data.id }, token)).msg).toBe(
      'modify_ok',
    );
    for (const language of ['jp', 'cn', 'us'] as const) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await page.goto(`${stack.baseUrl}/#/news/index`);
      const item = page.getByTestId('news-item').filter({ hasText: TITLE[language] });
      await item.waitFor();
      // The seeded articles are labelled demo.
      expect(await page.locator('.news-demo').first().textContent()).toBe(DEMO[language]);
      await shot(page, `${language}-news-list`);
      await item.click();
      await page.getByTestId('news-info-title').waitFor();
      expect(await page.getByTestId('news-info-title').textContent()).toBe(TITLE[language]);
      await shot(page, `${language}-news-article`);
      await page.goto(`${stack.baseUrl}/#/home/home`);
      await page.getByTestId('news-latest-item').filter({ hasText: TITLE[language] }).waitFor();
      await page.goto(`${stack.baseUrl}/#/quotes/info?symbol=7203`);
      await page.getByTestId('news-latest-item').filter({ hasText: TITLE[language] }).waitFor();
      await page.close();
    }
    // Taken down, it is gone from the list.
    expect((await adminPost(stack, 'news/unpublish', { id: created.data.id }, token)).msg).toBe(
      'modify_ok',
    );
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${stack.baseUrl}/#/news/index`);
    await page.getByTestId('news-item').first().waitFor();
    expect(await page.getByTestId('news-item').filter({ hasText: TITLE.jp }).count()).toBe(0);
    await page.close();
  });
});
