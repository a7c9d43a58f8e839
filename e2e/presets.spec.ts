/**
 * Lecture presets and projector mode: each preset opens from its link with its
 * explanation and its plot; one click on a preset gives the same page; projector mode is part
 * of the link.
 */
import { PRESETS } from '../src/app/presets';
import { chartAxes, chartSeries, curvePoints, expect, test, waitForApi, waitForSettled } from './fixtures';

test('each preset opens from its link, explains itself and shows its plot', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(90_000);
  // Heavy top, Figs. 4/5: ω_x and the energy drift of both methods.
  await page.goto(`${appUrl}?${PRESETS['fig4-5'].query}`);
  await expect(page.getByTestId('preset-banner')).toContainText('Paper Fig. 4/5: heavy top');
  await expect(page.getByTestId('component-x')).toBeChecked();
  await expect(page.getByTestId('lower-plot')).toHaveValue('energy');
  for (const chart of ['omega-chart-classical', 'energy-chart-modified']) {
    await expect.poll(async () => await curvePoints(page, chart), { timeout: 30_000 }).toBeGreaterThan(100);
  }

  // V8, Fig. 8: the crank speed streams in (the 9 s run is not waited for).
  await page.goto(`${appUrl}?${PRESETS.fig8.query}`);
  await expect(page.getByTestId('preset-banner')).toContainText('Paper Fig. 8: V8 crank');
  await expect.poll(async () => (await chartAxes(page, 'omega-chart-modified')).y?.label).toBe('crank speed ωx (rad/s)');
  await expect.poll(async () => await curvePoints(page, 'omega-chart-modified'), { timeout: 30_000 }).toBeGreaterThan(20);

  // Spin at α = 0: modified on the exact line to 2 s, classical behind it until it fails at 1.28 s, explained.
  await page.goto(`${appUrl}?${PRESETS['spin-alpha0'].query}`);
  await expect(page.getByTestId('preset-banner')).toContainText('why α = 0 is not enough');
  await waitForSettled(page);
  await expect.poll(async () => (await chartSeries(page, 'omega-chart-modified')).filter((s) => s.points > 1).length).toBe(2);
  expect((await page.evaluate(() => window.__hht!.finalOmega('modified')))![0]).toBeCloseTo(20, 9);
  const classical = await page.evaluate(() => window.__hht!.samples('classical'));
  const lag = classical.find(([t]) => Math.abs(t - 1.1) < 1e-9)!;
  expect(lag[1]).toBeLessThan(10 + 5 * 1.1 - 0.3);
  await expect(page.getByTestId('failure-classical')).toContainText('Failed at t = 1.28 s');
  await expect(page.getByTestId('failure-why-classical')).toContainText('eᵀė flips sign every step and grows as exp(|ω|t/2)');

  // Convergence, Fig. 2: the studies panel opens and runs the paper's study by itself.
  await page.goto(`${appUrl}?${PRESETS.fig2.query}`);
  await expect(page.getByTestId('preset-banner')).toContainText('Convergence: Fig. 2');
  await expect(page.getByTestId('tab-studies')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(page.locator('[data-testid="study-chart"] path.recharts-line-curve')).toHaveCount(2);
  const order = Number(await page.getByTestId('study-order-modified-0.00005').textContent());
  expect(order).toBeGreaterThan(0.7);
  expect(order).toBeLessThan(1.3);
  expect(consoleErrors).toEqual([]);
});

test('a preset opens in one click; projector mode is part of the link', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.2`);
  const first = await waitForSettled(page);
  await page.getByTestId('preset-spin-alpha0').click();
  await expect(page.getByTestId('preset-banner')).toContainText('why α = 0 is not enough');
  await waitForSettled(page, first.runId);
  expect(new URL(page.url()).search).toBe(`?${PRESETS['spin-alpha0'].query}`);
  await page.getByRole('button', { name: 'Close the preset explanation' }).click();
  await expect(page.getByTestId('preset-banner')).toBeHidden();
  expect(page.url()).not.toContain('preset=');

  await page.getByTestId('projector-toggle').click();
  await expect(page.getByTestId('projector-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect(page.url()).toContain('projector=on');
  const thick = async () => (await chartSeries(page, 'omega-chart-modified')).find((s) => s.key === 'main')?.width ?? 0;
  await expect.poll(thick).toBeGreaterThanOrEqual(3);
  const link = page.url();
  await page.goto(link);
  await waitForApi(page);
  // The test API can be up before the app's first effects ran (they put the mode's class on the document).
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('projector'))).toBe(true);
  const fontSize = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(16);
  await expect.poll(thick).toBeGreaterThanOrEqual(3);
  expect(consoleErrors).toEqual([]);
});

test.describe('a preset link on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('folds its explanation to the title, so α and both ω plots are on the first screen; one tap opens it', async ({ page, appUrl, consoleErrors }) => {
    await page.goto(`${appUrl}?${PRESETS['fig4-5'].query}`);
    await expect(page.getByTestId('preset-banner')).toContainText('Paper Fig. 4/5: heavy top');
    const list = page.getByTestId('preset-banner').locator('ul');
    await expect(list).toBeHidden();
    const inView = async (id: string) => {
      const b = (await page.getByTestId(id).boundingBox())!;
      return b.y >= 0 && b.y + b.height <= 844.5 && b.x >= 0 && b.x + b.width <= 390.5;
    };
    for (const id of ['bar-alpha-slider', 'bar-play', 'omega-chart-classical', 'omega-chart-modified']) expect(await inView(id), id).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId('preset-more').click();
    await expect(page.getByTestId('preset-more')).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
