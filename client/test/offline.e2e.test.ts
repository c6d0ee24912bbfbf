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

// Issue 23 item 3 as a user sees it, in jp, cn and us at 390x844: the service worker keeps the
// app's shell; with the network cut, the positions open from what was last loaded, a banner says
// since when, and a close is refused on the spot with words that say nothing was sent (never
// queued). Back online, the position is as it was.
const LOCALES = { jp, cn, us } as const;
type Language = keyof typeof LOCALES;
const env = useStackAndBrowser(['7203']);
const shot = (page: Page, name: string) => shotAs(page, `offline-${name}`);

async function userWithPosition(language: Language) {
  const auth = await registerUser(
    env.stack,
    `offline.${language}.${env.stack.prefix}@example.jp`,
    'of-pass-1',
  );
  await apiPost(
    env.stack,
    'user/paperfund',
    { currency: 'jpy', request_id: `of-${language}-grant` },
    auth,
  );
  const opened = await apiPost(
    env.stack,
    'trade/order',
    {
      symbol: '7203',
      side: 'long',
      kind: 'market',
      qty: '100',
      leverage: '1',
      request_id: `of-${language}-buy`,
    },
    auth,
  );
  expect(opened.msg).toBe('purchase_ok');
  return { auth, positionId: String(opened.data.position_id) };
}

/** Until the service worker controls the page (the first visit installs it; a reload hands over). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

describe('offline reading', () => {
  for (const language of Object.keys(LOCALES) as Language[]) {
    it(`${language}: the positions open offline with their time; a close is refused and nothing is sent`, async () => {
      const { auth, positionId } = await userWithPosition(language);
      const page = await phonePageAs(env.browser, auth, { language }, { serviceWorker: true });
      await page.goto(`${env.stack.baseUrl}/#/position/index`);
      await controlled(page);
      await page.getByTestId(`position-${positionId}`).waitFor();
      const summary = await page.getByTestId('positions-summary').textContent();

      await page.context().setOffline(true);
      await page.reload();
      await page.getByTestId(`position-${positionId}`).waitFor();
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain(
        LOCALES[language].pwa.offline.split('{{')[0]?.trim(),
      );
      expect(await page.getByTestId('positions-summary').textContent()).toBe(summary);
      await shot(page, `${language}-positions`);

      await page.getByTestId(`close-${positionId}`).click();
      await confirmDialog(page);
      const toast = page.locator('.adm-toast-main').last();
      await toast.waitFor();
      expect(await toast.textContent()).toBe(LOCALES[language].pwa.offlineWrite);
      await shot(page, `${language}-refused`);
      await page.context().setOffline(false);

      const held = await apiPost(env.stack, 'trade/userstocklist', { type: 'jpy' }, auth);
      const rows = Object.values(held.data as Record<string, unknown>).filter(
        (row): row is { position_id: string } => typeof row === 'object' && row !== null,
      );
      expect(rows.map((row) => row.position_id)).toContain(positionId);
      await page.close();
    });
  }
});
