/**
 * Switching models never blanks the page: every mix of shipped models and users' models, through the Model menu,
 * Open model…, a link carrying a model, Back and Forward, leaves a page with its plots, its 3D view and a finished
 * run of the model the menu names, and no error.
 */
import { deflateRawSync } from 'node:zlib';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { curvePoints, expect, test, waitForSettled } from './fixtures';

const DOUBLE_PENDULUM = 'docs/examples/double-pendulum.json';
const GYROSCOPE = 'docs/examples/gyroscope.json';

/** A user's model in a link: the file's text deflated and written in base64url (the `model-data` key). */
function modelData(path: string): string {
  return deflateRawSync(Buffer.from(readFileSync(path, 'utf8'))).toString('base64url');
}

function titleOf(path: string): string {
  return (JSON.parse(readFileSync(path, 'utf8')) as { title: string }).title;
}

/** The Model menu's name of a shipped model: its file's title. */
function shippedTitle(id: string): string {
  return titleOf(`models/${id}.json`);
}

/** Page errors as they happen (the fixture checks them only at the end). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits for the run after `afterRunId` and checks the page works: the model menu names `title`, the run of every
 * compared method ended (finished or failed, none left starting), the first plot has drawn its curve, the 3D view
 * stands, and no error happened on the way.
 */
async function expectWorking(page: Page, errors: string[], afterRunId: number, title: string, step: string): Promise<number> {
  const status = await waitForSettled(page, afterRunId, 90_000);
  expect(errors, `page errors after: ${step}`).toEqual([]);
  const chosen = await page.getByTestId('scenario-select').evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
  expect(chosen, `the Model menu after: ${step}`).toBe(title);
  for (const method of Object.keys(status.methods) as (keyof typeof status.methods)[]) {
    expect(['idle', 'finished', 'failed'], `${method} after: ${step}`).toContain(status.methods[method].phase);
  }
  // The upper plot shows ω or the model's default output.
  const shownKind = (await page.locator(`[data-testid="output-chart-classical"]`).count()) > 0 ? 'output' : 'omega';
  await expect.poll(() => curvePoints(page, `${shownKind}-chart-classical`), { message: `curve after: ${step}` }).toBeGreaterThan(1);
  await expect(page.getByTestId('scene')).toBeVisible();
  return status.runId;
}

async function chooseModel(page: Page, id: string): Promise<void> {
  await page.getByTestId('scenario-select').selectOption(id);
}

async function openFile(page: Page, path: string): Promise<void> {
  await page.getByTestId('open-model-file').setInputFiles(path);
}

test('every mix of shipped and user models through the Model menu, Open model…, Back and Forward leaves a working page', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.goto(`${appUrl}?scenario=spin&t=1`);
  let runId = await expectWorking(page, errors, 0, shippedTitle('spin'), 'opening the spin');
  const spinTitle = shippedTitle('spin');
  const pendulumTitle = shippedTitle('pendulum');
  const governorTitle = shippedTitle('flyball-governor');

  const back = () => page.goBack();
  const forward = () => page.goForward();
  const doublePendulum = titleOf(DOUBLE_PENDULUM);
  // Each step, the model whose title the working page then shows, and what the step is called in a failure.
  const steps: readonly (readonly [() => Promise<unknown>, string, string])[] = [
    [() => openFile(page, DOUBLE_PENDULUM), doublePendulum, 'Open model… (double pendulum)'],
    [() => chooseModel(page, 'pendulum'), pendulumTitle, 'Model menu → A01 after a user model'],
    [back, doublePendulum, 'Back to the user model'],
    [back, spinTitle, 'Back to the spin'],
    [forward, doublePendulum, 'Forward to the user model'],
    [forward, pendulumTitle, 'Forward to A01'],
    // The menu's own entry of the kept model, then a second user model over the first.
    [() => chooseModel(page, 'custom'), doublePendulum, 'Model menu → your model'],
    [() => openFile(page, GYROSCOPE), titleOf(GYROSCOPE), 'Open model… (gyroscope) over the double pendulum'],
    [back, doublePendulum, 'Back from one user model to another'],
    [() => chooseModel(page, 'flyball-governor'), governorTitle, 'Model menu → flyball governor'],
    [back, doublePendulum, 'Back to the user model again'],
    // Choosing the governor after Back replaced the gyroscope's entry (as a browser does with new pages).
    [back, pendulumTitle, 'Back past the user model to A01'],
    [forward, doublePendulum, 'Forward to the user model'],
    [forward, governorTitle, 'Forward to the governor'],
  ];
  for (const [step, title, label] of steps) {
    await step();
    runId = await expectWorking(page, errors, runId, title, label);
  }
  expect(consoleErrors).toEqual([]);
});

test('a link carrying a model, then the Model menu, then Back: the page works at each step', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto(`${appUrl}?v=1&scenario=custom&t=1&model-data=${modelData(GYROSCOPE)}`);
  let runId = await expectWorking(page, errors, 0, titleOf(GYROSCOPE), 'opening a model-data link');
  await chooseModel(page, 'spin');
  runId = await expectWorking(page, errors, runId, shippedTitle('spin'), 'Model menu → spin');
  await page.goBack();
  await expectWorking(page, errors, runId, titleOf(GYROSCOPE), 'Back to the link\'s model');
  expect(consoleErrors).toEqual([]);
});

test('a user model after Back, photographed at 1366×768 and 390×844 (test-results/switching/)', async ({ page, appUrl, consoleErrors }) => {
  mkdirSync('test-results/switching', { recursive: true });
  for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    const errors = watchErrors(page);
    await page.goto(`${appUrl}?v=1&scenario=custom&t=2&model-data=${modelData(DOUBLE_PENDULUM)}`);
    let runId = await expectWorking(page, errors, 0, titleOf(DOUBLE_PENDULUM), 'opening the double pendulum');
    await chooseModel(page, 'spin');
    runId = await expectWorking(page, errors, runId, shippedTitle('spin'), 'Model menu → spin');
    await page.goBack();
    await expectWorking(page, errors, runId, titleOf(DOUBLE_PENDULUM), 'Back to the double pendulum');
    await page.screenshot({ path: `test-results/switching/user-model-after-back-${size.width}x${size.height}.png`, fullPage: size.width < 600 });
  }
  expect(consoleErrors).toEqual([]);
});
