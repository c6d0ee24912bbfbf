import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { ROOT, type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  apiPost,
  confirmDialog,
  framesDrawn,
  launchChromium,
  phonePageAs,
  pullDown,
  registerUser,
  waitForFeed,
  shot as shotAs,
  adminPost,
  adminToken,
  sharedStack,
  stackNow,
} from './support/e2e.ts';

// A fresh walk of the statement's group chips, the new-share draw explanation and pay refusal,
// and the intraday trade names, at 390x844 in jp, cn and us, as a new user and as an attacker.
let browser: Browser;
let stack: TestStack;

const LANGUAGES = ['jp', 'cn', 'us'] as const;
type Language = (typeof LANGUAGES)[number];
type Session = { token: string; account: string };

const shot = (page: Page, name: string) => shotAs(page, `walk2-${name}`);

/** A Nasdaq listing in dollars (1 lot of 10 at $18.00 = $180.00 due), window of seconds. */
async function createUsListing(symbol: string) {
  // Signed in first: a staff sign-in (password, then two-factor) takes time the window must not lose.
  const token = await adminToken(stack);
  // The stack's clock, not the machine's: another file on this stack may have moved it forward.
  const start = (await stackNow(stack)) + 1500;
  const times = {
    subscribe_start: start,
    subscribe_end: start + 6000,
    draw_at: start + 6500,
    pay_deadline: start + 6500 + 600_000,
    listing_at: start + 7000 + 600_000,
  };
  const created = await adminPost(
    stack,
    'ipo/create',
    {
      symbol,
      market: 'US',
      board: 'nasdaq',
      name_ja: 'カブト試験工業',
      name_en: 'Kabuto Test Industries',
      name_zh: '兜测试工业',
      price: '18.00',
      market_price: '21.50',
      underwriting_price: '16.83',
      lot: '10',
      min_lots: '1',
      max_lots: '3',
      lots_offered: '30',
      issue_volume: '300',
      per: '18.4',
      lead_underwriter: 'Kabuto Securities',
      beacon_kind: 'local',
      ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, String(v)])),
    },
    token,
  );
  expect(created.msg).toBe('add_ok');
  return { id: String(created.data.id), ...times };
}

const users = new Map<Language, Session>();
let listing: Awaited<ReturnType<typeof createUsListing>>;
const symbol = `KW${String.fromCharCode(65 + (Date.now() % 26))}`;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
  await waitForFeed(stack, '7203');
  listing = await createUsListing(symbol);
  for (const language of LANGUAGES) {
    const auth = await registerUser(
      stack,
      `walk2.${language}.${stack.prefix}@example.jp`,
      'w2-pass-1',
    );
    users.set(language, auth);
    const grant = await apiPost(
      stack,
      'user/paperfund',
      { currency: 'jpy', request_id: `w2-${language}-grant` },
      auth,
    );
    expect(grant.status).toBe(1);
  }
  // The window opens a moment after the listing is made: each subscribes once it is open.
  for (const [language, auth] of users) {
    await vi.waitFor(
      async () => {
        const sub = await apiPost(
          stack,
          'ipo/subscribe',
          { id: listing.id, lots: '1', request_id: `w2-${language}-sub` },
          auth,
        );
        expect(sub.status, JSON.stringify(sub)).toBe(1);
      },
      { timeout: 15_000, interval: 250 },
    );
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Some movements in several groups: a trade, an intraday hold, a tiny exchange into dollars. */
async function moveMoney(language: Language, auth: Session) {
  const order = await apiPost(
    stack,
    'trade/order',
    {
      symbol: '7203',
      side: 'long',
      kind: 'market',
      qty: '100',
      leverage: '1',
      request_id: `w2-${language}-order`,
    },
    auth,
  );
  expect(order.msg).toBe('purchase_ok');
  const intraday = await apiPost(
    stack,
    'intraday/apply',
    { currency: 'JPY', amount: '100000', request_id: `w2-${language}-itd` },
    auth,
  );
  expect(intraday.status, JSON.stringify(intraday)).toBe(1);
}

const screenLoaded = (page: Page, group: string) =>
  page.locator(`[data-testid="records-screen"][data-group="${group}"][data-loaded="yes"]`);
/** A refusal's words in a language, as the locale file has them. */
const msgIn = (language: Language, key: string): string =>
  (
    JSON.parse(readFileSync(join(ROOT, `client/src/locales/${language}.json`), 'utf8')) as {
      msg: Record<string, string>;
    }
  ).msg[key] ?? key;
const kinds = (page: Page) =>
  page
    .getByTestId('record-row')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));

describe('walk 2', () => {
  for (const language of LANGUAGES) {
    it(`${language}: the statement's chips, odd addresses, Back, pull-to-refresh and CSV`, async () => {
      const auth = users.get(language) as Session;
      await moveMoney(language, auth);
      const page = await phonePageAs(browser, auth, { language }, { touch: true });
      await page.goto(`${stack.baseUrl}/#/mine/transactionRecords`);
      await screenLoaded(page, 'all').waitFor();
      await expect.poll(() => kinds(page)).toContain('paper_grant');
      await shot(page, `${language}-statement-all`);
      for (const group of ['trades', 'intraday', 'virtual_funds', 'deposits']) {
        await page.getByTestId(`records-group-${group}`).click();
        await screenLoaded(page, group).waitFor();
        await shot(page, `${language}-statement-${group}`);
      }
      // An empty chip says so, with no empty card drawn as a stray line under it.
      expect(await kinds(page)).toEqual([]);
      await page.getByTestId('no-data').waitFor();
      expect(await page.locator('[data-testid="records-screen"] .adm-list').count()).toBe(0);
      // Odd addresses: a bogus group shows everything; a repeated one the first.
      await page.goto(`${stack.baseUrl}/#/mine/transactionRecords?group=bogus&currency=XXX`);
      await screenLoaded(page, 'all').waitFor();
      expect((await kinds(page)).length).toBeGreaterThan(1);
      await shot(page, `${language}-statement-bogus`);
      await page.goto(
        `${stack.baseUrl}/#/mine/transactionRecords?group=virtual_funds&group=x&currency=JPY`,
      );
      await screenLoaded(page, 'virtual_funds').waitFor();
      expect(await kinds(page)).toEqual(['paper_grant']);
      await page.goto(
        `${stack.baseUrl}/#/mine/transactionRecords?group=${'a'.repeat(5000)}&currency=${'9'.repeat(400)}`,
      );
      await screenLoaded(page, 'all').waitFor();
      // Pull to refresh on a chip keeps the chip's rows.
      await page.getByTestId('records-group-trades').click();
      await screenLoaded(page, 'trades').waitFor();
      const tradeKinds = await kinds(page);
      expect(await pullDown(page)).toContain('pull-complete');
      await screenLoaded(page, 'trades').waitFor();
      expect(await kinds(page)).toEqual(tradeKinds);
      // CSV for the chip: only the chip's kinds.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('records-csv').click(),
      ]);
      const csv = readFileSync((await download.path()) as string, 'utf8');
      const csvKinds = csv
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[2]);
      expect(csvKinds).toEqual(tradeKinds);
      await page.close();
    }, 120_000);
  }

  it('switching chips fast never shows one chip rows under another, and always settles', async () => {
    const auth = users.get('jp') as Session;
    const page = await phonePageAs(browser, auth, { language: 'jp' });
    // The first three asks are held and answered last, the newest of them first; the fourth (the
    // chip chosen last) answers at once: a late answer must not win.
    const held: { request: Request; release: () => void }[] = [];
    await page.route('**/api/vue/fund/records', async (route) => {
      if (held.length < 3) {
        await new Promise<void>((release) => held.push({ request: route.request(), release }));
      }
      await route.continue().catch(() => undefined); // an ask the page gave up on
    });
    await page.goto(`${stack.baseUrl}/#/mine/transactionRecords?group=virtual_funds`);
    // Every state the screen shows (each change of its rows) is recorded, not samples of them.
    await page.evaluate(() => {
      const wrong: string[] = [];
      (window as unknown as { wrongRows: string[] }).wrongRows = wrong;
      new MutationObserver(() => {
        const shown = [...document.querySelectorAll('[data-testid="record-row"]')].map((el) =>
          el.getAttribute('data-kind'),
        );
        if (shown.some((k) => k !== 'paper_grant')) wrong.push(shown.join(','));
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await page.getByTestId('records-group-trades').click();
    await page.getByTestId('records-group-all').click();
    await page.getByTestId('records-group-virtual_funds').click();
    await screenLoaded(page, 'virtual_funds').waitFor({ timeout: 5000 });
    await expect.poll(() => held.length).toBe(3);
    // Whatever arrives when: the rows shown are always the chosen chip's.
    for (const late of held.reverse()) {
      late.release();
      await late.request.response().catch(() => null); // answered, or given up on by the page
      await framesDrawn(page);
      expect((await kinds(page)).every((k) => k === 'paper_grant')).toBe(true);
    }
    expect(
      await page.evaluate(() => (window as unknown as { wrongRows: string[] }).wrongRows),
    ).toEqual([]);
    await screenLoaded(page, 'virtual_funds').waitFor({ timeout: 5000 });
    expect(await kinds(page)).toEqual(['paper_grant']);
    await shot(page, 'jp-statement-fast-switch');
    await page.close();
  }, 60_000);

  it('an unknown group or currency in the address is replaced by the filter shown, and Back skips it', async () => {
    const page = await phonePageAs(browser, users.get('jp') as Session, { language: 'jp' });
    const records = `${stack.baseUrl}/#/mine/transactionRecords`;
    await page.goto(`${records}?group=trades`);
    await screenLoaded(page, 'trades').waitFor();
    await page.goto(`${records}?group=bogus`);
    await screenLoaded(page, 'all').waitFor();
    await expect.poll(() => page.url()).toBe(records);
    const chosen = page.locator('.statement-groups .adm-selector-item-active');
    expect(await chosen.getByTestId('records-group-all').count()).toBe(1);
    // Replaced, not pushed: Back leaves the tidied address for the one before it.
    await page.goBack();
    await screenLoaded(page, 'trades').waitFor();
    // A known group keeps its place; the unknown currency beside it goes.
    await page.goto(`${records}?currency=XXX&group=virtual_funds`);
    await screenLoaded(page, 'virtual_funds').waitFor();
    await expect.poll(() => page.url()).toBe(`${records}?group=virtual_funds`);
    await page.close();
  }, 60_000);

  for (const language of LANGUAGES) {
    it(`${language}: a CSV download that fails says why (network, server refusal, bare 500)`, async () => {
      const page = await phonePageAs(browser, users.get(language) as Session, { language });
      await page.goto(`${stack.baseUrl}/#/mine/transactionRecords`);
      await screenLoaded(page, 'all').waitFor();
      const toastText = async () =>
        (await page.locator('.adm-toast-main').allTextContents()).join('');
      const csvRefused = async (answer: (route: Route) => Promise<void>, key: string) => {
        await page.route('**/api/vue/fund/records.csv', answer);
        await page.getByTestId('records-csv').click();
        await expect.poll(toastText, { timeout: 5000 }).toBe(msgIn(language, key));
        await page.unrouteAll();
      };
      await csvRefused((route) => route.abort('internetdisconnected'), 'network_error');
      await shot(page, `${language}-statement-csv-network-error`);
      // The server's own refusal (a group it does not know): its msg key, in words.
      await csvRefused((route) => route.continue({ postData: 'group=bogus' }), 'invalid_param');
      // A proxy's bare 500, no envelope: still not silent.
      await csvRefused((route) => route.fulfill({ status: 500, body: '' }), 'network_error');
      await page.close();
    }, 60_000);
  }

  it('Back from the new-share records statement link returns there; the link opens New shares', async () => {
    for (const language of LANGUAGES) {
      const page = await phonePageAs(browser, users.get(language) as Session, { language });
      await page.goto(`${stack.baseUrl}/#/mine/newShareOrder`);
      await page.getByTestId('statement-link').click();
      await screenLoaded(page, 'new_shares').waitFor();
      await shot(page, `${language}-statement-new-shares`);
      await page.goBack();
      await page.getByTestId('statement-link').waitFor();
      await page.goto(`${stack.baseUrl}/#/mine/loanOrder`);
      await page.getByTestId('statement-link').waitFor();
      await shot(page, `${language}-loan-records`);
      await page.getByTestId('statement-link').click();
      await screenLoaded(page, 'loans').waitFor();
      expect(await kinds(page)).toEqual([]);
      await page.close();
    }
  }, 60_000);

  it('fund/records and fund/records.csv refuse bad group/kind values with a 4xx msg key', async () => {
    const auth = users.get('us') as Session;
    const bodies: Record<string, string>[] = [
      { group: 'bogus' },
      { kind: 'bogus' },
      { group: '' },
      { kind: '' },
      { group: 'a'.repeat(100_000) },
      { group: '__proto__' },
      { group: 'constructor' },
      { kind: 'toString' },
      { group: 'loans', kind: 'paper_grant' },
    ];
    for (const path of ['fund/records', 'fund/records.csv']) {
      for (const body of bodies) {
        const response = await fetch(`${stack.baseUrl}/api/vue/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth },
          body: new URLSearchParams(body).toString(),
        });
        const label = `${path} ${JSON.stringify(body).slice(0, 60)} → ${response.status}`;
        expect(response.status, label).toBeLessThan(500);
        if (response.status >= 400) {
          const answer = (await response.json()) as { msg: string };
          expect(answer.msg, label).toMatch(/^[a-z_]+$/);
        }
      }
      for (const raw of [
        'group=loans&group=x',
        'group[]=loans',
        'group[a]=b',
        'kind=loan_disbursed&kind=loan_repaid',
      ]) {
        const response = await fetch(`${stack.baseUrl}/api/vue/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth },
          body: raw,
        });
        expect(response.status, `${path} ${raw}`).toBeLessThan(500);
      }
      for (const json of ['{"group":["loans"]}', '{"group":{"a":1}}', '{"kind":null}']) {
        const response = await fetch(`${stack.baseUrl}/api/vue/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: json,
        });
        expect(response.status, `${path} ${json}`).toBeLessThan(500);
      }
    }
  });

  for (const language of LANGUAGES) {
    it(`${language}: the draw explained, paying short of dollars, the exchange link, ?to=bogus`, async () => {
      const auth = users.get(language) as Session;
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/mine/newShareOrder`);
      const won = page.locator('[data-testid^="subscription-"][data-state="won"]').first();
      await won.waitFor({ timeout: 30_000 });
      const id = ((await won.getAttribute('data-testid')) ?? '').replace('subscription-', '');
      await shot(page, `${language}-ipo-records-won`);
      await page.goto(`${stack.baseUrl}/#/home/newShareCheck?id=${listing.id}`);
      await page
        .locator('[data-testid="ipo-check-screen"][data-stage="done"]')
        .waitFor({ timeout: 30_000 });
      const plain = page.getByTestId('check-plain-rule');
      await plain.scrollIntoViewIfNeeded();
      await shot(page, `${language}-ipo-check-how`);
      await page.evaluate(() => window.scrollBy(0, 500));
      await shot(page, `${language}-ipo-check-how-2`);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await page.goto(`${stack.baseUrl}/#/mine/newShareOrder`);
      await page.getByTestId(`pay-${id}`).click();
      await confirmDialog(page);
      const refusal = page.getByTestId(`refusal-${id}`);
      await refusal.waitFor();
      expect(await page.getByTestId(`shortfall-due-${id}`).textContent()).toBe('180.00 USD');
      expect(await page.getByTestId(`shortfall-cash-${id}`).textContent()).toBe('0.00 USD');
      await refusal.scrollIntoViewIfNeeded();
      await shot(page, `${language}-ipo-pay-refused`);
      await page.getByTestId(`exchange-link-${id}`).click();
      await page.getByTestId('exchange-screen').waitFor();
      expect(await page.getByTestId('exchange-from').textContent()).toContain('JPY');
      expect(await page.getByTestId('exchange-to').textContent()).toContain('USD');
      await shot(page, `${language}-exchange-to-usd`);
      for (const odd of ['bogus', 'JPY', '%3Cscript%3E', 'usd', 'a'.repeat(3000)]) {
        await page.goto(`${stack.baseUrl}/#/mine/exchange?to=${odd}`);
        await page.getByTestId('exchange-screen').waitFor();
        const from = await page.getByTestId('exchange-from').textContent();
        const to = await page.getByTestId('exchange-to').textContent();
        expect(from, odd).not.toBe(to);
        if (odd === 'bogus') await shot(page, `${language}-exchange-to-bogus`);
      }
      await page.close();
    }, 90_000);
  }

  for (const language of LANGUAGES) {
    it(`${language}: intraday trade rows name the stock beside its code`, async () => {
      const auth = users.get(language) as Session;
      const order = await apiPost(
        stack,
        'trade/order',
        {
          symbol: '7203',
          side: 'long',
          kind: 'market',
          qty: '100',
          leverage: '1',
          intraday: '1',
          request_id: `w2-${language}-itd-order`,
        },
        auth,
      );
      expect(order.msg).toBe('purchase_ok');
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/home/withinDays`);
      const card = page.locator('[data-testid="intraday-application"][data-status="trading"]');
      await card.waitFor();
      await card.getByTestId('intraday-detail-toggle').click();
      const trade = card.getByTestId('intraday-trade').first();
      await trade.waitFor();
      await trade.scrollIntoViewIfNeeded();
      await shot(page, `${language}-intraday-trade`);
      const name = trade.getByTestId('intraday-trade-name');
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await page.close();
    }, 60_000);
  }
});
