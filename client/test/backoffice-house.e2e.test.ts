import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  addStaff,
  apiPost,
  launchChromium,
  phonePageAs,
  registerUser,
  sharedStack,
  shot,
} from './support/e2e.ts';
import { desktopPage, signInFirstTime } from './support/console.ts';

// The house from the console (issue 21): an operator sees China's calendar running out on every
// screen, enters the 2027 closures and changes the app's title, each applied without a restart;
// an administrator asks to correct a user's entry from their statement, a second approves, and
// the user's phone counts the message live and shows the correction as its own line.
let browser: Browser;
let stack: TestStack;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const CN_2027 = [
  '2027-01-01',
  '2027-02-08, 2027-02-09, 2027-02-10, 2027-02-11, 2027-02-12',
  '2027-04-05, 2027-05-03, 2027-05-04, 2027-05-05, 2027-06-09, 2027-09-15',
  '2027-10-01, 2027-10-04, 2027-10-05, 2027-10-06, 2027-10-07',
].join('\n');

describe('the house’s settings and corrections in the console', () => {
  it('an operator enters China’s 2027 closures and a new app title; both apply at once', async () => {
    const page = await desktopPage(browser, 'jp');
    await signInFirstTime(page, stack, await addStaff(stack, 'operator'));
    await page.getByTestId('bo-recovery-done').click();
    const banner = page.getByTestId('bo-calendar-warning');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('中国（上海・深圳）');
    await page.getByTestId('bo-nav-settings').click();
    await page.getByTestId('bo-calendar-CN').waitFor();
    expect(await page.getByTestId('bo-calendar-CN').textContent()).toContain('2026-12-31');
    await shot(page, 'jp-backoffice-settings');

    const title = page.getByTestId('bo-setting-title');
    await title.getByRole('textbox').first().fill('Kabuto デモ証券');
    await title.getByPlaceholder('理由（監査ログに記録）').fill('ブランド変更');
    await title.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存しました。次のリクエストから反映されます。').waitFor();
    const user = await registerUser(stack, `house.${stack.prefix}@example.jp`, 'house-pass-1');
    const phone = await phonePageAs(browser, user, { language: 'jp' });
    await phone.goto(`${stack.baseUrl}/#/home/home`);
    await expect.poll(() => phone.title()).toBe('Kabuto デモ証券');
    await title.getByRole('textbox').first().fill('Kabuto');
    await title.getByPlaceholder('理由（監査ログに記録）').fill('元に戻す');
    await title.getByRole('button', { name: '保存' }).click();
    await expect.poll(async () => (await phone.reload(), phone.title())).toBe('Kabuto');

    const form = page.locator('.bo-calendar-form');
    await form.locator('select[name="market"]').selectOption('CN');
    await form.locator('input[name="year"]').fill('2027');
    await form.locator('textarea[name="closures"]').fill(CN_2027);
    await form.locator('input[name="source"]').fill('国务院办公厅 2027年部分节假日安排');
    await form.locator('input[name="reason"]').fill('カレンダーのパッケージは2026年まで');
    await form.getByRole('button').click();
    await expect
      .poll(() => page.getByTestId('bo-calendar-CN').textContent())
      .toContain('2027-12-31');
    await page.reload();
    await page.getByTestId('bo-calendar-CN').waitFor();
    expect(await page.getByTestId('bo-calendar-warning').count()).toBe(0);
    await shot(page, 'jp-backoffice-calendar-entered', { fullPage: true });
    await page.close();
    await phone.close();
  });

  it('one administrator asks to correct an entry from the user’s statement, a second approves; the user sees it live', async () => {
    const account = `fix.${stack.prefix}@example.jp`;
    const user = await registerUser(stack, account, 'fix-pass-12');
    const granted = await apiPost(
      stack,
      'user/paperfund',
      { currency: 'jpy', request_id: `house-${stack.prefix}` },
      user,
    );
    expect(granted.status).toBe(1);
    const phone = await phonePageAs(browser, user, { language: 'us' });
    await phone.goto(`${stack.baseUrl}/#/home/home`);
    await phone.locator('[data-testid="home-bell"][data-unread]').waitFor();
    const unreadBefore = Number(await phone.getByTestId('home-bell').getAttribute('data-unread'));

    const asker = await desktopPage(browser, 'us');
    await signInFirstTime(asker, stack, await addStaff(stack, 'administrator'));
    await asker.getByTestId('bo-recovery-done').click();
    await asker.getByTestId('bo-nav-users').click();
    await asker.getByTestId('bo-user-q').fill(account);
    await asker.getByTestId('bo-user-search').click();
    await asker.locator('tr', { hasText: account }).click();
    const statement = asker.getByTestId('bo-user-statement');
    await statement.getByRole('link', { name: 'Correct…' }).first().click();
    await asker.getByTestId('bo-cause').selectOption('duplicate');
    await asker.getByTestId('bo-correction-reason').fill('grant given twice by the migration');
    await shot(asker, 'us-backoffice-ledger-entry');
    await asker.getByTestId('bo-ask-correction').click();
    await asker.getByText('Asked. A second administrator decides below.').waitFor();
    const pending = asker.getByTestId('bo-reversals').locator('tr', { hasText: account });
    expect(await pending.textContent()).toContain('You asked for this one');

    const approver = await desktopPage(browser, 'cn');
    await signInFirstTime(approver, stack, await addStaff(stack, 'administrator'));
    await approver.getByTestId('bo-recovery-done').click();
    await approver.getByTestId('bo-nav-ledger').click();
    const row = approver.getByTestId('bo-reversals').locator('tr', { hasText: account });
    await row.getByTestId('bo-decision-reason').fill('已核对迁移日志');
    await shot(approver, 'cn-backoffice-ledger-pending');
    await row.getByTestId('bo-approve-correction').click();
    await row.waitFor({ state: 'detached' });
    await expect
      .poll(async () => Number(await phone.getByTestId('home-bell').getAttribute('data-unread')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(unreadBefore);
    await phone.goto(`${stack.baseUrl}/#/mine/transactionRecords`);
    const newest = phone.getByTestId('record-row').first();
    await newest.waitFor();
    // The user reads the cause in their language; the staff's own words stay in the back office.
    const memo = await newest.getByTestId('record-memo').textContent();
    expect(memo).toContain('it was credited twice');
    expect(memo).not.toContain('migration');
    expect(await newest.getByTestId('record-balance').textContent()).toMatch(/\b0\b/);
    await shot(phone, 'us-user-correction-line');
    await approver.getByTestId('bo-nav-ledger').click();
    await approver.getByRole('button', { name: '立即检查不变量' }).click();
    await approver.getByText(/0 处违规/).waitFor();
    await shot(approver, 'cn-backoffice-reconcile');
    for (const page of [asker, approver, phone]) await page.close();
  });
});
