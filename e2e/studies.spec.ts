/**
 * The Studies panel: a small convergence study on the heavy top reports the
 * observed orders, and its CSV equals `sim study` for the same settings (the same numbers as
 * the solver core's convergence test: test/solver/studies.test.ts); cancel; the α sweep; a study of a user's
 * model (its shown command, run by `sim`, prints the page's CSV to the byte); the last finished table kept.
 */
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test, waitForSettled } from './fixtures';
import { commandArgs, sim } from './simCli';

const SETTINGS: Record<string, string> = {
  steps: '1e-4,5e-5',
  alpha: '-0.2',
  't-end': '0.2',
  'sample-dt': '1e-3',
  'ref-h': '5e-6',
  'ref-alpha': '-0.2',
};

test('convergence study on the heavy top: observed orders at α = −0.2, CSV equal to `sim study`, PNG and SVG', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.1&panel=studies`);
  await waitForSettled(page);
  for (const [flag, text] of Object.entries(SETTINGS)) await page.getByTestId(`study-field-${flag}`).fill(text);
  await expect(page.getByTestId('study-issue')).toBeHidden();
  await page.getByTestId('study-run').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });

  // SPEC §5: both methods first order in ω at α ≠ 0, the modified error far smaller.
  const caption = await page.getByTestId('study-table').locator('caption').textContent();
  const orders = [...caption!.matchAll(/HHT (\d+\.\d+) in ω/g)].map((m) => Number(m[1]));
  expect(orders).toHaveLength(2);
  for (const order of orders) {
    expect(order).toBeGreaterThan(0.7);
    expect(order).toBeLessThan(1.3);
  }
  await expect(page.locator('[data-testid="study-chart"] path.recharts-line-curve')).toHaveCount(2);
  await expect(page.getByTestId('study-chart')).toContainText('p = ');

  const [csvFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('study-export-csv').click()]);
  const csv = readFileSync((await csvFile.path())!, 'utf8');
  const args = Object.entries(SETTINGS).flatMap(([flag, text]) => [`--${flag}`, text]);
  const cli = sim(['study', 'convergence', '--scenario', 'heavy-top', ...args]);
  expect(csv).toBe(cli);
  const rows = csv.trim().split('\n').slice(1).map((line) => line.split(','));
  const error = (method: string, h: string) => Number(rows.find((r) => r[0] === method && r[1] === h)![2]);
  expect(error('classical', '0.00005') / error('modified', '0.00005')).toBeGreaterThan(50);

  for (const kind of ['png', 'svg']) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`study-export-${kind}`).click()]);
    expect(file.suggestedFilename()).toBe(`hht-heavy-top-convergence.${kind}`);
    expect(readFileSync((await file.path())!).length).toBeGreaterThan(2000);
  }
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a study can be cancelled; the α sweep plots the final ω over α', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5&panel=studies`);
  await waitForSettled(page);
  // Far more work than the test waits for.
  await page.getByTestId('study-field-ref-h').fill('1e-6');
  await page.getByTestId('study-field-t-end').fill('5');
  await page.getByTestId('study-run').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'running');
  await page.getByTestId('study-cancel').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'cancelled');
  await expect(page.getByTestId('study-run')).toBeEnabled();

  await page.getByTestId('study-kind-alpha-sweep').check();
  await page.getByTestId('study-field-alpha-steps').fill('4');
  await page.getByTestId('study-field-t-end').fill('1');
  await expect(page.getByTestId('study-command')).toHaveText('sim study alpha-sweep --scenario spin --methods classical,modified --alpha-steps 4 --h 0.01 --t-end 1');
  await page.getByTestId('study-run').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('study-table').locator('tbody tr')).toHaveCount(8);
  await expect(page.locator('[data-testid="study-chart"] path.recharts-line-curve')).toHaveCount(2);
  await expect(page.getByTestId('study-chart')).toContainText('final ωx (rad/s)');
  // Bad settings are refused with the command's own message, and not run.
  await page.getByTestId('study-field-h').fill('2');
  await expect(page.getByTestId('study-issue')).toContainText('--h 2 is larger than --t-end 1');
  await expect(page.getByTestId('study-run')).toBeDisabled();
  expect(consoleErrors).toEqual([]);
});

test('a study of a user model: the command carries the model, and runs to the CSV the page exports, to the byte', async ({ page, appUrl, consoleErrors }) => {
  const text = readFileSync('docs/examples/double-pendulum.json', 'utf8');
  await page.goto(`${appUrl}?v=1&scenario=custom&t=0.1&panel=studies&model-data=${deflateRawSync(Buffer.from(text)).toString('base64url')}`);
  await waitForSettled(page);
  await page.getByTestId('study-kind-alpha-sweep').check();
  await expect(page.getByTestId('study-field-h')).toHaveValue('0.0005');
  await expect(page.getByTestId('study-field-t-end')).toHaveValue('10');
  await page.getByTestId('study-field-alpha-steps').fill('3');
  await page.getByTestId('study-field-h').fill('0.005');
  await page.getByTestId('study-field-t-end').fill('0.2');
  await expect(page.getByTestId('studies-panel')).toContainText('Model “Double pendulum” with its current parameters');
  const command = (await page.getByTestId('study-command').textContent())!;
  expect(command).toMatch(/^sim study alpha-sweep --url '\?v=1&scenario=custom&model-data=[\w-]+' --methods classical,modified --alpha-steps 3 --h 0\.005 --t-end 0\.2$/);
  await page.getByTestId('study-run').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('study-table').locator('tbody tr')).toHaveCount(6);
  // The rods turn about z: the chart shows the final ω_z.
  await expect(page.getByTestId('study-chart')).toContainText('final ωz (rad/s)');

  const [csvFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('study-export-csv').click()]);
  expect(csvFile.suggestedFilename()).toBe('hht-double-pendulum-alpha-sweep.csv');
  const csv = readFileSync((await csvFile.path())!, 'utf8');
  const cli = sim(commandArgs(command));
  expect(csv).toBe(cli);
  expect(csv.split('\n')).toHaveLength(8);
  expect(consoleErrors).toEqual([]);
});

/** A two-value α sweep of the heavy top over 0.1 s (h = 1 ms), run to its four-row table. */
async function runSmallAlphaSweep(page: Page): Promise<void> {
  await page.getByTestId('study-kind-alpha-sweep').check();
  await page.getByTestId('study-field-alpha-steps').fill('2');
  await page.getByTestId('study-field-h').fill('1e-3');
  await page.getByTestId('study-field-t-end').fill('0.1');
  await page.getByTestId('study-run').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('study-table').locator('tbody tr')).toHaveCount(4);
}

test('the last finished table stays, marked, while a new study runs, after it is cancelled and after it fails', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.1&panel=studies`);
  await waitForSettled(page);
  await runSmallAlphaSweep(page);
  const rows = page.getByTestId('study-table').locator('tbody tr');
  await expect(page.getByTestId('study-previous')).toBeHidden();

  // A long convergence study: the α sweep's table stays, said to be the previous result, until it is cancelled.
  await page.getByTestId('study-kind-convergence').check();
  await page.getByTestId('study-field-ref-h').fill('1e-6');
  await page.getByTestId('study-field-t-end').fill('5');
  await page.getByTestId('study-run').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'running');
  await expect(page.getByTestId('study-previous')).toHaveText('Previous result: it stays until the study now running finishes.');
  await expect(rows).toHaveCount(4);
  await page.getByTestId('study-cancel').click();
  await expect(page.getByTestId('study-previous')).toHaveText('The last study was cancelled; this is the previous result.');
  await expect(rows).toHaveCount(4);

  // A study whose reference fails (α = 0 on the heavy top): the table stays, said so.
  for (const [flag, value] of [['steps', '1e-3'], ['t-end', '0.5'], ['sample-dt', '1e-3'], ['ref-h', '5e-4'], ['ref-alpha', '0']]) {
    await page.getByTestId(`study-field-${flag}`).fill(value);
  }
  await page.getByTestId('study-run').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'failed', { timeout: 30_000 });
  await expect(page.getByTestId('study-previous')).toHaveText('The last study failed; this is the previous result.');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('study-table').locator('th[scope="col"]').nth(1)).toHaveText('α');

  // A study that finishes replaces it.
  await page.getByTestId('study-field-ref-alpha').fill('-0.2');
  await page.getByTestId('study-run').click();
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('study-previous')).toBeHidden();
  await expect(page.getByTestId('study-table').locator('th[scope="col"]').nth(1)).toHaveText('h (s)');
  expect(await seriousViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a finished table stays over a tab switch, a new α, another model and Back, and names its model when it is not the one on screen', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.1&panel=studies`);
  let status = await waitForSettled(page);
  await runSmallAlphaSweep(page);
  const rows = page.getByTestId('study-table').locator('tbody tr');
  const table = await page.getByTestId('study-table').innerText();
  const kept = async () => {
    await expect(rows).toHaveCount(4);
    expect(await page.getByTestId('study-table').innerText()).toBe(table);
  };

  // Another tab and back.
  await page.getByTestId('tab-plots').click();
  await page.getByTestId('tab-studies').click();
  await kept();
  await expect(page.getByTestId('study-previous')).toBeHidden();

  // A new α (a new run of the model on screen): the same model, so no note.
  await page.getByTestId('field-alpha').fill('-0.1');
  status = await waitForSettled(page, status.runId);
  await kept();
  await expect(page.getByTestId('study-previous')).toBeHidden();

  // Another shipped model: the table stays, said to be of the heavy top.
  await page.getByTestId('scenario-select').selectOption('spin');
  status = await waitForSettled(page, status.runId);
  await kept();
  await expect(page.getByTestId('study-previous')).toHaveText('Previous result. It is a study of scenario heavy-top, not of the model on screen.');

  // Back to the heavy top: the table is of the model on screen again.
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.__hht!.state().scenario)).toBe('heavy-top');
  status = await waitForSettled(page, status.runId);
  await kept();
  await expect(page.getByTestId('study-previous')).toBeHidden();

  // A user's model opened from a file: the heavy top's table stays, named.
  await page.getByTestId('open-model-file').setInputFiles({
    name: 'double-pendulum.json', mimeType: 'application/json', buffer: readFileSync('docs/examples/double-pendulum.json'),
  });
  await expect.poll(() => page.evaluate(() => window.__hht!.state().scenario)).toBe('custom');
  await waitForSettled(page, status.runId);
  await kept();
  await expect(page.getByTestId('study-previous')).toHaveText('Previous result. It is a study of scenario heavy-top, not of the model on screen.');
  expect(consoleErrors).toEqual([]);
});
