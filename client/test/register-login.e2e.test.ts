import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import Database from 'better-sqlite3';
import { ROOT, type TestStack } from '../../scripts/src/testing/stack.ts';
import { phonePageAs, registerUser, shot, sharedStack } from './support/e2e.ts';

// The built app in headless Chromium at 390x844, against the real stack (gateway, workers, feed).
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
let browser: Browser;
let stack: TestStack;
let baseUrl = '';

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  }
  if (!existsSync(join(ROOT, 'client/dist/index.html'))) {
    throw new Error('client not built: npm run build');
  }
  stack = await sharedStack();
  baseUrl = stack.baseUrl;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

function outboxCode(account: string): string {
  return stack.outboxCode(account);
}

describe('register, log in, Mine, language, log out', () => {
  it('walks the whole path at 390x844 and screenshots it in jp, cn and us', async () => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
    });
    const account = `hanako.${stack.prefix}@example.jp`;
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('start-register').waitFor();
    expect(page.url()).toContain('#/login/start');
    await expect(page.getByTestId('paper-badge').textContent()).resolves.toContain(
      'ペーパートレード',
    );
    await shot(page, 'jp-login-start');
    await page.getByTestId('start-register').click();
    await page.getByTestId('logon-go').click();
    await page.getByTestId('register-account').locator('input').fill(account);
    await page.getByTestId('register-password').locator('input').fill('hanako-pass-1');
    await page.getByTestId('register-repassword').locator('input').fill('hanako-pass-1');
    await page.getByTestId('register-invite').locator('input').fill('KABUTO');
    await page.getByTestId('register-send-code').click();
    await expect
      .poll(
        () => {
          try {
            return outboxCode(account);
          } catch {
            return '';
          }
        },
        { timeout: 5000 },
      )
      .toMatch(/^\d{6}$/);
    await page.getByTestId('register-code').locator('input').fill(outboxCode(account));
    await page.getByTestId('register-agree').click();
    await shot(page, 'jp-register');
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/#\/login\/login/);
    // Pre-filled with the account just registered; the password is typed again.
    await expect(page.getByTestId('login-account').locator('input').inputValue()).resolves.toBe(
      account,
    );
    await page.getByTestId('login-password').locator('input').fill('hanako-pass-1');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('after-continue').click();
    await page.waitForURL(/#\/mine\/index/);
    await expect(page.getByTestId('mine-account').textContent()).resolves.toContain(account);
    await page.getByTestId('paper-grant-jpy').click();
    await expect
      .poll(() => page.getByTestId('assets-total').textContent(), { timeout: 8000 })
      .toBe('10,000,000 JPY');
    await shot(page, 'jp-mine');
    for (const [lang, label, badge] of [
      ['cn', '简体中文', '模拟交易'],
      ['us', 'English', 'Paper trading'],
    ] as const) {
      await page.goto(`${baseUrl}/#/mine/language`);
      await page.locator('.card').getByText(label, { exact: true }).click();
      await page.waitForLoadState('load');
      await page.goto(`${baseUrl}/#/mine/index`);
      await page.getByTestId('assets-total').waitFor();
      await expect(page.getByTestId('paper-badge').textContent()).resolves.toContain(badge);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe(lang);
      await shot(page, `${lang}-mine`);
      await page.getByTestId('open-panel').click();
      await page.getByTestId('user-panel').waitFor();
      await expect(page.getByTestId('shortcut-privacy').textContent()).resolves.toBe(
        lang === 'cn' ? '隐私政策' : 'Privacy policy',
      );
      await shot(page, `${lang}-user-panel`);
      await page
        .locator('.adm-mask')
        .first()
        .click({ position: { x: 20, y: 400 } });
      await page.getByTestId('user-panel').waitFor({ state: 'hidden' });
    }
    await page.goto(`${baseUrl}/#/mine/index`);
    await page.getByTestId('logout').click();
    await page.waitForURL(/#\/login\/start/);
    expect(await page.evaluate(() => localStorage.getItem('tokend'))).toBeNull();
    await page.goto(`${baseUrl}/#/mine/index`);
    await page.waitForURL(/#\/login\/login/);
    await page.close();
  });

  it('a refused user/getUserinfo (a frozen account) clears tokend, account and searchList and opens log in', async () => {
    const account = `frozen.${stack.prefix}@example.jp`;
    const session = await registerUser(stack, account, 'frozen-pass-1');
    const db = new Database(join(stack.dataDir, 'kabuto.sqlite'), { timeout: 5000 });
    db.prepare('update app_user set status = ? where account = ?').run('frozen', account);
    db.close();
    const page = await phonePageAs(browser, session, { searchList: '["7203"]' });
    await page.goto(`${baseUrl}/#/mine/index`);
    await page.waitForURL(/#\/login\/login/, { timeout: 8000 });
    const kept = await page.evaluate(() =>
      ['tokend', 'account', 'searchList'].map((k) => localStorage.getItem(k)),
    );
    expect(kept).toEqual([null, null, null]);
    await shot(page, 'jp-frozen-to-login');
    await page.close();
  });

  it('a detail link without its id shows not-found and sends no request', async () => {
    const session = await registerUser(stack, `links.${stack.prefix}@example.jp`, 'links-pass-1');
    const page = await phonePageAs(browser, session);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/vue/')) calls.push(new URL(request.url()).pathname);
    });
    for (const [lang, path] of [
      ['jp', '/mine/messageInfo'],
      ['cn', '/quotes/info'],
      ['us', '/position/info'],
    ] as const) {
      await page.goto(`${baseUrl}/#${path}`);
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.reload();
      await page.getByTestId('not-found').waitFor();
      await shot(page, `${lang}-not-found`);
    }
    expect(calls.filter((c) => /messageRead|messages|quote\/detail|userstocklist/.test(c))).toEqual(
      [],
    );
    await page.close();
  });

  it('serves the favicon, touch icon and app manifest: nothing 404s on load', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('start-register').waitFor();
    await page.waitForLoadState('networkidle');
    expect(missing).toEqual([]);
    const favicon = await fetch(`${baseUrl}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
      display: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(manifest.display).toBe('standalone');
    for (const icon of manifest.icons) {
      expect((await fetch(`${baseUrl}${icon.src}`)).status, icon.src).toBe(200);
    }
    expect((await fetch(`${baseUrl}/apple-touch-icon.png`)).status).toBe(200);
    expect(await page.locator('link[rel="manifest"]').count()).toBe(1);
    await page.close();
  });
});
