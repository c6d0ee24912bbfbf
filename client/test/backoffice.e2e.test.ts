import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  addStaff,
  apiMultipart,
  apiPost,
  launchChromium,
  phonePageAs,
  registerUser,
  sharedStack,
  shot,
} from './support/e2e.ts';
import { desktopPage as consolePage, signInFirstTime as firstSignIn } from './support/console.ts';

// The back office at 1280×800 (issue 21): a reviewer signs in for the first time, enrols two-factor,
// keeps the recovery codes, approves a KYC and a deposit with the photos and the proof on screen;
// the user watching Home on a phone sees each decision arrive in the bell's count.
let browser: Browser;
let stack: TestStack;
let photo: Buffer;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
  photo = await sharp({
    create: { width: 480, height: 300, channels: 3, background: { r: 200, g: 220, b: 240 } },
  })
    .jpeg()
    .toBuffer();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const desktopPage = (language: 'jp' | 'cn' | 'us') => consolePage(browser, language);
const signInFirstTime = (page: Page, staff: { login: string; password: string }) =>
  firstSignIn(page, stack, staff);

const bellCount = async (page: Page) =>
  Number(await page.getByTestId('home-bell').getAttribute('data-unread'));

describe('the back office in the browser', () => {
  it('a reviewer enrols two-factor, approves a KYC and a deposit with the evidence on screen; the user’s bell counts both live', async () => {
    const account = `bo.user.${stack.prefix}@example.jp`;
    const user = await registerUser(stack, account, 'bo-user-pass-1');
    const kyc = {
      name_kanji: '高橋 一郎',
      name_kana: 'タカハシ イチロウ',
      id_number: '246813579024',
      document_type: 'my_number',
      consent: '1',
    };
    expect(
      (await apiMultipart(stack, 'user/verify', kyc, { front: photo, back: photo }, user)).status,
    ).toBe(1);
    const phone = await phonePageAs(browser, user, { language: 'us' });
    await phone.goto(`${stack.baseUrl}/#/home/home`);
    await phone.locator('[data-testid="home-bell"][data-unread="0"]').waitFor();

    const page = await desktopPage('us');
    await signInFirstTime(page, await addStaff(stack, 'reviewer'));
    await shot(page, 'us-backoffice-recovery-codes');
    await page.getByTestId('bo-recovery-done').click();
    const kycCard = page.locator('article', { hasText: account });
    await kycCard.waitFor();
    // Both photos are on screen beside the names and the ID number.
    await expect.poll(() => kycCard.locator('img').count()).toBe(2);
    expect(await kycCard.textContent()).toContain('246813579024');
    expect(await page.getByTestId('bo-who').textContent()).toContain('Reviewer');
    await shot(page, 'us-backoffice-kyc-queue');
    await kycCard.getByRole('button', { name: 'Approve' }).click();
    await kycCard.waitFor({ state: 'detached' });
    await expect.poll(() => bellCount(phone), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const afterKyc = await bellCount(phone);

    const channelId = String((await apiPost(stack, 'fund/channels', {}, user)).data[0].channel_id);
    const deposited = await apiMultipart(
      stack,
      'fund/deposit',
      { channel_id: channelId, amount: '50000', request_id: `bo-deposit-${stack.prefix}` },
      { proof: photo },
      user,
    );
    expect(deposited.msg).toBe('deposit_ok');
    await page.getByTestId('bo-nav-queues-deposit').click();
    const depositCard = page.locator('article', { hasText: account });
    await depositCard.waitFor();
    await expect.poll(() => depositCard.locator('img').count()).toBe(1);
    expect(await depositCard.getByTestId('bo-review-amount').textContent()).toBe('50,000 JPY');
    // The name the user verified, to match the transfer's sender against.
    expect(await depositCard.textContent()).toMatch(/高橋 一郎 \(タカハシ.イチロウ\)/);
    await shot(page, 'us-backoffice-deposit-queue');
    await depositCard.getByRole('button', { name: 'Approve' }).click();
    await depositCard.waitFor({ state: 'detached' });
    await expect.poll(() => bellCount(phone), { timeout: 15_000 }).toBeGreaterThan(afterKyc);
    await shot(phone, 'us-backoffice-user-bell');

    // A reviewer's menu has no staff or audit; users are there to look at, not to act on.
    expect(await page.getByTestId('bo-nav-staff').count()).toBe(0);
    await page.getByTestId('bo-nav-users').click();
    await page.getByTestId('bo-user-q').fill(account.slice(0, 12));
    await page.getByTestId('bo-user-search').click();
    await page.locator('tr', { hasText: account }).click();
    await page.getByTestId('bo-user-detail').waitFor();
    expect(await page.getByTestId('bo-user-freeze').count()).toBe(0);
    await page.getByTestId('bo-sign-out').click();
    await page.getByTestId('bo-login').waitFor();
    await page.close();
    await phone.close();
  });

  it('an administrator sees staff and the audit log; an operator freezes a user with a reason, in jp and cn', async () => {
    for (const language of ['jp', 'cn'] as const) {
      const account = `bo.op.${language}.${stack.prefix}@example.jp`;
      const operatorUser = await registerUser(stack, account, 'bo-op-pass-1');
      const page = await desktopPage(language);
      await page.goto(`${stack.baseUrl}/admin/`);
      await page.getByTestId('bo-login').waitFor();
      await shot(page, `${language}-backoffice-login`);
      await signInFirstTime(page, await addStaff(stack, 'operator'));
      await page.getByTestId('bo-recovery-done').click();
      await page.getByTestId('bo-users').waitFor();
      await page.getByTestId('bo-user-q').fill(account);
      await page.getByTestId('bo-user-search').click();
      await page.locator('tr', { hasText: account }).click();
      // The loan limit an operator sets is what the user's loan screen offers.
      await page.locator('[name="credit_score"]').fill('720');
      await page.locator('[name="limit"]').fill('300000');
      await page.getByTestId('bo-credit-save').click();
      await expect
        .poll(async () => {
          const info = await apiPost(stack, 'loan/info', { type: 'jpy' }, operatorUser);
          return info.data?.limit;
        })
        .toBe('300000');
      await page.getByTestId('bo-user-freeze').click();
      // No reason, nothing done.
      await page.getByTestId('bo-user-said').waitFor();
      expect(await page.getByTestId('bo-user-detail').getAttribute('data-status')).toBe('active');
      await page.getByTestId('bo-user-reason').fill('suspicious logins from abroad');
      await page.getByTestId('bo-user-freeze').click();
      await page.locator('[data-testid="bo-user-detail"][data-status="frozen"]').waitFor();
      await shot(page, `${language}-backoffice-user-frozen`);
      await page.close();
    }
    const page = await desktopPage('us');
    await signInFirstTime(page, await addStaff(stack, 'administrator'));
    await page.getByTestId('bo-recovery-done').click();
    await page.getByTestId('bo-nav-audit').click();
    const frozen = page.locator('tr', { hasText: 'user.flags' });
    await expect.poll(() => frozen.count()).toBeGreaterThanOrEqual(2);
    await shot(page, 'us-backoffice-audit');
    await page.getByTestId('bo-nav-staff').click();
    await page.getByTestId('bo-staff').waitFor();
    await shot(page, 'us-backoffice-staff');
    // News: written in three languages as a draft, then published from the list.
    await page.getByTestId('bo-nav-news').click();
    const form = page.locator('.bo-news-form');
    const title = `Console article ${stack.prefix}`;
    await form.locator('[name="title_ja"]').fill(`${title} ja`);
    await form.locator('[name="title_en"]').fill(title);
    await form.locator('[name="title_zh"]').fill(`${title} zh`);
    for (const name of ['body_ja', 'body_en', 'body_zh']) {
      await form.locator(`[name="${name}"]`).fill(`Body ${name}`);
    }
    await page.getByTestId('bo-news-symbols').fill('7203 aapl');
    await page.getByTestId('bo-news-save').click();
    const row = page.locator('tr', { hasText: title });
    await row.getByRole('button', { name: 'Publish' }).click();
    await row.getByRole('button', { name: 'Take down' }).waitFor();
    await shot(page, 'us-backoffice-news');
    const reader = await apiPost(stack, 'news/list', { symbol: 'AAPL' });
    expect(reader.data.map((a: { title: { en: string } }) => a.title.en)).toContain(title);
    await page.close();
  });
});
