import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { attachStack, ROOT, type TestStack } from '../../../scripts/src/testing/stack.ts';
import type {} from './shared-stack.ts';

// Shared by the browser tests: Debian's Chromium, the screenshots folder, API calls to the stack.
export const SHOTS = join(ROOT, 'client/test/screenshots');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  }
  return chromium.launch({
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
}

/**
 * This worker's shared stack (support/shared-stack.ts): gateway, workers and feed, always open. Each
 * file starts with the rate limits forgotten (the fixture API), as on a stack of its own: every
 * file registers its users from 127.0.0.1.
 */
export async function sharedStack(): Promise<TestStack> {
  const stacks = inject('kabutoStacks');
  // VITEST_POOL_ID numbers the run's workers from 1: each has its own stack.
  const worker = Number(process.env['VITEST_POOL_ID'] ?? '1');
  const address = stacks[(worker - 1) % stacks.length];
  if (!address) throw new Error('no shared stack was started for the browser tests');
  const stack = attachStack(address);
  const reset = await fetch(`${stack.baseUrl}/__test/reset-limits`, { method: 'POST' });
  if (!reset.ok) throw new Error(`the shared stack's limits were not reset (${reset.status})`);
  return stack;
}

export async function apiPost(
  stack: TestStack,
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${stack.baseUrl}/api/vue/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { status: number; msg: string; data: any };
}

/** The stack's own clock (a stack started with KABUTO_TEST_FIXTURES=1): what its services read as now. */
export async function stackNow(stack: TestStack): Promise<number> {
  const answer = (await (await fetch(`${stack.baseUrl}/__test/clock`)).json()) as {
    data: { now_ms: number };
  };
  return answer.data.now_ms;
}

/**
 * Moves the stack's clock forward to `toMs` (the fixture API): the gateway and the workers read it
 * at once, and the workers run the new-share steps that fell due, instead of the test waiting.
 */
export async function moveClockTo(stack: TestStack, toMs: number): Promise<void> {
  const response = await fetch(`${stack.baseUrl}/__test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to_ms: Math.ceil(toMs) }),
  });
  if (!response.ok) throw new Error(`the stack's clock did not move (${response.status})`);
}

/** A back-office call (`/api/admin/…`) with the admin token, answered in the envelope. */
export async function adminPost(
  stack: TestStack,
  path: string,
  body: Record<string, string>,
  token = '',
) {
  const response = await fetch(`${stack.baseUrl}/api/admin/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'admin-token': token },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { status: number; msg: string; data: any };
}

/** A staff member of the caller's own (the fixture API): a fresh login and password, no second factor yet. */
export async function addStaff(
  stack: TestStack,
  role: 'reviewer' | 'operator' | 'administrator',
): Promise<{ login: string; password: string }> {
  const added = await fetch(`${stack.baseUrl}/__test/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ role }),
  });
  return ((await added.json()) as { data: { login: string; password: string } }).data;
}

/** A user call with files (multipart), as the app sends an ID photo or a transfer proof. */
export async function apiMultipart(
  stack: TestStack,
  path: string,
  fields: Record<string, string>,
  files: Record<string, Buffer>,
  auth: { token: string; account: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`);
  }
  const response = await fetch(`${stack.baseUrl}/api/vue/${path}`, {
    method: 'POST',
    headers: { token: auth.token, account: auth.account },
    body: form,
  });
  return (await response.json()) as { status: number; msg: string; data: any };
}

/**
 * A back-office session as staff get one: a staff member of this call's own (the fixture API),
 * signed in with the password, then two-factor set up and confirmed with a code of the stack's
 * clock. An administrator unless asked.
 */
export async function adminToken(
  stack: TestStack,
  role: 'reviewer' | 'operator' | 'administrator' = 'administrator',
): Promise<string> {
  const login = await adminPost(stack, 'login', await addStaff(stack, role));
  const token = String(login.data.token);
  const secret = String((await adminPost(stack, 'totp/setup', {}, token)).data.secret);
  const epoch = Math.floor((await stackNow(stack)) / 1000);
  const enabled = await adminPost(
    stack,
    'totp/enable',
    { otp: await generate({ secret, epoch }) },
    token,
  );
  if (enabled.msg !== 'modify_ok') throw new Error(`staff enrolment refused: ${enabled.msg}`);
  return token;
}

/** The feed generates history before its first tick: waits until it quotes `symbol`. */
export async function waitForFeed(stack: TestStack, symbol: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const quoted = (await apiPost(stack, 'quote/detail', { symbol })).data?.price;
      if (!quoted) throw new Error(`the feed never quoted ${symbol}`);
    },
    { timeout: 60_000, interval: 250 },
  );
}

/** Screenshots are for a person to look at, nothing compares them: taken only when KABUTO_SHOTS=1. */
export const SHOTS_ON = process.env['KABUTO_SHOTS'] === '1';

/** Until no toast is showing (a toast lasts about 2 s): the state a user sees once it has passed. */
export async function toastGone(page: Page): Promise<void> {
  await page.locator('.adm-toast-mask').first().waitFor({ state: 'detached', timeout: 4000 });
}

/**
 * With KABUTO_SHOTS=1, a screenshot of the screen as a user sees it: toasts passed (unless
 * `keepToast`), slide-ins finished (running animations are waited for, CSS ones fast-forwarded).
 * Without it, nothing: no screenshot, no wait.
 */
export async function shot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; keepToast?: boolean } = {},
): Promise<void> {
  if (!SHOTS_ON) return;
  mkdirSync(SHOTS, { recursive: true });
  if (!options.keepToast) await toastGone(page).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || !isFinite(Number(a.effect?.getComputedTiming().endTime)),
          ),
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined);
  await page.screenshot({
    path: join(SHOTS, `${name}.png`),
    fullPage: Boolean(options.fullPage),
    animations: 'disabled',
  });
}

/** Registers through the real calls (sendcode, the outbox code, register) and logs in. */
export async function registerUser(
  stack: TestStack,
  account: string,
  password: string,
): Promise<{ token: string; account: string }> {
  await apiPost(stack, 'common/sendcode', { account, purpose: 'register' });
  await apiPost(stack, 'user/register', {
    account,
    password,
    repassword: password,
    invite: 'KABUTO',
    code: stack.outboxCode(account),
    agree: '1',
  });
  const login = await apiPost(stack, 'user/login', { account, password });
  return { token: String(login.data.token), account };
}

/** A 390×844 phone page signed in as `session`, in Japanese unless a test chose another language; `touch` for finger gestures. */
export async function phonePageAs(
  browser: Browser,
  session: { token: string; account: string },
  extra: Record<string, string> = {},
  options: { touch?: boolean; serviceWorker?: boolean } = {},
): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: Boolean(options.touch),
    // A first visit, as most screens' tests mean it: the service worker (its precache and its
    // install on every new page) only where a test is about it (alerts, offline).
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
  await page.addInitScript(
    ([values, more]) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'jp');
      localStorage.setItem('tokend', values.token);
      localStorage.setItem('account', values.account);
      for (const [key, value] of Object.entries(more)) localStorage.setItem(key, value);
    },
    [session, extra] as const,
  );
  return page;
}

/**
 * Until the page has drawn two frames: whatever an input caused (a React commit, a dialog's mount)
 * has rendered. The event a test waits for when it checks that something did not appear.
 */
export async function framesDrawn(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Presses the confirming (last) button of the open antd-mobile dialog. */
export async function confirmDialog(page: Page): Promise<void> {
  await page.locator('.adm-dialog-footer .adm-dialog-button').last().click();
}

/**
 * Pulls the list down with a finger (CDP touch events) and returns the pull-to-refresh states shown
 * on the way, in order (a MutationObserver records each state's text as it appears): pulling,
 * release, loading, then success. The pull is rubber-banded: 300 px of finger travel moves the list
 * about 85 px, past antd-mobile's 60 px release threshold.
 */
export async function pullDown(page: Page, distance = 300): Promise<string[]> {
  const head = page.locator('.adm-pull-to-refresh-head-content').first();
  const box = await page.locator('.adm-pull-to-refresh').first().boundingBox();
  if (!box) throw new Error('no pull-to-refresh on this screen');
  await head.evaluate((el) => {
    const seen: string[] = [];
    const record = () => {
      const state = el.querySelector('[data-testid^="pull-"]')?.getAttribute('data-testid');
      if (state && seen[seen.length - 1] !== state) seen.push(state);
    };
    record();
    new MutationObserver(record).observe(el, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    (window as unknown as { pullStates: string[] }).pullStates = seen;
  });
  const from = { x: box.x + box.width / 2, y: box.y + 24 };
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: from.x, y }],
    });
  await touch('touchStart', from.y);
  // One move a frame, as a finger's touches arrive.
  for (let step = 1; step <= 16; step += 1) {
    await touch('touchMove', from.y + (distance * step) / 16);
    await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
  }
  await touch('touchEnd', from.y + distance);
  await cdp.detach();
  await page.waitForFunction(
    () => (window as unknown as { pullStates: string[] }).pullStates.includes('pull-complete'),
    undefined,
    { timeout: 5000 },
  );
  return page.evaluate(() => (window as unknown as { pullStates: string[] }).pullStates);
}

/**
 * The file's shared stack and Chromium: taken before its tests (waiting for the first prints of
 * `feeds`) and let go after. Read `stack` and `browser` inside the tests.
 */
export function useStackAndBrowser(feeds: readonly string[] = []): {
  readonly stack: TestStack;
  readonly browser: Browser;
} {
  let stack: TestStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await sharedStack();
    browser = await launchChromium();
    const started = stack;
    await Promise.all(feeds.map((symbol) => waitForFeed(started, symbol)));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  return {
    get stack() {
      if (!stack) throw new Error('the stack is taken in beforeAll');
      return stack;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is launched in beforeAll');
      return browser;
    },
  };
}

/** A 390×844 phone page in the language, signed out (its init script sets only the language). */
export async function signedOutPhone(browser: Browser, language: string): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    serviceWorkers: 'block',
  });
  await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  return page;
}
