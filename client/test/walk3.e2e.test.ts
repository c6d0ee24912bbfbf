import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  adminPost,
  adminToken,
  apiPost,
  confirmDialog,
  launchChromium,
  phonePageAs,
  registerUser,
  shot as shotAs,
  waitForFeed,
  sharedStack,
  toastGone,
} from './support/e2e.ts';

// A new user walking today's changes at 390x844 in jp, cn and us: the loan screen while a loan is
// open and after it is repaid, the Positions row's Add margin button (not on a day trade, not on a
// closed trade; a refusal from the row path; Back), and the statement's tidied address and failed
// CSV download.
let browser: Browser;
let stack: TestStack;

const LANGUAGES = ['jp', 'cn', 'us'] as const;
const WORDS = {
  jp: { intraday: '一日信用', closed: '決済済み', holdings: '保有', network: 'ネットワークエラー' },
  cn: { intraday: '日内交易', closed: '已平仓', holdings: '持仓', network: '网络错误' },
  us: {
    intraday: 'Intraday (day trade)',
    closed: 'Closed',
    holdings: 'Holdings',
    network: 'Network error',
  },
} as const;
const shot = (page: Page, name: string) => shotAs(page, `walk3-${name}`);
/** A screenshot taken at once, while a toast is still up. */
const snap = (page: Page, name: string) => shotAs(page, `walk3-${name}`, { keepToast: true });

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
  await waitForFeed(stack, '7203');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function newUser(language: string) {
  const account = `walk3.${language}.${stack.prefix}@example.jp`;
  const auth = await registerUser(stack, account, 'w3-pass-1');
  const grant = await apiPost(
    stack,
    'user/paperfund',
    { currency: 'jpy', request_id: `w3-${language}-grant` },
    auth,
  );
  expect(grant.status).toBe(1);
  return { auth, account };
}

describe("today's changes as a new user sees them", () => {
  for (const language of LANGUAGES) {
    it(`${language}: loans, the row's Add margin, the statement`, async () => {
      const { auth, account } = await newUser(language);
      const token = await adminToken(stack);
      await adminPost(
        stack,
        'loan/credit',
        { account, credit_score: '710', limit: '1000000' },
        token,
      );
      const page = await phonePageAs(browser, auth, { language, stock: 'jpy' });

      // 1. Loans.
      await page.goto(`${stack.baseUrl}/#/mine/loan`);
      await page.locator('[data-testid="loan-screen"][data-loaded="yes"]').waitFor();
      await expect
        .poll(() => page.getByTestId('loan-available').textContent())
        .toBe('1,000,000 JPY');
      await shot(page, `${language}-loan-1-empty`);
      await page.getByTestId('loan-amount').locator('input').fill('500000');
      await page.getByTestId('loan-apply-submit').click();
      await confirmDialog(page);
      await page.locator('[data-testid="loan-current"] [data-state="under_review"]').waitFor();
      await expect.poll(() => page.getByTestId('loan-available').textContent()).toBe('0 JPY');
      await shot(page, `${language}-loan-2-under-review`);
      const loanId = (await page.getByTestId('loan-current').getAttribute('data-loan')) as string;
      await adminPost(stack, 'loan/decide', { id: loanId, decision: 'approve' }, token);
      await page
        .locator('[data-testid="loan-current"] [data-state="passed"]')
        .waitFor({ timeout: 15_000 });
      await shot(page, `${language}-loan-3-passed`);
      await page.getByTestId('loan-repay').click();
      await confirmDialog(page);
      await page.getByTestId('loan-apply').waitFor({ timeout: 15_000 });
      await expect
        .poll(() => page.getByTestId('loan-available').textContent())
        .toBe('1,000,000 JPY');
      expect(await page.getByTestId('loan-one-at-a-time').count()).toBe(0);
      await shot(page, `${language}-loan-4-repaid`);

      // 2. Positions: an ordinary long, a day trade, a closed one.
      const order = (request: string, extra: Record<string, string> = {}) =>
        apiPost(
          stack,
          'trade/order',
          {
            ...{ symbol: '7203', side: 'long', kind: 'market', qty: '100', leverage: '5' },
            ...extra,
            request_id: `w3-${language}-${request}`,
          },
          auth,
        );
      const held = await order('held');
      expect(held.msg).toBe('purchase_ok');
      const heldId = String(held.data.position_id);
      const closing = await order('closing');
      const closedId = String(closing.data.position_id);
      await apiPost(
        stack,
        'trade/close',
        { position_id: closedId, request_id: `w3-${language}-close` },
        auth,
      );
      const applied = await apiPost(
        stack,
        'intraday/apply',
        { currency: 'JPY', amount: '1000000', request_id: `w3-${language}-itd` },
        auth,
      );
      expect(applied.status).toBe(1);
      const day = await order('day', { leverage: '1', intraday: '1' });
      expect(day.status).toBe(1);
      const dayId = String(day.data.position_id);

      await page.goto(`${stack.baseUrl}/#/position/index`);
      await page.getByTestId(`add-credit-${heldId}`).waitFor();
      await page.getByTestId(`position-${dayId}`).waitFor();
      expect(await page.getByTestId(`add-credit-${dayId}`).count()).toBe(0);
      expect(await page.getByTestId(`close-${dayId}`).count()).toBe(1);
      // The day trade says what it is (else two like rows, one without Add margin, and no why).
      expect(await page.getByTestId(`intraday-tag-${dayId}`).textContent()).toBe(
        WORDS[language].intraday,
      );
      expect(await page.getByTestId(`intraday-tag-${heldId}`).count()).toBe(0);
      await shot(page, `${language}-pos-1-holdings`);
      await page.getByTestId('tab-closed').click();
      await page.getByTestId(`position-${closedId}`).waitFor();
      expect(await page.getByTestId(`add-credit-${closedId}`).count()).toBe(0);
      await shot(page, `${language}-pos-2-closed-tab`);
      await page.getByTestId(`position-${closedId}`).click();
      await page.locator('[data-testid="position-info"][data-status="1"]').waitFor();
      expect(await page.getByTestId('add-credit').count()).toBe(0);
      await shot(page, `${language}-pos-3-closed-detail`);
      // Back from a closed trade's detail returns to the Closed tab, not Holdings.
      await page.locator('.adm-nav-bar-back').click();
      await page.getByTestId('positions-screen').waitFor();
      await page.getByTestId(`position-${closedId}`).waitFor({ timeout: 5000 });
      expect(await page.locator('.adm-tabs-tab-active').textContent()).toBe(WORDS[language].closed);
      await shot(page, `${language}-pos-3b-back-from-closed`);

      await page.getByTestId('tab-holdings').click();
      await page.getByTestId(`add-credit-${heldId}`).click();
      await page.getByTestId('add-credit').waitFor();
      await shot(page, `${language}-pos-4-detail-from-row`);
      await page.getByTestId('credit-amount').locator('input').fill('0');
      // The page's timers run on the test clock from here: 3 s pass at once, not in real time.
      await page.clock.install();
      await page.getByTestId('credit-submit').click();
      await page.getByTestId('credit-refusal').waitFor();
      await snap(page, `${language}-pos-5-refused-now`);
      await page.clock.runFor(3000);
      await toastGone(page); // longer than a toast lasts: any toast has gone, the refusal stays
      expect(await page.getByTestId('credit-refusal').isVisible()).toBe(true);
      await shot(page, `${language}-pos-6-refused-later`);
      await page.locator('.adm-nav-bar-back').click();
      await page.getByTestId('positions-screen').waitFor();
      // Back from the row path: the Positions screen's Holdings, as left.
      await page.getByTestId(`add-credit-${heldId}`).waitFor();
      expect(await page.locator('.adm-tabs-tab-active').textContent()).toBe(
        WORDS[language].holdings,
      );
      await shot(page, `${language}-pos-7-back`);

      // 3. Statement.
      await page.goto(`${stack.baseUrl}/#/mine/transactionRecords?group=bogus&currency=XXX`);
      await page.locator('[data-testid="records-screen"][data-loaded="yes"]').waitFor();
      await expect.poll(() => page.url()).toBe(`${stack.baseUrl}/#/mine/transactionRecords`);
      await shot(page, `${language}-stmt-1-bogus`);
      await page.route('**/api/vue/fund/records.csv', (route) =>
        route.abort('internetdisconnected'),
      );
      await page.getByTestId('records-csv').click();
      await page.locator('.adm-toast-main').waitFor();
      await snap(page, `${language}-stmt-2-csv-failed`);
      expect(await page.locator('.adm-toast-main').innerText()).toBe(WORDS[language].network);
      await page.unrouteAll();
      await page.close();
    }, 150_000);
  }
});
