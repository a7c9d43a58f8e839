/**
 * A failed run on the shared axes (lesson step 1: classical HHT fails on the free spin at α = 0 while modified
 * runs on): the axes come from the samples before the blow-up, so the modified curve stays readable, and the
 * marker in the failed column says when it failed. Every lower plot, at the projector and phone sizes; screenshots saved for a
 * person to look at (SHOTS_DIR, default test-results/shots-failed).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, waitForSettled } from './fixtures';

const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/shots-failed';
const SIZES = [
  { name: 'projector-1280x720', width: 1280, height: 720, query: '&projector=on' },
  { name: 'phone-390x844', width: 390, height: 844, query: '' },
] as const;
const LOWER = ['energy', 'steps', 'norm', 'constraints', 'momentum', 'difference'] as const;

for (const size of SIZES) {
  test(`a failed run keeps the shared axes readable at ${size.name}`, async ({ page, appUrl }, testInfo) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const show of LOWER) {
      await page.goto(`${appUrl}?v=1&scenario=spin&alpha=0&t=2&show=${show}${size.query}`);
      await waitForSettled(page);
      const omega = page.getByTestId('omega-chart-modified');
      await expect(omega).toBeVisible();
      // ωx runs from 10 to 20 rad/s; classical's last sample (837 rad/s) no longer sets the shared axis.
      const top = Number((await omega.getAttribute('data-domain'))!.split(',')[1]);
      expect(top).toBeLessThan(50);
      const classical = page.getByTestId('omega-chart-classical');
      // The failure line's labels, drawn on the canvas (its data-marks hook).
      await expect(classical).toHaveAttribute('data-marks', /"kind":"failure","labels":\["fails at t = 1\.2\d s","blow-up off scale"\]/);
      await classical.scrollIntoViewIfNeeded();
      const path = join(SHOTS_DIR, `${show}-${size.name}.png`);
      await page.screenshot({ path });
      await testInfo.attach(`${show}-${size.name}`, { path, contentType: 'image/png' });
    }
  });
}
