/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/**
 * The checks Lighthouse's PWA category made before Lighthouse 12 removed it, run in Debian's
 * Chromium against the served app: Chrome's own installability verdict (CDP
 * `Page.getInstallabilityErrors`: manifest, icons, service worker), a service worker controlling
 * the page, the start page served with the network cut, a theme colour, a maskable icon, a mobile
 * viewport and an Apple touch icon. Each check passes or fails; the score is the share passed.
 */
export async function pwaChecks(base: string, chromiumPath: string) {
  // A profile of its own (not incognito: Chrome never offers to install from one).
  const profile = mkdtempSync(join(tmpdir(), 'kabuto-pwa-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    const page$ = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
      const manifest = link ? ((await (await fetch(link)).json()) as Record<string, unknown>) : {};
      const icons = (manifest['icons'] as Array<{ purpose?: string }> | undefined) ?? [];
      return {
        controlled: navigator.serviceWorker.controller !== null,
        themeColor: Boolean(document.querySelector('meta[name="theme-color"]')),
        viewport: /width=device-width/.test(
          document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '',
        ),
        appleTouchIcon: Boolean(document.querySelector('link[rel="apple-touch-icon"]')),
        maskableIcon: icons.some((icon) => (icon.purpose ?? '').includes('maskable')),
      };
    });
    await page.context().setOffline(true);
    const offline = await page.reload().catch(() => null);
    const offlineStart =
      offline?.status() === 200 && (await page.evaluate(() => document.title.length > 0));
    const checks = {
      installable: installabilityErrors.length === 0,
      serviceWorker: page$.controlled,
      offlineStart,
      themeColor: page$.themeColor,
      maskableIcon: page$.maskableIcon,
      viewport: page$.viewport,
      appleTouchIcon: page$.appleTouchIcon,
    };
    const passed = Object.values(checks).filter(Boolean).length;
    return {
      ...checks,
      installabilityErrors: installabilityErrors.map((e) => e.errorId),
      score: Math.round((passed / Object.keys(checks).length) * 100),
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
