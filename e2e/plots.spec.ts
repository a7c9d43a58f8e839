/**
 * Plots a lecturer pastes into slides — nice ticks, axes that do not jump while
 * streaming, the difference plot, the V8's energy metric, damping labels that do not overprint,
 * the PNG export (title, legend, parameters, link; from any tab; disabled without samples).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { chartAxes, expect, finalOmega, test, waitForSettled } from './fixtures';
import { decodePng, type DecodedPng } from './png';

/** Tick label texts of the y axis of a chart (left axis), as drawn on its canvas. */
async function yTickTexts(page: Page, testId: string): Promise<string[]> {
  return ((await chartAxes(page, testId)).y?.ticks ?? []).map((t) => t.text);
}

/** Whether x is 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(x: number): boolean {
  const m = x / 10 ** Math.floor(Math.log10(x) + 1e-12);
  return [1, 2, 2.5, 5, 10].some((k) => Math.abs(m - k) < 1e-6);
}

/**
 * Nice ticks: decades of a log axis, or equally spaced whole multiples of a 1-2-5 step.
 * Example: [120, 130, 140] and [1e-6, 1e-4] are nice, [92.5, 115, 137.5] is not.
 */
function niceTicks(values: number[]): boolean {
  if (values.length < 2) return false;
  if (values.every((v) => v > 0 && Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9)) return true;
  const step = values[1] - values[0];
  if (!(step > 0) || !niceStep(step)) return false;
  return values.every((v, k) => Math.abs(v - values[0] - k * step) < 1e-9 * Math.max(1, Math.abs(v)) && Math.abs(v / step - Math.round(v / step)) < 1e-6);
}

/** Boxes of the elements matched by `selector`, in page px. */
async function boxes(page: Page, selector: string): Promise<Array<{ x: number; y: number; width: number; height: number }>> {
  return page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('time plots: ticks at nice values with units on every axis, y labels never overprint', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=2`);
  await waitForSettled(page);
  for (const show of ['energy', 'steps', 'norm', 'constraints', 'momentum', 'difference']) {
    await page.getByTestId('lower-plot').selectOption(show);
    const chart = show === 'difference' ? 'difference-chart-modified' : `${show}-chart-classical`;
    await expect(page.getByTestId(chart)).toBeVisible();
    for (const id of ['omega-chart-classical', chart]) {
      const axes = await chartAxes(page, id);
      const labels = [axes.x, axes.y, axes.right].flatMap((axis) => (axis ? [axis.label] : []));
      // Every axis title carries its unit in parentheses: t (s) and each y axis.
      expect(labels.length, `${id} axis titles`).toBeGreaterThanOrEqual(2);
      for (const label of labels) expect(label, `${id}: ${label}`).toMatch(/\(.+\)$/);
      const texts = await yTickTexts(page, id);
      expect(texts.length).toBeGreaterThanOrEqual(2);
      // Linear axes: multiples of a 1-2-5 step; log axes: powers of ten.
      expect(niceTicks(texts.map(Number)), `${id} ticks ${texts.join(' ')}`).toBe(true);
      // Labels one line of the axis type apart at least (their centres are the ticks' positions).
      const font = Number(await page.getByTestId(id).getAttribute('data-font-size'));
      expect(font).toBeGreaterThan(0);
      const ticks = (axes.y?.ticks ?? []).map((t) => t.px);
      for (let i = 1; i < ticks.length; i++) expect(Math.abs(ticks[i] - ticks[i - 1]), `${id} ticks ${i - 1}, ${i}`).toBeGreaterThanOrEqual(font * 1.2);
    }
  }
  const xTicks = ((await chartAxes(page, 'omega-chart-classical')).x?.ticks ?? []).map((t) => t.text);
  expect(xTicks).toEqual(['0', '0.5', '1', '1.5', '2']);
  expect(consoleErrors).toEqual([]);
});

test('y axes only grow while a run streams, then settle', async ({ page, appUrl, consoleErrors }) => {
  // Record the classical ω axis on every frame while the run streams (in the page: no round trips).
  await page.addInitScript(() => {
    const w = window as unknown as { __domains: string[]; __hht?: { runStatus(): { busy: boolean; runId: number } } };
    w.__domains = [];
    const record = () => {
      const status = w.__hht?.runStatus();
      const chart = document.querySelector('[data-testid="omega-chart-classical"]');
      const domain = chart?.getAttribute('data-domain');
      // Only once the chart shows points: an empty chart's placeholder axis is not part of the stream.
      const plotted = Number(chart?.getAttribute('data-points') ?? '0') > 0;
      if (status && status.runId > 0 && status.busy && plotted && domain && w.__domains[w.__domains.length - 1] !== domain) w.__domains.push(domain);
      if (!status || status.runId === 0 || status.busy) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  await page.goto(`${appUrl}?v=1&scenario=heavy-top`);
  await waitForSettled(page);
  const seen = (await page.evaluate(() => (window as unknown as { __domains: string[] }).__domains)).map((d) => d.split(',').map(Number));
  expect(seen.length, 'domains seen while streaming').toBeGreaterThanOrEqual(1);
  // Each domain contains the one before: the axis never shrinks or shifts while data stream in.
  for (let i = 1; i < seen.length; i++) {
    expect(seen[i][0]).toBeLessThanOrEqual(seen[i - 1][0]);
    expect(seen[i][1]).toBeGreaterThanOrEqual(seen[i - 1][1]);
  }
  // ω_y of the classical top falls from 150 to 83 rad/s in 10 s: a handful of rescalings at most,
  // and the axis stays close to the data (no placeholder range before the first sample seeds it).
  expect(seen.length).toBeLessThanOrEqual(6);
  const last = seen[seen.length - 1];
  expect(last[0]).toBeGreaterThanOrEqual(0);
  expect(last[1] - last[0]).toBeLessThanOrEqual(3 * (150 - 83));
  console.log(`classical ω axis while streaming: ${seen.map((d) => `[${d.join(', ')}]`).join(' → ')}`);
  expect(consoleErrors).toEqual([]);
});

test('difference plot one click away: modified − classical, or each method against the exact line', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=2`);
  await waitForSettled(page);
  await page.getByTestId('difference-toggle').click();
  await expect(page.getByTestId('difference-toggle')).toHaveAttribute('aria-pressed', 'true');
  const chart = page.getByTestId('difference-chart-modified');
  await expect(chart).toContainText('modified − classical ωy');
  await expect.poll(async () => (await chartAxes(page, 'difference-chart-modified')).y?.label).toBe('Δωy (rad/s)');
  expect(page.url()).toContain('show=difference');
  const summary = (await page.getByTestId('difference-summary-modified').textContent())!;
  const last = Number(/to (\S+),/.exec(summary)![1]);
  const expected = (await finalOmega(page, 'modified'))![1] - (await finalOmega(page, 'classical'))![1];
  expect(expected).toBeGreaterThan(1);
  expect(Math.abs(last - expected)).toBeLessThan(1e-4 * Math.abs(expected));
  // A second click returns to the plot shown before.
  await page.getByTestId('difference-toggle').click();
  await expect(page.getByTestId('energy-chart-classical')).toBeVisible();

  // Spin has an exact solution: each method minus the exact line, in its own column.
  await page.goto(`${appUrl}?v=1&scenario=spin&alpha=0&t=1`);
  await waitForSettled(page);
  await page.getByTestId('difference-toggle').click();
  await expect(page.getByTestId('difference-chart-classical')).toContainText('classical HHT ωx − exact');
  const maxAbs = async (method: string) => {
    const text = (await page.getByTestId(`difference-summary-${method}`).textContent())!;
    const [, min, max] = /min (\S+), max (\S+)\./.exec(text)!;
    return Math.max(Math.abs(Number(min)), Math.abs(Number(max)));
  };
  // At α = 0 the modified method is exact for the spin (to round-off); the classical one lags.
  expect(await maxAbs('modified')).toBeLessThan(1e-9);
  expect(await maxAbs('classical')).toBeGreaterThan(1e-3);
  expect(consoleErrors).toEqual([]);
});

test('V8 from rest: the energy drift is in joules (E − E₀ − W), with readable ticks', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=v8-crank&t=0.3`);
  await waitForSettled(page, 0, 90_000);
  const chart = page.getByTestId('energy-chart-modified');
  await expect.poll(async () => (await chartAxes(page, 'energy-chart-modified')).y?.label).toBe('E−E₀−W (J)');
  await expect(chart).not.toContainText('%');
  const texts = await yTickTexts(page, 'energy-chart-modified');
  expect(niceTicks(texts.map(Number)), texts.join(' ')).toBe(true);
  for (const text of texts) expect(text.length).toBeLessThanOrEqual(8);
  // The heavy top (spinning from the start) keeps the paper's per cent of |E₀|.
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.2`);
  await waitForSettled(page);
  await expect.poll(async () => (await chartAxes(page, 'energy-chart-modified')).y?.label).toBe('(E−E₀−W)/|E₀| (%)');
  expect(consoleErrors).toEqual([]);
});

test('damping tab: the frequency marker labels never overprint', async ({ page, appUrl, consoleErrors }) => {
  // Heavy top: classical and modified frequencies lie close together on the Ωh axis.
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=2&panel=damping`);
  await waitForSettled(page);
  await expect(page.locator('.damping-marker-label')).not.toHaveCount(0);
  for (const size of [{ width: 1600, height: 900 }, { width: 1280, height: 720 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    const labels = await boxes(page, '.damping-marker-label');
    expect(labels.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) expect(overlap(labels[i], labels[j]), `labels ${i}, ${j} at ${size.width}`).toBe(false);
    }
  }
  expect(consoleErrors).toEqual([]);
});

/** Pixels of colour `hex` (±8 per channel) in rows [y0, y1) of the image. */
function colourPixels(image: DecodedPng, hex: string, y0: number, y1: number): number {
  const [r, g, b] = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
  let count = 0;
  for (let y = y0; y < Math.min(y1, image.height); y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * image.channels;
      if (Math.abs(image.data[i] - r) <= 8 && Math.abs(image.data[i + 1] - g) <= 8 && Math.abs(image.data[i + 2] - b) <= 8) count++;
    }
  }
  return count;
}

/** Dark (text) pixels in rows [y0, y1). */
function darkPixels(image: DecodedPng, y0: number, y1: number): number {
  let count = 0;
  for (let y = y0; y < Math.min(y1, image.height); y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * image.channels;
      if (image.data[i] + image.data[i + 1] + image.data[i + 2] < 200) count++;
    }
  }
  return count;
}

test('PNG export: from any tab, with title, legend, parameters and link; disabled without samples', async ({ page, appUrl, consoleErrors }, testInfo) => {
  // Hold the solver workers back: no samples yet, so there is nothing to export.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*sim.worker*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5&alpha=-0.1&panel=damping`);
  await page.waitForFunction(() => window.__hht !== undefined);
  await expect(page.getByTestId('export-png')).toBeDisabled();
  await expect(page.getByTestId('export-png')).toHaveAccessibleDescription(/available once the run has samples/);
  release();
  await waitForSettled(page);
  await expect(page.getByTestId('export-png')).toBeEnabled();

  // The Numerical damping tab is open: the time plots are not on the page, yet they export.
  await expect(page.getByTestId('charts')).toHaveCount(0);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
  expect(file.suggestedFilename()).toBe('hht-spin-plots.png');
  const bytes = readFileSync((await file.path())!);
  const path = testInfo.outputPath('exported.png');
  (await import('node:fs')).writeFileSync(path, bytes);
  await testInfo.attach('exported-png', { path, contentType: 'image/png' });
  if (process.env.SHOTS_DIR) (await import('node:fs')).writeFileSync(`${process.env.SHOTS_DIR}/exported-spin.png`, bytes);
  const image = decodePng(bytes);
  expect(image.width).toBeGreaterThan(2600);
  expect(image.height).toBeGreaterThan(1200);
  await expect(page.getByText('PNG saved')).toBeVisible();
  // Header (top 2 × 90 px): title and parameter text, and the legend's line swatches in the
  // method and exact colours; footer: the link.
  const palette = { classical: '#c2410c', modified: '#1d4ed8', exact: '#15803d' };
  for (const colour of Object.values(palette)) expect(colourPixels(image, colour, 2 * 50, 2 * 96), colour).toBeGreaterThan(40);
  expect(darkPixels(image, 0, 2 * 70)).toBeGreaterThan(2000);
  expect(darkPixels(image, image.height - 2 * 30, image.height)).toBeGreaterThan(500);
  // The curves: the method colours below the header too.
  for (const colour of [palette.classical, palette.modified]) expect(colourPixels(image, colour, 2 * 120, image.height)).toBeGreaterThan(1000);
  expect(consoleErrors).toEqual([]);
});
