import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestStack } from '../../scripts/src/testing/stack.ts';
import {
  adminPost,
  adminToken,
  apiPost,
  launchChromium,
  moveClockTo,
  phonePageAs,
  registerUser,
  sharedStack,
  shot,
  stackNow,
} from './support/e2e.ts';

// Copy-trading products in headless Chromium at 390×844 on the shared stack, in jp, cn and us: a
// product listed and opened through the back office gets its NAV history from the market history;
// each user opens its sheet (NAV chart, "past results" label, the strategy's rules in words), is
// refused under the minimum (in their language), follows, and finds the order waiting for the next
// NAV on the follow-orders screen and in the Positions follow tab.
let browser: Browser;
let stack: TestStack;

const WORDS = {
  jp: { past: '過去の実績', min: '最低投資額', pending: '約定待ち', rules: '移動平均' },
  cn: { past: '历史业绩', min: '最低金额', pending: '待成交', rules: '均线' },
  us: { past: 'Past results', min: 'minimum', pending: 'Awaiting NAV', rules: '60-day average' },
} as const;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A momentum product on three Tokyo large caps, opened; its NAV history struck by the workers. */
async function openedProduct(): Promise<string> {
  const token = await adminToken(stack);
  const now = await stackNow(stack);
  const created = await adminPost(
    stack,
    'product/create',
    {
      name: 'E2E Momentum Japan',
      issuer: 'E2E issuer',
      strategy: 'momentum',
      universe: '7203,6758,9984',
      min_amount: '100000',
      deadline_at: String(now + 30 * 86_400_000),
      lockup_days: '7',
      fee_bps: '100',
    },
    token,
  );
  expect(created.msg).toBe('add_ok');
  const id = String(created.data.id);
  expect((await adminPost(stack, 'product/open', { id }, token)).msg).toBe('ok');
  // The products job sweeps when the clock moves: a second on, and the history is struck.
  await moveClockTo(stack, now + 1_000);
  await vi.waitFor(
    async () => {
      const listed = (await adminPost(stack, 'product/list', {}, token)).data as {
        id: string;
        nav_date: string | null;
      }[];
      if (!listed.find((p) => p.id === id)?.nav_date) throw new Error('no NAV history yet');
    },
    { timeout: 60_000, interval: 250 },
  );
  return id;
}

describe('copy-trading products in the browser', () => {
  it('reads the sheet, is refused under the minimum and follows, in jp, cn and us', async () => {
    const id = await openedProduct();
    for (const language of ['jp', 'cn', 'us'] as const) {
      const suffix = language === 'jp' ? 4 : language === 'cn' ? 5 : 6;
      const account = `080${String(Date.now() % 1e5).padStart(5, '0')}${suffix}00`;
      const session = await registerUser(stack, account, 'correct-horse-9');
      const auth = { token: session.token, account: session.account };
      const granted = await apiPost(
        stack,
        'user/paperfund',
        { currency: 'jpy', request_id: `e2e-prd-${account}` },
        auth,
      );
      expect(granted.msg).toBe('claim_ok');
      const page = await phonePageAs(browser, session, { language });
      await page.goto(`${stack.baseUrl}/#/home/follow`);
      await page.getByTestId(`product-${id}`).click();
      await page.getByTestId('product-follow-sheet').waitFor();
      expect(
        Number(await page.getByTestId('nav-chart').getAttribute('data-points')),
      ).toBeGreaterThan(1);
      expect(await page.getByTestId('product-past-results').textContent()).toContain(
        WORDS[language].past,
      );
      expect(await page.getByTestId('product-rules').textContent()).toContain(
        WORDS[language].rules,
      );
      await shot(page, `${language}-product-sheet`, { fullPage: true });

      await page.getByTestId('product-amount').locator('input').fill('50000');
      await page.getByTestId('product-follow').click();
      const refusal = page.getByTestId('product-refusal');
      await refusal.waitFor();
      expect(await refusal.getAttribute('data-msg')).toBe('product_min_amount');
      expect((await refusal.textContent())?.toLowerCase()).toContain(
        WORDS[language].min.toLowerCase(),
      );

      await page.getByTestId('product-amount').locator('input').fill('100000');
      await page.getByTestId('product-follow').click();
      await page.getByTestId('follow-orders-screen').waitFor();
      const state = page.getByTestId('follow-order-state').first();
      await state.waitFor();
      expect(await state.textContent()).toBe(WORDS[language].pending);
      await shot(page, `${language}-follow-orders`);

      await page.goto(`${stack.baseUrl}/#/position/index?tab=follow`);
      await page.getByTestId('follow-orders').getByTestId('follow-order-state').first().waitFor();
      await page.close();

      const orders = await apiPost(stack, 'trade/userproductlist', { type: '0' }, auth);
      expect(orders.data).toEqual([
        expect.objectContaining({ status: 0, state: 'pending', money: '100000' }),
      ]);
    }
  });
});
