import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  apiPost,
  confirmDialog,
  launchChromium,
  phonePageAs,
  registerUser,
  waitForFeed,
  shot as shotAs,
  sharedStack,
} from './support/e2e.ts';

// Added credit in headless Chromium at 390x844 against the real stack (gateway, workers, feed on
// always-open), in jp, cn and us: a long 100 × 7203 at ×5, margin added on its detail screen, the
// stop-out price moving by exactly ¥100 (¥9,000 / (100 × 0.9)) and the addition listed; then the
// position closed and the addition shown returned.
let browser: Browser;
let stack: TestStack;

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  apiPost(stack, path, body, headers);

const shot = (page: Page, name: string) => shotAs(page, name, { fullPage: true });

/** "2,533.3" → 25333 (tenths of a yen), so the move is compared exactly, without floats. */
const tenths = (text: string) => {
  const [whole = '0', fraction = '0'] = text.replace(/,/g, '').trim().split('.');
  return Number(whole) * 10 + Number(fraction.padEnd(1, '0').slice(0, 1));
};

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
  await waitForFeed(stack, '7203');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const WORDS = {
  jp: { add: '追加保証金', open: '拘束中', returned: '返却済み' },
  cn: { add: '追加保证金', open: '冻结中', returned: '已退还' },
  us: { add: 'Add margin', open: 'Held', returned: 'Returned' },
} as const;

describe('added credit in the browser', () => {
  for (const language of ['jp', 'cn', 'us'] as const) {
    it(`${language}: adds ¥9,000 to a position, sees the stop-out price move down by ¥100 and the addition listed, then returned on close`, async () => {
      const auth = await registerUser(
        stack,
        `credit.${language}.${stack.prefix}@example.jp`,
        'credit-pass-1',
      );
      await post('user/paperfund', { currency: 'jpy', request_id: `e2e-credit-${language}` }, auth);
      const opened = await post(
        'trade/order',
        {
          ...{ symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '5' },
          request_id: `e2e-credit-open-${language}`,
        },
        auth,
      );
      expect(opened.status).toBe(1);
      const positionId = String(opened.data.position_id);
      const page = await phonePageAs(browser, auth, { language, stock: 'jpy' });
      // From the Positions row's own button: the detail opens at its add-margin form, field focused.
      await page.goto(`${stack.baseUrl}/#/position/index`);
      await page.getByTestId(`add-credit-${positionId}`).waitFor();
      await shot(page, `${language}-credit-positions-row`);
      await page.getByTestId(`add-credit-${positionId}`).click();
      await page.getByTestId('add-credit').waitFor();
      expect(page.url()).toContain(`/position/info?id=${positionId}&credit=1`);
      await expect
        .poll(() =>
          page.evaluate(() =>
            document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid'),
          ),
        )
        .toBe('credit-amount');
      expect(await page.getByTestId('credit-submit').textContent()).toBe(WORDS[language].add);
      const stopOut = page.getByTestId('info-stopOutPrice');
      const before = (await stopOut.textContent()) ?? '';
      expect(before).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);

      await page.getByTestId('credit-amount').locator('input').fill('9000');
      await expect
        .poll(() => page.getByTestId('credit-move').textContent(), { timeout: 5000 })
        .toContain('→');
      const [shownBefore = '', shownAfter = ''] = (
        (await page.getByTestId('credit-move').textContent()) ?? ''
      ).split('→');
      expect(tenths(shownBefore)).toBe(tenths(before));
      expect(tenths(before) - tenths(shownAfter)).toBe(1_000);
      await shot(page, `${language}-credit-preview`);

      await page.getByTestId('credit-submit').click();
      await confirmDialog(page);
      await expect
        .poll(async () => tenths((await stopOut.textContent()) ?? ''), { timeout: 5000 })
        .toBe(tenths(before) - 1_000);
      await page.getByTestId('credit-items').waitFor();
      await expect
        .poll(() => page.getByTestId('credit-item-state').first().textContent())
        .toBe(WORDS[language].open);
      expect(await page.getByTestId('info-credit').textContent()).toBe('9,000 JPY');
      await shot(page, `${language}-credit-added`);

      await post(
        'trade/close',
        { position_id: positionId, request_id: `e2e-credit-close-${language}` },
        auth,
      );
      await expect
        .poll(() => page.getByTestId('credit-item-state').first().textContent(), { timeout: 5000 })
        .toContain(WORDS[language].returned);
      await shot(page, `${language}-credit-returned`);
      await page.close();
    }, 60_000);
  }
});
