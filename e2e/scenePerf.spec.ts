/**
 * Playback smoothness of the 3D view on a large model (`MEASURE=scene npx playwright test scenePerf`; skipped
 * in the normal suite): the 81-body N-four-bar at 1366×768 (the whole row) and at 390×844 (the row from its
 * start), the intervals between animation frames over a few seconds of playback, against the 1-body heavy top
 * in the same conditions; and, with `MEASURE_ALLOC=1`, what
 * the page allocates during playback (Chrome's sampling heap profiler, garbage included), by function, so
 * allocation in the frame loop shows by name (build with `--minify false` to keep the names).
 * Prints the figures with the load average; asserts nothing about speed.
 */
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test, waitForSettled } from './fixtures';

test.skip(process.env.MEASURE !== 'scene', 'set MEASURE=scene to measure');
test.setTimeout(600_000);
test.use({ viewport: { width: 1366, height: 768 } });

/** The 81-body model: the shipped N-four-bar when there is one, else the test fixture as a user's model. */
function fourBarQuery(): string {
  if (process.env.SCENE_QUERY) return process.env.SCENE_QUERY;
  const shipped = (() => {
    try {
      return readFileSync('models/n-four-bar.json', 'utf8').length > 0;
    } catch {
      return false;
    }
  })();
  if (shipped) return 'scenario=n-four-bar&t=4';
  const text = readFileSync('test/fixtures/n-four-bar-scene.json', 'utf8');
  return `model-data=${deflateRawSync(Buffer.from(text)).toString('base64url')}&t=4`;
}

interface FrameFigures {
  frames: number;
  seconds: number;
  median: number;
  p95: number;
  max: number;
  playheadMoved: number;
}

/** Intervals between requestAnimationFrame callbacks over `seconds` of playback, ms. */
async function frameIntervals(page: Page, seconds: number): Promise<FrameFigures> {
  return page.evaluate(async (span) => {
    const t0 = window.__hht!.playhead();
    const stamps: number[] = [];
    await new Promise<void>((done) => {
      const start = performance.now();
      const tick = (now: number) => {
        stamps.push(now);
        if (now - start < span * 1000) requestAnimationFrame(tick);
        else done();
      };
      requestAnimationFrame(tick);
    });
    const gaps = stamps.slice(1).map((s, i) => s - stamps[i]).sort((a, b) => a - b);
    const at = (q: number) => gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))];
    return { frames: gaps.length, seconds: span, median: at(0.5), p95: at(0.95), max: gaps[gaps.length - 1], playheadMoved: Math.abs(window.__hht!.playhead() - t0) };
  }, seconds);
}

async function playbackFigures(page: Page, url: string, label: string, viewport = { width: 1366, height: 768 }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto(url);
  const status = await waitForSettled(page, 0, 500_000);
  for (const m of Object.values(status.methods)) expect(['idle', 'finished']).toContain(m.phase);
  await page.waitForTimeout(1000);
  const bodies = await page.getByTestId('scene').getAttribute('data-drawn-bodies');
  const framing = await page.getByTestId('scene').getAttribute('data-framing');
  const figures = await frameIntervals(page, 5);
  const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  console.log(
    `${label} (${bodies} bodies, ${viewport.width}×${viewport.height}, view ${framing}, playback): ${figures.frames} frames in ${figures.seconds} s = ${(figures.frames / figures.seconds).toFixed(1)} fps; ` +
      `frame interval median ${figures.median.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms; ` +
      `playhead moved ${figures.playheadMoved.toFixed(2)} s; load average ${load}`,
  );
}

test('playback frame rate: 81-body N-four-bar against the heavy top', async ({ page, appUrl }) => {
  await playbackFigures(page, `${appUrl}?scenario=heavy-top&t=4&h=0.001`, 'heavy top');
  await playbackFigures(page, `${appUrl}?${fourBarQuery()}`, 'N-four-bar');
  await playbackFigures(page, `${appUrl}?${fourBarQuery()}`, 'N-four-bar', { width: 390, height: 844 });
});

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

test('allocation during playback of the 81-body model, by function', async ({ page, appUrl }) => {
  test.skip(!process.env.MEASURE_ALLOC, 'set MEASURE_ALLOC=1 as well');
  await page.goto(`${appUrl}?${fourBarQuery()}`);
  await waitForSettled(page, 0, 500_000);
  // Long enough a warm-up for the frame loop's functions to be optimised (before that, numbers are boxed).
  await page.waitForTimeout(20_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
  const figures = await frameIntervals(page, 4);
  const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
  const bySite = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode) => {
    if (node.selfSize > 0) {
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
      bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    node.children.forEach(walk);
  };
  walk(profile.head);
  console.log(`allocated during ${figures.frames} frames of playback (${figures.seconds} s): ${(total / 1024).toFixed(0)} KiB sampled, ${(total / figures.frames / 1024).toFixed(1)} KiB per frame`);
  for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(bytes / 1024).toFixed(1).padStart(8)} KiB  ${site}`);
});

interface CpuNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }

test('where playback time goes (CPU profile), by function', async ({ page, appUrl }) => {
  test.skip(!process.env.MEASURE_CPU, 'set MEASURE_CPU=1 as well');
  for (const [label, query] of [['heavy top', 'scenario=heavy-top&t=4&h=0.001'], ['N-four-bar', fourBarQuery()]]) {
    await page.goto(`${appUrl}?${query}`);
    await waitForSettled(page, 0, 500_000);
    await page.waitForTimeout(1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const figures = await frameIntervals(page, 4);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: CpuNode[]; samples: number[]; timeDeltas: number[] } };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    profile.samples.forEach((id, k) => {
      const n = byId.get(id)!;
      const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + profile.timeDeltas[k] / 1000);
    });
    console.log(`${label}: ${figures.frames} frames in ${figures.seconds} s; self time per frame, ms:`);
    for (const [site, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`  ${(ms / figures.frames).toFixed(2).padStart(7)}  ${site}`);
  }
});
