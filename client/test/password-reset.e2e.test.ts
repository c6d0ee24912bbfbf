import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiPost,
  phonePageAs,
  registerUser,
  shot as shotAs,
  signedOutPhone,
  useStackAndBrowser,
} from './support/e2e.ts';

// Issue 23 item 5: a forgotten password, from the login page (login password) and from Mine (fund
// password), in jp, cn and us at 390x844, through the real calls and the paper-mode outbox.

const LANGUAGES = ['jp', 'cn', 'us'] as const;
const env = useStackAndBrowser();
const shot = (page: Page, name: string) => shotAs(page, `reset-${name}`);

async function fill(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).locator('input').fill(value);
}

/** The newest code the outbox holds for the account, once a new one (not `previous`) arrives. */
async function newCode(account: string, previous: string): Promise<string> {
  let code = previous;
  await expect
    .poll(() => {
      code = env.stack.outboxCode(account);
      return code;
    })
    .not.toBe(previous);
  return code;
}

async function resetLoginPassword(page: Page, account: string, language: string) {
  await page.goto(`${env.stack.baseUrl}/#/login/login`);
  await page.getByTestId('login-forgot').click();
  await page.getByTestId('password-form').waitFor();
  await fill(page, 'pwd-account', account);
  const before = env.stack.outboxCode(account);
  await page.getByTestId('reset-send-code').click();
  const code = await newCode(account, before);
  await fill(page, 'pwd-password', 'renewed-pass-7');
  await fill(page, 'pwd-repassword', 'renewed-pass-7');
  await fill(page, 'pwd-code', code);
  await shot(page, `${language}-login`);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/#\/login\/login/);
  await fill(page, 'login-account', account);
  await fill(page, 'login-password', 'renewed-pass-7');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/(login\/loginAfter|home)/);
}

async function inboxKinds(session: { token: string; account: string }): Promise<string[]> {
  const inbox = await apiPost(env.stack, 'user/messages', {}, session);
  return (inbox.data as Array<{ kind: string }>).map((m) => m.kind);
}

async function resetFundPassword(page: Page, account: string, language: string, password: string) {
  await page.goto(`${env.stack.baseUrl}/#/mine/fundPassword`);
  await page.getByTestId('fund-forgot').click();
  await page.waitForURL(/#\/mine\/fundPasswordReset/);
  await fill(page, 'pwd-password', password);
  await fill(page, 'pwd-fundpassword', '864200');
  await fill(page, 'pwd-refundpassword', '864200');
  const before = env.stack.outboxCode(account);
  await page.getByTestId('reset-send-code').click();
  await fill(page, 'pwd-code', await newCode(account, before));
  await shot(page, `${language}-fund`);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/#\/mine\/index/);
}

describe('forgotten passwords in the browser', () => {
  for (const language of LANGUAGES) {
    it(`${language}: resets the login password from the login page and the fund password from Mine; the inbox says each`, async () => {
      // Two accounts: a code is sent to one account at most once a minute.
      const account = `reset.${language}.${env.stack.prefix}@example.jp`;
      const auth = await registerUser(env.stack, account, 'first-pass-1');
      const page = await signedOutPhone(env.browser, language);
      await resetLoginPassword(page, account, language);
      // The old session ended with the reset; the new one reads the message.
      expect((await apiPost(env.stack, 'user/assets', { type: 'jpy' }, auth)).msg).toBe(
        'login_required',
      );
      const session = {
        token: String(await page.evaluate(() => localStorage.getItem('tokend'))),
        account,
      };
      expect(await inboxKinds(session)).toContain('password_reset');
      await page.goto(`${env.stack.baseUrl}/#/mine/message`);
      await shot(page, `${language}-inbox`);
      await page.close();

      const saver = `reset.fund.${language}.${env.stack.prefix}@example.jp`;
      const saverAuth = await registerUser(env.stack, saver, 'first-pass-1');
      const set = await apiPost(
        env.stack,
        'user/setFundPassword',
        { password: 'first-pass-1', fundpassword: '135790', refundpassword: '135790' },
        saverAuth,
      );
      expect(set.msg).toBe('modify_ok');
      const mine = await phonePageAs(env.browser, saverAuth, { language });
      await resetFundPassword(mine, saver, language, 'first-pass-1');
      expect(await inboxKinds(saverAuth)).toContain('fund_password_reset');
      await mine.close();
    });
  }
});
