/**
 * Figures of docs/performance.md (run with `MEASURE=1 npx playwright test measure`, `MEASURE=open` for the
 * page-open figures only, or `MEASURE=v8` for the V8 case of Paper Fig. 8 only, `MEASURE_METHODS=modified` for one
 * of its methods alone; skipped in the normal suite): time from opening the page to both default curves drawn
 * (median of 5), the longest main-thread task during the default run, a 1,000,000-step run and the V8 run
 * (target: both methods finished ≤ 4 s after the run starts, the page responsive throughout; with the CPU time of
 * the browser's threads by group on Linux), and the gzip size of the built app. Prints the figures with the load
 * average; asserts nothing about speed.
 */
import os from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { test, waitForSettled } from './fixtures';
import { measureBundle } from './bundleSize';
import { CURVES_PROBE } from './curvesProbe';
import { resolveChromium } from './chromium';
import { cpuBetween, threadCpu } from './threadCpu';

test.skip(!process.env.MEASURE || ['network', 'scene'].includes(process.env.MEASURE), 'set MEASURE=1 to measure');
test.setTimeout(300_000);

/** Installed before the app loads: the long tasks. */
const LONG_TASKS_PROBE = () => {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

interface Probe {
  longTasks: { start: number; duration: number }[];
  curvesAt: number | null;
  timing: { startedAt: number | null; settledAt: number | null };
}

async function readProbe(page: Page): Promise<Probe> {
  return page.evaluate(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[]; __curvesAt: number | null };
    return { longTasks: w.__longTasks, curvesAt: w.__curvesAt, timing: window.__hht!.timing() };
  });
}

/** Longest task that overlaps the run window, and the longest before it (page load). */
function split(probe: Probe): { duringRun: number; beforeRun: number } {
  const start = probe.timing.startedAt ?? 0;
  const end = probe.timing.settledAt ?? Infinity;
  let duringRun = 0;
  let beforeRun = 0;
  for (const t of probe.longTasks) {
    if (t.start + t.duration > start && t.start < end) duringRun = Math.max(duringRun, t.duration);
    else if (t.start < start) beforeRun = Math.max(beforeRun, t.duration);
  }
  return { duringRun, beforeRun };
}

/**
 * Installed before the app loads: the gaps between animation frames, the page's own measure of
 * responsiveness (a gap of 100 ms is a stutter a user sees, whatever the long-task entries say).
 */
const FRAME_PROBE = () => {
  const w = window as unknown as { __frames: number[] };
  w.__frames = [];
  const tick = (at: number) => {
    w.__frames.push(at);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/** The longest gap between two animation frames within [start, end] (ms). */
async function longestFrameGap(page: Page, start: number, end: number): Promise<number> {
  const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames);
  let gap = 0;
  for (let k = 1; k < frames.length; k++) if (frames[k] > start && frames[k - 1] < end) gap = Math.max(gap, frames[k] - frames[k - 1]);
  return gap;
}

const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

/**
 * The V8 case of Paper Fig. 8 (the preset's link: α = −0.3, h = 1e-4, t = 9 s, both methods side by
 * side): time from the run's start to both methods finished, each method's own time, the longest
 * main-thread task and animation-frame gap during it, and ω_x(9) of each method.
 */
async function measureV8(browser: Browser, appUrl: string): Promise<string> {
  const methods = (process.env.MEASURE_METHODS ?? 'classical,modified').split(',') as ('classical' | 'modified')[];
  const chosen = process.env.MEASURE_METHODS ? `&methods=${methods.join(',')}` : '';
  const { executablePath } = await resolveChromium();
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.addInitScript(LONG_TASKS_PROBE);
  await page.addInitScript(CURVES_PROBE);
  await page.addInitScript(FRAME_PROBE);
  const before = loadAverage();
  // The main thread's busy time (CDP Performance.TaskDuration): on two cores it competes with the two solver workers.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
  await page.goto(`${appUrl}?v=1&scenario=v8-crank&preset=fig8${chosen}`);
  const busyAtLoad = await taskSeconds();
  const cpuAtLoad = threadCpu(executablePath);
  const loadedAt = Date.now();
  const status = await waitForSettled(page, 0, 280_000);
  const busy = (await taskSeconds()) - busyAtLoad;
  const cpu = cpuBetween(cpuAtLoad, threadCpu(executablePath));
  const wall = (Date.now() - loadedAt) / 1000;
  const probe = await readProbe(page);
  const { startedAt, settledAt } = probe.timing;
  const frameGap = await longestFrameGap(page, startedAt!, settledAt!);
  const omega = await Promise.all(methods.map((m) => page.evaluate((method) => window.__hht!.finalOmega(method), m)));
  await context.close();
  const perMethod = methods
    .map((m, k) => `${m} ${status.methods[m].phase} in ${((status.methods[m].progress?.elapsedMs ?? 0) / 1000).toFixed(2)} s (ω_x(9) = ${omega[k]?.[0].toFixed(2)} rad/s)`)
    .join(', ');
  const cpuTotal = [...cpu.values()].reduce((a, b) => a + b, 0);
  const lines = [
    `V8 Paper Fig. 8 (α = −0.3, h = 1e-4, t = 9 s, 90,000 steps per method, ${methods.length > 1 ? 'in parallel' : 'one method alone'}): ${methods.length === 1 ? 'it' : methods.length === 2 ? 'both' : 'all'} finished ${((settledAt! - startedAt!) / 1000).toFixed(2)} s after the run started; ${perMethod}`,
    `  during it: longest main-thread task ${ms(split(probe).duringRun)}, longest gap between animation frames ${frameGap.toFixed(0)} ms, main thread busy ${busy.toFixed(2)} s`,
  ];
  if (cpuTotal > 0) {
    lines.push(`  CPU from the page's load event to the end (${wall.toFixed(2)} s): ${[...cpu].map(([g, t]) => `${g} ${t.toFixed(2)} s`).join(', ')}; ${cpuTotal.toFixed(2)} s in all`);
  }
  lines.push(`  load average before ${before}, after ${loadAverage()} (${os.cpus().length} cores)`);
  return lines.join('\n');
}

/** Long tasks are only reported from 50 ms up. */
function ms(duration: number): string {
  return duration > 0 ? `${duration.toFixed(0)} ms` : 'none over 50 ms';
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

test('measure the figures of docs/performance.md', async ({ browser, appUrl }) => {
  if (process.env.MEASURE === 'v8') {
    // MEASURE=v8: only the V8 case of Paper Fig. 8 (the browser speed target).
    console.log(await measureV8(browser, appUrl));
    return;
  }
  const lines: string[] = [];
  const curveTimes: number[] = [];
  const duringDefault: number[] = [];
  const beforeDefault: number[] = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.addInitScript(LONG_TASKS_PROBE);
    await page.addInitScript(CURVES_PROBE);
    await page.goto(appUrl);
    await waitForSettled(page, 0, 120_000);
    await page.waitForFunction(() => (window as unknown as { __curvesAt: number | null }).__curvesAt !== null);
    const probe = await readProbe(page);
    curveTimes.push(probe.curvesAt!);
    const { duringRun, beforeRun } = split(probe);
    duringDefault.push(duringRun);
    beforeDefault.push(beforeRun);
    if (process.env.MEASURE_VERBOSE) lines.push(JSON.stringify(probe.longTasks.map((t) => [Math.round(t.start), Math.round(t.duration)])) + ` run started ${probe.timing.startedAt?.toFixed(0)}`);
    lines.push(`default run ${i + 1}: curves drawn at ${probe.curvesAt!.toFixed(0)} ms, run settled at ${probe.timing.settledAt!.toFixed(0)} ms, longest task during run ${ms(duringRun)} (page load: ${ms(beforeRun)})`);
    await context.close();
  }
  lines.push(`time to both default curves drawn: median ${median(curveTimes).toFixed(0)} ms of [${curveTimes.map((t) => t.toFixed(0)).join(', ')}]`);
  lines.push(`longest main-thread task during the default run: ${ms(Math.max(...duringDefault))}; during page load before the run: ${ms(Math.max(...beforeDefault))}`);
  if (process.env.MEASURE === 'open') {
    // MEASURE=open: only the page-open figures above (a minute instead of several).
    console.log(lines.join('\n'));
    return;
  }

  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.addInitScript(LONG_TASKS_PROBE);
  await page.addInitScript(CURVES_PROBE);
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&h=1e-5`);
  const status = await waitForSettled(page, 0, 280_000);
  const probe = await readProbe(page);
  const { duringRun } = split(probe);
  if (process.env.MEASURE_VERBOSE) lines.push(JSON.stringify(probe.longTasks.map((t) => [Math.round(t.start), Math.round(t.duration)])) + ` run started ${probe.timing.startedAt?.toFixed(0)}`);
  const seconds = ((probe.timing.settledAt! - probe.timing.startedAt!) / 1000).toFixed(1);
  lines.push(
    `1,000,000-step heavy-top run (h = 1e-5, t = 10 s): ${status.methods.classical.phase}/${status.methods.modified.phase} in ${seconds} s, longest main-thread task during it ${ms(duringRun)}, plotted points per series ${await page.evaluate(() => window.__hht!.series('classical', 'omega_y').length)}`,
  );
  await context.close();

  lines.push(await measureV8(browser, appUrl));

  const bundle = measureBundle();
  lines.push(`bundle (dist/): app JS ${(bundle.appJsGzip / 1000).toFixed(1)} kB gzip (${(bundle.appJsRaw / 1e6).toFixed(2)} MB raw), service worker ${(bundle.serviceWorkerGzip / 1000).toFixed(1)} kB gzip, precache ${(bundle.precacheRaw / 1e6).toFixed(2)} MB`);
  console.log(lines.join('\n'));
});
