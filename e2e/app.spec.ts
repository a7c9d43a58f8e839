/**
 * The web app end to end, in headless Chromium against the production build. Numbers are
 * read through the page's test API (window.__hht); pixels only for "the 3D view is not blank".
 * Links use short end times so the suite stays fast on two cores.
 */
import { chartSeries, curvePoints, expect, finalOmega, runId, test, waitForApi, waitForSettled } from './fixtures';
import { decodePng, distinctColours, luminanceStdDev } from './png';
import { sim } from './simCli';

test('default page: heavy top runs by itself, both methods plotted, 3D view drawn, fits the screen', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(appUrl);
  await expect(page.getByRole('heading', { name: /HHT Playground/ })).toBeVisible();
  const status = await waitForSettled(page);
  expect(status.methods.classical.phase).toBe('finished');
  expect(status.methods.modified.phase).toBe('finished');
  expect(await page.evaluate(() => window.__hht!.state().scenario)).toBe('heavy-top');
  expect(page.url()).toContain('scenario=heavy-top');

  for (const m of ['classical', 'modified']) {
    for (const chart of ['omega-chart', 'energy-chart']) {
      // A drawn line: a path with many segments.
      await expect.poll(async () => await curvePoints(page, `${chart}-${m}`)).toBeGreaterThan(200);
    }
  }
  // The story of the paper: classical ω_y collapses, modified keeps spinning (default α = −0.2, 10 s).
  const classical = (await finalOmega(page, 'classical'))!;
  const modified = (await finalOmega(page, 'modified'))!;
  expect(modified[1]).toBeGreaterThan(145);
  expect(classical[1]).toBeLessThan(modified[1] - 20);
  // Decimated on the worker: never more than ~2000 points per plotted series.
  const plotted = await page.evaluate(() => window.__hht!.series('classical', 'omega_y').length);
  expect(plotted).toBeGreaterThan(500);
  expect(plotted).toBeLessThanOrEqual(2002);

  const canvas = page.locator('[data-testid="scene"] canvas');
  await expect(canvas).toBeVisible();
  const image = decodePng(await canvas.screenshot());
  expect(image.width).toBeGreaterThan(300);
  expect(luminanceStdDev(image)).toBeGreaterThan(8);
  expect(distinctColours(image)).toBeGreaterThan(50);

  // Clicking a plot moves the playhead (3D view and cursors) to that time.
  await page.getByTestId('play-button').click(); // pause the autoplay
  const box = (await page.getByTestId('omega-chart-modified').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.5);
  const clicked = await page.evaluate(() => window.__hht!.playhead());
  expect(clicked).toBeGreaterThan(3);
  expect(clicked).toBeLessThan(8);
  await expect(page.getByTestId('time-label')).toHaveText(`t = ${clicked.toFixed(3)} s`);

  // Nothing scrolls at this size or at a laptop's.
  for (const size of [{ width: 1920, height: 1080 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => ({
      x: document.documentElement.scrollWidth - window.innerWidth,
      y: document.documentElement.scrollHeight - window.innerHeight,
    }));
    expect(overflow).toEqual({ x: 0, y: 0 });
  }

  // Keyboard: Tab from the top of the page reaches the controls and focus is visible.
  await page.getByRole('heading', { name: /HHT Playground/ }).click();
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? { tag: el.tagName, outline: getComputedStyle(el).outlineStyle } : null;
  });
  expect(focused?.tag).toBe('SELECT'); // the scenario picker comes first
  expect(focused?.outline).not.toBe('none');
  expect(consoleErrors).toEqual([]);
});

test('spin: at α = 0 the modified curve is the exact line ω_x = 10 + 5t, the classical one stays below', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=1`);
  const first = await waitForSettled(page);
  // Move α to 0 the way a user does: type it in the α field (the slider moves with it).
  await page.getByTestId('field-alpha').fill('0');
  await expect(page.getByTestId('alpha-slider')).toHaveValue('0'); // slider position for α = 0
  await waitForSettled(page, first.runId);
  expect(page.url()).toContain('alpha=0');

  const modified = await page.evaluate(() => window.__hht!.samples('modified'));
  const classical = await page.evaluate(() => window.__hht!.samples('classical'));
  expect(modified.length).toBe(101); // h = 0.01, t = 1: every step
  for (const [t, wx] of modified) expect(Math.abs(wx - (10 + 5 * t))).toBeLessThan(1e-9);
  const m = (await finalOmega(page, 'modified'))!;
  expect(m[0]).toBeCloseTo(15, 9);
  // Classical lags: below the exact line at the end and all along. At α = 0 a step-to-step
  // (−1)ⁿ oscillation rides on it, so compare the mean of consecutive samples.
  const c = classical[classical.length - 1];
  expect(c[1]).toBeLessThan(10 + 5 * c[0] - 1e-3);
  for (let i = 1; i + 1 < classical.length; i++) {
    const [t0, w0] = classical[i];
    const [t1, w1] = classical[i + 1];
    expect((w0 + w1) / 2).toBeLessThan(10 + 5 * ((t0 + t1) / 2));
  }
  // The exact line is drawn on both charts.
  await expect.poll(async () => (await chartSeries(page, 'omega-chart-modified')).filter((s) => s.points > 1).map((s) => s.key)).toEqual(['main', 'exact']);
});

test('a share link opened in a new page reproduces the same final ω', async ({ page, context, appUrl }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.5`);
  const first = await waitForSettled(page);
  await page.getByTestId('field-alpha').fill('-0.1');
  await page.getByTestId('field-omega0').fill('0, 120, -3');
  await page.getByTestId('component-x').check();
  const status = await waitForSettled(page, first.runId);
  expect(status.methods.modified.phase).toBe('finished');
  const link = page.url();
  expect(link).toContain('alpha=-0.1');
  expect(link).toContain('omega0=0,120,-3');
  expect(link).toContain('component=x');
  const expected = { classical: (await finalOmega(page, 'classical'))!, modified: (await finalOmega(page, 'modified'))! };

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('share-button').click();
  await expect(page.getByText('Link copied')).toBeVisible();

  const other = await context.newPage();
  await other.goto(link);
  await waitForSettled(other);
  expect(await other.evaluate(() => window.__hht!.notice())).toBeNull();
  expect(await other.evaluate(() => window.__hht!.state())).toEqual(await page.evaluate(() => window.__hht!.state()));
  await expect(other.getByTestId('component-x')).toBeChecked();
  for (const m of ['classical', 'modified'] as const) {
    const got = (await finalOmega(other, m))!;
    for (let k = 0; k < 3; k++) expect(Math.abs(got[k] - expected[m][k])).toBeLessThanOrEqual(1e-12);
  }
  await other.close();

  // The same link, headless: `sim --url` gives the same numbers (SPEC §3).
  for (const m of ['classical', 'modified'] as const) {
    const csv = sim(['--url', link, '--method', m, '--sample-dt', '0.5']);
    const last = csv.trim().split('\n').pop()!.split(',').map(Number);
    expect(last[0]).toBe(0.5);
    for (let k = 0; k < 3; k++) expect(Math.abs(last[1 + k] - expected[m][k])).toBeLessThanOrEqual(1e-12);
  }
});

test('a malformed or outdated link shows a specific notice, uses safe defaults and still runs', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&h=banana&alpha=7&bogus=1&t=0.5&J=1,2`);
  const notice = page.getByTestId('link-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('h=banana is not a finite number');
  await expect(notice).toContainText('alpha=7 is outside [-1/3, 0]');
  await expect(notice).toContainText("unknown key 'bogus'");
  await expect(notice).toContainText('J needs 3 comma-separated numbers');
  const status = await waitForSettled(page);
  expect(status.methods.modified.phase).toBe('finished');
  const state = await page.evaluate(() => window.__hht!.state());
  expect(state).toMatchObject({ scenario: 'spin', h: 0.01, alpha: -0.3, tEnd: 0.5 });
  expect(state.values.J).toEqual([1, 2, 2]);
  expect(await curvePoints(page, 'omega-chart-modified')).toBeGreaterThan(10);
  // The notice can be dismissed.
  await notice.getByRole('button', { name: /dismiss/i }).click();
  await expect(notice).toBeHidden();

  for (const query of ['?v=99&scenario=spin&t=1', '?scenario=nope&%E0%A4%A=1', `?${'x=1&'.repeat(300)}`]) {
    await page.goto(appUrl + query);
    await expect(page.getByTestId('link-notice')).toBeVisible();
    const settled = await waitForSettled(page);
    expect(['finished']).toContain(settled.methods.modified.phase);
    await waitForApi(page);
  }
  await expect(page.getByTestId('link-notice')).toContainText('only the first 100 were read');
});

test('cancel stops a long run mid-way and keeps its results; a new change runs again', async ({ page, appUrl }) => {
  // 1,000,000 steps per method: far longer than the test waits.
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&h=1e-5`);
  await waitForApi(page);
  await page.waitForFunction(() => {
    const p = window.__hht!.runStatus().methods.modified.progress;
    return p !== null && p.time > 0.1;
  });
  await page.getByTestId('cancel-button').click();
  const status = await page.evaluate(() => window.__hht!.runStatus());
  expect(status.busy).toBe(false);
  expect(status.methods.classical.phase).toBe('cancelled');
  expect(status.methods.modified.phase).toBe('cancelled');
  await expect(page.getByTestId('run-modified')).toContainText('cancelled at t =');
  const kept = await page.evaluate(() => window.__hht!.samples('modified').length);
  expect(kept).toBeGreaterThan(1);
  const timeAtCancel = await page.evaluate(() => window.__hht!.runStatus().methods.modified.progress!.time);
  expect(timeAtCancel).toBeLessThan(10);
  await page.waitForTimeout(1000);
  // Nothing more arrives: the workers stopped.
  expect(await page.evaluate(() => window.__hht!.samples('modified').length)).toBe(kept);
  expect(await page.evaluate(() => window.__hht!.runStatus().methods.modified.progress!.time)).toBeLessThan(timeAtCancel + 1e-3);
  expect(await curvePoints(page, 'omega-chart-modified')).toBeGreaterThan(2);
  await expect(page.getByTestId('cancel-button')).toBeDisabled();

  // Invalid input is marked at the field and not run.
  const before = await runId(page);
  await page.getByTestId('field-t').fill('-1');
  await expect(page.getByTestId('field-t')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText("'-1' must be a positive number of seconds")).toBeVisible();
  await page.waitForTimeout(600);
  expect(await runId(page)).toBe(before);

  // A valid change reruns by itself (debounced).
  await page.getByTestId('field-t').fill('0.05');
  const after = await waitForSettled(page, before);
  expect(after.methods.modified.phase).toBe('finished');
});

test('follows the dark OS theme', async ({ browser, appUrl }) => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.2`);
  await waitForSettled(page);
  const colours = await page.evaluate(() => ({ bg: getComputedStyle(document.documentElement).backgroundColor, text: getComputedStyle(document.body).color }));
  const luminance = (css: string) => {
    const [r, g, b] = css.match(/\d+/g)!.map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  expect(luminance(colours.bg)).toBeLessThan(60);
  expect(luminance(colours.text)).toBeGreaterThan(180);
  await context.close();
});

test('the header: "About this model" shows the whole description; Share\'s "Link copied" moves nothing', async ({ page, appUrl, consoleErrors }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${appUrl}?v=1&scenario=flyball-governor&t=0.2`);
  await waitForSettled(page);
  const description = await page.evaluate(() => document.querySelector('[data-testid="model-about-text"] p')?.textContent);
  expect(description).toMatch(/^IFToMM benchmark library problem A05: .* Outputs: the slider height s and the shaft speed\.$/);
  const panel = page.getByTestId('model-about-text');
  await expect(panel).toBeHidden();
  await page.getByTestId('model-about').click();
  await expect(panel).toBeVisible();
  // Shown whole: nothing clipped, inside the window.
  expect(await panel.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  const b = (await panel.boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(1366);
  expect(b.y + b.height).toBeLessThanOrEqual(768);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  const header = page.locator('.header');
  const boxes = () => header.locator('button, select, h1').evaluateAll((els) => els.map((el) => {
    const r = el.getBoundingClientRect();
    return `${el.textContent?.trim().slice(0, 12)} ${r.x.toFixed(1)},${r.y.toFixed(1)} ${r.width.toFixed(1)}×${r.height.toFixed(1)}`;
  }));
  const headerHeight = async () => (await header.boundingBox())!.height;
  const before = [await boxes(), await headerHeight()];
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-status')).toHaveText(/Link copied|Copy failed/);
  expect([await boxes(), await headerHeight()]).toEqual(before);
  expect(consoleErrors).toEqual([]);
});

test('the ω component radios show only where ω is plotted: not beside a model output, again with Δω', async ({ page, appUrl, consoleErrors }) => {
  // Andrews' mechanism opens on its output β.
  await page.goto(`${appUrl}?v=1&scenario=andrews&t=0.002`);
  await waitForSettled(page);
  await expect(page.getByTestId('output-picker')).toHaveValue('beta');
  await expect(page.getByTestId('component-x')).toHaveCount(0);
  // The difference plot is of ω: its component applies again.
  await page.getByTestId('lower-plot').selectOption('difference');
  await expect(page.getByTestId('component-x')).toBeVisible();
  await page.getByTestId('lower-plot').selectOption('energy');
  await expect(page.getByTestId('component-x')).toHaveCount(0);
  await page.getByTestId('output-picker').selectOption('');
  await expect(page.getByTestId('component-z')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the bar writes ρ∞ as the settings do: 2/3, not 0.6666666666666666', async ({ page, appUrl, consoleErrors }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.1&methods=classical,modified,generalized-alpha`);
  await waitForSettled(page);
  await expect(page.getByTestId('bar-rho-value')).toHaveText('2/3');
  await expect(page.getByTestId('bar-rho-slider')).toHaveAttribute('aria-valuetext', /^ρ∞ = 2\/3/);
  await page.evaluate(() => window.__hht!.setField('rho', '0.5'));
  await expect(page.getByTestId('bar-rho-value')).toHaveText('0.5');
  expect(consoleErrors).toEqual([]);
});
