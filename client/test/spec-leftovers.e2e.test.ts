import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  apiPost,
  launchChromium,
  phonePageAs,
  registerUser,
  waitForFeed,
  shot,
  sharedStack,
} from './support/e2e.ts';

// Leftovers from the spec walk, in jp, cn and us at 390x844: index names on Home are shown whole,
// the deposit channel is named in the reader's language, the bank screen offers "add card" once, statement memos show a trade's price digit-grouped with
// its currency.
let browser: Browser;
let stack: TestStack;
const LANGUAGES = ['jp', 'cn', 'us'] as const;

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  apiPost(stack, path, body, headers);

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
  await waitForFeed(stack, '7203');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('spec leftovers', () => {
  it('Home: every index name is shown whole (none cut off, none overflowing its card) in jp, cn and us', async () => {
    const auth = await registerUser(stack, `home.${stack.prefix}@example.jp`, 'home-pass-1');
    for (const language of LANGUAGES) {
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/home/home`);
      const labels = page.locator('.index-card .label');
      await expect.poll(() => labels.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const clipped = await labels.evaluateAll((els) =>
        els
          .filter((el) => {
            const card = el.closest('.index-card') as HTMLElement;
            const box = el.getBoundingClientRect();
            const cardBox = card.getBoundingClientRect();
            return el.scrollWidth > el.clientWidth + 1 || box.right > cardBox.right + 1;
          })
          .map((el) => el.textContent),
      );
      expect(clipped).toEqual([]);
      if (language === 'us') {
        expect(await labels.allTextContents()).toContain('Dow Jones Industrial Average');
      }
      await shot(page, `${language}-home-indices`);
      await page.close();
    }
  }, 60_000);

  it('Deposit: the seeded channel is named in the reader’s language (jp 銀行振込（デモ）, cn 银行转账（演示）, us Bank transfer (demo))', async () => {
    const auth = await registerUser(stack, `stored.${stack.prefix}@example.jp`, 'stored-pass-1');
    const names = { jp: '銀行振込（デモ）', cn: '银行转账（演示）', us: 'Bank transfer (demo)' };
    for (const language of LANGUAGES) {
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/mine/stored`);
      await page.getByTestId('stored-next').waitFor();
      await expect
        .poll(() => page.getByTestId('stored-screen').textContent())
        .toContain(names[language]);
      if (language !== 'jp') {
        expect(await page.getByTestId('stored-screen').textContent()).not.toContain('銀行振込');
      }
      await shot(page, `${language}-stored-channel`);
      await page.close();
    }
  }, 60_000);

  it('Bank cards: one way to add a card (jp, cn, us)', async () => {
    const auth = await registerUser(stack, `bank.${stack.prefix}@example.jp`, 'bank-pass-1');
    const words = { jp: '銀行口座を追加', cn: '添加银行账户', us: 'Add bank account' };
    for (const language of LANGUAGES) {
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/mine/bank`);
      await page.getByTestId('bank-add').waitFor();
      const label = (await page.getByTestId('bank-add').textContent()) ?? '';
      expect(label).toContain(words[language]);
      expect(await page.getByText(label, { exact: false }).count()).toBe(1);
      await shot(page, `${language}-bank`);
      await page.close();
    }
  }, 60_000);

  it('Statement: a trade’s price reads with separators and its currency ("@2,8xx.x JPY") in jp, cn and us', async () => {
    const auth = await registerUser(stack, `memo.${stack.prefix}@example.jp`, 'memo-pass-1');
    await post('user/paperfund', { currency: 'jpy', request_id: 'e2e-memo-grant' }, auth);
    const opened = await post(
      'trade/order',
      {
        ...{ symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '5' },
        request_id: 'e2e-memo-open',
      },
      auth,
    );
    expect(opened.status).toBe(1);
    for (const language of LANGUAGES) {
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/mine/transactionRecords`);
      await page.locator('[data-testid="records-screen"][data-loaded="yes"]').waitFor();
      const memo = (await page.getByTestId('record-memo').first().textContent()) ?? '';
      expect(memo).toMatch(/\d,\d{3}(\.\d)? JPY/);
      await shot(page, `${language}-records-memo`);
      await page.close();
    }
  }, 60_000);

  it('A short screen fits the phone under the paper-mode badge: nothing to scroll (jp, cn, us)', async () => {
    const auth = await registerUser(stack, `short.${stack.prefix}@example.jp`, 'short-pass-1');
    for (const language of LANGUAGES) {
      const page = await phonePageAs(browser, auth, { language });
      for (const route of ['/mine/loanOrder', '/mine/newShareOrder']) {
        await page.goto(`${stack.baseUrl}/#${route}`);
        await page.getByTestId('paper-badge').waitFor();
        await page.locator('[data-loaded="yes"]').first().waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollHeight - window.innerHeight,
        );
        expect({ route, overflow }).toEqual({ route, overflow: 0 });
      }
      await shot(page, `${language}-short-screen`);
      await page.close();
    }
  }, 60_000);
});
