import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT, type TestStack } from '../../../scripts/src/testing/stack.ts';

// Shared by the browser tests: Debian's Chromium, the screenshots folder, API calls to the stack.
export const SHOTS = join(ROOT, 'client/test/screenshots');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
}

export async function apiPost(stack: TestStack, path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body).toString() });
  return (await response.json()) as { status: number; msg: string; data: any };
}

/** The feed generates history before its first tick: waits until it quotes `symbol`. */
export async function waitForFeed(stack: TestStack, symbol: string): Promise<void> {
  for (let waited = 0; !(await apiPost(stack, 'quote/detail', { symbol })).data?.price; waited += 500) {
    if (waited > 60_000) throw new Error(`the feed never quoted ${symbol}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Lets toasts expire and slide-ins settle, so the screenshot shows the screen as a user sees it. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.locator('.adm-toast-mask').first().waitFor({ state: 'detached', timeout: 4000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Registers through the real calls (sendcode, the outbox code, register) and logs in. */
export async function registerUser(stack: TestStack, account: string, password: string): Promise<{ token: string; account: string }> {
  await apiPost(stack, 'common/sendcode', { account, purpose: 'register' });
  await apiPost(stack, 'user/register', { account, password, repassword: password, invite: 'KABUTO', code: stack.outboxCode(account), agree: '1' });
  const login = await apiPost(stack, 'user/login', { account, password });
  return { token: String(login.data.token), account };
}

/** A 390×844 phone page signed in as `session`, in Japanese unless a test chose another language. */
export async function phonePageAs(browser: Browser, session: { token: string; account: string }, extra: Record<string, string> = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  await page.addInitScript(([values, more]) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'jp');
    localStorage.setItem('tokend', values.token);
    localStorage.setItem('account', values.account);
    for (const [key, value] of Object.entries(more)) localStorage.setItem(key, value);
  }, [session, extra] as const);
  return page;
}

/** Presses the confirming (last) button of the open antd-mobile dialog. */
export async function confirmDialog(page: Page): Promise<void> {
  await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
}
