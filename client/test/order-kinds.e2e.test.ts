import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import jp from '../src/locales/jp.json';
import cn from '../src/locales/cn.json';
import us from '../src/locales/us.json';
import {
  apiPost,
  confirmDialog,
  phonePageAs,
  registerUser,
  shot as shotAs,
  useStackAndBrowser,
} from './support/e2e.ts';

// Issue 23 item 1 as a user sees it at 390x844 in jp, cn and us against the real stack (gateway,
// workers' matcher, live feed): the order sheet offers market, limit, stop, stop-limit and
// trailing stop, each explained in one line; a stop with a take profit and a stop loss after the
// fill (IFDOCO) is placed, drawn on the chart and listed with its group; a held position gets a
// take profit and stop loss as an OCO, and cancelling one leg ends both.

const LOCALES = { jp, cn, us } as const;
type Language = keyof typeof LOCALES;
const env = useStackAndBrowser(['7203']);
const shot = (page: Page, name: string) => shotAs(page, `orders-${name}`);
const KINDS = ['market', 'limit', 'stop', 'stop_limit', 'trailing_stop'] as const;

async function fundedUser(language: Language) {
  const auth = await registerUser(
    env.stack,
    `orders.${language}.${env.stack.prefix}@example.jp`,
    'or-pass-1',
  );
  const grant = await apiPost(
    env.stack,
    'user/paperfund',
    { currency: 'jpy', request_id: `ok-${language}-grant` },
    auth,
  );
  expect(grant.status).toBe(1);
  return auth;
}

/** Toyota's last price now (whole yen: on the tick grid at this price). */
async function lastPrice(auth: { token: string; account: string }): Promise<number> {
  const detail = await apiPost(env.stack, 'quote/detail', { symbol: '7203' }, auth);
  return Math.round(Number(detail.data.price));
}

const fill = (page: Page, testId: string, value: string) =>
  page.getByTestId(testId).locator('input').fill(value);

/** Each kind on the sheet: its one-line explanation, and only the fields it takes. */
async function walkKinds(page: Page, language: Language) {
  const words = LOCALES[language].trade.orders;
  for (const kind of KINDS) {
    await page.getByTestId('order-kind').getByText(words.kinds[kind], { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('order-kind-hint').textContent())
      .toBe(words.kindHints[kind]);
    expect(await page.getByTestId('order-trigger').count(), kind).toBe(
      kind === 'stop' || kind === 'stop_limit' ? 1 : 0,
    );
    expect(await page.getByTestId('order-trail').count(), kind).toBe(
      kind === 'trailing_stop' ? 1 : 0,
    );
    expect(await page.getByTestId('order-validity').count(), kind).toBe(kind === 'market' ? 0 : 1);
    await shot(page, `${language}-sheet-${kind}`);
  }
}

/** A buy stop above the market with a take profit and a stop loss after the fill (IFDOCO). */
async function placeStopWithBracket(page: Page, language: Language, trigger: number) {
  const words = LOCALES[language].trade.orders;
  await page.getByTestId('order-kind').getByText(words.kinds.stop, { exact: true }).click();
  await fill(page, 'order-trigger', String(trigger));
  await page.getByTestId('order-bracket-switch').click();
  await fill(page, 'order-take-profit', String(trigger + 100));
  await fill(page, 'order-stop-loss', String(trigger - 100));
  await expect
    .poll(() => page.getByTestId('order-preview').textContent(), { timeout: 10_000 })
    .toMatch(/\d/);
  await shot(page, `${language}-sheet-ifdoco`);
  await page.getByTestId('order-submit').click();
  const dialog = page.locator('.adm-dialog-content');
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? '';
  expect(text).toContain(words.kinds.stop);
  expect(text).toContain(trigger.toLocaleString('en-US'));
  await shot(page, `${language}-confirm-ifdoco`);
  await confirmDialog(page);
  await dialog.waitFor({ state: 'detached' });
}

describe('orders beyond market and limit', () => {
  for (const language of Object.keys(LOCALES) as Language[]) {
    it(`${language}: every kind explained; a stop with IFDOCO legs on the chart and in the list; an OCO on a position, cancelled together`, async () => {
      const auth = await fundedUser(language);
      const page = await phonePageAs(env.browser, auth, { language });
      await page.goto(`${env.stack.baseUrl}/#/quotes/info?symbol=7203`);
      await page.getByTestId('trade-long').click();
      await page.getByTestId('order-panel').waitFor();
      await walkKinds(page, language);
      const trigger = Math.round((await lastPrice(auth)) * 1.05);
      await placeStopWithBracket(page, language, trigger);

      // The trigger across the chart, labelled with the kind.
      const mark = page.locator('[data-testid="chart-mark"]');
      await expect.poll(() => mark.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await mark.first().textContent()).toContain(LOCALES[language].trade.orders.kinds.stop);
      await shot(page, `${language}-chart-mark`);

      // The list: the stop live, its two legs waiting on it, all marked IFDOCO.
      const pending = await apiPost(env.stack, 'trade/pendinglist', { type: 'jpy' }, auth);
      const rows = pending.data as Array<{ order_id: string; state: string; kind: string }>;
      expect(rows.map((r) => `${r.kind}:${r.state}`).sort()).toEqual([
        'limit:waiting',
        'stop:live',
        'stop:waiting',
      ]);
      await page.goto(`${env.stack.baseUrl}/#/position/index`);
      const stopRow = rows.find((r) => r.state === 'live') as { order_id: string };
      await page.getByTestId(`pending-${stopRow.order_id}`).waitFor();
      expect(await page.getByTestId(`pending-tags-${stopRow.order_id}`).textContent()).toContain(
        'IFDOCO',
      );
      await shot(page, `${language}-pending`);

      // A held position: take profit and stop loss as an OCO from its detail.
      const opened = await apiPost(
        env.stack,
        'trade/order',
        {
          symbol: '7203',
          side: 'long',
          kind: 'market',
          qty: '100',
          leverage: '1',
          request_id: `ok-${language}-buy`,
        },
        auth,
      );
      expect(opened.msg).toBe('purchase_ok');
      const last = await lastPrice(auth);
      await page.goto(`${env.stack.baseUrl}/#/position/info?id=${String(opened.data.position_id)}`);
      await page.getByTestId('closing-orders').waitFor();
      await fill(page, 'closing-take-profit', String(Math.round(last * 1.1)));
      await fill(page, 'closing-stop-loss', String(Math.round(last * 0.9)));
      await shot(page, `${language}-closing-orders`);
      await page.getByTestId('closing-submit').click();
      await page.locator('.adm-dialog-content').waitFor();
      await shot(page, `${language}-closing-confirm`);
      await confirmDialog(page);
      // The position's own orders, listed on its detail.
      await expect
        .poll(() =>
          page.getByTestId('closing-existing').locator('[data-testid^="pending-"]').count(),
        )
        .toBeGreaterThanOrEqual(2);
      await shot(page, `${language}-closing-existing`);
      await expect
        .poll(async () => {
          const now = await apiPost(env.stack, 'trade/pendinglist', { type: 'jpy' }, auth);
          return (now.data as Array<{ group_kind: string | null }>).filter(
            (r) => r.group_kind === 'oco',
          ).length;
        })
        .toBe(2);

      // Cancelling one leg of the OCO ends both.
      const now = await apiPost(env.stack, 'trade/pendinglist', { type: 'jpy' }, auth);
      const legs = (now.data as Array<{ order_id: string; group_kind: string | null }>).filter(
        (r) => r.group_kind === 'oco',
      );
      await page.goto(`${env.stack.baseUrl}/#/position/index`);
      const leg = page.getByTestId(`pending-${(legs[0] as { order_id: string }).order_id}`);
      await leg.getByRole('button').click();
      await confirmDialog(page);
      for (const { order_id } of legs) {
        await page.getByTestId(`pending-${order_id}`).waitFor({ state: 'detached' });
      }
      await page.close();
    });
  }
});
