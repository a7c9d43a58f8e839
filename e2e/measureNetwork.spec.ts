/**
 * The first visit on a slow network (docs/performance.md "The first visit"; run with
 * `MEASURE=network npx playwright test measureNetwork` after `npx vite build`; skipped in the normal suite).
 * The build is served gzip-compressed from a local static server (e2e/staticServer.ts, 127.0.0.1 only), and
 * each profile is emulated through the Chrome DevTools Protocol:
 *
 * - desktop: 1366×768, no throttling;
 * - phone, Fast 3G: 390×844 touch, 1.6 Mbps down / 750 kbps up (× 0.9, as DevTools), 562.5 ms latency, CPU 4× slower;
 * - phone, Slow 4G: 390×844 touch, 4 Mbps down / 3 Mbps up, 150 ms latency, CPU 4× slower.
 *
 * Per visit it prints the time from navigation to the app shell (the plots' section), to the first points of
 * both ω curves and to the default run (heavy top, 2 × 100,000 steps) finished, and the bytes on the wire of
 * every request made before the first curves; then, once the service worker has precached the build, the same
 * times for a repeat visit served from its cache. Each profile is visited MEASURE_REPEATS times (default 3) and
 * the medians printed with the load average (MEASURE_PROFILE=<part of a name> measures one profile,
 * MEASURE_DIST=<folder> another build, MEASURE_VERBOSE=1 adds every request with its times). The CPU throttling of
 * DevTools slows the page's main thread; the solver workers run at the machine's speed. Prints, asserts nothing
 * about time.
 */
import os from 'node:os';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { test } from './fixtures';
import { serveStatic, type StaticSite } from './staticServer';
import { CURVES_PROBE } from './curvesProbe';

test.skip(process.env.MEASURE !== 'network', 'set MEASURE=network to measure');
test.setTimeout(900_000);

interface Profile {
  readonly name: string;
  readonly viewport: { width: number; height: number };
  readonly phone: boolean;
  /** Network.emulateNetworkConditions; null: no throttling. */
  readonly network: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
  readonly cpuSlowdown: number;
}

const PROFILES: readonly Profile[] = [
  { name: 'desktop, unthrottled', viewport: { width: 1366, height: 768 }, phone: false, network: null, cpuSlowdown: 1 },
  {
    name: 'phone, Fast 3G, CPU 4×',
    viewport: { width: 390, height: 844 },
    phone: true,
    network: { latency: 562.5, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 },
    cpuSlowdown: 4,
  },
  {
    name: 'phone, Slow 4G, CPU 4×',
    viewport: { width: 390, height: 844 },
    phone: true,
    network: { latency: 150, downloadThroughput: 4e6 / 8, uploadThroughput: 3e6 / 8 },
    cpuSlowdown: 4,
  },
];

interface Visit {
  readonly shell: number;
  /** When the page started the first run (the shell drawn, the link read). */
  readonly started: number;
  readonly curves: number;
  readonly finished: number;
  /** Bytes of the responses to requests made before the first curves, and how many requests. */
  readonly bytes: number;
  readonly requests: number;
}

/** One request as the browser saw it (ms since navigation; bytes received, headers included). */
interface Fetched {
  url: string;
  start: number;
  end: number;
  bytes: number;
}

async function throttle(page: Page, profile: Profile, fetched: Map<string, Fetched>): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  let t0: number | null = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    t0 ??= e.timestamp;
    fetched.set(e.requestId, { url: e.request.url, start: (e.timestamp - t0) * 1000, end: NaN, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const f = fetched.get(e.requestId);
    if (f && t0 !== null) Object.assign(f, { end: (e.timestamp - t0) * 1000, bytes: e.encodedDataLength });
  });
  await cdp.send('Network.enable');
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  return cdp;
}

/**
 * Opens the default page in `context` and waits for its run to finish; on a first visit (`precache`) also for the
 * service worker it registers after the run to have precached the build.
 */
async function visit(context: BrowserContext, server: StaticSite, profile: Profile, precache: boolean): Promise<Visit> {
  const page = await context.newPage();
  await page.addInitScript(CURVES_PROBE);
  const fetched = new Map<string, Fetched>();
  await throttle(page, profile, fetched);
  const from = server.log.length;
  await page.goto(server.url);
  const origin = await page.evaluate(() => performance.timeOrigin);
  await page.waitForFunction(() => (window as unknown as { __curvesAt: number | null }).__curvesAt !== null, undefined, { timeout: 120_000, polling: 50 });
  await page.waitForFunction(
    () => {
      const status = window.__hht?.runStatus();
      return !!status && status.runId > 0 && !status.busy && (['classical', 'modified'] as const).every((m) => status.methods[m].phase === 'finished');
    },
    undefined,
    { timeout: 300_000, polling: 100 },
  );
  const probe = await page.evaluate(() => {
    const w = window as unknown as { __shellAt: number; __curvesAt: number };
    const timing = window.__hht!.timing();
    return { shell: w.__shellAt, curves: w.__curvesAt, started: timing.startedAt!, settled: timing.settledAt! };
  });
  if (precache) await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  else if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) throw new Error('the repeat visit was not served by the service worker');
  const before = server.log.slice(from).filter((r) => r.at <= origin + probe.curves);
  if (process.env.MEASURE_VERBOSE) {
    console.log(JSON.stringify({ origin, curves: probe.curves, served: server.log.slice(from).map((r) => [r.path, Math.round(r.at - origin), r.bytes]) }));
    console.log(JSON.stringify([...fetched.values()].map((f) => [f.url.replace(server.url, ''), Math.round(f.start), Math.round(f.end), f.bytes])));
  }
  await page.close();
  return { shell: probe.shell, started: probe.started, curves: probe.curves, finished: probe.settled, bytes: before.reduce((s, r) => s + r.bytes, 0), requests: before.length };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function measureProfile(browser: Browser, server: StaticSite, profile: Profile, repeats: number): Promise<string[]> {
  const lines: string[] = [];
  const first: Visit[] = [];
  const repeat: Visit[] = [];
  for (let i = 0; i < repeats; i++) {
    // A fresh profile each time: empty HTTP cache, no service worker, first visit (the help dialog opens).
    const context = await browser.newContext({ viewport: profile.viewport, hasTouch: profile.phone, isMobile: profile.phone });
    const load = loadAverage();
    const a = await visit(context, server, profile, true);
    const b = await visit(context, server, profile, false);
    await context.close();
    first.push(a);
    repeat.push(b);
    console.log(JSON.stringify({ figure: 'first-visit', profile: profile.name, run: i + 1, first: a, repeat: b, loadAverage: load }));
  }
  const row = (what: string, visits: Visit[]) =>
    `  ${what}: shell ${s(median(visits.map((v) => v.shell)))}, run started ${s(median(visits.map((v) => v.started)))}, both curves' first points ${s(median(visits.map((v) => v.curves)))} ` +
    `[${visits.map((v) => s(v.curves)).join(', ')}], default run finished ${s(median(visits.map((v) => v.finished)))}, ` +
    `${(median(visits.map((v) => v.bytes)) / 1000).toFixed(1)} kB in ${median(visits.map((v) => v.requests))} requests before the first curves`;
  lines.push(`${profile.name} (median of ${repeats}):`, row('first visit', first), row('repeat visit (service worker)', repeat));
  return lines;
}

test('first and repeat visit per network profile', async ({ browser }) => {
  // MEASURE_DIST: another build to measure the same way (e.g. an earlier commit's, for a before/after).
  const server = await serveStatic(process.env.MEASURE_DIST ?? 'dist', '/', { compress: true });
  const repeats = Number(process.env.MEASURE_REPEATS ?? 3);
  const only = process.env.MEASURE_PROFILE;
  const lines = [`load average before: ${loadAverage()} (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''})`];
  try {
    for (const profile of PROFILES) if (!only || profile.name.includes(only)) lines.push(...(await measureProfile(browser, server, profile, repeats)));
  } finally {
    await server.close();
  }
  lines.push(`load average after: ${loadAverage()}`, `date: ${new Date().toISOString()}`);
  console.log(lines.join('\n'));
});
