/**
 * A failure stays where it happened: a part of the page that throws while it draws (made to by the test API,
 * window.__hht.failPart) shows its message in its place, in the notice style, with Try again; the rest of the page
 * goes on working, and Try again brings the part back. Screenshots of a failed part go to test-results/parts/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { curvePoints, expect, test, waitForSettled } from './fixtures';

/** React reports an error its boundary caught on the console: the one the test caused is expected, no other. */
function unexpected(errors: readonly string[]): string[] {
  return errors.filter((e) => !/was asked to fail/.test(e));
}

async function fail(page: Page, part: string, on = true): Promise<void> {
  await page.evaluate(([p, f]) => window.__hht!.failPart(p as string, f as boolean), [part, on] as const);
}

const PARTS: readonly { part: string; label: string; tab?: string; stillWorking: string }[] = [
  { part: 'chart-omega-classical', label: 'The ω plot of classical HHT', stillWorking: 'omega-chart-modified' },
  { part: 'chart-energy-modified', label: 'The energy drift plot of modified HHT', stillWorking: 'omega-chart-modified' },
  { part: 'scene', label: 'The 3D view', stillWorking: 'omega-chart-classical' },
  { part: 'tab-plots', label: 'The Time plots tab', stillWorking: 'scene' },
  { part: 'tab-theory', label: 'The Theory tab', tab: 'theory', stillWorking: 'scene' },
  { part: 'run-panel', label: 'The Run panel', stillWorking: 'omega-chart-classical' },
  { part: 'header', label: 'The header', stillWorking: 'omega-chart-classical' },
  { part: 'timeline', label: 'The playback bar', stillWorking: 'omega-chart-modified' },
];

for (const { part, label, tab, stillWorking } of PARTS) {
  test(`${part}: a failure shows its message in its place, the rest works, Try again brings it back`, async ({ page, appUrl, consoleErrors }) => {
    await page.goto(`${appUrl}?scenario=spin&t=2${tab ? `&panel=${tab}` : ''}`);
    await waitForSettled(page);
    await fail(page, part);
    const failure = page.locator(`[data-testid="part-failure"][data-part="${part}"]`);
    await expect(failure).toBeVisible();
    await expect(failure).toHaveAttribute('role', 'alert');
    await expect(failure).toContainText(`${label} could not be shown.`);
    await expect(failure).toContainText('was asked to fail');
    // One part failed, not the page: everything else is there and works.
    await expect(page.locator('[data-testid="part-failure"]')).toHaveCount(1);
    await expect(page.getByTestId(stillWorking)).toBeVisible();
    if (stillWorking.includes('-chart-')) expect(await curvePoints(page, stillWorking)).toBeGreaterThan(2);
    const before = await page.evaluate(() => window.__hht!.runStatus().runId);
    await page.evaluate(() => window.__hht!.setField('t', '1'));
    const after = await waitForSettled(page, before);
    expect(after.methods.modified.phase).toBe('finished');
    await expect(failure).toBeVisible();
    // Try again: the part draws afresh.
    await fail(page, part, false);
    await page.getByTestId(`part-retry-${part}`).click();
    await expect(page.locator('[data-testid="part-failure"]')).toHaveCount(0);
    expect(unexpected(consoleErrors.splice(0))).toEqual([]);
  });
}

test('a failed chart and a failed 3D view, photographed at 1366×768 and 390×844', async ({ page, appUrl, consoleErrors }) => {
  mkdirSync('test-results/parts', { recursive: true });
  for (const size of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await page.goto(`${appUrl}?scenario=heavy-top&t=0.5`);
    await waitForSettled(page);
    await fail(page, 'chart-omega-classical');
    await fail(page, 'scene');
    await expect(page.locator('[data-testid="part-failure"]')).toHaveCount(2);
    await page.screenshot({ path: `test-results/parts/failed-parts-${size.width}x${size.height}.png`, fullPage: size.width < 600 });
    await fail(page, 'chart-omega-classical', false);
    await fail(page, 'scene', false);
  }
  expect(unexpected(consoleErrors.splice(0))).toEqual([]);
});
