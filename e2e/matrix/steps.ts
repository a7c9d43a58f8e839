/**
 * The steps of a matrix cell, each checking what a person sees: the page is not blank, playback moves the time over
 * the 3D view, the bodies and the plot cursor; the scrubber and a click on a plot seek; the Model menu switches and
 * Back returns; the CSV equals `sim` and the PNG draws what the screen does; a study runs. They read the page
 * through its test API (src/app/testApi.ts) and the DOM, never by pixels of the 3D view.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Locator, Page } from '@playwright/test';
import { curvePoints, expect } from '../fixtures';
import { decodePng, distinctColours } from '../png';
import { commandArgs, sim } from '../simCli';

/** The page a cell drives: the app's own page, or the frame of a course page (embed). */
export type Surface = Page | Frame;

/** What is shown at one moment: the time over the 3D view, the 3D view's latest frame, the plot cursor. */
export interface Shown {
  readonly playhead: number;
  readonly readout: number | null;
  readonly frame: { frames: number; time: number; poses: number[] } | null;
  /** Client x of the upper plot's time cursor (null when hidden). */
  readonly cursor: number | null;
}

/** The readout over the 3D view, `t = 1.234 s` (a decimal comma read too), as seconds. */
export async function shownState(s: Surface): Promise<Shown> {
  return s.evaluate(() => {
    const api = window.__hht!;
    const text = document.querySelector('[data-testid="readout-time"]')?.textContent ?? '';
    const match = /t\s*=\s*([-−]?[\d.,]+)\s*s/.exec(text);
    const readout = match ? Number(match[1].replace(',', '.').replace('−', '-')) : null;
    const chart = document.querySelector('[data-testid="charts"] .time-chart');
    const line = chart?.querySelector<HTMLElement>('.cursor-line');
    const cursor = line && line.style.visibility !== 'hidden' ? line.getBoundingClientRect().left : null;
    const frame = typeof api.sceneFrame === 'function' ? api.sceneFrame() : null;
    return { playhead: api.playhead(), readout, frame, cursor };
  });
}

/** The visible control with one of these test ids (the timeline's, the phone bar's). */
export function visibleControl(s: Surface, ...ids: string[]): Locator {
  return s.locator(ids.map((id) => `[data-testid="${id}"]:visible`).join(', ')).first();
}

/** Largest difference between two pose lists (Infinity when their lengths differ). */
export function poseChange(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return Infinity;
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d;
}

/** Fails with `message` unless `ok` (a plain assertion whose text is the cause shown in the matrix table). */
export function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

/** Why a page shows nothing: what #root and the body hold. */
export async function blankness(s: Surface): Promise<string | null> {
  return s.evaluate(() => {
    const root = document.getElementById('root');
    const text = (document.body?.innerText ?? '').trim();
    if (!root || root.childElementCount === 0) return `blank page: #root is empty (body text: ${JSON.stringify(text.slice(0, 80))})`;
    if (text.length < 40) return `blank page: ${text.length} characters of text`;
    return null;
  });
}

/**
 * Waits for the test API; a page that never gets one is described (blank, and why). A page error while nothing is
 * shown ends the wait after a second's grace (a bundle that threw while loading does not recover).
 */
export async function waitForPage(s: Surface, errors: readonly string[], timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  let thrownAt = 0;
  for (;;) {
    if (await s.evaluate(() => window.__hht !== undefined).catch(() => false)) return;
    if (thrownAt === 0 && errors.some((e) => e.startsWith('pageerror'))) thrownAt = Date.now();
    if ((thrownAt > 0 && Date.now() - thrownAt > 1_000) || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error((await blankness(s).catch(() => null)) ?? `the page did not start within ${timeout / 1000} s`);
}

/** Every compared method finished, the upper plots drew their curves, the 3D view drew a frame. */
export async function checkShowsRun(s: Surface, what: string): Promise<void> {
  const blank = await blankness(s);
  check(blank === null, `${what}: ${blank}`);
  const status = await s.evaluate(() => window.__hht!.runStatus());
  for (const [method, run] of Object.entries(status.methods)) {
    if (run.phase === 'idle') continue;
    check(run.phase === 'finished', `${what}: ${method} ended '${run.phase}'${run.reason ? ` (${run.reason})` : ''}`);
  }
  const methods = await s.evaluate(() => window.__hht!.state().methods);
  await expect(s.locator('[data-testid="charts"]'), `${what}: the plots`).toBeVisible({ timeout: 10_000 });
  for (const method of methods) {
    const chart = s.locator(`[data-testid="omega-chart-${method}"], [data-testid="output-chart-${method}"]`).first();
    const testId = await chart.getAttribute('data-testid', { timeout: 10_000 });
    await expect.poll(() => curvePoints(s, testId!), { message: `${what}: the upper plot of ${method} draws its curve`, timeout: 10_000 }).toBeGreaterThan(1);
  }
  const sceneError = await s.locator('.scene-error').textContent({ timeout: 500 }).catch(() => null);
  check(sceneError === null, `${what}: the 3D view shows "${sceneError}"`);
  await expect(s.locator('[data-testid="scene"] canvas'), `${what}: the 3D view's canvas`).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await shownState(s)).frame?.frames ?? -1, { message: `${what}: the 3D view draws a frame (window.__hht.sceneFrame)`, timeout: 15_000 }).toBeGreaterThan(0);
}

/** The run id now (for waiting until a later run has settled). */
export async function currentRunId(s: Surface): Promise<number> {
  return s.evaluate(() => window.__hht!.runStatus().runId);
}

/** `sim` for the command the export panel shows, run once per command and test run (its output kept on disk). */
export function simCsv(shownCommand: string, cacheDir: string): string {
  const args = commandArgs(shownCommand);
  // The link's origin (the test server's port) does not reach the computation: one key per run plan.
  const normal = args.map((a) => a.replace(/^https?:\/\/[^/]+\//, 'http://localhost/'));
  const key = createHash('sha256').update(normal.join('\0')).digest('hex').slice(0, 24);
  const file = join(cacheDir, `${key}.csv`);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const csv = sim(normal);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, csv);
  return csv;
}

/** Clicks a button that saves a file; its name and bytes. */
export async function download(page: Page, button: Locator, timeout = 20_000): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout }), button.click({ timeout: 10_000 })]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** A PNG that is an image of something: its size and how many colours it uses. */
export function pngFacts(bytes: Buffer): { width: number; height: number; colours: number } {
  const image = decodePng(bytes);
  return { width: image.width, height: image.height, colours: distinctColours(image) };
}
