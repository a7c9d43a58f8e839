/**
 * Screenshots of three benchmark models as their bare links open them (the N-four-bar's 81 bodies, Andrews'
 * squeezer, the flyball governor) at the projector, phone and laptop sizes of SPEC §7, saved for a person to
 * look at (SHOTS_DIR, default test-results/shots-benchmarks) and attached to the report.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, waitForApi } from './fixtures';

const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/shots-benchmarks';

const SIZES = [
  { name: 'projector-1280x720', width: 1280, height: 720, query: '&projector=on' },
  { name: 'phone-390x844', width: 390, height: 844, query: '' },
  { name: 'laptop-1366x768', width: 1366, height: 768, query: '' },
] as const;

/** SHOTS_SCENARIOS (comma-separated ids) takes other models through the same sizes. */
const SCENARIOS = process.env.SHOTS_SCENARIOS?.split(',') ?? ['n-four-bar', 'andrews', 'flyball-governor'];

for (const size of SIZES) {
  test(`benchmark models at ${size.name}`, async ({ page, appUrl }, testInfo) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const scenario of SCENARIOS) {
      await page.goto(`${appUrl}?v=1&scenario=${scenario}${size.query}`);
      await waitForApi(page);
      await expect(page.getByTestId('scene')).toHaveAttribute('data-drawn-bodies', /^[1-9]/);
      // Some samples in, so the plots have curves (the N-four-bar's full run takes a while).
      await page.waitForFunction(() => (window.__hht!.samples('modified')?.length ?? 0) > 20, undefined, { timeout: 60_000, polling: 200 });
      const path = join(SHOTS_DIR, `${scenario}-${size.name}.png`);
      await page.screenshot({ path });
      await testInfo.attach(`${scenario}-${size.name}`, { path, contentType: 'image/png' });
    }
  });
}
