import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  apiPost,
  confirmDialog,
  launchChromium,
  phonePageAs,
  registerUser,
  shot,
  SHOTS,
} from './support/e2e.ts';

// Loans in headless Chromium at 390x844 against the real stack, in jp, cn and us: the user
// applies on /mine/loan, the back office passes it through the admin API, the open screen shows
// the loan passed and the cash arrive without a reload, Mine shows the debt, the user repays and
// the records show every state.
let browser: Browser;
let stack: TestStack;

const LANGUAGES = ['jp', 'cn', 'us'] as const;
type Language = (typeof LANGUAGES)[number];
/** Where the screenshots are kept for review (besides client/test/screenshots). */
const NOTES_SHOTS = '/work/notes/shots/loans';

async function adminCall(path: string, body: Record<string, string>, token = '') {
  const response = await fetch(`${stack.baseUrl}/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'admin-token': token },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { status: number; msg: string; data: any };
}

/** The back office as the seed created it (data/backoffice-login.txt). */
async function adminToken(): Promise<string> {
  const text = readFileSync(join(stack.dataDir, 'backoffice-login.txt'), 'utf8');
  const password = /password: (\S+)/.exec(text)?.[1] ?? '';
  const login = await adminCall('login', { login: 'admin', password });
  return String(login.data.token);
}

async function loanShot(page: Page, name: string): Promise<void> {
  await shot(page, name);
  mkdirSync(NOTES_SHOTS, { recursive: true });
  copyFileSync(join(SHOTS, `${name}.png`), join(NOTES_SHOTS, `${name}.png`));
}

beforeAll(async () => {
  stack = await startStack({ services: ['gateway', 'jobs', 'feed'] });
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
  await loanShot(page, `${language}-loan-under-review`);
  return (await page.getByTestId('loan-current').getAttribute('data-loan')) as string;
}

describe('loans in the browser', () => {
  it('applies in jp, cn and us, sees the pass arrive live (status and cash), sees the debt on Mine, repays', async () => {
    const token = await adminToken();
    for (const language of LANGUAGES) {
      const account = `loan.${language}.${stack.prefix}@example.jp`;
      const auth = await registerUser(stack, account, 'loan-pass-1');
      await apiPost(
        stack,
        'user/paperfund',
        { currency: 'jpy', request_id: `loan-${language}-grant` },
        auth,
      );
      const credit = await adminCall(
        'loan/credit',
        { account, credit_score: '710', limit: '1000000' },
        token,
      );
      expect(credit.msg).toBe('modify_ok');
      const page = await phonePageAs(browser, auth, { language });
      let loanId = await applyInApp(page, language);
      if (language === 'us') {
        // A rejection arrives live too: the form comes back, and the records keep the state.
        const rejected = await adminCall(
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
      const decided = await adminCall('loan/decide', { id: loanId, decision: 'approve' }, token);
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
      await page.goto(`${stack.baseUrl}/#/mine/message`);
      await expect.poll(() => page.getByTestId('inbox-item').count()).toBeGreaterThanOrEqual(3);
      await loanShot(page, `${language}-loan-messages`);
      await page.close();
    }
  }, 240_000);
});
