/**
 * Adaptive step size and failure handling in the browser.
 */
import { curvePoints, expect, test, waitForSettled } from './fixtures';

test('adaptive steps: the switch and tolerance rerun, the step-size plot shows h and Newton iterations', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?scenario=heavy-top&t=0.5`);
  const fixed = await waitForSettled(page);
  await page.getByTestId('step-adaptive').check();
  const coarse = await waitForSettled(page, fixed.runId);
  expect(page.url()).toContain('tol=0.0001');
  expect(page.url()).toContain('show=steps');
  expect(await page.evaluate(() => window.__hht!.state().tolerance)).toBe(1e-4);
  await expect(page.getByTestId('run-modified')).toContainText(/done: [\d,]+ steps accepted, [\d,]+ rejected/);

  for (const m of ['classical', 'modified'] as const) {
    const h = await page.evaluate((method) => window.__hht!.series(method, 'h'), m);
    expect(h.length).toBeGreaterThan(100);
    expect(h.length).toBeLessThanOrEqual(2000);
    for (const [, step] of h) expect(step > 0 && step <= 0.5 / 1999 + 1e-12).toBe(true);
    expect(await curvePoints(page, `steps-chart-${m}`)).toBeGreaterThan(20);
  }
  const stepsChart = page.getByTestId('steps-chart-modified');
  await expect(stepsChart).toContainText('step h (s)');
  await expect(stepsChart).toContainText('Newton iterations');

  // A tighter tolerance takes more steps.
  const stepsAt = async () => (await page.evaluate(() => window.__hht!.runStatus().methods.modified.progress!.stepsDone));
  const before = await stepsAt();
  await page.getByTestId('field-tol').fill('1e-8');
  await waitForSettled(page, coarse.runId);
  expect(page.url()).toContain('tol=1e-8');
  expect(await stepsAt()).toBeGreaterThan(before);

  // Out of bounds: marked at the field, not run.
  await page.getByTestId('field-tol').fill('1');
  await expect(page.getByTestId('field-tol')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('step-fixed').check();
  await expect(page.getByTestId('field-tol')).toBeHidden();
  await waitForSettled(page);
  expect(page.url()).not.toContain('tol=');
  expect(consoleErrors).toEqual([]);
});

test('heavy top at α = 0 fails for both methods: time, reason and advice shown, samples plotted up to the failure', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?scenario=heavy-top&alpha=0&t=1`);
  const status = await waitForSettled(page);
  for (const m of ['classical', 'modified'] as const) {
    const run = status.methods[m];
    expect(run.phase).toBe('failed');
    const failure = run.failure!;
    expect(failure.reason).toMatch(/alternating sign|did not converge/);
    expect(failure.time).toBeGreaterThan(0);
    expect(failure.time).toBeLessThan(1);

    const notice = page.getByTestId(`failure-${m}`);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`Failed at t = ${Number(failure.time.toPrecision(6))} s`);
    await expect(notice).toContainText(/alternating sign|did not converge/);
    // The first α the model's kept damping scan measured stable for this method at this step.
    await expect(notice).toContainText('What to try: use α < 0 (e.g. α = −0.05)');

    // Everything up to the failure is kept and plotted, and all of it is finite.
    const samples = await page.evaluate((method) => window.__hht!.samples(method), m);
    expect(samples.length).toBeGreaterThan(10);
    // The last sample is the last good state: at the failure time or one step (h = 1e-4) before.
    const last = samples[samples.length - 1][0];
    expect(last).toBeLessThanOrEqual(failure.time);
    expect(failure.time - last).toBeLessThan(1.5e-4);
    for (const row of samples) for (const x of row) expect(Number.isFinite(x)).toBe(true);
    for (const column of ['omega_y', 'energy_error', 'h']) {
      const series = await page.evaluate(([method, c]) => window.__hht!.series(method, c), [m, column] as const);
      for (const [, v] of series) expect(Number.isFinite(v)).toBe(true);
    }
    const points = Number(await page.getByTestId(`omega-chart-${m}`).getAttribute('data-points'));
    expect(points).toBeGreaterThan(10);
    expect(await curvePoints(page, `omega-chart-${m}`)).toBeGreaterThan(10);
    // Every point of the chart is drawn: none was left out as NaN or infinite.
    expect(await curvePoints(page, `omega-chart-${m}`)).toBe(Number(await page.getByTestId(`omega-chart-${m}`).getAttribute('data-points')));
  }
  expect(consoleErrors).toEqual([]);
});
