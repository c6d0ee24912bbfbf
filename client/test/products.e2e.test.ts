import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestStack } from '../../scripts/src/testing/stack.ts';
import {
  isTradingDay,
  localClock,
  nextTradingDay,
  sessionCloseMs,
  type LocalDate,
} from '@kabuto/schema/market';
import {
  adminPost,
  confirmDialog,
  adminToken,
  apiPost,
  launchChromium,
  moveClockTo,
  phonePageAs,
  registerUser,
  sharedStack,
  shot,
  stackNow,
} from './support/e2e.ts';

// Copy-trading products in headless Chromium at 390×844 on the shared stack, in jp, cn and us: a
// product listed and opened through the back office gets its NAV history from the market history;
// each user opens its sheet (NAV chart, "past results" label, the strategy's rules in words), is
// refused under the minimum (in their language), follows, and finds the order waiting for the next
// NAV on the follow-orders screen and in the Positions follow tab.
let browser: Browser;
let stack: TestStack;

const WORDS = {
  jp: {
    ...{ past: '過去の実績', min: '最低投資額', pending: '約定待ち', rules: '移動平均' },
    ...{ locked: 'ロックアップ中', ended: '終了' },
  },
  cn: {
    ...{ past: '历史业绩', min: '最低金额', pending: '待成交', rules: '均线' },
    ...{ locked: '锁定中', ended: '已结束' },
  },
  us: {
    ...{ past: 'Past results', min: 'minimum', pending: 'Awaiting NAV', rules: '60-day average' },
    ...{ locked: 'Locked up', ended: 'Ended' },
  },
} as const;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A momentum product on three Tokyo large caps, opened; its NAV history struck by the workers. */
async function openedProduct(): Promise<string> {
  const token = await adminToken(stack);
  const now = await stackNow(stack);
  const created = await adminPost(
    stack,
    'product/create',
    {
      name: 'E2E Momentum Japan',
      issuer: 'E2E issuer',
      strategy: 'momentum',
      universe: '7203,6758,9984',
      min_amount: '100000',
      deadline_at: String(now + 30 * 86_400_000),
      lockup_days: '7',
      fee_bps: '100',
    },
    token,
  );
  expect(created.msg).toBe('add_ok');
  const id = String(created.data.id);
  expect((await adminPost(stack, 'product/open', { id }, token)).msg).toBe('ok');
  // The products job sweeps when the clock moves: a second on, and the history is struck.
  await moveClockTo(stack, now + 1_000);
  await vi.waitFor(
    async () => {
      const listed = (await adminPost(stack, 'product/list', {}, token)).data as {
        id: string;
        nav_date: string | null;
      }[];
      if (!listed.find((p) => p.id === id)?.nav_date) throw new Error('no NAV history yet');
    },
    { timeout: 60_000, interval: 250 },
  );
  return id;
}

describe('copy-trading products in the browser', () => {
  it('reads the sheet, is refused under the minimum and follows, in jp, cn and us', async () => {
    const id = await openedProduct();
    for (const language of ['jp', 'cn', 'us'] as const) {
      const suffix = language === 'jp' ? 4 : language === 'cn' ? 5 : 6;
      const account = `080${String(Date.now() % 1e5).padStart(5, '0')}${suffix}00`;
      const session = await registerUser(stack, account, 'correct-horse-9');
      const auth = { token: session.token, account: session.account };
      const granted = await apiPost(
        stack,
        'user/paperfund',
        { currency: 'jpy', request_id: `e2e-prd-${account}` },
        auth,
      );
      expect(granted.msg).toBe('claim_ok');
      const page = await phonePageAs(browser, session, { language });
      await page.goto(`${stack.baseUrl}/#/home/home`);
      await page.getByTestId('follow-entry').click();
      await page.getByTestId(`product-${id}`).click();
      await page.getByTestId('product-follow-sheet').waitFor();
      expect(
        Number(await page.getByTestId('nav-chart').getAttribute('data-points')),
      ).toBeGreaterThan(1);
      expect(await page.getByTestId('product-past-results').textContent()).toContain(
        WORDS[language].past,
      );
      expect(await page.getByTestId('product-rules').textContent()).toContain(
        WORDS[language].rules,
      );
      await shot(page, `${language}-product-sheet`, { fullPage: true });

      await page.getByTestId('product-amount').locator('input').fill('50000');
      await page.getByTestId('product-follow').click();
      const refusal = page.getByTestId('product-refusal');
      await refusal.waitFor();
      expect(await refusal.getAttribute('data-msg')).toBe('product_min_amount');
      expect((await refusal.textContent())?.toLowerCase()).toContain(
        WORDS[language].min.toLowerCase(),
      );

      // Letters never reach the server; a full-width amount with commas (an IME's) does.
      const follows: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/product/follow')) follows.push(request.url());
      });
      await page.getByTestId('product-amount').locator('input').fill('1OOOOO');
      await page.getByTestId('product-follow').click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="product-refusal"]')?.getAttribute('data-msg') ===
          'invalid_param',
      );
      expect(follows).toEqual([]);
      expect(await page.getByTestId('product-cash').textContent()).toMatch(/\d/);
      await page.getByTestId('product-amount').locator('input').fill('１００，０００');
      await page.getByTestId('product-follow').click();
      await page.getByTestId('follow-orders-screen').waitFor();
      const state = page.getByTestId('follow-order-state').first();
      await state.waitFor();
      expect(await state.textContent()).toBe(WORDS[language].pending);
      await shot(page, `${language}-follow-orders`);

      await page.goto(`${stack.baseUrl}/#/position/index?tab=follow`);
      await page.getByTestId('follow-orders').getByTestId('follow-order-state').first().waitFor();
      await page.close();

      const orders = await apiPost(stack, 'trade/userproductlist', { type: '0' }, auth);
      expect(orders.data).toEqual([
        expect.objectContaining({ status: 0, state: 'pending', money: '100000' }),
      ]);
    }
  });
});

/** The first Tokyo session close after `ms`. */
function nextJpCloseAfter(ms: number): number {
  let date: LocalDate = localClock(ms, 'Asia/Tokyo').date;
  if (!isTradingDay('JP', date) || sessionCloseMs('JP', date) <= ms) {
    date = nextTradingDay('JP', date);
  }
  return sessionCloseMs('JP', date);
}

/** 10:00 in Tokyo on `date`. */
const tokyoMorning = (date: string) => Date.parse(`${date}T01:00:00Z`);

/**
 * Moves the stack's clock to `toMs`, then a second on at a time until `done` holds: each move runs
 * the products job's sweep, and the first may come before the feed has printed that day's closes.
 */
async function moveUntil(toMs: number, done: () => Promise<boolean>): Promise<number> {
  let at = toMs;
  await moveClockTo(stack, at);
  await vi.waitFor(
    async () => {
      if (await done()) return;
      at += 1_000;
      await moveClockTo(stack, at);
      throw new Error('not yet');
    },
    { timeout: 90_000, interval: 500 },
  );
  return at;
}

describe('a follow through its NAVs, in the browser', () => {
  it('follows, sees the day’s profit after the next closes, redeems after the lock-up and is paid, in jp, cn and us', async () => {
    const token = await adminToken(stack);
    const now = await stackNow(stack);
    // The pair strategy trades from its 20th close: the test stack's 40 days of history suffice.
    const created = await adminPost(
      stack,
      'product/create',
      {
        ...{ name: 'E2E Pair Toyota/Sony', issuer: 'E2E issuer', strategy: 'pair' },
        ...{ universe: '7203,6758', min_amount: '100000', lockup_days: '7', fee_bps: '50' },
        deadline_at: String(now + 60 * 86_400_000),
      },
      token,
    );
    const id = String(created.data.id);
    expect((await adminPost(stack, 'product/open', { id }, token)).msg).toBe('ok');
    const followers = new Map<'jp' | 'cn' | 'us', { token: string; account: string }>();
    for (const language of ['jp', 'cn', 'us'] as const) {
      const suffix = language === 'jp' ? 7 : language === 'cn' ? 8 : 9;
      const account = `080${String(Date.now() % 1e5).padStart(5, '0')}${suffix}00`;
      const session = await registerUser(stack, account, 'correct-horse-9');
      const auth = { token: session.token, account: session.account };
      await apiPost(
        stack,
        'user/paperfund',
        { currency: 'jpy', request_id: `e2e-nav-${account}` },
        auth,
      );
      const page = await phonePageAs(browser, session, { language });
      await page.goto(`${stack.baseUrl}/#/home/follow?id=${id}`);
      await page.getByTestId('product-amount').locator('input').fill('200000');
      await page.getByTestId('product-follow').click();
      await page.getByTestId('follow-order-state').first().waitFor();
      await page.close();
      followers.set(language, auth);
    }
    // A week on the moved clock outlives a session: each follower signs in again, as a user would.
    const signInAgain = async () => {
      for (const [language, auth] of followers) {
        const login = await apiPost(stack, 'user/login', {
          account: auth.account,
          password: 'correct-horse-9',
        });
        expect(login.msg).toBe('login_ok');
        followers.set(language, { token: String(login.data.token), account: auth.account });
      }
    };
    const ordersOf = async (auth: { token: string; account: string }) =>
      (await apiPost(stack, 'trade/userproductlist', {}, auth)).data as Record<string, string>[];
    const everyOrder = async (test: (order: Record<string, string>) => boolean) => {
      for (const auth of followers.values()) {
        const order = (await ordersOf(auth))[0];
        if (!order || !test(order)) return false;
      }
      return true;
    };

    // The next close strikes the NAV: the units are issued, locked up; the close after it moves the NAV.
    const firstClose = await moveUntil(nextJpCloseAfter(await stackNow(stack)) + 60_000, () =>
      everyOrder((o) => o['state'] === 'locked_up'),
    );
    const secondClose = nextJpCloseAfter(firstClose);
    const secondDate = localClock(secondClose, 'Asia/Tokyo').date;
    const navDate = async () =>
      // a fresh login: the moved clock outlives an admin session
      (
        (await adminPost(stack, 'product/list', {}, await adminToken(stack))).data as {
          id: string;
          nav_date: string | null;
        }[]
      ).find((p) => p.id === id)?.nav_date;
    await moveUntil(secondClose + 60_000, async () => (await navDate()) === secondDate);
    for (const [language, auth] of followers) {
      const order = (await ordersOf(auth))[0] as Record<string, string>;
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/mine/followOrder`);
      await page.getByTestId('follow-order-daily').first().waitFor();
      expect(await page.getByTestId('follow-order-state').first().textContent()).toBe(
        WORDS[language].locked,
      );
      expect(
        (await page.getByTestId('follow-order-daily').first().textContent())?.replace(
          /[^0-9-]/g,
          '',
        ),
      ).toBe(order['daily_profit']?.replace(/[^0-9-]/g, ''));
      await shot(page, `${language}-follow-order-profit`);
      await page.close();
    }

    // After the lock-up: redeem in the browser; the next close values it, the next business day pays it.
    const lockupEnd = ((await ordersOf(followers.get('jp')!))[0] as Record<string, string>)[
      'lockup_end'
    ] as string;
    await moveClockTo(stack, Math.max(tokyoMorning(lockupEnd), (await stackNow(stack)) + 1_000));
    await signInAgain();
    for (const [language, auth] of followers) {
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/mine/followOrder`);
      await page.getByTestId('follow-order-redeem').first().click();
      await confirmDialog(page);
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="follow-order-state"]')?.textContent !== null &&
          document.querySelector('[data-testid^="follow-order-"][data-state="redeeming"]') !== null,
      );
      await page.close();
    }
    const valued = await moveUntil(nextJpCloseAfter(await stackNow(stack)) + 60_000, () =>
      everyOrder((o) => o['redeem_amount'] !== null),
    );
    const payDate = ((await ordersOf(followers.get('jp')!))[0] as Record<string, string>)[
      'pay_date'
    ] as string;
    await moveUntil(Math.max(tokyoMorning(payDate), valued + 1_000), () =>
      everyOrder((o) => o['state'] === 'ended'),
    );
    for (const [language, auth] of followers) {
      const order = (await ordersOf(auth))[0] as Record<string, string>;
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/mine/followOrder`);
      await page.getByTestId('follow-order-redeem-amount').first().waitFor();
      expect(await page.getByTestId('follow-order-state').first().textContent()).toBe(
        WORDS[language].ended,
      );
      expect(Number(order['redeem_amount'])).toBeGreaterThan(0);
      // the payment is a line of the statement: the redemption amount into cash
      const paid = await apiPost(stack, 'fund/records', { kind: 'product_redeem_paid' }, auth);
      expect(paid.data).toHaveLength(1);
      expect(JSON.stringify(paid.data)).toContain(String(order['redeem_amount']));
      await shot(page, `${language}-follow-order-paid`);
      await page.close();
    }
  }, 300_000);
});
