/**
 * Test fixtures: the browser from e2e/chromium.ts (fresh profile per launch), the app's base
 * URL, helpers that talk to the page's test API (window.__hht), and a check that no test
 * leaves a console error or an uncaught page error behind.
 */
import { test as base, expect, chromium, type Browser, type Frame, type Page } from '@playwright/test';
import type { IntegratorMethod } from '../src/solver/simulate';
import type { RunStatusReport } from '../src/app/testApi';
import { resolveChromium } from './chromium';

export interface AppFixtures {
  /** Base URL of the served build, ending in '/'. */
  appUrl: string;
  /** Console errors and page errors seen so far on every page of the test. */
  consoleErrors: string[];
}

/** Messages of Chromium itself (not the app) that do not signal a defect. */
const IGNORED_CONSOLE = [/GPU stall due to ReadPixels/];

export const test = base.extend<AppFixtures, { browser: Browser }>({
  browser: [
    async ({}, use) => {
      const launch = await resolveChromium();
      const browser = await chromium.launch({ executablePath: launch.executablePath, args: launch.args, headless: true });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  appUrl: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set (the global setup serves the build)');
    await use(url);
  },
  // The first-visit explanation is a modal; tests other than its own start as returning visitors.
  context: async ({ context }, use) => {
    await context.addInitScript(() => {
      try {
        window.localStorage.setItem('hht-playground.help-seen', '1');
      } catch {
        // about:blank and opaque origins have no storage.
      }
    });
    await use(context);
  },
  consoleErrors: async ({ context }, use) => {
    const errors: string[] = [];
    const watch = (page: Page) => {
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !IGNORED_CONSOLE.some((re) => re.test(msg.text()))) errors.push(`console: ${msg.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    };
    context.pages().forEach(watch);
    context.on('page', watch);
    await use(errors);
    expect(errors, 'console errors during the test').toEqual([]);
  },
});

export { expect };

/** Waits until the test API is installed (in a page, or in an iframe's frame). */
export async function waitForApi(page: Page | Frame): Promise<void> {
  await page.waitForFunction(() => window.__hht !== undefined);
}

/** Waits until the run with id > afterRunId (if given) has stopped, and returns its status. */
export async function waitForSettled(page: Page | Frame, afterRunId = 0, timeout = 45_000): Promise<RunStatusReport> {
  await waitForApi(page);
  await page.waitForFunction(
    (after) => {
      const status = window.__hht!.runStatus();
      // The 3D view loads after the first curves (src/app/deferred.ts): settled includes it being drawn.
      return status.runId > after && !status.busy && !document.querySelector('[data-testid="scene-loading"]');
    },
    afterRunId,
    { timeout, polling: 100 },
  );
  return page.evaluate(() => window.__hht!.runStatus());
}

export async function runId(page: Page): Promise<number> {
  return page.evaluate(() => window.__hht!.runStatus().runId);
}

export async function finalOmega(page: Page, method: IntegratorMethod): Promise<[number, number, number] | null> {
  return page.evaluate((m) => window.__hht!.finalOmega(m), method);
}

/** A line a time chart has drawn (its figure's data-series): legend name, role, points drawn, colour, dash ('solid' or '9 3'), width (px). */
export interface DrawnSeries {
  readonly name: string;
  readonly key: 'second' | 'main' | 'reference' | 'exact';
  readonly points: number;
  readonly color: string;
  readonly dash: string;
  readonly width: number;
  readonly axis: 'left' | 'right';
}

/** An axis of a time chart as drawn (its figure's data-axes): title and tick labels with their positions (px from the plot's top or left). */
export interface DrawnAxis {
  readonly label: string;
  readonly ticks: { readonly text: string; readonly px: number }[];
}

type Locating = Pick<Page, 'locator'>;

/** The lines a time chart has drawn, in drawing order ([] before its first draw). */
export async function chartSeries(page: Locating, testId: string): Promise<DrawnSeries[]> {
  const json = await page.locator(`[data-testid="${testId}"]`).getAttribute('data-series', { timeout: 5_000 });
  return json ? (JSON.parse(json) as DrawnSeries[]) : [];
}

/** The axes of a time chart as drawn: x (time), y (left) and, if it has one, right. */
export async function chartAxes(page: Locating, testId: string): Promise<Record<'x' | 'y' | 'right', DrawnAxis | undefined>> {
  const json = await page.locator(`[data-testid="${testId}"]`).getAttribute('data-axes', { timeout: 5_000 });
  return json ? JSON.parse(json) : { x: undefined, y: undefined, right: undefined };
}

/** How many points the main line of a time chart has drawn (0 if none yet). */
export async function curvePoints(page: Locating, testId: string): Promise<number> {
  return (await chartSeries(page, testId)).find((s) => s.key === 'main')?.points ?? 0;
}
