import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestStack } from '../../scripts/src/testing/stack.ts';
import {
  adminPost,
  adminToken,
  apiPost,
  launchChromium,
  phonePageAs,
  registerUser,
  sharedStack,
  stackNow,
} from './support/e2e.ts';

// Block trades in headless Chromium at 390×844 on the shared stack, in jp, cn and us: an offer
// with a placement key listed through the back office; each user opens it from the open list,
// is refused with the wrong key (key_mismatch, in their language), buys with the right one, and
// finds the purchase on the purchases screen.
let browser: Browser;
let stack: TestStack;
const KEY = 'E2E-KEY-7';

const WORDS = {
  jp: { mismatch: 'キーが一致しません', held: '受渡待ち', name: 'トヨタ自動車' },
  cn: { mismatch: '密钥不匹配', held: '待交收', name: '丰田汽车' },
  us: { mismatch: 'Key mismatch', held: 'Awaiting settlement', name: 'Toyota Motor' },
} as const;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A keyed offer of Toyota 2% under the previous close, open now for an hour. */
async function createKeyedOffer(): Promise<string> {
  const quote = await apiPost(stack, 'quote/detail', { symbol: '7203' });
  const prevClose = Number(quote.data?.prev_close ?? '2850');
  const now = await stackNow(stack);
  const created = await adminPost(
    stack,
    'block/create',
    {
      symbol: '7203',
      price: String(Math.floor(prevClose * 0.98)),
      lots_total: '30',
      min_lots: '1',
      max_lots: '2',
      key: KEY,
      opens_at: String(now - 60_000),
      closes_at: String(now + 3_600_000),
      settles_at: String(now + 7_200_000),
    },
    await adminToken(stack),
  );
  expect(created.msg).toBe('add_ok');
  return String(created.data.id);
}

describe('block trades in the browser', () => {
  it('buys a keyed block offer in jp, cn and us', async () => {
    const id = await createKeyedOffer();
    for (const language of ['jp', 'cn', 'us'] as const) {
      const account = `080${String(Date.now() % 1e5).padStart(5, '0')}${language === 'jp' ? 1 : language === 'cn' ? 2 : 3}00`;
      const session = await registerUser(stack, account, 'correct-horse-9');
      const granted = await apiPost(
        stack,
        'user/paperfund',
        { currency: 'jpy', request_id: `e2e-block-${account}` },
        { token: session.token, account: session.account },
      );
      expect(granted.msg).toBe('claim_ok');
      const page = await phonePageAs(browser, session, { language });
      await page.goto(`${stack.baseUrl}/#/home/large`);
      await page.getByTestId(`block-offer-${id}`).click();
      await page.getByTestId('block-buy-sheet').waitFor();
      expect(await page.getByTestId('block-name').textContent()).toContain(WORDS[language].name);
      await page.getByTestId('block-key').locator('input').fill('WRONG');
      await page.getByTestId('block-buy').click();
      const refusal = page.getByTestId('block-refusal');
      await refusal.waitFor();
      expect(await refusal.getAttribute('data-msg')).toBe('key_mismatch');
      expect(await refusal.textContent()).toContain(WORDS[language].mismatch);
      await page.getByTestId('block-key').locator('input').fill(KEY);
      await page.getByTestId('block-buy').click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="block-my-lots"]')?.textContent === '1',
      );
      // Another tap after a purchase is another purchase (not a replay of the first).
      await page.getByTestId('block-buy').click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="block-my-lots"]')?.textContent === '2',
      );
      await page.goto(`${stack.baseUrl}/#/home/large3`);
      const status = page.getByTestId('block-order-status').first();
      await status.waitFor();
      expect(await status.textContent()).toBe(WORDS[language].held);
      await page.close();
    }
    const listed = (await adminPost(stack, 'block/list', {}, await adminToken(stack))).data.find(
      (o: { id: string }) => o.id === id,
    );
    expect([listed.lots_sold, listed.buyers, listed.lots_left]).toEqual([6, 3, 24]);
  });
});
