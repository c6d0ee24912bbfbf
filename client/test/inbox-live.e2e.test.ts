import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  adminPost,
  adminToken,
  apiPost,
  launchChromium,
  phonePageAs,
  registerUser,
  sharedStack,
  shot,
} from './support/e2e.ts';

// The live inbox (issue 21, item 3): the Home bell and the Mine tab show the unread count, and it
// moves while the user watches: a message the back office causes raises it, reading one lowers it.
let browser: Browser;
let stack: TestStack;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const bell = (page: Page) => page.getByTestId('home-bell');
const bellSays = (page: Page, count: number) =>
  page.locator(`[data-testid="home-bell"][data-unread="${count}"]`).waitFor({ timeout: 15_000 });

describe('the unread count, live', () => {
  for (const language of ['jp', 'cn', 'us'] as const) {
    it(`${language}: the bell counts a message the moment it arrives, the Mine tab too, and reading one lowers both`, async () => {
      const operator = await adminToken(stack, 'operator');
      const reviewer = await adminToken(stack, 'reviewer');
      const account = `inbox.${language}.${stack.prefix}@example.jp`;
      const auth = await registerUser(stack, account, 'inbox-pass-1');
      // The loan limit is capped by what the user holds: the paper grant is the collateral.
      const grant = await apiPost(
        stack,
        'user/paperfund',
        { currency: 'jpy', request_id: `inbox-${language}-grant` },
        auth,
      );
      expect(grant.msg).toBe('claim_ok');
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/home/home`);
      await bellSays(page, 0);
      expect(await page.getByTestId('home-bell-count').count()).toBe(0);
      const credit = await adminPost(
        stack,
        'loan/credit',
        { account, credit_score: '700', limit: '500000' },
        operator,
      );
      expect(credit.msg).toBe('modify_ok');
      const applied = await apiPost(
        stack,
        'loan/apply',
        { amount: '100000', request_id: `inbox-${language}-loan` },
        auth,
      );
      expect(applied.msg).toBe('loan_ok');
      await bellSays(page, 1);
      const decided = await adminPost(
        stack,
        'loan/decide',
        { id: String(applied.data.loan_id), decision: 'approve' },
        reviewer,
      );
      expect(decided.msg).toBe('submit_ok');
      await bellSays(page, 2);
      expect(await page.getByTestId('home-bell-count').textContent()).toBe('2');
      expect(await bell(page).getAttribute('aria-label')).toContain('2');
      await shot(page, `${language}-home-bell-unread`);
      await page.goto(`${stack.baseUrl}/#/mine/index`);
      const tabBadge = page.locator('.bottom-menu .adm-badge');
      await tabBadge.waitFor();
      expect(await tabBadge.first().textContent()).toBe('2');
      expect(await page.getByTestId('mine-inbox-unread').textContent()).toBe('2');
      await page.goto(`${stack.baseUrl}/#/mine/message`);
      await page.getByTestId('inbox-item').first().click();
      await page.getByTestId('message-info').waitFor();
      await page.goto(`${stack.baseUrl}/#/home/home`);
      await bellSays(page, 1);
      await page.close();
    });
  }
});
