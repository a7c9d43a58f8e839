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

/** SPEC §7's sizes; the projector's two also without projector mode (a lecture laptop before the switch). */
const SIZES: readonly SizeClass[] = [
  { name: 'projector-1280x720', width: 1280, height: 720, kind: 'projector' },
  { name: 'projector-1024x768', width: 1024, height: 768, kind: 'projector' },
  { name: 'laptop-1280x720', width: 1280, height: 720, kind: 'desktop' },
  { name: 'laptop-1024x768', width: 1024, height: 768, kind: 'desktop' },
  { name: 'laptop-1366x768', width: 1366, height: 768, kind: 'desktop' },
  { name: 'desktop-1920x1080', width: 1920, height: 1080, kind: 'desktop' },
  { name: 'tablet-768x1024', width: 768, height: 1024, kind: 'tablet' },
  { name: 'phone-390x844', width: 390, height: 844, kind: 'phone' },
];

/** The bar's α slider and both methods' ω plots, which SPEC §7 wants on the first screen together at every size. */
const FIRST_SCREEN = ['bar-alpha-slider', 'omega-chart-classical', 'omega-chart-modified'];

/** Boxes of the given test ids, for comparing the page before and after something happened. */
async function boxesOf(page: Page, ids: readonly string[]): Promise<Record<string, Box>> {
  return Object.fromEntries(await Promise.all(ids.map(async (id) => [id, await box(page, id)] as const)));
}

function expectSameBoxes(before: Record<string, Box>, after: Record<string, Box>, what: string): void {
  for (const [id, b] of Object.entries(before)) {
    const a = after[id];
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(a[k] - b[k]), `${what}: ${id}.${k} ${b[k]} → ${a[k]}`).toBeLessThan(1);
  }
}

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

      // α (in the bar by the plots) and both ω plots on the first screen together, nothing scrolled (SPEC §7).
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const id of FIRST_SCREEN) expect(onScreen(await box(page, id), size.width, size.height), `${id} on the first screen: ${JSON.stringify(await box(page, id))}`).toBe(true);
      // Charts ≥ 180 px in projector mode, ≥ 150 px everywhere else.
      for (const id of charts) expect(boxes[id].height, id).toBeGreaterThanOrEqual(size.kind === 'projector' ? 180 : 150);
      // The bar marks where α is measured unstable on this model at its step: on the heavy top at h = 1e-4 s modified
      // HHT from −0.04 on, classical at α = 0 only (each grid value drawn as the half step around it).
      const mark = page.getByTestId('marks-alpha-bar-track').getByTestId('mark-alpha-modified');
      await expect(mark).toBeVisible();
      expect(Number(await mark.getAttribute('data-start'))).toBeCloseTo((-0.045 + 1 / 3) * 3, 6);
      expect(Number(await page.getByTestId('marks-alpha-bar-track').getByTestId('mark-alpha-classical').getAttribute('data-start'))).toBeCloseTo((-0.005 + 1 / 3) * 3, 6);
      // The strip lies within the slider's width, under it.
      const track = await box(page, 'marks-alpha-bar-track');
      const slider = await box(page, 'bar-alpha-slider');
      expect(track.x).toBeGreaterThanOrEqual(slider.x);
      expect(track.x + track.width).toBeLessThanOrEqual(slider.x + slider.width + 0.5);

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
          const bar = await box(page, 'control-bar');
          if (scrolled) expect(Math.abs(bar.y), 'the bar sticks to the top').toBeLessThan(1);
          for (const id of ['bar-play', 'bar-restart', 'bar-methods', 'bar-alpha-slider']) expect(onScreen(await box(page, id), size.width, size.height), `${id} scrolled: ${scrolled}`).toBe(true);
          for (const id of ['omega-chart-classical', 'omega-chart-modified']) {
            const chart = await box(page, id);
            expect(onScreen(chart, size.width, size.height), `${id} scrolled: ${scrolled} ${JSON.stringify(chart)}`).toBe(true);
            expect(chart.y, `${id} below the bar`).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5);
          }
        }
      }
      if (size.kind === 'tablet') {
        // A bar like the phone's above the plots: play/pause, restart, the pair and α, sticking to the top while the plots scroll.
        for (const id of ['bar-play', 'bar-restart', 'bar-methods']) await expect(page.getByTestId(id)).toBeVisible();
        await page.getByTestId('energy-chart-classical').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        const bar = await box(page, 'control-bar');
        expect(Math.abs(bar.y), 'the bar sticks to the top').toBeLessThan(1);
        expect(onScreen(await box(page, 'bar-alpha-slider'), size.width, size.height)).toBe(true);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      if (size.kind === 'projector' || size.kind === 'desktop') {
        // The timeline has play and the settings the pair: the bar holds α only.
        await expect(page.getByTestId('bar-play')).toBeHidden();
        await expect(page.getByTestId('bar-methods')).toBeHidden();
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

      // A failure moves nothing and is said once: modified HHT fails on the heavy top at α = −0.03 (the index-3 mode, at
      // t ≈ 0.02 s). The bar's α, every chart and the bar keep their places; the run panel says when, the box by the
      // plots says why (behind "Why"); the advice is a more negative α, never "α < 0".
      await page.getByTestId('tab-plots').click();
      await page.evaluate(() => window.scrollTo(0, 0));
      const still = ['bar-alpha-slider', 'control-bar', ...charts];
      const before = await boxesOf(page, still);
      const beforeFailure = await runId(page);
      await page.evaluate(() => window.__hht!.setAlpha(-0.03));
      const failed = await waitForSettled(page, beforeFailure);
      expect(failed.methods.modified.phase).toBe('failed');
      const notice = page.getByTestId('failure-modified');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('Failed at t = 0.018 s');
      expectSameBoxes(before, await boxesOf(page, still), `${size.name} after the failure`);
      const noticeBox = await box(page, 'failure-modified');
      expect(noticeBox.x + noticeBox.width).toBeLessThanOrEqual(size.width + 0.5);
      await expect(page.getByTestId('run-status-modified')).toHaveText('failed at t = 0.018 s (why: over its plots)');
      await expect(page.getByText(/oscillate with alternating sign/)).toHaveCount(1);
      await expect(page.getByTestId('failure-details-modified')).toContainText('What to try: use a more negative α (e.g. α = −0.1) or a smaller step');
      await expect(notice).not.toContainText('α < 0');
      // "Why" opens over the plots: still nothing moves.
      await page.getByTestId('failure-details-modified').locator('summary').click();
      await expect(page.getByTestId('failure-why-modified')).toBeVisible();
      expectSameBoxes(before, await boxesOf(page, still), `${size.name} with "Why" open`);
      await page.screenshot({ path: `test-results/layout/${size.name}-failure.png` });
      expect(consoleErrors).toEqual([]);
    });

    test(`numerical damping tab at ${size.width}×${size.height}: labels clear of their markers, the table's numbers on one line, the wheel scrolls over the charts`, async ({ page, appUrl, consoleErrors }, testInfo) => {
      const projector = size.kind === 'projector' ? '&projector=on' : '';
      await page.goto(`${appUrl}?${LINK}&panel=damping${projector}`);
      await waitForSettled(page);
      const chart = page.getByTestId('damping-chart');
      await expect(chart.locator('.damping-marker-label').first()).toBeVisible();
      // Each label starts right of its own marker line, clear of its stroke.
      const clearance = await chart.evaluate((root) => {
        const lines = [...root.querySelectorAll<SVGLineElement>('.recharts-reference-line line')];
        const labels = [...root.querySelectorAll<SVGTextElement>('.damping-marker-label')];
        return labels.map((label, k) => {
          const line = lines[k].getBoundingClientRect();
          return label.getBoundingClientRect().left - line.right;
        });
      });
      expect(clearance.length).toBeGreaterThan(0);
      for (const gap of clearance) expect(gap).toBeGreaterThanOrEqual(2);
      // The table's cells hold their numbers on one line each.
      const table = page.getByTestId('damping-table');
      await table.scrollIntoViewIfNeeded();
      // Lines of text in each number: the distinct tops of its text's boxes.
      const lines = await table.evaluate((t) => [...t.querySelectorAll('tbody .num')].map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return `${td.textContent}: ${new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size}`;
      }));
      expect(lines.length).toBeGreaterThan(0);
      for (const cell of lines) expect(cell).toMatch(/: 1$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      // The table fits its place, or scrolls sideways inside it: nothing is cut off.
      expect(await table.evaluate((t) => {
        const holder = t.parentElement!;
        return holder.scrollWidth <= holder.clientWidth + 1 || getComputedStyle(holder).overflowX === 'auto';
      })).toBe(true);
      // The wheel over the charts scrolls (the tab on a laptop and the projector, the page on a tablet and a phone).
      await page.evaluate(() => { window.scrollTo(0, 0); document.querySelector('.tab-body.damping')!.scrollTop = 0; });
      await chart.scrollIntoViewIfNeeded();
      const scrolled = () => page.evaluate(() => window.scrollY + document.querySelector('.tab-body.damping')!.scrollTop);
      const before = await scrolled();
      const c = (await chart.boundingBox())!;
      await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
      await page.mouse.wheel(0, 200);
      await expect.poll(scrolled).toBeGreaterThan(before);
      await testInfo.attach(`${size.name}-damping.png`, { body: await page.screenshot({ path: `test-results/layout/${size.name}-damping.png` }), contentType: 'image/png' });
      expect(consoleErrors).toEqual([]);
    });
  });
}
