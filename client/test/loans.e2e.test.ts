import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STATEMENT_GROUP_NAMES } from '@kabuto/schema/domain';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  apiPost,
  confirmDialog,
  launchChromium,
  phonePageAs,
  registerUser,
  shot,
  adminPost,
  adminToken,
  sharedStack,
} from './support/e2e.ts';

// Loans in headless Chromium at 390x844 against the real stack, in jp, cn and us: the user
// applies on /mine/loan, the back office passes it through the admin API, the open screen shows
// the loan passed and the cash arrive without a reload, Mine shows the debt, the user repays,
// the records show every state and the statement's Loans chip shows only the loan's money.
let browser: Browser;
let stack: TestStack;

const LANGUAGES = ['jp', 'cn', 'us'] as const;
type Language = (typeof LANGUAGES)[number];
const LOANS_CHIP: Record<Language, string> = { jp: 'ローン', cn: '贷款', us: 'Loans' };
/** Where the screenshots are kept for review (besides client/test/screenshots). */

async function loanShot(page: Page, name: string): Promise<void> {
  await shot(page, name);
}

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Applies for ¥500,000 in the app: first ¥2,000,000 over the limit (refused, kept on show). */
async function applyInApp(page: Page, language: Language) {
  await page.goto(`${stack.baseUrl}/#/mine/loan`);
  await page.locator('[data-testid="loan-screen"][data-loaded="yes"]').waitFor();
  await expect.poll(() => page.getByTestId('loan-available').textContent()).toBe('1,000,000 JPY');
  await loanShot(page, `${language}-loan-empty`);
  await page.getByTestId('loan-amount').locator('input').fill('2000000');
  await page.getByTestId('loan-apply-submit').click();
  await confirmDialog(page);
  const refusal = page.getByTestId('loan-refusal');
  await refusal.waitFor();
  expect(await refusal.getAttribute('data-msg')).toBe('loan_limit_insufficient');
  await loanShot(page, `${language}-loan-refused`);
  await page.getByTestId('loan-amount').locator('input').fill('500000');
  await page.getByTestId('loan-apply-submit').click();
  await confirmDialog(page);
  await page.locator('[data-testid="loan-current"] [data-state="under_review"]').waitFor();
  // One loan at a time: while it is open nothing more may be applied for, and the screen says so.
  await expect.poll(() => page.getByTestId('loan-available').textContent()).toBe('0 JPY');
  await page.getByTestId('loan-one-at-a-time').waitFor();
  await loanShot(page, `${language}-loan-under-review`);
  return (await page.getByTestId('loan-current').getAttribute('data-loan')) as string;
}

/**
 * From the loan records' link, the statement on the Loans chip; then its group chips: every
 * movement under All; the Loans chip shows only the loan's disbursement and repayment (not the
 * paper grant), Virtual funds only the grant.
 */
async function statementByGroup(page: Page, language: Language) {
  const loaded = (group: string) =>
    page.locator(`[data-testid="records-screen"][data-group="${group}"][data-loaded="yes"]`);
  const rows = page.getByTestId('record-row');
  const kinds = () => rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
  // The loan records link to the loans' cash movements, in words: the statement opens on Loans.
  const link = page.getByTestId('statement-link');
  expect(await link.textContent()).toContain(LOANS_CHIP[language]);
  await link.click();
  await loaded('loans').waitFor();
  expect(await kinds()).toEqual(['loan_repaid', 'loan_disbursed']);
  await page.getByTestId('records-group-all').click();
  await loaded('all').waitFor();
  await expect.poll(kinds).toEqual(['loan_repaid', 'loan_disbursed', 'paper_grant']);
  // Every chip is whole on a 390 px screen: inside the screen, and its words not cut.
  const chips = page.locator('.statement-groups .adm-selector-item');
  // 'all' and one chip per statement group (every module's groups: block trades added one).
  expect(await chips.count()).toBe(1 + STATEMENT_GROUP_NAMES.length);
  expect(STATEMENT_GROUP_NAMES).toContain('loans');
  for (const box of await chips.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, cut: el.scrollWidth > el.clientWidth };
    }),
  )) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
    expect(box.cut).toBe(false);
  }
  await loanShot(page, `${language}-statement-all`);
  await page.getByTestId('records-group-loans').click();
  await loaded('loans').waitFor();
  expect(await kinds()).toEqual(['loan_repaid', 'loan_disbursed']);
  expect(page.url()).toContain('group=loans');
  await loanShot(page, `${language}-statement-loans`);
  await page.getByTestId('records-group-virtual_funds').click();
  await loaded('virtual_funds').waitFor();
  expect(await kinds()).toEqual(['paper_grant']);
  await page.getByTestId('records-group-all').click();
  await loaded('all').waitFor();
  expect(await rows.count()).toBe(3);
}

describe('loans in the browser', () => {
  it('applies in jp, cn and us, sees the pass arrive live (status and cash), sees the debt on Mine, repays', async () => {
    const token = await adminToken(stack);
    for (const language of LANGUAGES) {
      const account = `loan.${language}.${stack.prefix}@example.jp`;
      const auth = await registerUser(stack, account, 'loan-pass-1');
      await apiPost(
        stack,
        'user/paperfund',
        { currency: 'jpy', request_id: `loan-${language}-grant` },
        auth,
      );
      const credit = await adminPost(
        stack,
        'loan/credit',
        { account, credit_score: '710', limit: '1000000' },
        token,
      );
      expect(credit.msg).toBe('modify_ok');
      const page = await phonePageAs(browser, auth, { language });
      let loanId = await applyInApp(page, language);
      if (language === 'us') {
        // A rejection arrives live too: the form comes back, and the records keep the state.
        const rejected = await adminPost(
          stack,
          'loan/decide',
          { id: loanId, decision: 'reject', reason: 'income not verified' },
          token,
        );
        expect(rejected.msg).toBe('submit_ok');
        await page.getByTestId('loan-apply').waitFor({ timeout: 15_000 });
        await loanShot(page, 'us-loan-rejected-live');
        await page.getByTestId('loan-amount').locator('input').fill('500000');
        await page.getByTestId('loan-apply-submit').click();
        await confirmDialog(page);
        await page.locator('[data-testid="loan-current"] [data-state="under_review"]').waitFor();
        loanId = (await page.getByTestId('loan-current').getAttribute('data-loan')) as string;
      }
      await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
      const cashBefore = await page.getByTestId('loan-cash').textContent();
      const decided = await adminPost(
        stack,
        'loan/decide',
        { id: loanId, decision: 'approve' },
        token,
      );
      expect(decided.msg).toBe('submit_ok');
      await page
        .locator('[data-testid="loan-current"] [data-state="passed"]')
        .waitFor({ timeout: 15_000 });
      await expect
        .poll(() => page.getByTestId('loan-cash').textContent(), { timeout: 15_000 })
        .not.toBe(cashBefore);
      expect(await page.getByTestId('loan-cash').textContent()).toBe('10,500,000 JPY');
      expect(await page.getByTestId('loan-outstanding').textContent()).toBe('500,000 JPY');
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
      await loanShot(page, `${language}-loan-passed-live`);
      await page.goto(`${stack.baseUrl}/#/mine/index`);
      await expect
        .poll(() => page.getByTestId('assets-debt').textContent(), { timeout: 15_000 })
        .toBe('500,000 JPY');
      await loanShot(page, `${language}-mine-debt`);
      await page.goto(`${stack.baseUrl}/#/mine/loan`);
      await page.locator('[data-testid="loan-current"] [data-state="passed"]').waitFor();
      await page.getByTestId('loan-repay').click();
      await confirmDialog(page);
      await page.getByTestId('loan-apply').waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('loan-cash').textContent()).toBe('10,000,000 JPY');
      await loanShot(page, `${language}-loan-repaid`);
      await page.goto(`${stack.baseUrl}/#/mine/loanOrder`);
      await page
        .locator(`[data-testid="loan-row"][data-loan="${loanId}"][data-state="repaid"]`)
        .waitFor();
      if (language === 'us') {
        await page.locator('[data-testid="loan-row"][data-state="rejected"]').waitFor();
      }
      await loanShot(page, `${language}-loan-records`);
      await statementByGroup(page, language);
      await page.goto(`${stack.baseUrl}/#/mine/message`);
      await expect.poll(() => page.getByTestId('inbox-item').count()).toBeGreaterThanOrEqual(3);
      await loanShot(page, `${language}-loan-messages`);
      await page.close();
    }
  }, 240_000);
});
