/**
 * Invariant monitors, the theory overlay and "numerical damping explained".
 */
import { classicalOneStepOmega, modifiedOneStepE0, modifiedOneStepOmega } from '../src/solver/studies/theory';
import { curvePoints, expect, test, waitForSettled } from './fixtures';

test('invariant monitors: Euler-norm drift, constraint residuals and L_z are selectable lower plots', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.5`);
  await waitForSettled(page);
  // SPEC §2 heavy top: L_z(0) = J_z ω_z + m (r × ṙ)_z = 0.234375·(−4.61538) − 15·4.61538.
  const lz = await page.evaluate(() => window.__hht!.series('modified', 'angular_momentum_z'));
  expect(lz[0][1]).toBeCloseTo(0.234375 * -4.61538 - 15 * 4.61538, 8);
  for (const [show, label] of [['norm', '| |e|² − 1 |'], ['constraints', 'velocity |C_q q̇ + C_t|'], ['momentum', 'L_z − L_z(0)']] as const) {
    await page.getByTestId('lower-plot').selectOption(show);
    expect(page.url()).toContain(`show=${show}`);
    await expect(page.getByTestId(`${show}-chart-modified`)).toContainText(label);
    await expect.poll(async () => await curvePoints(page, `${show}-chart-classical`)).toBeGreaterThan(20);
    // The text alternative: the key numbers (zeros are left out of the log plots).
    await expect(page.getByTestId(`${show}-summary-classical`)).toContainText(/t = 0(\.\d+)? … 0\.\d+ s: from \S+ to \S+, min \S+, max \S+\./);
  }
  // Velocity residuals are not enforced by index-3 HHT: they are nonzero but small.
  const velocity = await page.evaluate(() => window.__hht!.series('modified', 'velocity_constraint_error'));
  const worst = Math.max(...velocity.map(([, v]) => v));
  expect(worst).toBeGreaterThan(0);
  expect(worst).toBeLessThan(1e-2);
  expect(consoleErrors).toEqual([]);
});

test('theory overlay: the closed forms next to the measured first step of the running spin', async ({ page, appUrl, consoleErrors }) => {
  const [alpha, h, omega, mu] = [-0.2, 1e-3, 10, 5];
  await page.goto(`${appUrl}?v=1&scenario=spin&alpha=${alpha}&h=${h}&t=0.01&panel=theory`);
  await waitForSettled(page);
  const panel = page.getByTestId('theory-panel');
  await expect(panel.locator('math')).toHaveCount(7);
  const cell = async (key: string, column: string) => Number(await page.getByTestId(`theory-${key}-${column}`).textContent());
  const cases = [
    ['eq28', classicalOneStepOmega(alpha, h, omega, mu).value - omega],
    ['eq41', modifiedOneStepE0(h, omega, mu).value - 1],
    ['eq42', modifiedOneStepOmega(alpha, h, omega, mu).value - omega],
  ] as const;
  for (const [key, predicted] of cases) {
    await expect.poll(() => cell(key, 'measured')).not.toBeNaN();
    expect(await cell(key, 'predicted')).toBeCloseTo(predicted, 12);
    const measured = await cell(key, 'measured');
    // As in the solver's own check (test/solver/studies.test.ts): within 1e-4 of the step's change, here 1e-3 (default Newton tolerances).
    expect(Math.abs(measured - predicted)).toBeLessThan(1e-3 * Math.abs(measured));
  }
  await expect(page.getByTestId('theory-eq7-measured')).toHaveText('assumes ω0 = 0 (start from rest)');
  expect(consoleErrors).toEqual([]);
});

test('numerical damping: ρ and period error over Ωh, the run’s Euler-parameter frequency marked', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=1&panel=damping`);
  await waitForSettled(page);
  const chart = page.getByTestId('damping-chart');
  await expect(chart.locator('path.recharts-line-curve')).toHaveCount(2);
  await expect(chart.locator('.recharts-reference-line')).toHaveCount(2);
  // The top spins at ω_y ≈ 150 rad/s: its Euler parameters oscillate at about 75 rad/s.
  const first = page.getByTestId('damping-table').locator('tbody tr').first();
  const omega = Number(await first.locator('td').first().textContent());
  expect(Math.abs(omega - 75)).toBeLessThan(15);
  expect(consoleErrors).toEqual([]);
});
