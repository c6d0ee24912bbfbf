import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestStack } from '../../scripts/src/testing/stack.ts';
import {
  adminPost,
  confirmDialog,
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

// Block trades in headless Chromium at 390×844 on the shared stack, in jp, cn and us: an offer
// with a placement key listed through the back office; each user opens it from the open list,
// is refused with the wrong key (key_mismatch, in their language), buys with the right one, and
// finds the purchase on the purchases screen. A lottery offer 20× oversubscribed is drawn at its
// close on the test clock, and each user reruns the draw from its proof in the browser.
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

/** An offer of `symbol` 2% under the previous close, open now for an hour. */
async function createOffer(symbol: string, terms: Record<string, string>): Promise<string> {
  const quote = await apiPost(stack, 'quote/detail', { symbol });
  const prevClose = Number(quote.data?.prev_close ?? '2850');
  const now = await stackNow(stack);
  const created = await adminPost(
    stack,
    'block/create',
    {
      symbol,
      price: String(Math.floor(prevClose * 0.98)),
      min_lots: '1',
      opens_at: String(now - 60_000),
      closes_at: String(now + 3_600_000),
      settles_at: String(now + 7_200_000),
      ...terms,
    },
    await adminToken(stack),
  );
  expect(created.msg).toBe('add_ok');
  return String(created.data.id);
}

const createKeyedOffer = () => createOffer('7203', { lots_total: '30', max_lots: '2', key: KEY });

let accounts = 0;
/** A new user with the paper grant in yen (the sign-up limits are reset every 15 users). */
async function fundedUser(tag: string) {
  accounts += 1;
  if (accounts % 15 === 0) await sharedStack();
  const account = `081${String(Date.now() % 1e4).padStart(4, '0')}${String(accounts).padStart(4, '0')}`;
  const session = await registerUser(stack, account, 'correct-horse-9');
  const granted = await apiPost(
    stack,
    'user/paperfund',
    { currency: 'jpy', request_id: `e2e-${tag}-${account}` },
    { token: session.token, account: session.account },
  );
  expect(granted.msg).toBe('claim_ok');
  return session;
}

describe('block trades in the browser', () => {
  it('buys a keyed block offer in jp, cn and us', async () => {
    const id = await createKeyedOffer();
    // Someone else has the offer open the whole time: its lots left move as the others buy.
    const watcher = await phonePageAs(browser, await fundedUser('watch'), { language: 'us' });
    await watcher.goto(`${stack.baseUrl}/#/home/largeInfo?id=${id}`);
    await watcher.getByTestId('block-lots-left').waitFor();
    expect(await watcher.getByTestId('block-lots-left').textContent()).toBe('30 / 30');
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
      // In from Home, as a user finds it.
      await page.goto(`${stack.baseUrl}/#/home/home`);
      await page.getByTestId('block-entry').click();
      await page.locator('[data-testid="block-open-screen"][data-loaded="yes"]').waitFor();
      await shot(page, `${language}-block-open-list`);
      await page.getByTestId(`block-offer-${id}`).click();
      await page.getByTestId('block-buy-sheet').waitFor();
      expect(await page.getByTestId('block-name').textContent()).toContain(WORDS[language].name);
      await page.getByTestId('block-key').locator('input').fill('WRONG');
      await page.getByTestId('block-buy').click();
      await confirmDialog(page);
      const refusal = page.getByTestId('block-refusal');
      await refusal.waitFor();
      expect(await refusal.getAttribute('data-msg')).toBe('key_mismatch');
      expect(await refusal.textContent()).toContain(WORDS[language].mismatch);
      await page.getByTestId('block-key').locator('input').fill(KEY);
      await page.getByTestId('block-buy').click();
      await confirmDialog(page);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="block-my-lots"]')?.textContent === '1',
      );
      // Another tap after a purchase is another purchase (not a replay of the first).
      await page.getByTestId('block-buy').click();
      await confirmDialog(page);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="block-my-lots"]')?.textContent === '2',
      );
      // Two is this buyer's most: the sheet says so instead of offering a refusal.
      await page.getByTestId('block-blocker').waitFor();
      expect(await page.getByTestId('block-buy').count()).toBe(0);
      await shot(page, `${language}-block-quota-used`, { fullPage: true });
      const left = `${30 - 2 * (['jp', 'cn', 'us'].indexOf(language) + 1)} / 30`;
      await watcher.waitForFunction(
        (text) => document.querySelector('[data-testid="block-lots-left"]')?.textContent === text,
        left,
      );
      await page.goto(`${stack.baseUrl}/#/home/large3`);
      const status = page.getByTestId('block-order-status').first();
      await status.waitFor();
      expect(await status.textContent()).toBe(WORDS[language].held);
      await page.close();
    }
    await shot(watcher, 'us-block-lots-live');
    await watcher.close();
    const listed = (await adminPost(stack, 'block/list', {}, await adminToken(stack))).data.find(
      (o: { id: string }) => o.id === id,
    );
    expect([listed.lots_sold, listed.buyers, listed.lots_left]).toEqual([6, 3, 24]);
  });

  it('draws a lottery offer 20× oversubscribed at its close, and each user reruns the draw in jp, cn and us', async () => {
    const id = await createOffer('8306', { lots_total: '3', max_lots: '1', rule: 'lottery' });
    const pages = [];
    for (const language of ['jp', 'cn', 'us'] as const) {
      const page = await phonePageAs(browser, await fundedUser('lottery'), { language });
      await page.goto(`${stack.baseUrl}/#/home/largeInfo?id=${id}`);
      await page.getByTestId('block-buy').click();
      await confirmDialog(page);
      await page.getByTestId('block-my-application').waitFor();
      // One application per person: the sheet gives way to "awaiting the draw".
      await page.getByTestId('block-blocker').waitFor();
      expect(await page.getByTestId('block-buy').count()).toBe(0);
      await shot(page, `${language}-block-lottery-applied`, { fullPage: true });
      pages.push({ language, page });
    }
    for (let k = 0; k < 57; k++) {
      const session = await fundedUser('lottery');
      const applied = await apiPost(
        stack,
        'block/buy',
        { id, lots: '1', request_id: `e2e-apply-${session.account}` },
        { token: session.token, account: session.account },
      );
      expect(applied.msg).toBe('subscribe_ok');
    }
    const token = await adminToken(stack);
    const before = (await adminPost(stack, 'block/list', {}, token)).data.find(
      (o: { id: string }) => o.id === id,
    );
    expect(before.lottery).toMatchObject({ lots_applied: 60, applicants: 60, drawn: false });
    // The close on the test clock: the workers' sweep freezes the list and draws.
    await moveClockTo(stack, (await stackNow(stack)) + 3_600_000);
    // An hour on the stack's clock is past a back-office session's idle time: sign in again.
    const later = await adminToken(stack);
    await vi.waitFor(
      async () => {
        const offer = (await adminPost(stack, 'block/list', {}, later)).data.find(
          (o: { id: string }) => o.id === id,
        );
        if (!offer.lottery.drawn) throw new Error('not drawn yet');
        expect([offer.lots_left, offer.lots_sold]).toEqual([0, 3]);
      },
      { timeout: 30_000, interval: 250 },
    );
    for (const { language, page } of pages) {
      await page.reload();
      await page.getByTestId('block-check-link').click();
      await page.locator('[data-testid="block-check-screen"][data-stage="done"]').waitFor();
      for (const part of ['commitment', 'list-hash', 'draw-seed', 'result', 'all']) {
        expect(await page.getByTestId(`verdict-${part}`).getAttribute('data-ok'), part).toBe('yes');
      }
      expect(await page.getByTestId('check-entries').textContent()).toBe('60');
      expect(['0', '1']).toContain(await page.getByTestId('check-own-won').textContent());
      await shot(page, `${language}-block-lottery-check`);
      await page.getByTestId('block-check-back').click();
      await page.getByTestId('block-my-application').waitFor();
      await shot(page, `${language}-block-lottery-drawn`, { fullPage: true });
      await page.goto(`${stack.baseUrl}/#/home/large3`);
      await page.getByTestId('block-order-status').first().waitFor();
      await shot(page, `${language}-block-lottery-orders`);
      await page.close();
    }
  });
});
