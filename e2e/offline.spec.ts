/**
 * Where a lecturer puts the app (SPEC §7): copied as a plain folder to a web server under a
 * sub-path, and opened again in a lecture hall whose network has failed. The build is served
 * by e2e/staticServer.ts under /~lecturer/hht/; "offline" stops that server and switches the
 * browser context offline, so nothing can come from the network.
 */
import { cp, mkdtemp, appendFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { curvePoints, expect, test, waitForSettled } from './fixtures';
import { serveStatic, type StaticSite } from './staticServer';

const SUB_PATH = '/~lecturer/hht/';
const V8_LINK = '?v=1&scenario=v8-crank&t=0.3';

/** Both methods finished and drew their ω curves. */
async function expectBothCurves(page: Page): Promise<void> {
  const status = await waitForSettled(page, 0, 60_000);
  expect(status.methods.classical.phase).toBe('finished');
  expect(status.methods.modified.phase).toBe('finished');
  for (const m of ['classical', 'modified']) {
    await expect.poll(async () => await curvePoints(page, `omega-chart-${m}`)).toBeGreaterThan(20);
  }
}

/** Resolves once a service worker is active for the page (its precache is complete). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
}

let site: StaticSite | null = null;
test.afterEach(async () => { await site?.close(); site = null; });

test('deploys from a plain folder: served under a sub-path, the default page and a V8 link run', async ({ page, consoleErrors }) => {
  site = await serveStatic('dist', SUB_PATH);
  await page.goto(site.url);
  await expectBothCurves(page);
  expect(page.url()).toContain(SUB_PATH);
  await page.goto(site.url + V8_LINK);
  await expectBothCurves(page);
  expect(await page.evaluate(() => window.__hht!.state().scenario)).toBe('v8-crank');
  // The service worker's scope is the sub-path, not the server's root.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe(SUB_PATH);
  expect(consoleErrors).toEqual([]);
});

test('works offline after one visit: the default heavy top and the V8 run with the server gone', async ({ page, context }) => {
  site = await serveStatic('dist', SUB_PATH);
  const url = site.url;
  await page.goto(url);
  await waitForServiceWorker(page);
  await expectBothCurves(page);

  await site.close();
  site = null;
  await context.setOffline(true);
  await page.reload();
  await expectBothCurves(page);
  expect(await page.evaluate(() => window.__hht!.state().scenario)).toBe('heavy-top');

  await page.goto(url + V8_LINK);
  await expectBothCurves(page);
  expect(await page.evaluate(() => window.__hht!.state().scenario)).toBe('v8-crank');
  await context.setOffline(false);
});

test('a new deployment is announced and applied only when the user reloads', async ({ page }) => {
  const root = await mkdtemp(join(tmpdir(), 'hht-deploy-'));
  try {
    await cp('dist', root, { recursive: true });
    site = await serveStatic(root, SUB_PATH);
    await page.goto(site.url);
    await waitForServiceWorker(page);
    await expect(page.getByTestId('update-notice')).toHaveCount(0);

    // Deploy a "new version": any change to the generated service worker is one for the browser.
    await appendFile(join(root, 'sw.js'), '\n// next deployment\n');
    await page.reload();
    // Chromium 156 starts no check for a new version (its own on navigation, nor the page's or the service
    // worker's registration.update()) while the page draws new frames without pause; Chromium 153 does
    // (docs/deploy.md). The user pauses the playback, as one does to read.
    await waitForSettled(page);
    await page.getByTestId('play-button').click();
    await expect(page.getByTestId('play-button')).toHaveAttribute('aria-label', 'Play');
    await expect(page.getByTestId('update-notice')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('update-notice')).toContainText('new version');
    // Until the user accepts, the running version keeps serving (and running) unchanged.
    await expectBothCurves(page);

    await page.getByTestId('update-reload').click();
    await page.waitForLoadState('load');
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null);
    expect(waiting).toBeNull();
    await expectBothCurves(page);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
