import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestStack } from '../../../scripts/src/testing/stack.ts';
import { stackNow } from './e2e.ts';

/** A 1280×800 console page in a language; the console's confirmations are answered yes. */
export async function desktopPage(browser: Browser, language: 'jp' | 'cn' | 'us'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  // The console asks before an action that signs a user out or takes effect at once: say yes.
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

/** Password, then (first time) the enrolment: the code from the key the screen shows. */
export async function signInFirstTime(
  page: Page,
  stack: TestStack,
  staff: { login: string; password: string },
): Promise<void> {
  await page.goto(`${stack.baseUrl}/admin/`);
  await page.getByTestId('bo-login-id').fill(staff.login);
  await page.getByTestId('bo-password').fill(staff.password);
  await page.getByTestId('bo-sign-in').click();
  const secret = await page.getByTestId('bo-totp-secret').getAttribute('data-secret');
  const epoch = Math.floor((await stackNow(stack)) / 1000);
  await page.getByTestId('bo-enrol-code').fill(await generate({ secret: secret ?? '', epoch }));
  await page.getByTestId('bo-enrol-confirm').click();
  await page.getByTestId('bo-recovery-codes').waitFor();
  expect(await page.locator('[data-testid="bo-recovery-codes"] li').count()).toBe(10);
}
