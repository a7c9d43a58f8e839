/**
 * The V8 crank drive in the browser: a short run so the suite stays fast; the
 * 9 s default is the same code path, only longer.
 */
import { chartAxes, curvePoints, expect, test, waitForSettled } from './fixtures';
import { decodePng, distinctColours, luminanceStdDev } from './png';

test('V8 crank: both methods stream samples, the engine is drawn, the crank speeds up', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?scenario=v8-crank&t=0.2`);
  const status = await waitForSettled(page);
  expect(status.methods.classical.phase).toBe('finished');
  expect(status.methods.modified.phase).toBe('finished');
  await expect(page.getByTestId('run-modified')).toContainText('done: 2,000 steps');

  for (const m of ['classical', 'modified'] as const) {
    const samples = await page.evaluate((method) => window.__hht!.samples(method), m);
    expect(samples.length).toBeGreaterThan(1000);
    expect(samples[samples.length - 1][0]).toBe(0.2);
    const final = (await page.evaluate((method) => window.__hht!.finalRow(method), m))!;
    // Crank speed ω_x: the ramped torque has spun the crank up from rest.
    expect(Number.isFinite(final[1])).toBe(true);
    expect(final[1]).toBeGreaterThan(0);
    await expect.poll(async () => await curvePoints(page, `omega-chart-${m}`)).toBeGreaterThan(100);
  }
  // The crank speed is plotted in rad/s with rpm on a second axis.
  const axes = await chartAxes(page, 'omega-chart-modified');
  expect(axes.y?.label).toBe('crank speed ωx (rad/s)');
  expect(axes.right?.label).toBe('crank speed (rpm)');
  expect(axes.right?.ticks.length).toBeGreaterThanOrEqual(2);

  const canvas = page.locator('[data-testid="scene"] canvas');
  const image = decodePng(await canvas.screenshot());
  expect(luminanceStdDev(image)).toBeGreaterThan(8);
  expect(distinctColours(image)).toBeGreaterThan(50);
  expect(consoleErrors).toEqual([]);
});

test('on a software renderer the 3D frames that follow a run in flight have a quarter of the pixels, the last frame all', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}?scenario=v8-crank&t=9&h=0.0001`);
  const sizes = () => page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="scene"] canvas');
    return { busy: window.__hht?.runStatus().busy ?? false, width: canvas?.width ?? 0, cssWidth: canvas ? Math.round(canvas.clientWidth * devicePixelRatio) : 0 };
  });
  // Headless Chromium draws WebGL with SwiftShader: the 3D view follows the run at half the resolution each way.
  await expect.poll(async () => { const s = await sizes(); return s.busy && s.width > 0 && Math.abs(s.width - s.cssWidth / 2) <= 1; }, { timeout: 60_000 }).toBe(true);
  await waitForSettled(page, 0, 120_000);
  await expect.poll(async () => { const s = await sizes(); return s.width === s.cssWidth && s.width > 0; }).toBe(true);
});
