import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT, startStack, type TestStack } from '../../scripts/src/testing/stack.ts';

// The built app in headless Chromium at 390x844, against the real stack (gateway, workers, feed).
const SHOTS = join(ROOT, 'client/test/screenshots');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
let browser: Browser;
let stack: TestStack;
let baseUrl = '';

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  if (!existsSync(join(ROOT, 'client/dist/index.html'))) throw new Error('client not built: npm run build');
  stack = await startStack({ services: ['gateway', 'jobs', 'feed'] });
  baseUrl = stack.baseUrl;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

function outboxCode(account: string): string {
  return stack.outboxCode(account);
}

/** Lets toasts expire and slide-ins finish, so the screenshot shows the screen as a user sees it. */
async function shot(page: Page, name: string) {
  await page.locator('.adm-toast-mask').first().waitFor({ state: 'detached', timeout: 4000 }).catch(() => undefined);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

describe('register, log in, Mine, language, log out', () => {
  it('walks the whole path at 390x844 and screenshots it in jp, cn and us', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const account = `hanako.${stack.prefix}@example.jp`;
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('start-register').waitFor();
    expect(page.url()).toContain('#/login/start');
    await expect(page.getByTestId('paper-badge').textContent()).resolves.toContain('ペーパートレード');
    await shot(page, 'jp-login-start');
    await page.getByTestId('start-register').click();
    await page.getByTestId('logon-go').click();
    await page.getByTestId('register-account').locator('input').fill(account);
    await page.getByTestId('register-password').locator('input').fill('hanako-pass-1');
    await page.getByTestId('register-repassword').locator('input').fill('hanako-pass-1');
    await page.getByTestId('register-invite').locator('input').fill('KABUTO');
    await page.getByTestId('register-send-code').click();
    await expect.poll(() => { try { return outboxCode(account); } catch { return ''; } }, { timeout: 5000 }).toMatch(/^\d{6}$/);
    await page.getByTestId('register-code').locator('input').fill(outboxCode(account));
    await page.getByTestId('register-agree').click();
    await shot(page, 'jp-register');
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/#\/login\/login/);
    await page.getByTestId('login-account').locator('input').fill(account);
    await page.getByTestId('login-password').locator('input').fill('hanako-pass-1');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('after-continue').click();
    await page.waitForURL(/#\/mine\/index/);
    await expect(page.getByTestId('mine-account').textContent()).resolves.toContain(account);
    await page.getByTestId('paper-grant').click();
    await expect.poll(() => page.getByTestId('assets-total').textContent(), { timeout: 8000 }).toBe('10,000,000');
    await shot(page, 'jp-mine');
    for (const [lang, label, badge] of [['cn', '简体中文', '模拟交易'], ['us', 'English', 'Paper trading']] as const) {
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
      await shot(page, `${lang}-user-panel`);
      await page.locator('.adm-mask').first().click({ position: { x: 20, y: 400 } });
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
});
