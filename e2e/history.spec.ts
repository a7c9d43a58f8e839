/**
 * Back/Forward step through the scenarios that were run, the preset banner
 * says when the screen no longer shows the preset, and fields read numbers as people write them.
 */
import { expect, test, waitForSettled } from './fixtures';

const alphaOf = (page: import('@playwright/test').Page) => page.evaluate(() => window.__hht!.state().alpha);

test('Back and Forward step through committed scenarios and rerun them', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.2`);
  let status = await waitForSettled(page);
  const startLength = await page.evaluate(() => history.length);
  for (const alpha of ['-0.1', '-0.05']) {
    await page.getByTestId('field-alpha').fill(alpha);
    status = await waitForSettled(page, status.runId);
  }
  // One entry per committed run; a view change (another ω component) adds none.
  await page.getByTestId('component-x').check();
  expect(await page.evaluate(() => history.length)).toBe(startLength + 2);
  expect(page.url()).toContain('alpha=-0.05');

  await page.goBack();
  await expect.poll(() => alphaOf(page)).toBe(-0.1);
  await expect(page.getByTestId('field-alpha')).toHaveValue('-0.1');
  status = await waitForSettled(page, status.runId);
  expect(status.methods.modified.phase).toBe('finished');
  expect(await page.evaluate(() => window.__hht!.state().alpha)).toBe(-0.1);

  await page.goBack();
  await expect.poll(() => alphaOf(page)).toBe(-0.2);
  status = await waitForSettled(page, status.runId);
  expect(page.url()).not.toContain('alpha=');

  await page.goForward();
  await expect.poll(() => alphaOf(page)).toBe(-0.1);
  await waitForSettled(page, status.runId);
  // Restoring an entry does not push another one.
  expect(await page.evaluate(() => history.length)).toBe(startLength + 2);
  expect(consoleErrors).toEqual([]);
});

test('the preset banner turns into “changed from preset · back to preset” on any change', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&alpha=0&t=2&preset=spin-alpha0`);
  const first = await waitForSettled(page);
  const banner = page.getByTestId('preset-banner');
  await expect(banner).toHaveAttribute('data-changed', 'false');
  await expect(banner).toContainText('why α = 0 is not enough');
  // A view change keeps the preset.
  await page.getByTestId('component-y').check();
  await expect(banner).toHaveAttribute('data-changed', 'false');

  await page.getByTestId('field-t').fill('1');
  await expect(banner).toHaveAttribute('data-changed', 'true');
  await expect(banner).toContainText(/Changed from preset .*why α = 0 is not enough.* · back to preset/);
  await expect(banner).not.toContainText('Why:');
  const changed = await waitForSettled(page, first.runId);

  await page.getByTestId('preset-back').click();
  await expect(banner).toHaveAttribute('data-changed', 'false');
  await waitForSettled(page, changed.runId);
  expect(await page.evaluate(() => window.__hht!.state().tEnd)).toBe(2);
  expect(consoleErrors).toEqual([]);
});

/** What the link parser makes of `text` as the value of `key`: the value, or null when the link notice rejects it. */
async function linkReading(page: import('@playwright/test').Page, appUrl: string, key: string, text: string): Promise<number | null> {
  const params = new URLSearchParams({ v: '1', scenario: 'heavy-top', t: '0.05', tol: '0.0001' });
  params.set(key, text);
  await page.goto(`${appUrl}?${params.toString().replace(/\+/g, '%20')}`);
  await page.waitForFunction(() => window.__hht !== undefined);
  return page.evaluate((k) => {
    const api = window.__hht!;
    if ((api.notice() ?? []).some((m) => m.includes(`${k}=`))) return null;
    const state = api.state();
    return k === 'alpha' ? state.alpha : k === 'h' ? state.h : k === 't' ? state.tEnd : (state.tolerance ?? null);
  }, key);
}

test('every number field reads text exactly as share links do (one parser)', async ({ page, appUrl, consoleErrors }) => {
  // Eighteen page loads: more than the default minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  const cases: Array<[string, string]> = [
    ['alpha', ' -0.1 '], ['alpha', '\u2212' + '0.1'], ['alpha', '-1/3'], ['alpha', '-0.1x'],
    ['h', '1e-4'], ['h', ' 5e-4'], ['t', '0.25 '], ['tol', '  1e-6 '], ['tol', '0x1'],
  ];
  for (const [key, raw] of cases) {
    const text = JSON.parse(`"${raw}"`) as string;
    const expected = await linkReading(page, appUrl, key, text);
    await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.05&tol=0.0001`);
    await page.waitForFunction(() => window.__hht !== undefined);
    await page.getByTestId(`field-${key}`).fill(text);
    const field = await page.evaluate((k) => window.__hht!.fields()[k], key);
    if (expected === null) {
      expect(field.issue, `${key}='${text}' is rejected by the link, so by the field`).not.toBeNull();
    } else {
      expect(field.issue, `${key}='${text}' is read by the link, so by the field`).toBeNull();
      const state = await page.evaluate(() => window.__hht!.state());
      const value = key === 'alpha' ? state.alpha : key === 'h' ? state.h : key === 't' ? state.tEnd : state.tolerance;
      expect(value).toBe(expected);
    }
  }
  expect(consoleErrors).toEqual([]);
});
