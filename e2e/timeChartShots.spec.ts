/**
 * Screenshots of the time charts (uPlot) on the default page and after the V8 run of Paper Fig. 8, at the
 * projector, phone and laptop sizes, saved for a person to look at (SHOTS_DIR, default
 * test-results/shots-time-charts) and attached to the report. SHOTS_ONLY=default skips the V8 run.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, waitForSettled } from './fixtures';

const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/shots-time-charts';

const SIZES = [
  { name: '1280x720', width: 1280, height: 720 },
  { name: '390x844', width: 390, height: 844 },
  { name: '1366x768', width: 1366, height: 768 },
] as const;

const PAGES = [
  { name: 'default', query: '', timeout: 60_000 },
  { name: 'v8-fig8', query: '?v=1&scenario=v8-crank&preset=fig8', timeout: 120_000 },
].filter((p) => !process.env.SHOTS_ONLY || p.name === process.env.SHOTS_ONLY);

for (const shown of PAGES) {
  test(`time charts of the ${shown.name} page at ${SIZES.map((s) => s.name).join(', ')}`, async ({ page, appUrl }, testInfo) => {
    test.setTimeout(shown.timeout + 60_000);
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
    await page.goto(`${appUrl}${shown.query}`);
    await waitForSettled(page, 0, shown.timeout);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(1000);
      const path = join(SHOTS_DIR, `${shown.name}-${size.name}.png`);
      const charts = page.getByTestId('charts');
      await charts.scrollIntoViewIfNeeded();
      // The phone's page is one long column: its plots section alone.
      if (size.width < 500) await charts.screenshot({ path });
      else await page.screenshot({ path });
      await testInfo.attach(`${shown.name}-${size.name}`, { path, contentType: 'image/png' });
    }
  });
}
