import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type TestStack } from '../../scripts/src/testing/stack.ts';
import {
  framesDrawn,
  launchChromium,
  phonePageAs,
  registerUser,
  shot,
  sharedStack,
} from './support/e2e.ts';

// After a deploy, a tab of the previous build asks for screen chunks that no longer exist. The
// user must land on the screen (one reload picks up the new build), never on the router's
// developer page; a chunk that stays missing shows a translated error with a reload button.
let browser: Browser;
let stack: TestStack;
// The chunk of the Positions route (client/src/app/screens/positions.tsx since the feature zones).
const POSITIONS_CHUNK = /\/assets\/positions-[^/]+\.js$/;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/**
 * Serves the positions screen's chunk as gone (404, as after a deploy removed it) while the tab is
 * on its first `goneForLoads` page loads; answers how many times the page has loaded.
 */
async function loseChunk(page: Page, goneForLoads: number): Promise<() => number> {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  await page.route(POSITIONS_CHUNK, async (route) => {
    if (loads <= goneForLoads) await route.fulfill({ status: 404, body: 'gone' });
    else await route.continue();
  });
  return () => loads;
}

describe('a tab from an older build', () => {
  it('jp: a screen whose chunk is gone reloads once and opens, without the developer error page', async () => {
    const auth = await registerUser(stack, `stale.${stack.prefix}@example.jp`, 'stale-pass-1');
    const page = await phonePageAs(browser, auth, { language: 'jp' });
    const loads = await loseChunk(page, 1);
    await page.goto(`${stack.baseUrl}/#/position/index`);
    await expect.poll(() => page.locator('.figure-grid').count(), { timeout: 15_000 }).toBe(1);
    expect(loads()).toBe(2);
    expect(await page.locator('body').innerText()).not.toContain('Unexpected Application Error');
    await page.close();
  });

  it.each(['jp', 'cn', 'us'] as const)(
    '%s: a chunk still missing after the reload shows a translated error with a reload button, not a loop',
    async (language) => {
      const auth = await registerUser(
        stack,
        `gone.${language}.${stack.prefix}@example.jp`,
        'gone-pass-1',
      );
      const page = await phonePageAs(browser, auth, { language });
      await page.clock.install(); // the tab's timers run on the test clock
      const loads = await loseChunk(page, 1_000);
      await page.goto(`${stack.baseUrl}/#/position/index`);
      const alert = page.locator('.route-error[role=alert]');
      await alert.waitFor({ timeout: 15_000 });
      const title = {
        jp: 'アプリが更新されました',
        cn: '应用已更新',
        us: 'Kabuto has been updated',
      };
      await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toContain(title[language]);
      // 1.5 s pass on the tab's clock: a timed retry would fire, a reload would have begun.
      await page.clock.runFor(1_500);
      await framesDrawn(page);
      expect(loads()).toBe(2);
      await expect(alert.isVisible()).resolves.toBe(true);
      await expect.poll(() => alert.locator('button').count()).toBe(1);
      await shot(page, `${language}-stale-build-error`);
      await page.close();
    },
  );
});
