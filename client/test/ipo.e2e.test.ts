import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  drawLottery,
  LOTTERY_RULE,
  LOTTERY_RULE_ID,
  quicknetRoundTime,
  seedCommitment,
  ticketFor,
} from '@kabuto/schema/lottery';
import { RECORDED_QUICKNET_ROUNDS } from '@kabuto/schema/testing';
import { startStack, type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  apiPost,
  confirmDialog,
  launchChromium,
  phonePageAs,
  registerUser,
  shot,
  adminPost,
  adminToken,
  moveClockTo,
  stackNow,
  toastGone,
} from './support/e2e.ts';

// New shares in headless Chromium at 390x844 against the real stack, in jp, cn and us: a listing
// created through the back office with a window of seconds; each user subscribes in the app, sees
// the draw arrive on the open records screen, reruns it on the check page, pays, and finds the
// listed holding moving with ticks.
let browser: Browser;
let stack: TestStack;

const LANGUAGES = ['jp', 'cn', 'us'] as const;
type Language = (typeof LANGUAGES)[number];
type Session = { token: string; account: string };

/** What each language says on the screens these tests look at. */
const WORDS = {
  jp: {
    range: '1〜3口の範囲で入力してください',
    reference: '参考価格（目論見書）',
    listed: '上場済み',
    origin: '新株',
    howTitle: '抽選のしくみ',
    equalChance: '1口目に当選する確率は申込口数にかかわらず全員同じです',
    ownBeacon: '当社から独立していません',
    orderLocal: 'ビーコンは当社が生成した値のため独立性がなく',
    orderOk: 'ビーコンはリスト確定の後に公開されました（ラウンド 1000000、確定後最初のラウンド）。',
    frozenList: 'にリストを確定しました。リストハッシュ：',
  },
  cn: {
    range: '请输入 1–3 手',
    reference: '参考价格（招股书）',
    listed: '已上市',
    origin: '新股',
    howTitle: '抽签是怎样进行的',
    equalChance: '无论申购多少手，每位申购者获得第 1 手的机会都相同',
    ownBeacon: '并不独立于我们',
    orderLocal: '随机信标是我们自己生成的值，并不独立',
    orderOk: '随机信标在名单冻结之后发布：第 1000000 轮，即冻结后的第一轮。',
    frozenList: '冻结。名单哈希：',
  },
  us: {
    range: 'Enter 1 to 3 lots',
    reference: 'Reference price (prospectus)',
    listed: 'Listed',
    origin: 'New share',
    howTitle: 'How the draw works',
    equalChance:
      'every applicant has the same chance of a first lot, however many lots they asked for',
    ownBeacon: 'it is not independent of us',
    orderLocal: 'The beacon is our own value, so it is not independent',
    orderOk:
      'The beacon was published after the list was frozen: round 1000000, the first one after it.',
    frozenList: 'List frozen at',
  },
} as const;

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  apiPost(stack, path, body, headers);

/** A Nasdaq listing paid in dollars: 1 lot of 10 shares at $18.00 is $180.00 due. */
const US_TERMS = {
  market: 'US',
  board: 'nasdaq',
  price: '18.00',
  market_price: '21.50',
  underwriting_price: '16.83',
  lot: '10',
};

/**
 * A listing (JP unless `terms` say) whose window opens in a second and closes after `windowMs`;
 * draw `drawAfterMs` after the close (right after unless said).
 */
async function createListing(
  symbol: string,
  windowMs: number,
  payMs: number,
  terms: Record<string, string> = {},
  drawAfterMs = 500,
) {
  // Signed in first: a staff sign-in (password, then two-factor) takes time the window must not lose.
  const token = await adminToken(stack);
  const start = (await stackNow(stack)) + 1500;
  const drawAt = start + windowMs + drawAfterMs;
  const times = {
    subscribe_start: start,
    subscribe_end: start + windowMs,
    draw_at: drawAt,
    pay_deadline: drawAt + payMs,
    listing_at: drawAt + 500 + payMs,
  };
  const created = await adminPost(
    stack,
    'ipo/create',
    {
      symbol,
      market: 'JP',
      board: 'tse_growth',
      name_ja: 'カブト試験工業',
      name_en: 'Kabuto Test Industries',
      name_zh: '兜测试工业',
      price: '1500',
      market_price: '1800',
      underwriting_price: '1380',
      lot: '100',
      min_lots: '1',
      max_lots: '3',
      lots_offered: '30',
      issue_volume: '3000',
      per: '18.4',
      lead_underwriter: 'Kabuto Securities',
      beacon_kind: 'local',
      ...terms,
      ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, String(v)])),
    },
    token,
  );
  expect(created.msg).toBe('add_ok');
  return { id: String(created.data.id), ...times };
}

/** A new user with the paper grant in one currency (the us user holds dollars, no yen). */
async function newUser(language: Language, currency: 'jpy' | 'usd'): Promise<Session> {
  const auth = await registerUser(
    stack,
    `ipo.${language}.${stack.prefix}@example.jp`,
    'ipo-pass-1',
  );
  await post('user/paperfund', { currency, request_id: `ipo-${language}-grant` }, auth);
  return auth;
}

/** The stack's clock moved to `ms` (the steps due by then run at once), instead of waiting for it. */
const waitUntil = (ms: number) => moveClockTo(stack, ms);

beforeAll(async () => {
  // Its own stack: this file moves the clock, which the shared stack's other files must not see.
  stack = await startStack({
    services: ['gateway', 'jobs', 'feed'],
    env: { KABUTO_TEST_FIXTURES: '1' },
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** From Home to the listing, through the list screen; subscribes one lot with confirmation. */
async function subscribeInApp(page: Page, language: Language, symbol: string) {
  await page.goto(`${stack.baseUrl}/#/home/home`);
  await page.getByTestId('new-share-entry').waitFor();
  if (language === 'jp') await shot(page, 'jp-home-new-share-entry');
  await page.getByTestId('new-share-entry').click();
  await page.locator('[data-testid="ipo-list-screen"][data-loaded="yes"]').waitFor();
  await page.getByTestId(`listing-${symbol}`).waitFor();
  await shot(page, `${language}-ipo-list`);
  await page.getByTestId(`listing-${symbol}`).click();
  await page.getByTestId('subscribe-form').waitFor();
  expect(await page.getByTestId('ipo-facts').textContent()).toContain(WORDS[language].reference);
  await shot(page, `${language}-ipo-info`);
  await outOfRangeNoted(page, language);
  await page.getByTestId('subscribe-submit').click();
  await confirmDialog(page);
  await page.locator('[data-testid="ipo-mine"] [data-state="applied"]').waitFor();
  await shot(page, `${language}-ipo-info-subscribed`);
}

/** Typed lots outside 1..3: a note says the range, the button is off; back in range, both go. */
async function outOfRangeNoted(page: Page, language: Language) {
  const input = page.locator('[data-testid="subscribe-lots"] input');
  await input.fill('9');
  const note = page.getByTestId('lots-range-note');
  await note.waitFor();
  expect(await note.textContent()).toBe(WORDS[language].range);
  expect(await page.getByTestId('subscribe-submit').isDisabled()).toBe(true);
  await page.getByTestId('lots-range-note').scrollIntoViewIfNeeded();
  await shot(page, `${language}-ipo-subscribe-out-of-range`);
  await input.fill('1');
  await note.waitFor({ state: 'detached' });
  expect(await page.getByTestId('subscribe-submit').isDisabled()).toBe(false);
}

/** The won message names the listing and the amount in the list and in the detail, no `{{…}}`. */
async function inboxShowsTheWin(page: Page, language: Language, symbol: string) {
  await page.goto(`${stack.baseUrl}/#/mine/message`);
  const item = page.locator('[data-testid="inbox-item"][data-kind="ipo_won"]').first();
  await item.waitFor();
  const title = (await item.getByTestId('inbox-title').textContent()) ?? '';
  expect(title).toContain(symbol);
  expect(title).not.toContain('{{');
  await shot(page, `${language}-inbox`);
  await item.click();
  const body = (await page.getByTestId('message-body').textContent()) ?? '';
  expect(await page.getByTestId('message-title').textContent()).toBe(title);
  expect(body).toContain(symbol);
  expect(body).toContain('150,000 JPY');
  expect(body).not.toMatch(/\{\{|--/);
  await shot(page, `${language}-inbox-won`);
}

/** A second tab still shows the form: its attempt is refused (once only), and the refusal stays. */
async function refusedOnceOnly(page: Page) {
  await page.clock.install(); // the page's timers (a toast's life) run on the test clock from here
  await page.getByTestId('subscribe-submit').click();
  await confirmDialog(page);
  const refusal = page.getByTestId('subscribe-refusal');
  await refusal.waitFor();
  expect(await refusal.getAttribute('data-msg')).toBe('new_share_once');
  await page.clock.runFor(2500); // longer than a toast lasts
  await toastGone(page);
  expect(await refusal.textContent()).toBe('新規公開株は1回のみ申込できます');
}

describe('new shares in the browser', () => {
  const symbol = `9${String(Date.now()).slice(-2)}K`;
  const pages = new Map<Language, Page>();
  const users = new Map<Language, Session>();
  let listing: Awaited<ReturnType<typeof createListing>>;
  // Nobody applies for this one: once drawn, its allotment rate reads `--`.
  const emptySymbol = `8${String(Date.now()).slice(-2)}K`;
  let empty: Awaited<ReturnType<typeof createListing>>;

  it('subscribes in jp, cn and us, sees the draw arrive live, reruns it on the check page and pays', async () => {
    for (const language of LANGUAGES) {
      users.set(language, await newUser(language, language === 'us' ? 'usd' : 'jpy'));
    }
    listing = await createListing(symbol, 45_000, 60_000);
    empty = await createListing(emptySymbol, 3_000, 60_000);
    await waitUntil(listing.subscribe_start + 200);
    for (const language of LANGUAGES) {
      const page = await phonePageAs(browser, users.get(language) as Session, { language });
      pages.set(language, page);
      const second =
        language === 'jp' ? await phonePageAs(browser, users.get('jp') as Session) : null;
      await second?.goto(`${stack.baseUrl}/#/home/newShareInfo?id=${listing.id}`);
      await second?.getByTestId('subscribe-form').waitFor();
      await subscribeInApp(page, language, symbol);
      if (second) {
        await refusedOnceOnly(second);
        await shot(second, 'jp-ipo-refused-once');
        await second.close();
      }
    }
    // The records screens stay open through the draw: no reload, the rows change by themselves.
    for (const page of pages.values()) {
      await page.goto(`${stack.baseUrl}/#/mine/newShareOrder`);
      await page.locator('[data-testid^="subscription-"][data-state="applied"]').waitFor();
      await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    }
    await shot(pages.get('jp') as Page, 'jp-ipo-records-applied');
    await waitUntil(listing.draw_at);
    for (const [language, page] of pages) {
      await page
        .locator('[data-testid^="subscription-"][data-state="won"]')
        .waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
      await shot(page, `${language}-ipo-records-won`);
    }
    for (const [language, page] of pages) await checkAndPay(page, language);
    // After paying (the payment window is a minute): the inbox and the listing nobody applied for.
    for (const [language, page] of pages) {
      await inboxShowsTheWin(page, language, symbol);
      await emptyRateIsDash(page, language);
    }
  }, 240_000);

  /** The listing nobody applied for, drawn: 0 applicants and a rate of `--`. */
  async function emptyRateIsDash(page: Page, language: Language) {
    await page.goto(`${stack.baseUrl}/#/home/newShareInfo?id=${empty.id}`);
    await page.getByTestId('check-link').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('ipo-applicants').textContent()).toBe('0');
    expect(await page.getByTestId('ipo-allotment-rate').textContent()).toBe('--');
    await page.getByTestId('ipo-allotment-rate').scrollIntoViewIfNeeded();
    await shot(page, `${language}-ipo-info-no-applicants`);
  }

  /** The check page matches and names the own ticket's lot; pay (refused without cash, then paid). */
  async function checkAndPay(page: Page, language: Language) {
    const row = page.locator('[data-testid^="subscription-"]').first();
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('subscription-', '');
    await page.getByTestId(`check-${id}`).click();
    await page.locator('[data-testid="ipo-check-screen"][data-stage="done"]').waitFor();
    for (const part of ['commitment', 'list-hash', 'draw-seed', 'result', 'all']) {
      expect(await page.getByTestId(`verdict-${part}`).getAttribute('data-ok'), part).toBe('yes');
    }
    expect(await page.getByTestId('check-own-won').textContent()).toBe('1');
    expect(await page.getByTestId('check-beacon-kind').textContent()).toContain(
      { jp: '独立性なし', cn: '非独立', us: 'not independent' }[language],
    );
    await frozenBeforeTheDraw(page, language);
    await shot(page, `${language}-ipo-check`);
    await ruleInPlainWords(page, language);
    await page.getByTestId('check-published').scrollIntoViewIfNeeded();
    await shot(page, `${language}-ipo-check-published`);
    await page.goBack();
    // The us user's refusal stays past a toast's life on the page's test clock.
    if (language === 'us') await page.clock.install();
    await page.getByTestId(`pay-${id}`).click();
    await confirmDialog(page);
    if (language === 'us') await shortOfYenThenExchange(page, id);
    await page.locator(`[data-testid="subscription-${id}"][data-state="paid"]`).waitFor();
    await shot(page, `${language}-ipo-records-paid`);
    await page.goto(`${stack.baseUrl}/#/home/newShare?tab=closed`);
    await page.getByTestId(`listing-${symbol}`).waitFor();
    await shot(page, `${language}-ipo-list-ended`);
    await page.getByTestId('ipo-tab-upcoming').click();
    await page.locator('[data-testid="ipo-list-screen"][data-loaded="yes"]').waitFor();
    await shot(page, `${language}-ipo-list-upcoming`);
    await page.goto(`${stack.baseUrl}/#/position/index`);
    await page.getByTestId('tab-new-shares').click();
    await page.locator(`[data-testid="subscription-${id}"][data-state="paid"]`).waitFor();
    await shot(page, `${language}-positions-new-shares`);
  }

  /**
   * The list was frozen (and its hash published) at the close, before the draw: the check page
   * shows the time, and for our own beacon says its time proves nothing (no order verdict).
   */
  async function frozenBeforeTheDraw(page: Page, language: Language) {
    const auth = users.get(language) as Session;
    const proof = (await post('ipo/proof', { id: listing.id }, auth)).data;
    expect(proof.list_frozen_at).toBeGreaterThanOrEqual(listing.subscribe_end);
    expect(proof.list_frozen_at).toBeLessThan(listing.draw_at + 30_000);
    expect(await page.getByTestId('check-frozen-at').textContent()).toMatch(/\d{2}:\d{2}/);
    const order = page.getByTestId('verdict-order');
    expect(await order.getAttribute('data-ok')).toBe('na');
    expect(await order.textContent()).toContain(WORDS[language].orderLocal);
  }

  /** Above the formal rule (shown as published), the draw in the reader's words, with this beacon. */
  async function ruleInPlainWords(page: Page, language: Language) {
    const plain = page.getByTestId('check-plain-rule');
    expect(await plain.getAttribute('data-beacon')).toBe('local');
    expect(await plain.textContent()).toContain(WORDS[language].howTitle);
    expect(await page.getByTestId('check-plain-rounds').textContent()).toContain(
      WORDS[language].equalChance,
    );
    expect(await page.getByTestId('check-plain-beaconLocal').textContent()).toContain(
      WORDS[language].ownBeacon,
    );
    expect(await page.getByTestId('check-rule').textContent()).toBe(LOTTERY_RULE);
    await plain.scrollIntoViewIfNeeded();
    await shot(page, `${language}-ipo-check-how`);
  }

  /**
   * The us user holds dollars, no yen: the refusal says the yen due and the yen held and stays;
   * nothing changed. Its button opens the exchange into yen; dollars exchanged there, it pays.
   */
  async function shortOfYenThenExchange(page: Page, id: string) {
    const refusal = page.getByTestId(`refusal-${id}`);
    await refusal.waitFor();
    expect(await page.getByTestId(`shortfall-due-${id}`).textContent()).toBe('150,000 JPY');
    expect(await page.getByTestId(`shortfall-cash-${id}`).textContent()).toBe('0 JPY');
    expect(await refusal.textContent()).toContain('Not enough JPY cash to pay');
    await page.clock.runFor(2500);
    await toastGone(page);
    expect(await refusal.isVisible()).toBe(true);
    expect(await page.getByTestId(`subscription-${id}`).getAttribute('data-state')).toBe('won');
    await refusal.scrollIntoViewIfNeeded();
    await shot(page, 'us-ipo-pay-refused');
    await page.getByTestId(`exchange-link-${id}`).click();
    await page.getByTestId('exchange-screen').waitFor();
    expect(await page.getByTestId('exchange-from').textContent()).toContain('USD');
    expect(await page.getByTestId('exchange-to').textContent()).toContain('JPY');
    const auth = users.get('us') as Session;
    await expect
      .poll(
        async () =>
          (await post('fund/exchangequote', { from: 'USD', to: 'JPY', amount: '1200' }, auth))
            .status,
        { timeout: 30_000 },
      )
      .toBe(1);
    await page.getByTestId('exchange-amount').locator('input').fill('1200');
    await page.getByTestId('exchange-quote').click();
    await page.getByTestId('exchange-price').waitFor();
    await shot(page, 'us-ipo-exchange-into-yen');
    await page.getByTestId('exchange-confirm').click();
    await confirmDialog(page);
    await expect
      .poll(
        async () =>
          Number(
            (await post('fund/records', { currency: 'JPY', limit: '1' }, auth)).data[0]?.balance,
          ),
        { timeout: 5000 },
      )
      .toBeGreaterThan(150_000);
    await page.goBack();
    await page.getByTestId(`pay-${id}`).click();
    await confirmDialog(page);
  }

  it('at listing the paid lot becomes a holding at the subscription price that moves with ticks', async () => {
    await waitUntil(listing.listing_at);
    for (const [language, page] of pages) {
      await page.goto(`${stack.baseUrl}/#/position/index`);
      await page.getByTestId('tab-new-shares').click();
      await page
        .locator('[data-testid^="subscription-"][data-state="listed"]')
        .waitFor({ timeout: 30_000 });
      await shot(page, `${language}-positions-new-shares-listed`);
      await page.getByTestId('tab-holdings').click();
      const holding = page.locator('[data-testid^="position-"]', { hasText: symbol }).first();
      await holding.waitFor({ timeout: 30_000 });
      const positionId = ((await holding.getAttribute('data-testid')) ?? '').replace(
        'position-',
        '',
      );
      const pnl = page.getByTestId(`pnl-${positionId}`);
      const first = await pnl.textContent();
      // The list step announces the listing: the feed and the gateway know the share at once, and
      // the screen asks again for a subscription refused before that. What is left is the walk: a
      // 1-yen tick moves the P&L of 100 shares by 100 yen, but a ¥1,500 share's simulated price
      // (about 0.3 yen a second) can stay on one tick for more than 15 s.
      await expect
        .poll(() => pnl.textContent(), { timeout: 60_000, interval: 250 })
        .not.toBe(first);
      await shot(page, `${language}-ipo-listed-holding`);
      await page.goto(`${stack.baseUrl}/#/position/info?id=${positionId}`);
      await page.getByTestId('info-origin').waitFor();
      expect(await page.getByTestId('info-origin').textContent()).toBe(WORDS[language].origin);
      await shot(page, `${language}-position-new-share-origin`);
      await listedTagAndQuoteLink(page, language);
      await page.close();
    }
  }, 300_000);

  /** The ended tab tags the listing as listed and links to its quote page; its detail too. */
  async function listedTagAndQuoteLink(page: Page, language: Language) {
    await page.goto(`${stack.baseUrl}/#/home/newShare?tab=closed`);
    const row = page.getByTestId(`listing-${symbol}`);
    await row.waitFor();
    expect(await row.getByTestId('ipo-phase').textContent()).toBe(WORDS[language].listed);
    await shot(page, `${language}-ipo-list-listed`);
    await row.locator('.name').click();
    await page.getByTestId('ipo-facts').waitFor();
    expect(await page.getByTestId('ipo-facts').textContent()).not.toContain(
      WORDS[language].reference,
    );
    await shot(page, `${language}-ipo-info-listed`);
    await page.getByTestId(`quote-link-${symbol}`).click();
    await page.waitForURL(new RegExp(`/quotes/info\\?symbol=${symbol}`));
  }

  it('publishes the list hash on the listing’s page at the close, minutes before the draw', async () => {
    const early = await createListing(
      `7${String(Date.now()).slice(-2)}K`,
      3_000,
      60_000,
      {},
      600_000,
    );
    await waitUntil(early.subscribe_end);
    const auth = users.get('jp') as Session;
    const detail = (await post('ipo/detail', { id: early.id }, auth)).data;
    expect(detail.drawn).toBe(false);
    for (const language of LANGUAGES) {
      const page = await phonePageAs(browser, users.get(language) as Session, { language });
      await page.goto(`${stack.baseUrl}/#/home/newShareInfo?id=${early.id}`);
      const hash = page.getByTestId('ipo-list-hash');
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.locator('[data-testid="ipo-info-screen"][data-loaded="yes"]').waitFor();
            await page.getByTestId('ipo-commitment').waitFor();
            return hash.isVisible();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);
      expect(await hash.textContent()).toContain(WORDS[language].frozenList);
      expect(await hash.textContent()).toMatch(/[0-9a-f]{64}/);
      expect(await stackNow(stack)).toBeLessThan(early.draw_at);
      await hash.scrollIntoViewIfNeeded();
      await shot(page, `${language}-ipo-info-list-frozen`);
      await page.close();
    }
  }, 120_000);

  it('a drand draw: the check page shows both times and says the beacon came after the freeze', async () => {
    const recorded = RECORDED_QUICKNET_ROUNDS[1]!;
    const frozenAt = quicknetRoundTime(recorded.round) - 1_200;
    const proof = {
      ...largeProof(300, 40, recorded.randomness),
      beacon_kind: 'drand',
      beacon_round: recorded.round,
      beacon_signature: recorded.signature,
      beacon_label: 'drand quicknet (League of Entropy), signature verified, round 1000000',
      list_frozen_at: frozenAt,
    };
    for (const language of LANGUAGES) {
      const page = await phonePageAs(browser, users.get(language) as Session, { language });
      await page.route('**/api/vue/ipo/proof', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ status: 1, msg: 'ok', data: proof }),
        }),
      );
      await page.goto(`${stack.baseUrl}/#/home/newShareCheck?id=${listing.id}`);
      await page.locator('[data-testid="ipo-check-screen"][data-stage="done"]').waitFor();
      expect(await page.getByTestId('verdict-all').getAttribute('data-ok')).toBe('yes');
      const order = page.getByTestId('verdict-order');
      expect(await order.getAttribute('data-ok')).toBe('yes');
      expect(await order.textContent()).toBe(WORDS[language].orderOk);
      await order.scrollIntoViewIfNeeded();
      await shot(page, `${language}-ipo-check-drand-order`);
      expect(await page.getByTestId('check-beacon-at').textContent()).toMatch(/\d{2}:\d{2}/);
      await page.getByTestId('check-frozen-at').scrollIntoViewIfNeeded();
      await shot(page, `${language}-ipo-check-drand-times`);
      await page.getByTestId('check-plain-beaconDrand').scrollIntoViewIfNeeded();
      await shot(page, `${language}-ipo-check-drand-how`);
      await page.close();
    }
  }, 120_000);

  it('reruns a published draw of 200,000 applications in a worker: progress shown, the page never freezes', async () => {
    const proof = largeProof(200_000, 40_000);
    const page = await phonePageAs(browser, users.get('us') as Session, { language: 'us' });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.route('**/api/vue/ipo/proof', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ status: 1, msg: 'ok', data: proof }),
      }),
    );
    // The page's own thread, load-independent: the moment the draw starts ("verify"), queue a
    // task on the page's thread. A draw on that thread would run to the end first, so the task
    // would see "done"; a draw in a worker leaves the thread free, so the task sees "verify".
    await page.addInitScript(() => {
      const watch = window as unknown as { stageSeenMidDraw: string | null };
      watch.stageSeenMidDraw = null;
      const stage = () =>
        document.querySelector('[data-testid="check-progress"]')?.getAttribute('data-stage');
      const observer = new MutationObserver(() => {
        if (stage() !== 'verify' || watch.stageSeenMidDraw !== null) return;
        watch.stageSeenMidDraw = 'queued';
        setTimeout(() => (watch.stageSeenMidDraw = stage() ?? 'gone'), 0);
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document.body, { subtree: true, childList: true, attributes: true }),
      );
    });
    await page.goto(`${stack.baseUrl}/#/home/newShareCheck?id=${listing.id}`);
    // On a quiet machine the rerun takes well under a second, faster than a locator polls: wait
    // for the progress or the end, whichever the page shows first (the observer above saw both).
    await page
      .locator('[data-testid="check-progress"][data-stage="verify"]')
      .or(page.locator('[data-testid="ipo-check-screen"][data-stage="done"]'))
      .waitFor();
    // Taken at once (shot() waits for toasts to pass): the progress as the user sees it mid-run.
    await shot(page, 'us-ipo-check-large-running', { keepToast: true });
    await page
      .locator('[data-testid="ipo-check-screen"][data-stage="done"]')
      .waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('verdict-all').getAttribute('data-ok')).toBe('yes');
    expect(await page.getByTestId('check-entries').textContent()).toBe('200,000');
    expect(await page.getByTestId('check-own-sentence').textContent()).toBe(
      'Your ticket is not in this list.',
    );
    expect(workers.some((url) => url.includes('proof.worker'))).toBe(true);
    const seen = await page.evaluate(
      () => (window as unknown as { stageSeenMidDraw: string | null }).stageSeenMidDraw,
    );
    expect(seen).toBe('verify');
    await shot(page, 'us-ipo-check-large-done');
    await page.close();
  }, 120_000);
});

describe('a new share listed in New York is paid in dollars', () => {
  const SHORT_OF_DOLLARS = {
    jp: '払込に必要なUSDの現金が不足しています',
    cn: 'USD 现金不足，无法缴款',
  } as const;

  it('jp and cn users holding only yen are told the $180.00 due and the $0.00 they hold, and led to the exchange into dollars', async () => {
    const listing = await createListing('ZKBT', 3_000, 120_000, US_TERMS);
    const sessions = new Map<'jp' | 'cn', Session>();
    for (const language of ['jp', 'cn'] as const) {
      const account = `ipo.usd.${language}.${stack.prefix}@example.jp`;
      const auth = await registerUser(stack, account, 'ipo-pass-1');
      await post('user/paperfund', { currency: 'jpy', request_id: `usd-${language}-grant` }, auth);
      sessions.set(language, auth);
    }
    await waitUntil(listing.subscribe_start + 200);
    for (const [language, auth] of sessions) {
      const body = { id: listing.id, lots: '1', request_id: `usd-${language}-subscribe` };
      expect((await post('ipo/subscribe', body, auth)).msg).toBe('subscribe_ok');
    }
    await waitUntil(listing.draw_at);
    for (const [language, auth] of sessions) {
      const page = await phonePageAs(browser, auth, { language });
      await page.goto(`${stack.baseUrl}/#/mine/newShareOrder`);
      const row = page.locator('[data-testid^="subscription-"][data-state="won"]');
      await row.waitFor({ timeout: 30_000 });
      const id = ((await row.getAttribute('data-testid')) ?? '').replace('subscription-', '');
      await page.getByTestId(`pay-${id}`).click();
      await confirmDialog(page);
      const refusal = page.getByTestId(`refusal-${id}`);
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain(SHORT_OF_DOLLARS[language]);
      expect(await page.getByTestId(`shortfall-due-${id}`).textContent()).toBe('180.00 USD');
      expect(await page.getByTestId(`shortfall-cash-${id}`).textContent()).toBe('0.00 USD');
      expect(await row.getAttribute('data-state')).toBe('won');
      await shot(page, `${language}-ipo-pay-short-of-dollars`);
      await page.getByTestId(`exchange-link-${id}`).click();
      await page.getByTestId('exchange-screen').waitFor();
      expect(await page.getByTestId('exchange-from').textContent()).toContain('JPY');
      expect(await page.getByTestId('exchange-to').textContent()).toContain('USD');
      await shot(page, `${language}-ipo-exchange-into-dollars`);
      await page.close();
    }
  }, 120_000);
});

/** A published draw of `applicants` entries, drawn by the lottery itself, as `ipo/proof` sends it. */
function largeProof(applicants: number, lotsOffered: number, beacon = 'b2'.repeat(32)) {
  const seed = 'a1'.repeat(32);
  const list = Array.from({ length: applicants }, (_, i) => ({
    ticket: ticketFor('c3'.repeat(32), i + 1),
    lots: (i % 3) + 1,
  })).sort((a, b) => (a.ticket < b.ticket ? -1 : 1));
  const drawn = drawLottery({ entries: list, lotsOffered, maxLots: 3, seed, beacon });
  return {
    rule: LOTTERY_RULE_ID,
    listing_id: '1',
    seed_commitment: seedCommitment(seed),
    seed,
    beacon_kind: 'local',
    beacon,
    beacon_round: null,
    beacon_signature: null,
    beacon_label: 'not independent',
    list_hash: drawn.listHash,
    list_frozen_at: 1_700_000_000_000,
    draw_seed: drawn.drawSeed,
    lots_offered: lotsOffered,
    max_lots: 3,
    list,
    result: drawn.result.map((win) => ({ ticket: win.ticket, lots_won: win.lotsWon })),
  };
}
