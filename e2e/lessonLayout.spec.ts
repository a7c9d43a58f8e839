/**
 * The lesson on the screens it is given on (SPEC §7): at 1280×720 and 1024×768, in the default and in projector mode,
 * each step's narration, its plots and the 3D view fit without scrolling; the charts are at least 150 px tall (180 px
 * in projector mode); every button the step asks for is in view; no label on a chart overprints another and no axis
 * title is cut. One test per step, size and mode; each saves its screenshot under test-results/lesson/. `npm test` runs
 * a diagonal (each step once, the four screens in turn, each at least once); `npm run e2e:matrix` runs all 28.
 */
import type { Locator, Page } from '@playwright/test';
import { NUMERICAL_DAMPING, type LessonStep } from '../src/app/lessons/lessons';
import { decodeShareQuery } from '../src/scenario/url';
import { expect, test, waitForSettled } from './fixtures';
import { fullMatrix } from './matrix/cells';

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

async function box(locator: Locator, what: string): Promise<Box> {
  await expect(locator, what).toBeVisible();
  const b = await locator.boundingBox();
  expect(b, what).not.toBeNull();
  return b!;
}

/** The element lies wholly inside the viewport (it is seen without scrolling the page). */
async function expectInView(page: Page, locator: Locator, what: string): Promise<Box> {
  const b = await box(locator, what);
  const view = page.viewportSize()!;
  expect(b.x, `${what}: left edge`).toBeGreaterThanOrEqual(-0.5);
  expect(b.y, `${what}: top edge`).toBeGreaterThanOrEqual(-0.5);
  expect(b.x + b.width, `${what}: right edge (viewport ${view.width})`).toBeLessThanOrEqual(view.width + 0.5);
  expect(b.y + b.height, `${what}: bottom edge (viewport ${view.height})`).toBeLessThanOrEqual(view.height + 0.5);
  return b;
}

/** Nothing of the element is clipped by a scrolling or clipping ancestor: its centre and corners hit it. */
async function expectUncovered(locator: Locator, what: string): Promise<void> {
  const hidden = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // The centre and two inner points (a rounded corner itself is not the element's).
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + r.width / 4, r.top + r.height / 4],
      [r.right - r.width / 4, r.bottom - r.height / 4],
    ];
    return points.filter(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return !(hit && (hit === el || el.contains(hit)));
    }).length;
  });
  expect(hidden, `${what}: points of it covered or clipped`).toBe(0);
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A time chart's drawn text (TimeChart's data-text hook): y titles whole, failure labels apart and inside the chart. */
async function expectChartText(chart: Locator, what: string): Promise<{ titles: string[]; labels: Array<Box & { text: string }> }> {
  await expect.poll(() => chart.getAttribute('data-text'), { message: `${what}: drawn` }).not.toBeNull();
  const text = JSON.parse((await chart.getAttribute('data-text'))!) as { titles: string[]; labels: Array<Box & { text: string }> };
  for (const title of text.titles) expect(title, `${what}: axis title cut`).not.toContain('…');
  const canvas = await box(chart.locator('canvas').first(), `${what} canvas`);
  for (const [i, a] of text.labels.entries()) {
    expect(a.y, `${what}: "${a.text}" inside the chart`).toBeGreaterThanOrEqual(0);
    expect(a.y + a.height, `${what}: "${a.text}" inside the chart`).toBeLessThanOrEqual(canvas.height + 0.5);
    expect(a.x, `${what}: "${a.text}" inside the chart`).toBeGreaterThanOrEqual(0);
    expect(a.x + a.width, `${what}: "${a.text}" inside the chart`).toBeLessThanOrEqual(canvas.width + 0.5);
    for (const b of text.labels.slice(i + 1)) expect(overlap(a, b), `${what}: "${a.text}" overprints "${b.text}"`).toBe(false);
  }
  return text;
}

async function openStep(page: Page, appUrl: string, n: number, projector: boolean): Promise<LessonStep> {
  const step = NUMERICAL_DAMPING.steps[n - 1];
  await page.goto(`${appUrl}?${step.query}&lesson=numerical-damping&step=${n}${projector ? '&projector=on' : ''}`);
  // The V8 (90,000 steps of 17 bodies, twice) takes longest.
  await waitForSettled(page, 0, 120_000);
  await expect(page.getByTestId('lesson-step')).toHaveText(`Step ${n} of ${NUMERICAL_DAMPING.steps.length}`);
  return step;
}

/** Whether step n runs at this screen: every screen with the whole matrix, else the screen k = (n − 1) mod 4. */
function runsAt(n: number, screen: number): boolean {
  return fullMatrix() || (n - 1) % (SIZES.length * 2) === screen;
}

for (const [sizeIndex, size] of SIZES.entries()) {
  for (const projector of [false, true]) {
    const screen = sizeIndex * 2 + (projector ? 1 : 0);
    const mode = projector ? 'projector' : 'default';
    test.describe(`lesson at ${size.width}×${size.height}, ${mode} mode`, () => {
      test.use({ viewport: size });
      const minChart = projector ? 180 : 150;

      for (let n = 1; n <= NUMERICAL_DAMPING.steps.length; n++) {
        if (!runsAt(n, screen)) continue;
        test(`step ${n}: narration, 3D view and plots fit without scrolling; buttons in view; labels apart`, async ({ page, appUrl, consoleErrors }, testInfo) => {
          test.setTimeout(150_000);
          const step = await openStep(page, appUrl, n, projector);
          const where = `step ${n} at ${size.width}×${size.height} ${mode}`;

          // The page itself does not scroll, in either direction.
          const overflow = await page.evaluate(() => {
            const root = document.scrollingElement!;
            return { down: root.scrollHeight - root.clientHeight, across: root.scrollWidth - root.clientWidth };
          });
          expect(overflow, `${where}: the page overflows`).toEqual({ down: 0, across: 0 });

          // The narration is whole: in view, and its bar needs no scrolling.
          const bar = page.getByTestId('lesson-bar');
          await expectInView(page, bar, `${where}: lesson bar`);
          expect(await bar.evaluate((el) => el.scrollHeight - el.clientHeight), `${where}: the lesson bar scrolls`).toBeLessThanOrEqual(1);
          await expectInView(page, page.getByTestId('lesson-narration'), `${where}: narration`);
          if (projector) {
            const px = await page.getByTestId('lesson-narration').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
            expect(px, `${where}: narration type`).toBeGreaterThanOrEqual(20);
          }
          for (const id of ['lesson-prev', 'lesson-next', 'lesson-exit', 'lesson-more-toggle']) {
            await expectInView(page, page.getByTestId(id), `${where}: ${id}`);
            await expectUncovered(page.getByTestId(id), `${where}: ${id}`);
          }

          // The 3D view: in view, not a thumbnail, its readout inside it and clear of its axes' key.
          const scene = await expectInView(page, page.getByTestId('scene'), `${where}: 3D view`);
          expect(scene.height, `${where}: 3D view height`).toBeGreaterThanOrEqual(150);
          expect(scene.width, `${where}: 3D view width`).toBeGreaterThanOrEqual(250);
          const readout = await box(page.getByTestId('scene-readout'), `${where}: 3D readout`);
          expect(readout.y + readout.height, `${where}: 3D readout inside the view`).toBeLessThanOrEqual(scene.y + scene.height + 0.5);
          const legend = page.locator('.scene-legend');
          if (await legend.isVisible()) expect(overlap(readout, (await legend.boundingBox())!), `${where}: 3D readout over the axes' key`).toBe(false);
          await expectInView(page, page.getByTestId('play-button'), `${where}: play button`);

          // What the step points at is on screen.
          await expectInView(page, page.getByTestId(step.highlight.testId), `${where}: ${step.highlight.testId} (pointed at)`);

          const { state, view } = decodeShareQuery(step.query);
          if (view.panel === undefined || view.panel === 'plots') {
            for (const method of state.methods) {
              for (const kind of [view.output ? 'output' : 'omega', 'energy']) {
                const id = `${kind}-chart-${method}`;
                const chart = await expectInView(page, page.getByTestId(id), `${where}: ${id}`);
                expect(chart.height, `${where}: ${id} height`).toBeGreaterThanOrEqual(minChart);
                await expectChartText(page.getByTestId(id), `${where}: ${id}`);
              }
            }
          }
          if (n === 1) {
            // Classical fails at 1.28 s: its line's labels are both drawn, apart, and the failure box is whole.
            const text = await expectChartText(page.getByTestId('omega-chart-classical'), `${where}: classical ω`);
            expect(text.labels.map((l) => l.text)).toEqual(['fails at t = 1.28 s', 'blow-up off scale']);
            await expectInView(page, page.getByTestId('failure-classical'), `${where}: failure box`);
          }
          if (view.panel === 'damping') {
            const chart = await expectInView(page, page.getByTestId('damping-chart'), `${where}: damping chart`);
            expect(chart.height, `${where}: damping chart height`).toBeGreaterThanOrEqual(minChart);
            // The run's frequencies the narration names (8.6 and 11 rad/s), as the panel's table measures them.
            await expect(page.getByTestId('damping-row-classical')).toContainText('8.59');
            await expect(page.getByTestId('damping-row-modified')).toContainText('11.04');
            expect(step.say.join(' ')).toContain('8.6 and 11 rad/s');
          }
          if (step.action) {
            // The button the step asks for is in view and works: the study's plot comes, in view and tall enough.
            const action = page.getByTestId('lesson-action');
            await expectInView(page, action, `${where}: ${step.action.label}`);
            await expectUncovered(action, `${where}: ${step.action.label}`);
            await action.click();
            await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
            const chart = await expectInView(page, page.getByTestId('study-chart'), `${where}: study chart`);
            expect(chart.height, `${where}: study chart height`).toBeGreaterThanOrEqual(minChart);
          }

          const shot = await page.screenshot({ path: `test-results/lesson/${size.width}x${size.height}-${mode}-step${n}.png` });
          await testInfo.attach(`${size.width}x${size.height}-${mode}-step${n}.png`, { body: shot, contentType: 'image/png' });
          expect(consoleErrors).toEqual([]);
        });
      }
    });
  }
}
