/**
 * Download size of the built app (dist/): the JavaScript a first visit loads, the service worker
 * that makes it work offline, and the whole precache. Budgets are checked by e2e/bundle.spec.ts;
 * `npm run size` prints the same figures as one JSON line for docs/performance.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip sizes in bytes (zlib level 9, as a static server's precompression would). */
export const BUDGET = {
  /**
   * Every JavaScript file of the app and its two workers: 542.5 kB measured at the end of 2026-11-24
   * (main chunk 480.9, sim worker 30.5 with the Lie-group stepper, study worker 26.1, PWA register 2.9).
   * The budget leaves 17 kB of headroom; growth past it must be a decision.
   */
  appJsGzip: 560_000,
  /** The generated service worker and the Workbox runtime it loads. */
  serviceWorkerGzip: 12_000,
  /** Everything the service worker precaches, raw bytes. */
  precacheRaw: 2_200_000,
} as const;

export interface BundleSize {
  readonly appJsRaw: number;
  readonly appJsGzip: number;
  readonly serviceWorkerGzip: number;
  readonly precacheRaw: number;
  readonly files: Record<string, { raw: number; gzip: number }>;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Measures dist/ (build it first). */
export function measureBundle(dist = 'dist'): BundleSize {
  const files: Record<string, { raw: number; gzip: number }> = {};
  for (const path of filesUnder(dist)) {
    const body = readFileSync(path);
    files[relative(dist, path)] = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  }
  const names = Object.keys(files);
  const sum = (keep: (name: string) => boolean, key: 'raw' | 'gzip') => names.filter(keep).reduce((s, n) => s + files[n][key], 0);
  const isAppJs = (n: string) => n.startsWith('assets') && n.endsWith('.js');
  const isServiceWorker = (n: string) => n === 'sw.js' || /^workbox-.*\.js$/.test(n);
  return {
    appJsRaw: sum(isAppJs, 'raw'),
    appJsGzip: sum(isAppJs, 'gzip'),
    serviceWorkerGzip: sum(isServiceWorker, 'gzip'),
    precacheRaw: sum((n) => !isServiceWorker(n), 'raw'),
    files,
  };
}

if (process.argv[1]?.endsWith('bundleSize.ts')) {
  const { files: _files, ...figures } = measureBundle();
  console.log(JSON.stringify({ figure: 'bundle-size', ...figures, budget: BUDGET }));
}
