/**
 * Firefox smoke: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi (Playwright's own Firefox build
 * cannot be downloaded here). The main links run to the same final rows as `sim --url`, to the bit, as in Chromium
 * (e2e/webEqualsCli.spec.ts); with WebGL switched off (`webgl.disabled`) the 3D view's area says so and the plots
 * still draw. Skipped, saying why, only when no Firefox binary is found ($FIREFOX_PATH, /usr/bin/firefox-esr,
 * /usr/bin/firefox).
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import puppeteer, { type Browser, type ConsoleMessage, type Page } from 'puppeteer-core';
import { encodeModelData } from '../../src/scenario/modelData';
import { sim } from '../simCli';

/** The Firefox binary to drive, or null. */
function firefoxPath(): string | null {
  const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

const FIREFOX = firefoxPath();
const NO_FIREFOX = 'no Firefox binary found ($FIREFOX_PATH, /usr/bin/firefox-esr, /usr/bin/firefox): `apt-get install firefox-esr` (.ci/run does)';

const USER_MODEL = `?v=1&scenario=custom&t=1&model-data=${encodeModelData(readFileSync('docs/examples/double-pendulum.json', 'utf8'))}`;

/** The main links: the default heavy top, the flyball governor, the paper's Fig. 8 V8 at a short span, a user's model in the link. */
const LINKS = [
  { name: 'heavy top', query: '?v=1&scenario=heavy-top&t=0.5' },
  { name: 'flyball governor', query: '?v=1&scenario=flyball-governor&t=2' },
  { name: 'V8, paper Fig. 8 (0.2 s)', query: '?v=1&scenario=v8-crank&t=0.2' },
  { name: 'user model (double pendulum, model-data)', query: USER_MODEL },
];

function appUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (the global setup serves the build)');
  return url;
}

async function launch(prefs: Record<string, unknown> = {}): Promise<Browser> {
  return puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX!, headless: true, extraPrefsFirefox: prefs });
}

/** Page errors, and console errors other than those of a missing WebGL (three.js and the 3D view's boundary say so). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error instanceof Error ? error.message : String(error)}`));
  page.on('console', async (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const parts = await Promise.all(msg.args().map((a) => a.evaluate((v) => (v instanceof Error ? v.message : String(v))).catch(() => '')));
    const text = `${msg.text()} ${parts.join(' ')}`;
    if (!/WebGL/i.test(text)) errors.push(`console: ${text}`);
  });
  return errors;
}

async function openSettled(page: Page, query: string): Promise<void> {
  await page.goto(`${appUrl()}${query}`);
  await page.waitForFunction(
    () => {
      const api = window.__hht;
      if (!api) return false;
      const status = api.runStatus();
      return status.runId > 0 && !status.busy;
    },
    { timeout: 90_000, polling: 200 },
  );
}

/** The last row `sim --url` writes for one method (each cell is the shortest text of its double: exact). */
function simLastRow(link: string, method: string): number[] {
  const csv = sim(['--url', link, '--method', method]);
  const lines = csv.trimEnd().split('\n');
  return lines[lines.length - 1].split(',').map(Number);
}

test.describe('Firefox (firefox-esr over WebDriver BiDi)', () => {
  test.skip(FIREFOX === null, NO_FIREFOX);
  let browser: Browser;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    browser = await launch();
  });
  test.afterAll(async () => {
    await browser?.close();
  });

  for (const link of LINKS) {
    test(`${link.name}: the final rows equal \`sim --url\`'s to the bit`, async () => {
      test.setTimeout(150_000);
      const page = await browser.newPage();
      const errors = watchErrors(page);
      try {
        await openSettled(page, link.query);
        const { methods, phases, url } = await page.evaluate(() => {
          const api = window.__hht!;
          const state = api.state();
          return { methods: state.methods, phases: state.methods.map((m) => api.runStatus().methods[m].phase), url: api.url() };
        });
        expect(phases, `${link.name}: every method finished`).toEqual(methods.map(() => 'finished'));
        for (const method of methods) {
          const web = await page.evaluate((m) => window.__hht!.finalRow(m), method);
          expect(web, `${link.name}, ${method}: Firefox's final row against sim's`).toEqual(simLastRow(url, method));
        }
        expect(errors, 'page errors').toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  test('with WebGL switched off the 3D view says so, and the plots still draw', async () => {
    test.setTimeout(120_000);
    const noGl = await launch({ 'webgl.disabled': true });
    try {
      const page = await noGl.newPage();
      const errors = watchErrors(page);
      await openSettled(page, '?v=1&scenario=heavy-top&t=0.2');
      await page.waitForFunction(() => !document.querySelector('[data-testid="scene-loading"]'), { timeout: 30_000, polling: 200 });
      // The 3D view's code arrives in its own chunk: wait until it has said what it can draw.
      await page
        .waitForFunction(() => /unavailable/i.test(document.querySelector('.scene')?.textContent ?? ''), { timeout: 15_000, polling: 200 })
        .catch(() => undefined);
      const shown = await page.evaluate(() => {
        const area = document.querySelector('.scene');
        const points = [...document.querySelectorAll('[data-testid="charts"] .time-chart')].map((chart) => {
          const series = JSON.parse(chart.getAttribute('data-series') ?? '[]') as { key: string; points: number }[];
          return series.find((s) => s.key === 'main')?.points ?? 0;
        });
        return { message: area?.textContent?.trim() ?? '', visible: !!area && (area as HTMLElement).offsetHeight > 0, points };
      });
      expect(shown.visible, 'the 3D view keeps its place').toBe(true);
      expect(shown.message, 'the 3D view says it is unavailable and why').toMatch(/3D view (is )?unavailable/i);
      expect(shown.message, 'the 3D view names WebGL').toMatch(/WebGL/);
      expect(shown.points.length, 'the plots are there').toBeGreaterThan(1);
      for (const p of shown.points) expect(p, 'every plot drew its curve').toBeGreaterThan(1);
      expect(errors, 'page errors').toEqual([]);
    } finally {
      await noGl.close();
    }
  });
});
