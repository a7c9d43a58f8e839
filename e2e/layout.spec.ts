/**
 * Layouts for every place the app is used (SPEC §7): at each size the geometry
 * is asserted (bounding boxes, scrollWidth, type size, touch targets), the axe audit runs, and a
 * screenshot is attached to the test (and written to test-results/layout/ for a person to look at).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { chartSeries, expect, runId, test, waitForSettled } from './fixtures';

interface SizeClass {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly kind: 'projector' | 'desktop' | 'tablet' | 'phone';
}

const SIZES: readonly SizeClass[] = [
  { name: 'projector-1280x720', width: 1280, height: 720, kind: 'projector' },
  { name: 'projector-1024x768', width: 1024, height: 768, kind: 'projector' },
  { name: 'laptop-1366x768', width: 1366, height: 768, kind: 'desktop' },
  { name: 'desktop-1920x1080', width: 1920, height: 1080, kind: 'desktop' },
  { name: 'tablet-768x1024', width: 768, height: 1024, kind: 'tablet' },
  { name: 'phone-390x844', width: 390, height: 844, kind: 'phone' },
];

const LINK = 'v=1&scenario=heavy-top&t=1&component=y';

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, testId: string): Promise<Box> {
  const b = await page.getByTestId(testId).boundingBox();
  if (!b) throw new Error(`${testId} is not rendered`);
  return b;
}

/** Whether a box lies inside the viewport as it is (no scrolling). */
function onScreen(b: Box, width: number, height: number): boolean {
  return b.x >= 0 && b.y >= 0 && b.x + b.width <= width + 0.5 && b.y + b.height <= height + 0.5;
}

const PLOTS = ['scene', 'omega-chart-classical', 'omega-chart-modified', 'energy-chart-classical', 'energy-chart-modified'];

/** Every visible control of the page whose box is smaller than 44 px in either direction (radios and checkboxes by their label). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, select, input, a[href], [role="tab"]')) {
      const target = el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') ? (el.closest('label') ?? el) : el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (getComputedStyle(target).visibility === 'hidden') continue;
      const min = target instanceof HTMLInputElement && target.type === 'text' ? r.height : Math.min(r.width, r.height);
      if (min < 44 - 0.5) found.push(`${target.tagName} ${target.getAttribute('data-testid') ?? target.textContent?.trim().slice(0, 24)}: ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
    }
    return found;
  });
}

/** Controls that stick out of the viewport sideways when scrolled to (phone: "every control reachable"). */
async function controlsOutsideWidth(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.app button, .app select, .app input, .app a[href]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < -0.5 || r.right > window.innerWidth + 0.5) out.push(`${el.tagName} ${el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 24)}`);
    }
    return out;
  });
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    const touch = size.kind === 'tablet' || size.kind === 'phone';
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: touch, isMobile: touch });

    test(`layout at ${size.width}×${size.height} (${size.kind}): geometry, axe audit, screenshot`, async ({ page, appUrl, consoleErrors }, testInfo) => {
      const projector = size.kind === 'projector' ? '&projector=on' : '';
      await page.goto(`${appUrl}?${LINK}${projector}`);
      await waitForSettled(page);
      await page.evaluate(() => window.__hht!.seek(0.6));

      const metrics = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        scrollHeight: document.documentElement.scrollHeight,
        innerWidth: window.innerWidth,
        innerHeight: window.innerHeight,
      }));
      expect(metrics.innerWidth).toBe(size.width);
      // No sideways scrolling at any size.
      expect(metrics.scrollWidth).toBeLessThanOrEqual(metrics.innerWidth);

      const boxes = Object.fromEntries(await Promise.all(PLOTS.map(async (id) => [id, await box(page, id)] as const)));
      const charts = PLOTS.filter((id) => id !== 'scene');

      if (size.kind === 'projector' || size.kind === 'desktop') {
        // The page itself does not scroll: the 3D view and both time charts of both methods are on screen.
        expect(metrics.scrollHeight).toBeLessThanOrEqual(metrics.innerHeight);
        for (const id of PLOTS) expect(onScreen(boxes[id], size.width, size.height), `${id} ${JSON.stringify(boxes[id])}`).toBe(true);
        for (const id of ['time-scrubber', 'tab-plots', 'tab-studies', 'share-button', 'help-button']) {
          expect(onScreen(await box(page, id), size.width, size.height), id).toBe(true);
        }
        // Nothing in the header is cut off.
        expect(await page.locator('.header').evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
      }
      if (size.kind === 'projector') {
        for (const id of charts) expect(boxes[id].height, id).toBeGreaterThanOrEqual(180);
        // Body text ≥ 20 px wherever text is written; plot lines ≥ 3 px.
        const fontSizes = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('body, .field label, .hint, .chart-title, [role="tab"], .header button, .charts-toolbar, .run-status, .time-label, .scene-labels')].map(
            (el) => [el.className || el.tagName, parseFloat(getComputedStyle(el).fontSize)] as const,
          ),
        );
        for (const [what, px] of fontSizes) expect(px, String(what)).toBeGreaterThanOrEqual(20);
        const strokes = (await chartSeries(page, 'omega-chart-modified')).map((s) => s.width);
        expect(strokes.length).toBeGreaterThan(0);
        for (const w of strokes) expect(w).toBeGreaterThanOrEqual(3);
      }
      if (size.kind === 'tablet' || size.kind === 'phone') {
        // Charts fit the width and are at least 150 px tall; the scene spans the column.
        for (const id of charts) {
          expect(boxes[id].x, id).toBeGreaterThanOrEqual(0);
          expect(boxes[id].x + boxes[id].width, id).toBeLessThanOrEqual(size.width);
          expect(boxes[id].height, id).toBeGreaterThanOrEqual(150);
        }
        expect(boxes.scene.width).toBeGreaterThan(size.width * 0.85);
        expect(await controlsOutsideWidth(page)).toEqual([]);
        expect(await smallTargets(page)).toEqual([]);
        // The 3D view takes touch gestures itself (orbit with one finger, pinch to zoom).
        expect(await page.locator('[data-testid="scene"] canvas').evaluate((c) => getComputedStyle(c).touchAction)).toBe('none');
      }
      if (size.kind === 'phone') {
        // One column: the methods' charts are stacked, each as wide as the column.
        expect(boxes['omega-chart-modified'].y).toBeGreaterThan(boxes['energy-chart-classical'].y);
        expect(Math.abs(boxes['omega-chart-modified'].x - boxes['omega-chart-classical'].x)).toBeLessThan(2);
        // Settings come after the plots, in the same column.
        const controls = await page.locator('.controls').boundingBox();
        expect(controls!.y).toBeGreaterThan(boxes['energy-chart-modified'].y);
        expect(controls!.x + controls!.width).toBeLessThanOrEqual(size.width);
        // A thumb's reach: as the page opens, with nothing scrolled, α, play/pause, restart and the method pair sit in
        // the bar with both methods' ω curves under it, all on screen together; scrolled to the plots, the bar sticks
        // to the top of the screen and both ω curves are still under it.
        await page.evaluate(() => window.scrollTo(0, 0));
        for (const scrolled of [false, true]) {
          if (scrolled) await page.getByTestId('omega-chart-classical').evaluate((el) => el.closest('.chart-column')!.scrollIntoView({ block: 'start' }));
          const bar = await box(page, 'phone-bar');
          if (scrolled) expect(Math.abs(bar.y), 'the bar sticks to the top').toBeLessThan(1);
          for (const id of ['bar-play', 'bar-restart', 'bar-methods', 'bar-alpha-slider']) expect(onScreen(await box(page, id), size.width, size.height), `${id} scrolled: ${scrolled}`).toBe(true);
          for (const id of ['omega-chart-classical', 'omega-chart-modified']) {
            const chart = await box(page, id);
            expect(onScreen(chart, size.width, size.height), `${id} scrolled: ${scrolled} ${JSON.stringify(chart)}`).toBe(true);
            expect(chart.y, `${id} below the bar`).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5);
          }
        }
      } else {
        await expect(page.getByTestId('phone-bar')).toBeHidden();
      }

      expect(await seriousViolations(page)).toEqual([]);

      // What a person sees (viewport shots: Chromium's full-page capture re-lays out mobile pages).
      mkdirSync('test-results/layout', { recursive: true });
      // On a phone the plots are shown as a student watches them: the first method's column right under the bar.
      const plots = size.kind === 'phone' ? 'omega-chart-classical' : 'charts';
      const views: [string, string | null][] = touch ? [['', null], ['-plots', plots], ['-settings', 'field-alpha']] : [['', null]];
      for (const [suffix, anchor] of views) {
        await page.evaluate(() => window.scrollTo(0, 0));
        if (anchor) await page.getByTestId(anchor).evaluate((el) => (el.closest('.chart-column') ?? el).scrollIntoView({ block: 'start' }));
        const path = `test-results/layout/${size.name}${suffix}.png`;
        await testInfo.attach(`${size.name}${suffix}.png`, { body: await page.screenshot({ path }), contentType: 'image/png' });
      }
      if (touch) {
        // The other views fit the width too, and their controls stay reachable.
        for (const [tab, control] of [['theory', null], ['damping', 'damping-chart'], ['studies', 'study-run']] as const) {
          await page.getByTestId(`tab-${tab}`).click();
          await expect(page.locator(`#tabpanel-${tab}`)).toBeVisible();
          if (control) await expect(page.getByTestId(control)).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(size.width);
          expect(await controlsOutsideWidth(page), tab).toEqual([]);
        }
      }
      if (size.kind === 'phone') {
        // α changed in the bar reruns both methods while their curves stay where they are: no scrolling needed.
        await page.getByTestId('tab-plots').click();
        await page.evaluate(() => window.scrollTo(0, 0));
        const scrollY = await page.evaluate(() => window.scrollY);
        const before = await runId(page);
        await page.getByTestId('bar-alpha-slider').focus();
        await page.keyboard.press('ArrowRight');
        await expect(page.getByTestId('bar-alpha-value')).not.toHaveText('-0.2');
        await waitForSettled(page, before);
        expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
        for (const id of ['bar-alpha-slider', 'omega-chart-classical', 'omega-chart-modified']) expect(onScreen(await box(page, id), size.width, size.height), id).toBe(true);
      }
      expect(consoleErrors).toEqual([]);
    });
  });
}
