/**
 * Export of a run: the CSV equals `sim --url` byte for byte, the PNG holds the
 * plots.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, waitForSettled } from './fixtures';
import { decodePng, distinctColours } from './png';

async function download(page: Page, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('CSV export of a spin link equals `sim --url` for the same link; the plots export as PNG', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5&alpha=-0.1`);
  const status = await waitForSettled(page);
  expect(status.methods.classical.phase).toBe('finished');
  const link = page.url();
  for (const method of ['classical', 'modified'] as const) {
    await expect(page.getByTestId(`export-csv-${method}`)).toBeEnabled();
    const csv = await download(page, `export-csv-${method}`);
    expect(csv.name).toBe(`hht-spin-${method}.csv`);
    const cli = execFileSync('node_modules/.bin/tsx', ['src/cli/sim.ts', '--url', link, '--method', method, '--sample-dt', '0.01']);
    expect(csv.bytes.length).toBeGreaterThan(1000);
    expect(csv.bytes.equals(cli)).toBe(true);
  }
  await expect(page.getByTestId('export-csv-modified')).toHaveAccessibleDescription(/51 rows: every step/);

  const png = await download(page, 'export-png');
  expect(png.name).toBe('hht-spin-plots.png');
  const image = decodePng(png.bytes);
  const chart = (await page.getByTestId('omega-chart-modified').boundingBox())!;
  // Two columns at twice the CSS size.
  expect(image.width).toBeGreaterThan(4 * chart.width);
  expect(image.height).toBeGreaterThan(4 * chart.height);
  expect(distinctColours(image)).toBeGreaterThan(20);
  await expect(page.getByText('PNG saved')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
