/**
 * The method family in the app: methods picked through the Integrator panel, each
 * run to the end in its own worker and drawn in its own colour and line style; ρ∞; the link and the
 * history round trip; the 3D view's overlaid ghosts; the difference plots of any selection; the size
 * contract of SPEC §7 with four methods. Screenshots go to test-results/shots-family/ for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { RunMethod } from '../src/scenario/methods';
import { chartSeries, expect, finalOmega, runId, test, waitForSettled } from './fixtures';

const SHOTS = 'test-results/shots-family';
const FOUR: readonly RunMethod[] = ['classical', 'modified', 'generalized-alpha', 'ji-xing'];

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Stroke colour and dash pattern of the main curve of each method's ω chart. */
async function curveStyles(page: Page, methods: readonly RunMethod[]): Promise<{ stroke: string; dash: string }[]> {
  return Promise.all(
    methods.map((m) =>
      chartSeries(page, `omega-chart-${m}`).then((lines) => {
        const main = lines.find((s) => s.key === 'main');
        return { stroke: main?.color ?? '', dash: main?.dash ?? '' };
      }),
    ),
  );
}

/** The names of the page's dedicated workers (the runner names each `hht-<method>`). */
async function workerNames(page: Page): Promise<string[]> {
  return Promise.all(page.workers().map((w) => w.evaluate(() => (self as unknown as { name: string }).name)));
}

/** Stops the playback and puts the playhead at t, so a screenshot shows that time. */
async function pauseAt(page: Page, t: number): Promise<void> {
  if ((await page.getByTestId('play-button').getAttribute('aria-label')) === 'Pause') await page.getByTestId('play-button').click();
  await page.evaluate((time) => window.__hht!.seek(time), t);
}

/** Ticks (or unticks) a method's box in the picker and waits for the run that follows to settle. */
async function toggleMethod(page: Page, method: RunMethod): Promise<void> {
  const before = await runId(page);
  await page.getByTestId(`method-${method}`).click();
  await waitForSettled(page, before);
}

test.describe('laptop 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('pick four methods in the panel: each runs in its own worker, own colour and dash; ρ∞; link and history round trip', async ({ page, appUrl, consoleErrors }) => {
    await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=1`);
    await waitForSettled(page);
    await expect(page.getByTestId('methods-headline')).toHaveAttribute('aria-pressed', 'true');
    // ρ∞ appears with the first ρ∞ method, α stays while an HHT method is compared.
    await expect(page.getByTestId('field-rho')).toHaveCount(0);
    await toggleMethod(page, 'generalized-alpha');
    await expect(page.getByTestId('field-rho')).toHaveValue('2/3');
    await expect(page.getByTestId('field-alpha')).toBeVisible();
    await toggleMethod(page, 'ji-xing');
    const status = await page.evaluate(() => window.__hht!.runStatus());
    for (const m of FOUR) expect(status.methods[m].phase, m).toBe('finished');
    expect(await page.evaluate(() => window.__hht!.state().methods)).toEqual(FOUR);
    expect((await workerNames(page)).filter((n) => n.startsWith('hht-')).sort()).toEqual(expect.arrayContaining(FOUR.map((m) => `hht-${m}`)));

    // Distinct colour and line style per method, in the plots and the run panel.
    const styles = await curveStyles(page, FOUR);
    expect(new Set(styles.map((s) => s.stroke)).size).toBe(4);
    expect(new Set(styles.map((s) => s.dash)).size).toBe(4);
    for (const m of FOUR) await expect(page.locator(`[data-testid="run-${m}"] .method-swatch`)).toBeVisible();
    expect(await page.getByTestId('run-ji-xing').textContent()).toContain('done');

    // The fifth is disabled with the reason said at the control.
    await expect(page.getByTestId('method-lie-group')).toBeDisabled();
    await expect(page.getByTestId('method-block-full')).toContainText('4 methods are compared at most');

    // ρ∞ typed; the link carries methods and rho; opening it gives the same state and picker.
    const before = await runId(page);
    await page.getByTestId('field-rho').fill('0.5');
    await waitForSettled(page, before);
    const url = page.url();
    expect(url).toContain('methods=classical,modified,generalized-alpha,ji-xing');
    expect(url).toContain('rho=0.5');
    const omegaGa = await finalOmega(page, 'generalized-alpha');
    await page.goto(url);
    await waitForSettled(page);
    for (const m of FOUR) await expect(page.getByTestId(`method-${m}`)).toBeChecked();
    await expect(page.getByTestId('field-rho')).toHaveValue('0.5');
    expect(await finalOmega(page, 'generalized-alpha')).toEqual(omegaGa);

    // History: Back returns to ρ∞ = 2/3 with the same four methods.
    await page.goBack();
    await waitForSettled(page);
    expect(page.url()).not.toContain('rho=');
    await expect(page.getByTestId('field-rho')).toHaveValue('2/3');
    await shot(page, 'laptop-four-methods');

    // Each method minus the first in the difference row, labelled as such.
    await page.getByTestId('difference-toggle').click();
    await expect(page.getByTestId('difference-toggle')).toContainText('each − classical');
    await expect(page.getByTestId('difference-chart-ji-xing')).toContainText('Ji–Xing − classical ωy');
    const summary = (await page.getByTestId('difference-summary-generalized-alpha').textContent())!;
    const last = Number(/to (\S+),/.exec(summary)![1]);
    const expected = (await finalOmega(page, 'generalized-alpha'))![1] - (await finalOmega(page, 'classical'))![1];
    // The summary prints six significant digits.
    expect(Math.abs(last - expected)).toBeLessThan(1e-5 * Math.max(1, Math.abs(expected)));
    await shot(page, 'laptop-difference');
    await page.getByTestId('difference-toggle').click();

    // One click back to the headline comparison; ρ∞ goes with the last ρ∞ method.
    const beforeHeadline = await runId(page);
    await page.getByTestId('methods-headline').click();
    await waitForSettled(page, beforeHeadline);
    expect(await page.evaluate(() => window.__hht!.state().methods)).toEqual(['classical', 'modified']);
    await expect(page.getByTestId('field-rho')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('rules explained at the control: Lie-group needs a fixed step; ρ∞ methods alone hide α', async ({ page, appUrl, consoleErrors }) => {
    await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.5`);
    await waitForSettled(page);
    await page.getByTestId('step-adaptive').click();
    await expect(page.getByTestId('method-lie-group')).toBeDisabled();
    await expect(page.getByTestId('method-block-lie-group')).toContainText('fixed step only');
    await page.getByTestId('step-fixed').click();
    await toggleMethod(page, 'lie-group');
    await expect(page.getByTestId('step-adaptive')).toBeDisabled();
    await expect(page.getByTestId('step-note')).toContainText('Lie-group');
    // Only ρ∞ methods: α's control goes, ρ∞'s stays; the link has no alpha.
    await toggleMethod(page, 'classical');
    await toggleMethod(page, 'modified');
    await expect(page.getByTestId('field-alpha')).toHaveCount(0);
    await expect(page.getByTestId('field-rho')).toBeVisible();
    expect(await page.evaluate(() => window.__hht!.state().methods)).toEqual(['lie-group']);
    // The last method cannot be unticked (it says why in its title).
    await expect(page.getByTestId('method-lie-group')).toBeDisabled();
    expect(page.url()).toContain('methods=lie-group');
    expect(consoleErrors).toEqual([]);
  });

  test('overlaid ghosts: the toggle is in the link, the history, and works for top, spin and V8', async ({ page, appUrl, consoleErrors }) => {
    await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=2&methods=${FOUR.join(',')}`);
    await waitForSettled(page);
    await expect(page.getByTestId('scene')).toHaveAttribute('data-bodies', 'side');
    await page.getByTestId('bodies-toggle').click();
    await expect(page.getByTestId('scene')).toHaveAttribute('data-bodies', 'overlaid');
    await expect(page.getByTestId('bodies-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => page.url()).toContain('bodies=overlaid');
    await expect(page.getByTestId('scene-readout')).toContainText('(ghost)');
    await pauseAt(page, 2);
    await shot(page, 'laptop-ghosts-heavy-top');
    for (const scenario of ['spin', 'v8-crank']) {
      await page.goto(`${appUrl}?v=1&scenario=${scenario}&t=1&methods=classical,modified,generalized-alpha&bodies=overlaid`);
      await waitForSettled(page, 0, 90_000);
      await expect(page.getByTestId('scene')).toHaveAttribute('data-bodies', 'overlaid');
      await pauseAt(page, 1);
      await shot(page, `laptop-ghosts-${scenario}`);
    }
    await page.getByTestId('bodies-toggle').click();
    await expect(page.getByTestId('scene')).toHaveAttribute('data-bodies', 'side');
    await expect.poll(() => page.url()).not.toContain('bodies=');
    expect(consoleErrors).toEqual([]);
  });
});

/** The size contract of SPEC §7 with four methods compared. */
const SIZES = [
  { name: 'projector-1280x720', width: 1280, height: 720, projector: true, touch: false },
  { name: 'projector-1024x768', width: 1024, height: 768, projector: true, touch: false },
  { name: 'laptop-1366x768', width: 1366, height: 768, projector: false, touch: false },
  { name: 'tablet-768x1024', width: 768, height: 1024, projector: false, touch: true },
  { name: 'phone-390x844', width: 390, height: 844, projector: false, touch: true },
] as const;

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, isMobile: size.touch });

    test(`four methods at ${size.width}×${size.height}: charts readable, nothing sideways, screenshot`, async ({ page, appUrl, consoleErrors }) => {
      await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=1&methods=${FOUR.join(',')}${size.projector ? '&projector=on' : ''}`);
      await waitForSettled(page);
      await page.evaluate(() => window.__hht!.seek(0.6));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      const minHeight = size.projector ? 180 : 150;
      const widths: number[] = [];
      for (const m of FOUR) {
        for (const kind of ['omega', 'energy']) {
          const b = (await page.getByTestId(`${kind}-chart-${m}`).boundingBox())!;
          expect(b.height, `${kind} ${m}`).toBeGreaterThanOrEqual(minHeight);
          expect(b.x + b.width, `${kind} ${m}`).toBeLessThanOrEqual(size.width);
          // Wide enough that its ticks and curve read: four columns share a laptop's plots (≈ 250 px each),
          // two a tablet's; a projector keeps all eight charts on one screen at 20 px type, so narrower.
          expect(b.width, `${kind} ${m}`).toBeGreaterThanOrEqual(size.projector ? 155 : 240);
          widths.push(b.width);
        }
      }
      console.log(`${size.name}, four methods: time charts ${Math.min(...widths).toFixed(0)}–${Math.max(...widths).toFixed(0)} px wide`);
      if (!size.touch) {
        // Desktop and projector: the page does not scroll; the 3D view and every ω chart are on screen.
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(size.height);
      }
      await shot(page, size.name);
      if (size.touch) {
        await page.getByTestId('charts').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await shot(page, `${size.name}-plots`);
        await page.getByTestId('method-picker').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await shot(page, `${size.name}-picker`);
      }
      expect(consoleErrors).toEqual([]);
    });
  });
}
