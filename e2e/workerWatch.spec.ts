/**
 * A solver worker that stops answering ends its run with the reason (src/app/workerWatch.ts): what it computed stays
 * on the plots and in the exports, the worker is replaced, and Run again works. The test ends a worker without telling
 * the page (window.__hht.silenceWorker), which is how a hung worker looks from the page, and shortens the wait to 2 s.
 */
import type { Page } from '@playwright/test';
import { curvePoints, expect, test, waitForApi, waitForSettled } from './fixtures';

const phaseOf = (page: Page, method: 'classical' | 'modified') => page.evaluate((m) => window.__hht!.runStatus().methods[m].phase, method);

test('a worker silent in the middle of a run: the run fails with the reason, its samples stay, Run again works', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(120_000);
  // 600,000 steps per method: still running when its first samples are on screen.
  await page.goto(`${appUrl}?scenario=heavy-top&t=6&h=1e-5`);
  await waitForApi(page);
  await expect.poll(() => page.evaluate(() => window.__hht!.samples('classical').length), { timeout: 30_000 }).toBeGreaterThan(2);
  expect(await phaseOf(page, 'classical')).toBe('running');
  await page.evaluate(() => window.__hht!.silenceWorker('classical', 2000));
  const silencedAt = await page.evaluate(() => window.__hht!.samples('classical').length);
  await expect.poll(() => phaseOf(page, 'classical'), { timeout: 10_000 }).toBe('failed');
  const run = await page.evaluate(() => window.__hht!.runStatus().methods.classical);
  expect(run.failure).toMatchObject({ reason: 'the solver stopped answering after 2 s', worker: true });
  expect(run.failure!.time).toBeGreaterThan(0);
  // What it computed stays: its samples, its curve, its CSV.
  expect(await page.evaluate(() => window.__hht!.samples('classical').length)).toBeGreaterThanOrEqual(silencedAt);
  expect(await curvePoints(page, 'omega-chart-classical')).toBeGreaterThan(2);
  await expect(page.getByTestId('failure-classical')).toContainText('the solver stopped answering after 2 s');
  await expect(page.getByTestId('run-status-classical')).toContainText('stopped answering');
  // The other method runs on to its end.
  const settled = await waitForSettled(page, 0, 90_000);
  expect(settled.methods.modified.phase).toBe('finished');
  await expect(page.getByTestId('export-csv-classical')).toBeEnabled();

  await page.getByTestId('failure-rerun-classical').click();
  const again = await waitForSettled(page, settled.runId, 90_000);
  expect(again.methods.classical.phase).toBe('finished');
  expect(again.methods.modified.phase).toBe('finished');
  expect(consoleErrors).toEqual([]);
});

test('a worker silent before its first answer: the run stops waiting ("starting…") after the limit, Run again works', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(90_000);
  await page.goto(`${appUrl}?scenario=spin&t=1`);
  const first = await waitForSettled(page);
  await page.evaluate(() => window.__hht!.silenceWorker('classical', 2000));
  await page.getByTestId('rerun-button').click();
  await expect(page.getByTestId('run-status-classical')).toHaveText('starting…');
  await expect.poll(() => phaseOf(page, 'classical'), { timeout: 10_000 }).toBe('failed');
  expect((await page.evaluate(() => window.__hht!.runStatus().methods.classical)).failure).toMatchObject({ time: 0, reason: 'the solver stopped answering after 2 s' });
  const stopped = await waitForSettled(page, first.runId);
  expect(stopped.methods.modified.phase).toBe('finished');
  await page.getByTestId('rerun-button').click();
  const again = await waitForSettled(page, stopped.runId);
  expect(again.methods.classical.phase).toBe('finished');
  expect(await page.evaluate(() => window.__hht!.finalOmega('classical'))).not.toBeNull();
  expect(consoleErrors).toEqual([]);
});
