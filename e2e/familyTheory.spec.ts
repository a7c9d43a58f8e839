/**
 * The method family in the teaching tabs: the Numerical damping tab draws ρ and
 * the period error of every compared method in its colour and line style, the Theory tab explains each
 * method, and the Studies tab runs the family (convergence with four methods, the ρ∞ sweep). Screenshots
 * at laptop, projector and phone sizes go to test-results/shots-family-theory/ to be looked at.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { METHOD_DASH, METHOD_LABELS, paletteFor } from '../src/app/theme';
import type { RunMethod } from '../src/scenario/methods';
import { expect, test, waitForSettled } from './fixtures';

const SHOTS = 'test-results/shots-family-theory';
const FOUR: RunMethod[] = ['classical', 'modified', 'generalized-alpha', 'ji-xing'];
const DAMPING_LINK = `?v=1&scenario=heavy-top&t=1&methods=${FOUR.join(',')}&panel=damping`;

async function shot(target: Page | Locator, testInfo: TestInfo, name: string): Promise<void> {
  const body = await target.screenshot({ path: `${SHOTS}/${name}.png` });
  await testInfo.attach(`${name}.png`, { body, contentType: 'image/png' });
}

/** Stroke colour and dash pattern of every plotted curve in a chart, in drawing order. */
async function curveStyles(chart: Locator): Promise<{ stroke: string | null; dash: string | null }[]> {
  return chart.locator('path.recharts-line-curve').evaluateAll((paths) =>
    paths.map((p) => ({ stroke: p.getAttribute('stroke'), dash: p.getAttribute('stroke-dasharray') })));
}

/** One curve per method, each in the method's colour and line style (theme.ts). */
async function expectOneCurvePerMethod(chart: Locator, methods: readonly RunMethod[], projector = false): Promise<void> {
  const palette = paletteFor(false, projector);
  await expect(chart.locator('path.recharts-line-curve')).toHaveCount(methods.length);
  const styles = await curveStyles(chart);
  expect(styles).toEqual(methods.map((m) => ({ stroke: palette.method[m], dash: METHOD_DASH[m] ?? null })));
}

/** The chart lies inside the viewport, at least `minHeight` px tall. */
async function expectOnScreen(page: Page, testId: string, minHeight: number): Promise<void> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.height, testId).toBeGreaterThanOrEqual(minHeight);
  expect(box.y + box.height, testId).toBeLessThanOrEqual(view.height + 1);
  expect(box.x + box.width, testId).toBeLessThanOrEqual(view.width + 1);
}

test.describe('laptop 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('damping and theory tabs speak of every compared method', async ({ page, appUrl, consoleErrors }, testInfo) => {
    await page.goto(`${appUrl}${DAMPING_LINK}`);
    await waitForSettled(page);
    await expectOneCurvePerMethod(page.getByTestId('damping-chart'), FOUR);
    await expectOneCurvePerMethod(page.getByTestId('damping-period-chart'), FOUR);
    // The legend names every method with its own parameter.
    const legend = page.getByTestId('damping-legend');
    await expect(legend).toContainText('classical HHT (α = −0.2)');
    await expect(legend).toContainText('modified HHT (α = −0.2) = classical HHT');
    await expect(legend).toContainText('Ji–Xing composite (ρ∞ = 0.6667)');
    // The run's Euler-parameter frequencies: a row and a marker per method, the top's ≈ 75 rad/s.
    for (const m of FOUR) {
      const row = page.getByTestId(`damping-row-${m}`).first();
      await expect(row).toBeVisible();
      expect(Math.abs(Number(await row.locator('td').first().textContent()) - 75)).toBeLessThan(15);
      await expect(page.getByTestId(`damping-why-${m}`)).toContainText(METHOD_LABELS[m]);
    }
    await expect(page.getByTestId('damping-chart').locator('.recharts-reference-line')).toHaveCount(await page.locator('[data-testid^="damping-row-"]').count());
    await expect(page.getByTestId('damping-row-classical').first()).toContainText('(Eq. 28)');
    await expect(page.getByTestId('damping-summary')).not.toContainText('each HHT step');
    await shot(page, testInfo, 'laptop-1366x768-damping');

    await page.getByTestId('tab-theory').click();
    for (const m of FOUR) await expect(page.getByTestId(`theory-method-${m}`)).toBeVisible();
    // The method not compared is explained too, folded below.
    const others = page.getByTestId('theory-others');
    await expect(others).toContainText('Lie-group generalized-α');
    await others.locator('summary').click();
    await expect(page.getByTestId('theory-method-lie-group')).toContainText('one-parameter subgroup');
    await expect(page.getByTestId('theory-methods').locator('math')).toHaveCount(10);
    await expect(page.getByTestId('theory-method-generalized-alpha')).toContainText('αm = 0.2, αf = 0.4, γ = 0.7, β = 0.36');
    await page.getByTestId('theory-methods').evaluate((el) => el.scrollIntoView());
    await shot(page, testInfo, 'laptop-1366x768-theory');
    expect(consoleErrors).toEqual([]);
  });

  test('studies: a convergence study of four methods and a ρ∞ sweep, each method in its colour and line style', async ({ page, appUrl, consoleErrors }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto(`${appUrl}?v=1&scenario=spin&t=1&methods=${FOUR.join(',')}&rho=0.5&panel=studies`);
    await waitForSettled(page);
    // The app's ρ∞ goes to the study; α is the HHT runs' field.
    await expect(page.getByTestId('study-command')).toContainText('sim study convergence --scenario spin --methods classical,modified,generalized-alpha,ji-xing --rho-inf 0.5 --steps');
    await page.getByTestId('study-run').click();
    await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
    await expectOneCurvePerMethod(page.getByTestId('study-chart'), FOUR);
    await expect(page.getByTestId('study-table').locator('caption')).toContainText('Ji–Xing composite');
    await shot(page, testInfo, 'laptop-1366x768-study-convergence');

    await page.getByTestId('study-kind-rho-sweep').check();
    await page.getByTestId('study-field-rho-steps').fill('3');
    await page.getByTestId('study-field-t-end').fill('2');
    await expect(page.getByTestId('study-command')).toHaveText('sim study rho-sweep --scenario spin --methods generalized-alpha,ji-xing --rho-steps 3 --h 0.01 --t-end 2');
    await page.getByTestId('study-run').click();
    await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
    await expect(page.getByTestId('study-table').locator('tbody tr')).toHaveCount(6);
    await expectOneCurvePerMethod(page.getByTestId('study-chart'), ['generalized-alpha', 'ji-xing']);
    await expect(page.getByTestId('study-chart')).toContainText('ρ∞ (–)');
    // Ji–Xing keeps the spin at every ρ∞ (exact ω_x(2) = 10 + 5·2 = 20); generalized-α lags below it.
    const omegaX = async (m: RunMethod, rho: number) => Number((await page.getByTestId(`study-row-${m}-${rho}`).locator('td').nth(1).textContent())!.split(',')[0]);
    for (const rho of [0, 0.5]) {
      expect(Math.abs((await omegaX('ji-xing', rho)) - 20)).toBeLessThan(1e-3);
      expect(await omegaX('generalized-alpha', rho)).toBeLessThan(20);
    }
    await shot(page, testInfo, 'laptop-1366x768-study-rho-sweep');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('projector 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('both damping charts and the theory paragraphs fit the projector screen', async ({ page, appUrl, consoleErrors }, testInfo) => {
    await page.goto(`${appUrl}${DAMPING_LINK}&projector=on`);
    await waitForSettled(page);
    await expectOneCurvePerMethod(page.getByTestId('damping-chart'), FOUR, true);
    await expectOnScreen(page, 'damping-chart', 150);
    await expectOnScreen(page, 'damping-period-chart', 100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await shot(page, testInfo, 'projector-1280x720-damping');
    await page.getByTestId('tab-theory').click();
    await expect(page.getByTestId('theory-method-classical')).toBeVisible();
    await shot(page, testInfo, 'projector-1280x720-theory');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('damping charts and theory stay inside the phone’s width', async ({ page, appUrl, consoleErrors }, testInfo) => {
    await page.goto(`${appUrl}${DAMPING_LINK}`);
    await waitForSettled(page);
    await expectOneCurvePerMethod(page.getByTestId('damping-chart'), FOUR);
    for (const id of ['damping-chart', 'damping-period-chart']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.width, id).toBeLessThanOrEqual(390);
      expect(box.height, id).toBeGreaterThanOrEqual(180);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('damping-chart').scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'phone-390x844-damping');
    await page.getByTestId('damping-methods').scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'phone-390x844-damping-text');
    await page.getByTestId('tab-theory').click();
    await page.getByTestId('theory-method-classical').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, 'phone-390x844-theory');
    expect(consoleErrors).toEqual([]);
  });
});
