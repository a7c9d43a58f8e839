/**
 * The largest stable step on the model in front of the user: the stability study in the Studies tab (pooled, its
 * CSV equal to `sim study stability` for the same settings) and its verdict beside the linear oscillator's in the
 * Numerical damping tab; and the error norm next to the tolerance. Short runs: classical HHT on the spin at
 * α = −0.05, whose eᵀė mode sets h_max ≈ 0.0148 s (test/solver/stabilityStudy.test.ts).
 */
import { readFileSync } from 'node:fs';
import { encodeModelData } from '../src/scenario/modelData';
import { seriousViolations } from './axe';
import { expect, test, waitForSettled } from './fixtures';
import { sim } from './simCli';

const SETTINGS: Record<string, string> = { 'h-range': '0.005,0.05', 't-end': '3' };
const SIZES = [
  { name: 'laptop-1366x768', width: 1366, height: 768 },
  { name: 'phone-390x844', width: 390, height: 844 },
];

test('stability study on the spin: h_max per method, CSV equal to `sim study stability`, and the damping tab’s verdict', async ({ page, appUrl, consoleErrors }, testInfo) => {
  // A study, a `sim study` process and two tabs at two sizes: more than one page load's worth of time.
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[0]);
  await page.goto(`${appUrl}?v=1&scenario=spin&alpha=-0.05&t=3&panel=studies`);
  await waitForSettled(page);
  await page.getByTestId('study-kind-stability').check();
  for (const [flag, text] of Object.entries(SETTINGS)) await page.getByTestId(`study-field-${flag}`).fill(text);
  await expect(page.getByTestId('study-command')).toHaveText(
    'sim study stability --scenario spin --methods classical,modified --alpha -0.05 --h-range 0.005,0.05 --t-end 3 --rtol 0.02 --energy-bound 1 --constraint-bound 0.000001',
  );
  await page.getByTestId('study-run').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });

  const hMax = Number(await page.getByTestId('stability-hmax-classical').textContent());
  expect(hMax).toBeGreaterThan(0.014);
  expect(hMax).toBeLessThan(0.0155);
  await expect(page.getByTestId('stability-mode-classical')).toContainText('eᵀė of the Euler parameters grows');
  await expect(page.getByTestId('stability-hmax-modified')).toHaveText('≥ 0.05');
  await expect(page.getByTestId('study-row-modified')).toContainText('unconditionally stable');
  await expect(page.locator('[data-testid="study-chart"] .recharts-reference-dot')).toHaveCount(2);

  const [csvFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('study-export-csv').click()]);
  const csv = readFileSync((await csvFile.path())!, 'utf8');
  const args = ['--alpha', '-0.05', ...Object.entries(SETTINGS).flatMap(([flag, text]) => [`--${flag}`, text])];
  const cli = sim(['study', 'stability', '--scenario', 'spin', ...args]);
  expect(csv).toBe(cli);
  expect(await seriousViolations(page)).toEqual([]);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByTestId('study-table').scrollIntoViewIfNeeded();
    const shot = await page.screenshot({ path: `test-results/stability/studies-${size.name}.png`, fullPage: false });
    await testInfo.attach(`studies-${size.name}.png`, { body: shot, contentType: 'image/png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }

  // The Numerical damping tab puts the measured limit beside the linear verdict.
  await page.setViewportSize(SIZES[0]);
  await page.getByTestId('tab-damping').click();
  const verdict = page.getByTestId('damping-verdict-classical');
  await expect(verdict).toContainText('linear analysis: unconditionally stable (ρ ≤ 1 at every Ωh)');
  await expect(verdict).toContainText(/measured on this model: h ≤ 0\.01\d+ s \(h·Ω = 0\.\d+\); above it eᵀė of the Euler parameters grows/);
  await expect(page.getByTestId('damping-verdict-modified')).toContainText('measured on this model: stable at every step tried, up to h = 0.05 s');
  await expect(page.getByTestId('damping-measure-stability')).toHaveCount(0);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByTestId('damping-stability').scrollIntoViewIfNeeded();
    const shot = await page.screenshot({ path: `test-results/stability/damping-${size.name}.png` });
    await testInfo.attach(`damping-${size.name}.png`, { body: shot, contentType: 'image/png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }

  // Another α is another run: the verdict asks to be measured again, and the button starts the study.
  await page.setViewportSize(SIZES[0]);
  await page.getByTestId('field-alpha').fill('-0.1');
  await expect(page.getByTestId('damping-verdict-classical')).toContainText('measured on this model: not yet measured');
  await page.getByTestId('damping-measure-stability').click();
  await expect(page.getByTestId('damping-stability-status')).toContainText('measuring: run');
  await page.getByTestId('tab-studies').click();
  await expect(page.getByTestId('study-command')).toContainText('sim study stability --scenario spin --methods classical,modified --alpha -0.1 --h-range 0.001,1 --t-end 10');
  // The spin's default study takes a few seconds: it may end before a click could cancel it, so this test lets it
  // finish and reads the new verdict (cancelling is studies.spec.ts's).
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 90_000 });
  await page.getByTestId('tab-damping').click();
  await expect(page.getByTestId('damping-verdict-classical')).toContainText(/measured on this model: h ≤ 0\.02\d+ s/);
  expect(consoleErrors).toEqual([]);
});

test('the error norm sits next to the tolerance, goes into the link, and the page says when the step cap binds', async ({ page, appUrl, consoleErrors }, testInfo) => {
  await page.setViewportSize(SIZES[0]);
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.05&tol=1e-3`);
  await waitForSettled(page);
  // An adaptive link of schema v1 keeps the position norm it was written with.
  await expect(page.getByTestId('norm-position')).toBeChecked();
  // At ε = 1e-3 the error control would take longer steps than the sample interval: the cap binds, and the page says so.
  await expect(page.getByTestId('run-status-modified')).toContainText(/the step cap h_max = 0\.0001 s \(the sample interval\) set \d+ % of the steps: a looser tolerance gives the same run/);
  const shot = await page.screenshot({ path: 'test-results/stability/tolerance-laptop-1366x768.png' });
  await testInfo.attach('tolerance-laptop-1366x768.png', { body: shot, contentType: 'image/png' });
  const before = await waitForSettled(page);
  await page.getByTestId('norm-position-velocity').check();
  await expect.poll(() => new URL(page.url()).search).toBe('?v=2&scenario=heavy-top&t=0.05&tol=0.001');
  await waitForSettled(page, before.runId);
  await page.getByTestId('norm-position').check();
  await expect.poll(() => new URL(page.url()).search).toBe('?v=2&scenario=heavy-top&t=0.05&tol=0.001&norm=position');
  const controls = await page.getByTestId('norm-position').locator('xpath=ancestor::fieldset[1]').screenshot({ path: 'test-results/stability/integrator-panel.png' });
  await testInfo.attach('integrator-panel.png', { body: controls, contentType: 'image/png' });
  expect(consoleErrors).toEqual([]);
});

test('where α is unstable: the model file\'s scan marks the slider at the model\'s step; at another step "Measure it" runs the scan on the study workers and marks it', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.2&methods=modified`);
  await waitForSettled(page);
  // At h = 1e-4 s (the model's own step) the file's scan: modified HHT unstable from α = −0.04.
  await expect(page.getByTestId('marks-alpha-bar-legend')).toContainText('unstable: modified α ≥ −0.04');
  await expect(page.getByTestId('marks-alpha-legend')).toContainText('Measured at h = 0.0001 s, runs of 10 s (kept in the model file');
  // α = −0.03 lies in it: the slider says so.
  await page.evaluate(() => window.__hht!.setAlpha(-0.03));
  await expect(page.getByTestId('bar-alpha-slider')).toHaveAttribute('aria-valuetext', 'α = -0.03, measured unstable for modified HHT at this step');
  // At h = 1e-3 s nothing is known until measured.
  await page.evaluate(() => { window.__hht!.setAlpha(-0.2); window.__hht!.setField('h', '0.001'); });
  await expect(page.getByTestId('marks-alpha-bar-legend')).toContainText('not measured at this h');
  await expect(page.getByTestId('marks-alpha-bar-track')).toHaveCount(0);
  await page.getByTestId('bar-scan-measure-alpha').click();
  await expect(page.getByTestId('marks-alpha-bar-legend')).toContainText('unstable: modified α ≥ −0.14', { timeout: 90_000 });
  await expect(page.getByTestId('marks-alpha-legend')).toContainText('on this page');
  const mark = page.getByTestId('marks-alpha-bar-track').getByTestId('mark-alpha-modified');
  expect(Number(await mark.getAttribute('data-start'))).toBeCloseTo((-0.145 + 1 / 3) * 3, 6);
  // The Studies tab holds the same scan: its table and the equivalent command.
  await page.getByTestId('tab-studies').click();
  await expect(page.getByTestId('scan-unstable-modified')).toHaveText('unstable for α ≥ −0.14');
  await expect(page.getByTestId('study-command')).toContainText('sim study damping-scan --scenario heavy-top --methods modified --h 0.001');
  expect(consoleErrors).toEqual([]);
});

test('where α is unstable on a user\'s model: nothing is known until "Measure it" runs the scan of that model on the study workers', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const data = encodeModelData(readFileSync('docs/examples/double-pendulum.json', 'utf8'));
  await page.goto(`${appUrl}?v=1&scenario=custom&model-data=${data}&t=0.5&h=0.01`);
  await waitForSettled(page);
  await expect(page.getByTestId('marks-alpha-bar-legend')).toContainText('not measured');
  await page.getByTestId('bar-scan-measure-alpha').click();
  // The scan of the double pendulum at h = 0.01 s: each compared method's verdict, measured on this page.
  await expect(page.getByTestId('marks-alpha-bar-legend')).toContainText(/classical HHT|modified HHT|classical|modified/, { timeout: 90_000 });
  await expect(page.getByTestId('marks-alpha-bar-legend')).not.toContainText('not measured');
  await expect(page.getByTestId('marks-alpha-legend')).toContainText('on this page');
  // The Studies tab holds the scan of the user's model, with a command sim runs on it.
  await page.getByTestId('tab-studies').click();
  await expect(page.getByTestId('study-command')).toContainText('sim study damping-scan');
  await expect(page.getByTestId('study-command')).toContainText('model-data=');
  expect(consoleErrors).toEqual([]);
});
