/**
 * Every browser language works (SPEC §7): whatever navigator.language says — a tag Intl refuses ('en-US@posix', what
 * Chromium reports under LANG=C.UTF-8), garbage, nothing, or a language with a decimal comma — the page opens, runs
 * and writes its numbers neutrally. Playwright's runner sets a valid language, so the tests set it themselves.
 */
import type { BrowserContext } from '@playwright/test';
import { chartAxes, curvePoints, expect, test, waitForSettled } from './fixtures';

/** Makes the page's navigator report `language` (and it alone in `languages`) before any of its code runs. */
async function reportLanguage(context: BrowserContext, language: string): Promise<void> {
  await context.addInitScript((tag) => {
    Object.defineProperty(Navigator.prototype, 'language', { get: () => tag, configurable: true });
    Object.defineProperty(Navigator.prototype, 'languages', { get: () => (tag === '' ? [] : [tag]), configurable: true });
  }, language);
}

const LANGUAGES = ['en-US@posix', 'de_DE.UTF-8@euro', 'xx-invalid-', '', 'C', 'de-DE', 'ar-EG'];

for (const language of LANGUAGES) {
  test(`navigator.language = ${JSON.stringify(language)}: the page opens, runs and writes numbers with a decimal point`, async ({ context, page, appUrl, consoleErrors }) => {
    await reportLanguage(context, language);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${appUrl}?scenario=spin&t=2`);
    expect(await page.evaluate(() => navigator.language)).toBe(language);
    const status = await waitForSettled(page);
    expect(errors).toEqual([]);
    expect(status.methods.modified.phase).toBe('finished');
    expect(await curvePoints(page, 'omega-chart-modified')).toBeGreaterThan(2);
    // The axes write ticks as the fields read them: a point, never a comma or other digits.
    const { y } = await chartAxes(page, 'energy-chart-modified');
    expect(y!.ticks.length).toBeGreaterThan(1);
    for (const tick of y!.ticks) expect(tick.text).toMatch(/^[−\-0-9.e+]+$/);
    await page.getByTestId('field-alpha').fill('−0.25');
    await expect.poll(() => page.evaluate(() => window.__hht!.state().alpha)).toBe(-0.25);
    expect(consoleErrors).toEqual([]);
  });
}

test('an app that cannot start says so on the page, never a white page', async ({ context, page, appUrl }) => {
  // The app's chunk fails to load (a cut-off download): the entry writes why, with a way back.
  await context.route(/\/assets\/boot-[^/]*\.js$/, (route) => route.abort());
  await page.goto(`${appUrl}?scenario=spin&t=1`);
  const failure = page.getByTestId('startup-failure');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('HHT Playground could not start.');
  await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();
});
