/**
 * The end-to-end matrix (STYLE habit 26): every shipped model and a user's model (docs/examples/double-pendulum.json
 * carried in the link as `model-data=`), at every size of SPEC §7, under three browser languages; one test per cell,
 * `model · size · language`, with the steps load, play, seek, switch model, back, export, study. `npm run e2e` runs
 * the diagonal (every model, size and language once: cells.ts), `npm run e2e:matrix` all 189 cells. The projects
 * (one per size and language) are made by playwright.config.ts from cells.ts; each selects its cells by title.
 */
import { readFileSync } from 'node:fs';
import type { Frame, Page } from '@playwright/test';
import { encodeModelData } from '../../src/scenario/modelData';
import { expect, test as base, waitForSettled } from '../fixtures';
import { CellRun } from './cellRun';
import { cellTitle, LANGUAGES, MODELS, SIZES, type MatrixModel, type MatrixSize } from './cells';
import {
  blankness, check, checkShowsRun, currentRunId, download, pngFacts, poseChange, shownState, simCsv, visibleControl, waitForPage, type Surface,
} from './steps';

/** The browser language a project runs under: navigator.language and languages say it before any script of the page runs. */
const test = base.extend<{ language: string }>({
  language: ['en-US', { option: true }],
  context: async ({ context, language }, use) => {
    await context.addInitScript((tag: string) => {
      Object.defineProperty(Navigator.prototype, 'language', { configurable: true, get: () => tag });
      Object.defineProperty(Navigator.prototype, 'languages', { configurable: true, get: () => Object.freeze([tag]) });
    }, language);
    await use(context);
  },
});

/** The cell's link: the model (a shipped id, or the user's file inline), its short span, the size's view keys. */
function cellQuery(model: MatrixModel, size: MatrixSize): string {
  const view = size.projector ? '&projector=on' : size.embed ? '&embed=on' : '';
  const span = model.span === undefined ? '' : `&t=${model.span}`;
  if (!model.userFile) return `?v=1&scenario=${model.id}${span}${view}`;
  // docs/links.md: the model's text last, deflated and base64url-encoded.
  const data = encodeModelData(readFileSync(model.userFile, 'utf8'));
  return `?v=1&scenario=custom${span}${view}&model-data=${data}`;
}

/** Opens a course page of the test's own with the link in an iframe of the size (SPEC §7: course page). */
async function openCoursePage(page: Page, appUrl: string, query: string, size: MatrixSize): Promise<Frame> {
  const src = `${appUrl}${query}`.replace(/&/g, '&amp;');
  await page.route(`${appUrl}course.html`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Course page</title></head><body style="margin:0">
<iframe id="demo" src="${src}" width="${size.width}" height="${size.height}" title="HHT Playground" style="border:0"></iframe></body></html>`,
    }),
  );
  await page.goto(`${appUrl}course.html`);
  const frame = await (await page.locator('#demo').elementHandle())!.contentFrame();
  await frame!.waitForLoadState('load');
  return frame!;
}

/** Whether the state on screen is the cell's model. */
async function showsModel(s: Surface, model: MatrixModel, text: string | null): Promise<boolean> {
  return s.evaluate(
    ([id, modelText]) => {
      const state = window.__hht!.state();
      return modelText === null ? state.scenario === id : state.scenario === 'custom' && state.model?.text === modelText;
    },
    [model.id, text] as const,
  );
}

/** The file name a model's exports start with: the shipped id, or for a user's model its title (never "custom"). */
function checkExportName(name: string, model: MatrixModel, kind: string): void {
  if (!model.userFile) check(name.startsWith(`hht-${model.id}-`), `the ${kind} is named "${name}", not after the model (hht-${model.id}-…)`);
  else check(!/^hht-custom\b/.test(name) && /double[-_ ]?pendulum/i.test(name), `the ${kind} of the user's model "Double pendulum" is named "${name}"`);
}

const SIM_CACHE = 'test-results/e2e/.matrix-sim';
/** Playback must visibly move within this time (ms). */
const MOVES_WITHIN = 6_000;

for (const size of SIZES) {
  for (const language of LANGUAGES) {
    for (const model of MODELS) {
      const title = cellTitle(model.id, size.name, language);
      test(title, async ({ page, appUrl, consoleErrors }) => {
        test.setTimeout(300_000);
        const userText = model.userFile ? readFileSync(model.userFile, 'utf8') : null;
        let s: Surface = page;
        let loadedUrl = '';
        const reopen = async () => {
          check(!size.embed && loadedUrl !== '', 'the cell never loaded');
          await page.goto(loadedUrl);
          await waitForPage(page, [], 30_000);
          await waitForSettled(page, 0, 90_000);
          consoleErrors.splice(0);
        };
        const cell = new CellRun(title, consoleErrors, () => blankness(s), reopen);

        await cell.step('load', async () => {
          const query = cellQuery(model, size);
          if (size.embed) s = await openCoursePage(page, appUrl, query, size);
          else await page.goto(`${appUrl}${query}`);
          await waitForPage(s, consoleErrors, 30_000);
          check(await showsModel(s, model, userText), `the page opened another model: ${JSON.stringify(await s.evaluate(() => window.__hht!.state().scenario))}`);
          await waitForSettled(s, 0, 90_000);
          await checkShowsRun(s, 'after loading');
          loadedUrl = await s.evaluate(() => window.location.href);
        });

        await cell.step('play', async () => {
          // When the run has ended, playback starts from t = 0 by itself.
          const button = visibleControl(s, 'play-button', 'bar-play');
          await expect(button, 'playback started after the run (the button reads Pause)').toHaveAttribute('aria-label', 'Pause', { timeout: 10_000 });
          const first = await shownState(s);
          await expect
            .poll(async () => (await shownState(s)).playhead, { message: 'the playhead moves while playing', timeout: MOVES_WITHIN })
            .not.toBe(first.playhead);
          await expect
            .poll(async () => (await shownState(s)).readout, { message: `the time over the 3D view moves while playing (it read ${first.readout})`, timeout: MOVES_WITHIN })
            .not.toBe(first.readout);
          await expect
            .poll(async () => (await shownState(s)).frame?.time, { message: `the 3D view's frames follow the playhead (last frame posed at t = ${first.frame?.time})`, timeout: MOVES_WITHIN })
            .not.toBe(first.frame?.time);
          await expect
            .poll(async () => poseChange((await shownState(s)).frame?.poses ?? [], first.frame?.poses ?? []), { message: "the 3D view's bodies move while playing", timeout: MOVES_WITHIN })
            .toBeGreaterThan(1e-9);
          await expect
            .poll(async () => (await shownState(s)).cursor, { message: `the plot cursor moves while playing (it stood at x = ${first.cursor})`, timeout: MOVES_WITHIN })
            .not.toBe(first.cursor);
          await button.click();
          await expect(button, 'the button reads Play after a click on Pause').toHaveAttribute('aria-label', 'Play');
          const paused = await shownState(s);
          await s.waitForTimeout(300);
          check((await shownState(s)).playhead === paused.playhead, 'the playhead still moves after Pause');
        }, ['load']);

        await cell.step('seek', async () => {
          const span = await s.evaluate(() => window.__hht!.state().tEnd);
          const at = async (t: number) => {
            await s.evaluate((time) => window.__hht!.seek(time), t);
            await expect.poll(async () => (await shownState(s)).frame?.time, { message: `the 3D view is drawn at t = ${t} after a seek`, timeout: 5_000 }).toBe(t);
            return shownState(s);
          };
          const start = await at(0);
          const end = await at(span);
          check(start.cursor !== null && end.cursor !== null, `the plot cursor is hidden after a seek (x = ${start.cursor} at t = 0, ${end.cursor} at t_end)`);
          check(poseChange(start.frame!.poses, end.frame!.poses) > 1e-9, "the 3D view's bodies stand the same at t = 0 and at t_end");
          check(end.readout !== null && Math.abs(end.readout - span) < 1e-3, `the time over the 3D view reads ${end.readout} at t_end = ${span}`);
          // The scrubber (the timeline's; the embed and the phone have none visible).
          const scrubber = s.locator('[data-testid="time-scrubber"]:visible');
          if ((await scrubber.count()) > 0) {
            await scrubber.fill(String(span / 2));
            await expect.poll(async () => (await shownState(s)).frame?.time, { message: 'the scrubber moves the 3D view', timeout: 5_000 }).toBeCloseTo(span / 2, 6);
            const mid = await shownState(s);
            check(mid.readout !== null && Math.abs(mid.readout - span / 2) <= 1e-3, `the time over the 3D view reads ${mid.readout} after the scrubber went to ${span / 2}`);
            const expected = start.cursor! + (end.cursor! - start.cursor!) / 2;
            check(mid.cursor !== null && Math.abs(mid.cursor - expected) <= 2, `the plot cursor stands at x = ${mid.cursor} after the scrubber went to the middle (expected ${expected.toFixed(1)})`);
          }
          // A click on the upper plot at three quarters of its time axis (scrolled into view, its cursor measured there).
          const upper = s.locator('[data-testid="charts"] .time-chart').first();
          await upper.scrollIntoViewIfNeeded();
          const [x0, x1] = [(await at(0)).cursor!, (await at(span)).cursor!];
          const line = await upper.locator('.cursor-line').boundingBox();
          check(line !== null, 'the upper plot has no time cursor');
          const x = x0 + 0.75 * (x1 - x0);
          // The cursor's x is the frame's own; the line's box is the page's (Playwright's boxes are the main frame's).
          await page.mouse.click(x + (size.embed ? await frameLeft(page) : 0) + 0.5, line!.y + line!.height / 2);
          await expect.poll(async () => (await shownState(s)).playhead, { message: `a click on the plot at t ≈ ${(0.75 * span).toPrecision(3)} s moves the playhead there`, timeout: 5_000 }).toBeGreaterThan(0.7 * span);
          const clicked = await shownState(s);
          check(clicked.playhead < 0.8 * span, `a click on the plot at t ≈ ${(0.75 * span).toPrecision(3)} s moved the playhead to ${clicked.playhead}`);
          await expect.poll(async () => (await shownState(s)).frame?.time, { message: 'the 3D view follows a click on the plot', timeout: 5_000 }).toBe(clicked.playhead);
          const readout = (await shownState(s)).readout;
          check(readout !== null && Math.abs(readout - clicked.playhead) <= 1e-3, `the time over the 3D view reads ${readout} after a click on the plot at ${clicked.playhead}`);
        }, ['load']);

        if (size.embed) {
          for (const step of ['switch model', 'back', 'export', 'study']) cell.notApplicable(step, 'the course-page embed has no Model menu, history, exports or studies');
          cell.finish();
          return;
        }

        await cell.step('switch model', async () => {
          const before = await currentRunId(page);
          await page.getByTestId('scenario-select').selectOption(model.switchTo, { timeout: 10_000 });
          const status = await waitForSettled(page, before, 90_000);
          check(status.runId > before, 'no run after choosing another model');
          const id = await page.evaluate(() => window.__hht!.state().scenario);
          check(id === model.switchTo, `the Model menu chose ${model.switchTo}, the page shows ${id}`);
          await checkShowsRun(page, `after switching to ${model.switchTo}`);
        }, ['load']);

        await cell.step('back', async () => {
          const before = await currentRunId(page);
          await page.goBack({ timeout: 15_000 });
          await expect.poll(() => showsModel(page, model, userText).catch(() => false), { message: `Back returns to ${model.id}`, timeout: 15_000 }).toBe(true);
          await waitForSettled(page, before, 90_000);
          await checkShowsRun(page, 'after Back');
          check(page.url() === loadedUrl, `Back shows ${page.url()}, not the link it came from (${loadedUrl})`);
        }, ['switch model']);

        await cell.step('export', async () => {
          const csvButton = page.getByTestId('export-csv-modified');
          await expect(csvButton, 'the CSV export is ready').toBeEnabled({ timeout: 15_000 });
          const csv = await download(page, csvButton);
          checkExportName(csv.name, model, 'CSV');
          const shown = (await page.getByTestId('export-command-modified').textContent()) ?? '';
          check(shown.startsWith('npm run --silent sim -- '), `the export panel shows "${shown.slice(0, 80)}" as its command`);
          const cli = simCsv(shown, SIM_CACHE);
          const text = csv.bytes.toString('utf8');
          check(text.split('\n')[0].startsWith('t,omega_x,omega_y,omega_z,energy,energy_error,constraint_error,iterations,h'), `the CSV header reads "${text.split('\n')[0].slice(0, 100)}"`);
          check(text === cli, `the CSV differs from \`sim\` for the shown command: ${firstDifference(text, cli)}`);

          const png = await download(page, page.getByTestId('export-png'), 30_000);
          checkExportName(png.name, model, 'PNG');
          const facts = pngFacts(png.bytes);
          check(facts.width >= 600 && facts.height >= 300 && facts.colours > 20, `the PNG is ${facts.width}×${facts.height} px with ${facts.colours} colours`);
          const series = await page.evaluate(() => {
            const api = window.__hht as unknown as Record<string, unknown>;
            if (typeof api.screenSeries !== 'function' || typeof api.lastPngSeries !== 'function') return null;
            return { screen: (api.screenSeries as () => unknown)(), png: (api.lastPngSeries as () => unknown)() };
          });
          if (series === null) cell.pending('export', "the PNG's drawn series against the screen's: window.__hht.screenSeries() and lastPngSeries() are not in this build");
          else expect(series.png, "the PNG draws the series the screen shows (window.__hht.lastPngSeries() against screenSeries())").toEqual(series.screen);
        }, ['load']);

        await cell.step('study', async () => {
          await page.getByTestId('tab-studies').click({ timeout: 10_000 });
          await expect(page.getByTestId('studies-panel'), 'the Studies tab opens').toBeVisible({ timeout: 15_000 });
          // The quickest study: an α sweep of two values over 20 steps.
          await page.getByTestId('study-kind-alpha-sweep').check({ timeout: 10_000 });
          await page.getByTestId('study-field-alpha-steps').fill('2');
          const h = Number((await page.getByTestId('study-field-h').inputValue()).replace(',', '.'));
          check(Number.isFinite(h) && h > 0, `the study's step field reads "${await page.getByTestId('study-field-h').inputValue()}"`);
          await page.getByTestId('study-field-t-end').fill(String(Number((20 * h).toPrecision(6))));
          await expect(page.getByTestId('study-issue'), 'the study settings are accepted').toBeHidden();
          await page.getByTestId('study-run').click();
          const status = page.getByTestId('study-status');
          await expect
            .poll(async () => (await status.getAttribute('data-phase')) ?? '', { message: 'the study ends', timeout: 90_000 })
            .not.toMatch(/^(running|idle)$|^$/);
          const phase = await status.getAttribute('data-phase');
          check(phase === 'done', `the study ended '${phase}': ${(await status.textContent())?.trim().slice(0, 200)}`);
          await expect(page.getByTestId('study-table').locator('tbody tr'), 'the study table has a row per method and α').toHaveCount(4);
          check((await blankness(page)) === null, 'the page is blank after the study');
        }, ['load']);

        cell.finish();
      });
    }
  }
}

/** Where two texts first differ: the line number and both lines (shortened). */
function firstDifference(a: string, b: string): string {
  const [la, lb] = [a.split('\n'), b.split('\n')];
  const k = la.findIndex((line, i) => line !== lb[i]);
  const at = k < 0 ? la.length : k;
  const [ca, cb] = [(la[at] ?? '').split(','), (lb[at] ?? '').split(',')];
  const c = ca.findIndex((cell, i) => cell !== cb[i]);
  const column = la[0]?.split(',')[c] ?? `column ${c + 1}`;
  return `${la.length} against ${lb.length} lines; line ${at + 1}, ${column}: "${ca[c]}" against \`sim\`'s "${cb[c]}"`;
}

/** Where the course page's iframe starts (a click in the frame is given in the page's coordinates). */
async function frameLeft(page: Page): Promise<number> {
  return (await page.locator('#demo').boundingBox())!.x;
}
