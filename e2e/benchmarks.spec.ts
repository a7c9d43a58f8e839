/**
 * The benchmark library's presets (SPEC §8): each opens with what its problem tests, and the method family on the
 * flyball governor ends on the numbers its preset and the lesson quote (the same bits as `sim`, SPEC §4).
 */
import { PRESETS } from '../src/app/presets';
import { chartSeries, expect, test, waitForSettled } from './fixtures';

test('the benchmark presets say what they test; the governor family ends where its preset says', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto(`${appUrl}?${PRESETS['a03-andrews'].query}`);
  await expect(page.getByTestId('preset-banner')).toContainText('Benchmark A03');
  await expect(page.getByTestId('preset-tests')).toContainText('1140 rad/s');
  await waitForSettled(page);
  // The preset plots β; its ω component (z, the crank's axis) shows once ω is plotted (the radios only then).
  await expect(page.getByTestId('component-z')).toHaveCount(0);
  await page.getByTestId('output-picker').selectOption({ label: 'ω (angular velocity)' });
  await expect(page.getByTestId('component-z')).toBeChecked();
  // β̇ of the crank at 0.03 s (test set: 1139.92 rad/s).
  expect((await page.evaluate(() => window.__hht!.finalOmega('modified')))![2]).toBeCloseTo(1139.9, 0);

  await page.goto(`${appUrl}?${PRESETS['governor-family'].query}`);
  await expect(page.getByTestId('preset-banner')).toContainText('The method family on the flyball governor');
  await waitForSettled(page);
  const final = async (m: 'classical' | 'modified' | 'generalized-alpha' | 'lie-group') => (await page.evaluate((x) => window.__hht!.finalOmega(x), m))![2];
  expect(await final('classical')).toBeCloseTo(5.533, 3);
  expect(await final('modified')).toBeCloseTo(5.542, 3);
  expect(await final('generalized-alpha')).toBeCloseTo(5.543, 3);
  expect(await final('lie-group')).toBeCloseTo(5.543, 3);
  expect(consoleErrors).toEqual([]);
});

test('a bare benchmark link plots the model\'s default output with its reference curve; output=omega plots ω', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto(`${appUrl}?v=1&scenario=andrews`);
  await waitForSettled(page);
  await expect(page.getByTestId('output-picker')).toHaveValue('beta');
  for (const method of ['classical', 'modified']) {
    const chart = page.getByTestId(`output-chart-${method}`);
    await expect(chart).toBeVisible();
    await expect(chart.locator('.chart-legend-item-text').filter({ hasText: /^reference$/ })).toHaveCount(1);
    // The run's curve and the reference curve, both drawn.
    const curves = await chartSeries(page, `output-chart-${method}`);
    expect(curves.map((c) => c.key)).toEqual(['main', 'reference']);
    for (const c of curves) expect(c.points, c.name).toBeGreaterThan(10);
  }
  await expect(page.getByTestId('omega-chart-modified')).toHaveCount(0);
  // The 3D view's readout gives the plotted output too.
  await expect(page.getByTestId('readout-omega-modified')).toHaveText(/^beta = -?\d+\.\d+ rad$/);
  // The page's link stays bare; choosing ω writes output=omega, which opens on ω.
  expect(new URL(page.url()).search).toBe('?v=1&scenario=andrews');
  await page.getByTestId('output-picker').selectOption('');
  await expect(page.getByTestId('omega-chart-modified')).toBeVisible();
  await expect(page.getByTestId('readout-omega-modified')).toHaveText(/^ωx = -?\d+\.\d\d rad\/s$/);
  await expect.poll(() => new URL(page.url()).search).toBe('?v=1&scenario=andrews&output=omega');
  await page.goto(`${appUrl}?v=1&scenario=andrews&output=omega`);
  await expect(page.getByTestId('omega-chart-modified')).toBeVisible();
  await expect(page.getByTestId('output-chart-modified')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
