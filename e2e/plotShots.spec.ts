/**
 * Screenshots of the plots at the projector and laptop sizes, saved for a
 * person to look at (SHOTS_DIR, default test-results/shots-plots) and attached to the report.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, waitForSettled } from './fixtures';

const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/shots-plots';

const SIZES = [
  { name: 'laptop-1366x768', width: 1366, height: 768, query: '' },
  { name: 'projector-1280x720', width: 1280, height: 720, query: '&projector=on' },
] as const;

for (const size of SIZES) {
  test(`plots at ${size.name}: time charts, difference plot, V8 energy, damping tab`, async ({ page, appUrl }, testInfo) => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const shot = async (what: string) => {
      const path = join(SHOTS_DIR, `${what}-${size.name}.png`);
      await page.screenshot({ path });
      await testInfo.attach(`${what}-${size.name}`, { path, contentType: 'image/png' });
    };
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(`${appUrl}?v=1&scenario=heavy-top${size.query}`);
    await waitForSettled(page);
    await shot('time-charts');
    await page.getByTestId('difference-toggle').click();
    await expect(page.getByTestId('difference-chart-modified')).toBeVisible();
    await shot('difference');
    await page.goto(`${appUrl}?v=1&scenario=spin&t=2${size.query}&show=difference`);
    await waitForSettled(page);
    await shot('difference-exact');
    await page.goto(`${appUrl}?v=1&scenario=v8-crank&t=1${size.query}`);
    await waitForSettled(page, 0, 90_000);
    await shot('v8-energy');
    await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=2&panel=damping${size.query}`);
    await waitForSettled(page);
    await expect(page.locator('.damping-marker-label').first()).toBeVisible();
    await shot('damping');
  });
}
