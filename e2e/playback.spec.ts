/**
 * Every model plays: on each shipped model and a user's model, playing, pausing, the speed, the scrubber and a click
 * on a plot move the 3D view, the time readouts and the plot cursors together. The end times are chosen so that
 * the run's last sample is not one of the uniformly kept rows of the 3D view (h = 1e-3: 2001 steps kept every
 * second), the case in which a model with outputs once ended its rows with a stray partial row and stood still.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, waitForSettled } from './fixtures';
import { decodePng } from './png';
import { fullMatrix } from './matrix/cells';

interface PlayCase {
  readonly name: string;
  /** The link's query, or null: the user's double pendulum, opened as Open model… does. */
  readonly query: string | null;
  readonly tEnd: number;
  /** Playback speed while it plays by itself (simulated seconds per second): a short run plays slower. */
  readonly speed?: string;
}

const ALL_CASES: readonly PlayCase[] = [
  { name: 'spin', query: 'scenario=spin&t=2', tEnd: 2 },
  { name: 'heavy-top', query: 'scenario=heavy-top&t=1', tEnd: 1, speed: '0.1' },
  // From rest the crank hardly turns in a second: started turning, it does.
  { name: 'v8-crank', query: 'scenario=v8-crank&t=1&omega0=60', tEnd: 1, speed: '0.1' },
  { name: 'pendulum', query: 'scenario=pendulum&t=2.001', tEnd: 2.001 },
  { name: 'n-four-bar', query: 'scenario=n-four-bar&t=2.001', tEnd: 2.001 },
  { name: 'andrews', query: 'scenario=andrews&t=0.04001', tEnd: 0.04001, speed: '0.01' },
  { name: 'bricard', query: 'scenario=bricard&t=2.001', tEnd: 2.001 },
  { name: 'flyball-governor', query: 'scenario=flyball-governor&t=2.001', tEnd: 2.001 },
  // Its own run settings (h = 5e-4, 10 s: 20,001 samples kept every eleventh).
  { name: "a user's double pendulum", query: null, tEnd: 10 },
];

/**
 * The models whose 3D view once stood still (a stray partial last row); the others play in the matrix's diagonal
 * (e2e/matrix/, every model at its own run length), and here too under `npm run e2e:matrix`.
 */
const STOOD_STILL = new Set(['pendulum', 'bricard', 'flyball-governor', "a user's double pendulum"]);
const CASES = fullMatrix() ? ALL_CASES : ALL_CASES.filter((c) => STOOD_STILL.has(c.name));

/** What the page shows of the playhead: its time, both readouts, the first ω (or output) plot's cursor, the 3D view. */
async function shown(page: Page) {
  const cursor = page.locator('[data-figure-chart] .cursor-line').first();
  return {
    time: await page.evaluate(() => window.__hht!.playhead()),
    readout: (await page.getByTestId('readout-time').textContent()) ?? '',
    label: (await page.getByTestId('time-label').textContent()) ?? '',
    cursor: await cursor.evaluate((el) => (el as HTMLElement).style.transform),
    scene: await page.locator('[data-testid="scene"] canvas').screenshot(),
  };
}

/** The time a readout writes ('t = 0.123 s'). */
function readoutTime(text: string): number {
  const match = /t = ([\d.]+) s/.exec(text);
  return match ? Number(match[1]) : NaN;
}

/** Pixels that differ between two screenshots of the same size. */
function changedPixels(a: Buffer, b: Buffer): number {
  const x = decodePng(a);
  const y = decodePng(b);
  if (x.width !== y.width || x.height !== y.height) return x.width * x.height;
  let changed = 0;
  for (let i = 0; i < x.data.length; i += x.channels) {
    let d = 0;
    for (let c = 0; c < Math.min(3, x.channels); c++) d += Math.abs(x.data[i + c] - y.data[i + c]);
    if (d > 30) changed++;
  }
  return changed;
}

async function open(page: Page, appUrl: string, c: PlayCase): Promise<void> {
  if (c.query !== null) {
    await page.goto(`${appUrl}?${c.query}`);
    await waitForSettled(page, 0, 100_000);
    return;
  }
  await page.goto(`${appUrl}?scenario=spin&t=0.1`);
  await waitForSettled(page);
  const before = await page.evaluate(() => window.__hht!.runStatus().runId);
  const text = readFileSync('docs/examples/double-pendulum.json', 'utf8');
  expect(await page.evaluate((t) => window.__hht!.openModel(t), text)).toEqual({ ok: true });
  await waitForSettled(page, before, 100_000);
  expect(await page.evaluate(() => window.__hht!.state().scenario)).toBe('custom');
}

for (const c of CASES) {
  test(`${c.name}: play, pause, speed, scrubber and a click on a plot move the 3D view, the readouts and the cursors`, async ({ page, appUrl, consoleErrors }) => {
    test.setTimeout(120_000);
    await open(page, appUrl, c);
    // After the run the playback starts from t = 0 by itself.
    await expect(page.getByTestId('play-button')).toHaveText(/Pause/);
    if (c.speed) await page.getByTestId('speed-select').selectOption(c.speed);
    // From the start at that speed, so a short run does not wrap round between the two looks.
    await page.evaluate(() => window.__hht!.seek(0));
    await page.waitForTimeout(1200);
    const a = await shown(page);
    await page.waitForTimeout(1200);
    const b = await shown(page);
    expect(a.time).toBeGreaterThan(0);
    expect(b.time).toBeGreaterThan(a.time);
    expect(readoutTime(b.readout)).toBeGreaterThan(readoutTime(a.readout));
    expect(readoutTime(b.label)).toBeGreaterThan(readoutTime(a.label));
    expect(b.cursor).not.toBe(a.cursor);
    expect(changedPixels(a.scene, b.scene), 'pixels of the 3D view that changed while it played').toBeGreaterThan(20);

    // Pause: everything stands still.
    await page.getByTestId('play-button').click();
    await expect(page.getByTestId('play-button')).toHaveText(/Play/);
    const paused = await shown(page);
    await page.waitForTimeout(600);
    const still = await shown(page);
    expect(still.time).toBe(paused.time);
    expect(still.readout).toBe(paused.readout);

    // The scrubber sets the time of all of them.
    const scrubTo = Number((c.tEnd * 0.6).toFixed(4));
    await page.getByTestId('time-scrubber').fill(String(scrubTo));
    await expect.poll(() => page.evaluate(() => window.__hht!.playhead())).toBeCloseTo(scrubTo, 3);
    await expect.poll(async () => readoutTime((await page.getByTestId('readout-time').textContent()) ?? '')).toBeCloseTo(scrubTo, 2);
    const scrubbed = await shown(page);
    expect(scrubbed.cursor).not.toBe(still.cursor);
    expect(changedPixels(still.scene, scrubbed.scene)).toBeGreaterThan(20);

    // A click on a plot seeks there, and playing goes on from there, never back to 0.
    await page.getByTestId('speed-select').selectOption(c.speed ?? '1');
    const plot = page.locator('[data-figure-chart] .chart-plot').first();
    const box = (await plot.boundingBox())!;
    await plot.click({ position: { x: box.width * 0.3, y: box.height / 2 } });
    const clicked = await page.evaluate(() => window.__hht!.playhead());
    expect(clicked).toBeGreaterThan(0.05 * c.tEnd);
    expect(clicked).toBeLessThan(0.5 * c.tEnd);
    await page.getByTestId('play-button').click();
    await page.waitForTimeout(400);
    const played = await page.evaluate(() => window.__hht!.playhead());
    expect(played).toBeGreaterThan(clicked);
    expect(consoleErrors).toEqual([]);
  });
}

test('past the time a run failed at, its 3D readout says so instead of showing its last ω', async ({ page, appUrl, consoleErrors }) => {
  // Classical HHT at α = 0 fails on the spin at t ≈ 1.28 s (SPEC §5); modified HHT runs on.
  await page.goto(`${appUrl}?scenario=spin&alpha=0&t=2`);
  const status = await waitForSettled(page);
  expect(status.methods.classical.phase).toBe('failed');
  expect(status.methods.modified.phase).toBe('finished');
  const failedAt = status.methods.classical.failure!.time;
  await page.getByTestId('play-button').click();
  await page.evaluate((t) => window.__hht!.seek(t), failedAt / 2);
  await expect(page.getByTestId('readout-omega-classical')).toHaveText(/^ωx = [\d.]+ rad\/s$/);
  await page.evaluate((t) => window.__hht!.seek(t), (failedAt + 2) / 2);
  await expect(page.getByTestId('readout-omega-classical')).toHaveText(`failed at t = ${Number(failedAt.toPrecision(6))} s`);
  await expect(page.getByTestId('readout-omega-modified')).toHaveText(/^ωx = [\d.]+ rad\/s$/);
  expect(consoleErrors).toEqual([]);
});

test('a playing flyball governor, photographed at 1366×768 and 390×844 (test-results/playback/)', async ({ page, appUrl, consoleErrors }) => {
  mkdirSync('test-results/playback', { recursive: true });
  for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.goto(`${appUrl}?scenario=flyball-governor&t=2.001`);
    await waitForSettled(page);
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => window.__hht!.playhead())).toBeGreaterThan(0.1);
    await page.screenshot({ path: `test-results/playback/flyball-playing-${size.width}x${size.height}.png`, fullPage: size.width < 600 });
  }
  expect(consoleErrors).toEqual([]);
});
