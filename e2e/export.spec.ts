/**
 * Export of a run: the CSV equals `sim --url` byte for byte, the PNG holds the
 * plots.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { DrawnChart } from '../src/app/export/drawnCharts';
import { encodeModelData } from '../src/scenario/modelData';
import { expect, test, waitForSettled } from './fixtures';
import { decodePng, distinctColours } from './png';
import { simBytes, simRun } from './simCli';
import { pngTexts } from '../src/app/export/pngText';

/** Where the exported PNGs are kept for a person to look at. */
const PNG_DIR = 'test-results/export-png';

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
    const cli = simBytes(['--url', link, '--method', method, '--sample-dt', '0.01']);
    expect(csv.bytes.length).toBeGreaterThan(1000);
    expect(csv.bytes.equals(cli)).toBe(true);
    // The JSON: the same rows with the settings, each column's unit and the run's end, as `sim --format json` writes them.
    const json = await download(page, `export-json-${method}`);
    expect(json.name).toBe(`hht-spin-${method}.json`);
    const cliJson = simBytes(['--url', link, '--method', method, '--sample-dt', '0.01', '--format', 'json']);
    expect(json.bytes.toString('utf8')).toBe(cliJson.toString('utf8'));
    expect(JSON.parse(json.bytes.toString('utf8')).units).toEqual(['s', 'rad/s', 'rad/s', 'rad/s', 'J', 'J', 'm or 1', '', 's']);
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

/** A user's model carried in the link: the docs' double pendulum, plotting its elbow angle. */
const DOUBLE_PENDULUM_LINK = `?v=1&scenario=custom&model-data=${encodeModelData(readFileSync('docs/examples/double-pendulum.json', 'utf8'))}&output=theta2&t=2`;

/** Links whose PNG of the plots must draw what the screen shows, and what the upper and lower plots show there. */
const PNG_CASES = [
  { what: 'heavy top, difference plot', query: '?v=1&scenario=heavy-top&t=1&show=difference', file: 'hht-heavy-top-plots.png', upper: 'omega_y', lower: 'omega_y' },
  { what: "Andrews' mechanism, β", query: '?v=1&scenario=andrews', file: 'hht-andrews-plots.png', upper: 'beta', lower: 'energy_error' },
  { what: 'a user model in the link, its elbow angle', query: DOUBLE_PENDULUM_LINK, file: 'hht-double-pendulum-plots.png', upper: 'theta2', lower: 'energy_error' },
] as const;

for (const c of PNG_CASES) {
  test(`the PNG of the plots draws what the screen shows: ${c.what}`, async ({ page, appUrl, consoleErrors }) => {
    await page.goto(`${appUrl}${c.query}`);
    const status = await waitForSettled(page, 0, 55_000);
    expect(status.methods.modified.phase).toBe('finished');
    expect(await page.evaluate(() => window.__hht!.lastPngSeries())).toBeNull();
    const png = await download(page, 'export-png');
    await expect(page.getByText('PNG saved')).toBeVisible();
    mkdirSync(PNG_DIR, { recursive: true });
    writeFileSync(`${PNG_DIR}/${png.name}`, png.bytes);
    const screen: DrawnChart[] = await page.evaluate(() => window.__hht!.screenSeries());
    const drawn = await page.evaluate(() => window.__hht!.lastPngSeries());
    // The screen draws the upper plot of each method, and the lower plot (or the difference row).
    const upper = (chart: DrawnChart) => chart.kind === 'omega' || chart.kind === 'output';
    expect(screen.filter(upper).map((chart) => chart.quantity)).toEqual([c.upper, c.upper]);
    expect(screen.filter((chart) => !upper(chart)).map((chart) => chart.quantity)[0]).toBe(c.lower);
    for (const chart of screen) expect(chart.lines.find((line) => line.role === chart.method)?.points ?? 0, `${chart.kind} of ${chart.method}`).toBeGreaterThan(0);
    expect(drawn).toEqual(screen);
    expect(png.name).toBe(c.file);
    // The whole link and the title are the PNG's text, however long the link (the figure prints it shortened).
    const texts = pngTexts(new Uint8Array(png.bytes));
    expect(texts.URL).toBe(page.url());
    expect(texts.Title).toContain(` — ${c.upper === 'omega_y' ? 'ωy' : c.upper} and `);
    expect(consoleErrors).toEqual([]);
  });
}

test("a user model's CSV and JSON are named after its title and equal `sim`'s for the link, units included", async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}${DOUBLE_PENDULUM_LINK}`);
  const status = await waitForSettled(page, 0, 55_000);
  expect(status.methods.modified.phase).toBe('finished');
  const link = page.url();
  const command = (await page.getByTestId('export-command-modified').textContent())!;
  const dt = command.match(/--sample-dt (\S+)/)![1];
  const args = ['--url', link, '--method', 'modified', '--sample-dt', dt];
  const csv = await download(page, 'export-csv-modified');
  expect(csv.name).toBe('hht-double-pendulum-modified.csv');
  expect(csv.bytes.equals(simBytes(args))).toBe(true);
  const json = await download(page, 'export-json-modified');
  expect(json.name).toBe('hht-double-pendulum-modified.json');
  const cliJson = simBytes([...args, '--format', 'json']);
  expect(json.bytes.toString('utf8')).toBe(cliJson.toString('utf8'));
  const parsed = JSON.parse(json.bytes.toString('utf8'));
  expect(parsed.columns.slice(-4)).toEqual(['theta1', 'theta2', 'x_tip', 'y_tip']);
  expect(parsed.units.slice(-4)).toEqual(['rad', 'rad', 'm', 'm']);
  expect(parsed.newtonIterations).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test("a failed run's JSON keeps its rows and ends with the failure, as `sim --format json` does", async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&alpha=0&t=2`);
  const status = await waitForSettled(page);
  expect(status.methods.classical.phase).toBe('failed');
  const json = await download(page, 'export-json-classical');
  // `sim` exits 3 after a solver failure, with the rows computed so far on stdout.
  const cli = simRun(['--url', page.url(), '--method', 'classical', '--sample-dt', '0.01', '--format', 'json']);
  expect(cli.status).toBe(3);
  expect(json.bytes.toString('utf8')).toBe(cli.stdout);
  expect(JSON.parse(json.bytes.toString('utf8'))).toMatchObject({ status: 'failed', failure: { time: 1.28, cause: 'euler-velocity' } });
  expect(consoleErrors).toEqual([]);
});
