import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROOT, type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  adminToken,
  apiMultipart,
  apiPost,
  confirmDialog,
  launchChromium,
  phonePageAs,
  pullDown,
  registerUser,
  shot,
  waitForFeed,
  sharedStack,
} from './support/e2e.ts';

// The whole money path in headless Chromium at 390x844 against the real stack: verify, add a card,
// deposit with proof, approval through the review API, exchange JPY to USD, withdraw, and the
// statement showing every step.
let browser: Browser;
let stack: TestStack;
let photo: Buffer;

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  apiPost(stack, path, body, headers);

async function adminCall(
  path: string,
  body: Record<string, string>,
  token = '',
): Promise<{ status: number; msg: string; data: any }> {
  const response = await fetch(`${stack.baseUrl}/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'admin-token': token },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { status: number; msg: string; data: any };
}

/** A reviewer of this file's own, signed in with two-factor (support/e2e.ts `adminToken`). */
async function backOffice() {
  const token = await adminToken(stack, 'reviewer');
  return {
    async approveLatest(kind: 'kyc' | 'deposit' | 'withdrawal') {
      const pending = await adminCall(`${kind}/list`, { status: 'pending' }, token);
      const latest = pending.data[pending.data.length - 1];
      const decided = await adminCall(
        `${kind}/decide`,
        { id: latest.id, decision: 'approve' },
        token,
      );
      expect(decided.msg).toBe('submit_ok');
    },
  };
}

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
  photo = await sharp({
    create: { width: 480, height: 300, channels: 3, background: { r: 240, g: 230, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  await waitForFeed(stack, 'AAPL');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function setLanguage(page: Page, language: 'jp' | 'cn' | 'us') {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
}

const upload = (page: Page, testId: string) =>
  page
    .locator(`[data-testid="${testId}"] input[type="file"]`)
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });

describe('money in and out in the browser', () => {
  it('verifies, adds a card, deposits with proof, exchanges JPY to USD, withdraws, and the statement shows every step', async () => {
    const account = `saver.${stack.prefix}@example.jp`;
    const auth = await registerUser(stack, account, 'saver-pass-1');
    const office = await backOffice();
    const page = await phonePageAs(browser, auth, {}, { touch: true });

    // Real-name verification, then approval by a reviewer.
    await page.goto(`${stack.baseUrl}/#/mine/verified`);
    await page.getByTestId('kyc-kanji').locator('input').fill('山田 太郎');
    await page.getByTestId('kyc-kana').locator('input').fill('ヤマダ タロウ');
    await page.getByTestId('kyc-id').locator('input').fill('123456789012');
    await upload(page, 'kyc-front');
    await upload(page, 'kyc-back');
    await page.getByTestId('kyc-consent').click();
    await shot(page, 'jp-verify-form');
    await page.getByTestId('kyc-submit').click();
    await page.locator('[data-testid="verified-screen"][data-state="pending"]').waitFor();
    await office.approveLatest('kyc');
    await page.reload();
    await page.locator('[data-testid="verified-screen"][data-state="verified"]').waitFor();
    await shot(page, 'jp-verified');

    // The channel password arrives in the inbox.
    await page.goto(`${stack.baseUrl}/#/mine/message`);
    await page.locator('[data-testid="inbox-item"][data-kind="channel_password"]').click();
    const body = (await page.getByTestId('message-body').textContent()) ?? '';
    const channelPassword = /(\d{6})/.exec(body)?.[1] ?? '';
    expect(channelPassword).toMatch(/^\d{6}$/);
    await shot(page, 'jp-inbox-channel-password');

    // A bank card in the verified name.
    await page.goto(`${stack.baseUrl}/#/mine/bankAdd`);
    const card: Record<string, string> = {
      holder_kana: 'ヤマダ タロウ',
      bank_name: 'みずほ銀行',
      branch_name: '東京営業部',
      branch_code: '001',
      account_number: '1234567',
    };
    for (const [field, value] of Object.entries(card)) {
      await page.getByTestId(`card-${field}`).locator('input').fill(value);
    }
    await page.getByTestId('bank-save').click();
    await page.getByTestId('bank-card').first().waitFor();
    await shot(page, 'jp-bank-cards');
    const pullable = () => page.locator('.adm-pull-to-refresh').count();
    expect(await pullable()).toBe(1);

    // Deposit ¥300,000 with a transfer proof; a reviewer approves it.
    await page.goto(`${stack.baseUrl}/#/mine/stored`);
    await page.getByTestId('stored-amount').locator('input').fill('300000');
    await page.getByTestId('stored-next').click();
    await page.getByTestId('channel-password').locator('input').fill(channelPassword);
    await page.getByTestId('channel-unlock').click();
    await page.getByTestId('transfer-reference').waitFor();
    // The bank details as a Japanese bank shows them, the payee name whole (wrapped, never cut off).
    const details = await page.getByTestId('channel-detail').allTextContents();
    expect(details).toEqual([
      'カブトデモ銀行',
      '本店営業部（001）',
      'カブトシヨウケン（カ）',
      '1234567',
    ]);
    const payee = page.getByTestId('channel-detail').nth(2);
    expect(
      await payee.evaluate(
        (el) =>
          el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth,
      ),
    ).toBe(true);
    await upload(page, 'deposit-proof');
    await shot(page, 'jp-deposit-details');
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-row').first().waitFor();
    expect(await pullable()).toBe(1);
    await office.approveLatest('deposit');

    // Exchange ¥100,000 to dollars at the feed's rate.
    await expect
      .poll(
        async () =>
          (await post('fund/exchangequote', { from: 'JPY', to: 'USD', amount: '100000' }, auth))
            .status,
        { timeout: 30_000 },
      )
      .toBe(1);
    await page.goto(`${stack.baseUrl}/#/mine/exchange`);
    await page.getByTestId('exchange-amount').locator('input').fill('100000');
    await page.getByTestId('exchange-quote').click();
    await page.getByTestId('exchange-price').waitFor();
    await shot(page, 'jp-exchange');
    await page.getByTestId('exchange-confirm').click();
    await confirmDialog(page);
    await expect
      .poll(
        async () =>
          (await post('fund/records', { currency: 'JPY', limit: '1' }, auth)).data[0]?.balance,
        { timeout: 5000 },
      )
      .toBe('200000');

    // Withdraw ¥50,000 to the card with the fund password.
    await post(
      'user/setFundPassword',
      { password: 'saver-pass-1', fundpassword: '246810', refundpassword: '246810' },
      auth,
    );
    await page.goto(`${stack.baseUrl}/#/mine/withdraw`);
    await page.getByTestId('withdraw-amount').locator('input').fill('50000');
    await page.getByTestId('withdraw-fund-password').locator('input').fill('246810');
    await page.getByTestId('withdraw-submit').click();
    // Nothing is sent before the user confirms the amount and the card.
    const confirm = page.locator('.adm-dialog-content');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('50,000 JPY');
    expect(await page.getByTestId('withdrawal-row').count()).toBe(0);
    await confirmDialog(page);
    await page.getByTestId('withdrawal-row').first().waitFor();
    expect(await pullable()).toBe(1);
    await expect(page.getByTestId('no-fee-line').textContent()).resolves.toContain('Kabuto');
    // One formatter and one source: Withdraw and Mine show the same yen cash the same way.
    await expect
      .poll(() => page.getByTestId('withdraw-available').textContent())
      .toBe('150,000 JPY');
    await shot(page, 'jp-withdraw');
    await page.goto(`${stack.baseUrl}/#/mine/index`);
    await expect.poll(() => page.getByTestId('cash-JPY').textContent()).toBe('150,000 JPY');

    // The statement: every step, newest first, with running balances that end at the cash shown.
    await page.goto(`${stack.baseUrl}/#/mine/transactionRecords`);
    await page.locator('[data-testid="records-screen"][data-loaded="yes"]').waitFor();
    const rows = page.getByTestId('record-row');
    await expect.poll(() => rows.count()).toBe(4);
    const kinds = await rows.evaluateAll((els) =>
      els.map((el) => `${el.getAttribute('data-kind')}:${el.getAttribute('data-currency')}`),
    );
    expect(kinds).toEqual(['withdrawal_hold:JPY', 'exchange:JPY', 'exchange:USD', 'deposit:JPY']);
    await expect(rows.first().getByTestId('record-balance').textContent()).resolves.toContain(
      '150,000 JPY',
    );
    // Each row carries its number (the spec's fund-record order number).
    for (const no of await page.getByTestId('record-no').allTextContents()) {
      expect(no).toMatch(/^取引番号 \d+$/);
    }

    // Each line is in the user's language, not the server's English memo.
    const memos = await page.getByTestId('record-memo').allTextContents();
    expect(memos[0]).toMatch(/^.+ \*{4}\d{3} への出金$/);
    expect(memos[1]).toContain('100,000 JPY →');
    expect(memos[1]).toContain('適用レート');
    expect(memos[3]).toMatch(/^入金 #\d+（振込依頼人 KB\w+）$/);
    await shot(page, 'jp-records');
    // Pull to refresh: pulling, release, loading, then success.
    expect(await pullDown(page)).toEqual([
      'pull-pulling',
      'pull-release',
      'pull-loading',
      'pull-complete',
    ]);
    for (const language of ['cn', 'us'] as const) {
      await setLanguage(page, language);
      await page.locator('[data-testid="records-screen"][data-loaded="yes"]').waitFor();
      await expect.poll(() => rows.count()).toBe(4);
      await expect(page.getByTestId('record-memo').first().textContent()).resolves.toMatch(
        language === 'cn' ? /^提现至 / : /^Withdrawal to /,
      );
      await shot(page, `${language}-records`);
      await page.goto(`${stack.baseUrl}/#/mine/withdraw`);
      await page.getByTestId('withdrawal-row').first().waitFor();
      await shot(page, `${language}-withdraw`);
      await page.goto(`${stack.baseUrl}/#/mine/security`);
      await page.getByTestId('session-device').first().waitFor();
      await shot(page, `${language}-security`);
      await page.goto(`${stack.baseUrl}/#/mine/transactionRecords`);
    }
    // The security screen names the browser and system, never the raw user-agent string.
    // A second session signed in from this browser (the test's own session came from Node).
    await page.evaluate(
      (login) =>
        fetch('/api/vue/user/login', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(login).toString(),
        }),
      { account, password: 'saver-pass-1' },
    );
    await page.goto(`${stack.baseUrl}/#/mine/security`);
    await expect.poll(() => page.getByTestId('session-device').count()).toBe(2);
    const devices = await page.getByTestId('session-device').allTextContents();
    expect(devices.some((d) => /^Chrome( Headless)? \d+ on Linux/.test(d))).toBe(true);
    expect(devices.join(' ')).not.toContain('Mozilla');
    expect(await pullable()).toBe(1);
    await page.goto(`${stack.baseUrl}/#/mine/message`);
    await page.getByTestId('inbox-item').first().waitFor();
    expect(await pullable()).toBe(1);
    await shot(page, 'us-security-devices');
    await page.close();
  }, 120_000);
});

/** A call with files, as the screens send them (multipart). */

const toast = (page: Page) => page.locator('.adm-toast-main');
/** The toast's text now ('' when none is shown); never waits for one to appear. */
const toastText = async (page: Page) => (await toast(page).allTextContents()).join('');
const msgIn = (language: string, key: string): string =>
  (
    JSON.parse(readFileSync(join(ROOT, `client/src/locales/${language}.json`), 'utf8')) as {
      msg: Record<string, string>;
    }
  ).msg[key] ?? key;
// What antd-mobile says in each language: its required-field message and the confirm dialog's buttons.
const UI_KIT = {
  jp: { required: 'を入力してください', buttons: ['キャンセル', '確認'] },
  cn: { required: '请输入', buttons: ['取消', '确定'] },
  us: { required: 'Please enter', buttons: ['Cancel', 'Confirm'] },
} as const;

describe('refusals, the UI kit language and the exchange quote, in every language', () => {
  let unverified: { token: string; account: string };
  let verified: { token: string; account: string };
  let channel: { id: string; password: string };

  beforeAll(async () => {
    unverified = await registerUser(
      stack,
      `newcomer.${stack.prefix}@example.jp`,
      'newcomer-pass-1',
    );
    verified = await registerUser(stack, `fx.trader.${stack.prefix}@example.jp`, 'trader-pass-1');
    const kyc = {
      name_kanji: '佐藤 花子',
      name_kana: 'サトウ ハナコ',
      id_number: '987654321098',
      document_type: 'my_number',
      consent: '1',
    };
    expect(
      (await apiMultipart(stack, 'user/verify', kyc, { front: photo, back: photo }, verified))
        .status,
    ).toBe(1);
    await (await backOffice()).approveLatest('kyc');
    const inbox = await post('user/messages', {}, verified);
    const code = String(
      inbox.data.find((m: { kind: string }) => m.kind === 'channel_password').params.code,
    );
    channel = {
      id: String((await post('fund/channels', {}, verified)).data[0].channel_id),
      password: code,
    };
    expect(
      (
        await post(
          'user/paperfund',
          { currency: 'jpy', request_id: `grant${Date.now()}` },
          verified,
        )
      ).status,
    ).toBe(1);
    // The FX feed quotes shortly after the stock feed.
    await vi.waitFor(
      async () => {
        const quote = await post(
          'fund/exchangequote',
          { from: 'JPY', to: 'USD', amount: '1000' },
          verified,
        );
        if (quote.status !== 1) throw new Error('no FX quote');
      },
      { timeout: 30_000, interval: 250 },
    );
  }, 60_000);

  for (const language of ['jp', 'cn', 'us'] as const) {
    it(`${language}: identity and deposit refusals show as toasts and leave with their screen; antd-mobile speaks ${language}`, async () => {
      const page = await phonePageAs(browser, unverified, { language });
      await page.goto(`${stack.baseUrl}/#/mine/verified`);
      // A form error from the UI kit, in the chosen language (never the kit's Chinese default in jp/us).
      await page.getByTestId('kyc-submit').click();
      const error = page.locator('.adm-form-item-feedback-error').first();
      await expect.poll(() => error.textContent()).toContain(UI_KIT[language].required);
      if (language !== 'cn') {
        expect(await page.locator('.adm-form').textContent()).not.toMatch(/请输入/);
      }
      await shot(page, `${language}-kyc-form-errors`);
      // Filled in but without the photos: the gateway refuses; the refusal stays after the spinner.
      await page.getByTestId('kyc-kanji').locator('input').fill('山田 太郎');
      await page.getByTestId('kyc-kana').locator('input').fill('ヤマダ タロウ');
      await page.getByTestId('kyc-id').locator('input').fill('123456789012');
      await page.getByTestId('kyc-consent').click();
      await page.clock.install(); // the page's timers run on the test clock from here
      await page.getByTestId('kyc-submit').click();
      await expect
        .poll(() => toastText(page), { timeout: 5000 })
        .toBe(msgIn(language, 'id_photos_required'));
      // Still there once the upload's spinner has ended.
      await page.clock.runFor(600);
      expect(await toastText(page)).toBe(msgIn(language, 'id_photos_required'));
      await shot(page, `${language}-kyc-refusal`, { keepToast: true });
      await page.close();

      const depositor = await phonePageAs(browser, verified, { language });
      await depositor.goto(`${stack.baseUrl}/#/mine/deposit?channel=${channel.id}&amount=99999999`);
      await depositor.getByTestId('channel-password').locator('input').fill(channel.password);
      await depositor.getByTestId('channel-unlock').click();
      await depositor.getByTestId('transfer-reference').waitFor();
      await upload(depositor, 'deposit-proof');
      await depositor.clock.install();
      await depositor.getByTestId('deposit-submit').click();
      await expect
        .poll(() => toastText(depositor), { timeout: 5000 })
        .toBe(msgIn(language, 'deposit_limit_exceeded'));
      await depositor.clock.runFor(600);
      expect(await toastText(depositor)).toBe(msgIn(language, 'deposit_limit_exceeded'));
      await shot(depositor, `${language}-deposit-refusal`, { keepToast: true });
      // The refusal belongs to the deposit screen: it does not follow to the next one.
      await depositor.evaluate(() => (window.location.hash = '#/mine/exchange'));
      await depositor.getByTestId('exchange-screen').waitFor();
      await expect.poll(() => toast(depositor).count(), { timeout: 400, interval: 50 }).toBe(0);
      await depositor.close();
    }, 60_000);

    it(`${language}: the exchange quote counts down, is re-quoted when it lapses, and the confirm takes the rate on screen`, async () => {
      const page = await phonePageAs(browser, verified, { language });
      await page.clock.install();
      await page.goto(`${stack.baseUrl}/#/mine/exchange`);
      await page.getByTestId('exchange-amount').locator('input').fill('1000');
      await page.getByTestId('exchange-quote').click();
      const card = page.getByTestId('exchange-price');
      const countdown = page.getByTestId('exchange-countdown');
      await expect.poll(() => countdown.getAttribute('data-seconds')).toBe('15');
      const first = await card.getAttribute('data-quote-id');
      expect(first).toBeTruthy();
      await page.clock.fastForward(5000);
      await expect.poll(() => countdown.getAttribute('data-seconds')).toBe('10');
      await shot(page, `${language}-exchange-countdown`);
      // The quote lapses: a new one is fetched and shown, with a fresh countdown.
      await page.clock.fastForward(10_000);
      // While the new quote is on its way the old rate cannot be confirmed (no quote id, no countdown).
      await expect
        .poll(
          async () => {
            const id = await card.getAttribute('data-quote-id');
            return id !== '' && id !== first;
          },
          { timeout: 5000 },
        )
        .toBe(true);
      const second = await card.getAttribute('data-quote-id');
      await expect.poll(() => countdown.getAttribute('data-seconds')).toBe('15');
      const shownRate = await page.getByTestId('exchange-rate').textContent();
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/vue/fund/exchange')) sent.push(request.postData() ?? '');
      });
      await page.getByTestId('exchange-confirm').click();
      const buttons = page.locator('.adm-dialog-footer .adm-dialog-button');
      await expect.poll(() => buttons.allTextContents()).toEqual([...UI_KIT[language].buttons]);
      const dialog = (await page.locator('.adm-dialog-content').textContent()) ?? '';
      expect(dialog).toContain(shownRate ?? '--');
      await shot(page, `${language}-exchange-confirm`);
      await confirmDialog(page);
      await expect.poll(() => sent.length).toBe(1);
      expect(new URLSearchParams(sent[0]).get('quote_id')).toBe(second);
      await expect
        .poll(() => page.getByTestId('exchange-quote').count(), { timeout: 5000 })
        .toBe(1);
      await page.close();
    }, 60_000);
  }
});
