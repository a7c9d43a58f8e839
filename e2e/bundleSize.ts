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
   * Every JavaScript file of the app and its two workers: 884.0 kB measured on 2026-11-25 (main chunk 543.5 with
   * the eight shipped model files and their compiler, the generic 3D view and the model menu; sim worker 63.6 and
   * study worker 57.9, each with the model reader for a user's model and the WebAssembly kernels; loaded only when
   * a user's model is opened or edited: the CodeMirror editor 124.2, the model reader with zod 38.8 + 43.9 + 5.4;
   * PWA register 2.9), then 910.9 kB with the benchmark models' reference curves (26.9 kB, in the main chunk with
   * the model files). Before: 542.5 kB (2026-11-24) without user models, benchmark models or kernels. 907.0 kB on
   * 2026-11-28, the page split into the chunks it loads first and later, the workers without the reference curves'
   * points; 927.7 kB once the compiler, the Export panel and the reference curves became chunks of their own
   * (code shared by more chunks is compressed once per chunk); 953.4 kB with uPlot for the time charts (≈ 21 kB;
   * recharts stays for the tabs' charts); 948.3 kB once the solver worker carried no model files, 952.0 kB with the
   * heavy top's one-call kernels; 966.5 kB with the Newton matrix and the loads in the kernels (the WebAssembly module
   * 12.0 → 18.5 kB, carried as base64 by the solver worker, the study worker and the page's solver chunk: +14.5 kB),
   * a decision for the V8's step (0.73–0.81 of its CPU time with the Newton stop after one correction; docs/
   * performance.md); 973.5 kB once the module grew again (18.5 → 22.4 kB: the leaner residual and refresh kernels,
   * the Newton driver's loops, f64x2 loops). The budget leaves 1.5 kB of headroom; growth past it must be a decision
   * (shipping the module once as a .wasm file instead of base64 in three bundles would free ≈ 25 kB). 975.6 kB once
   * the constraint kernels kept a table of the bodies' rotations and B(e, s) in locals (the module 20.4 → 21.6 kB) —
   * a decision for the V8's step (0.93–0.94 of its CPU time, the same bits): the budget raised from 975 to 976.5 kB.
   * 977.0 kB once C_qᵀλ was gathered body by body and the sparse LU kept its last analyses for reuse (+1.4 kB: the
   * two workers +0.57 kB each, the page's solver chunk +0.26 kB) — a decision for the V8's step (≈ 0.95 of its CPU
   * time, the same bits): the budget raised from 976.5 to 978 kB; the .wasm file above is the way back under.
   * 979.6 kB with studies on any model (+2.1 kB against the same build without them, all in chunks loaded with the
   * Studies tab: its user model, the kept previous table, the command's Copy button and the study parser's
   * `--shard`, +1.8 kB; the redirect refusal of model links); a study worker gets a user model as its checked
   * document, so it carries no model reader (that would have been +48 kB): the budget raised from 978 to 980.5 kB.
   * What a first visit loads is budgeted apart (firstLoadGzip). 946.7 kB on 2026-11-29 once a user's model was read
   * off the page's main thread by an instance of the solver worker (which carries the reader of user models for its
   * runs): the page's own reader chunks (the schema library, the reader and compiler: 44.8 kB) left the app.
   * 973.1 kB with the engine-independent elementary functions (in the solver worker, the study worker and the page's
   * model chunk); 982.6 kB (2026-11-29) with α within reach, the damping scan study and its marks, the per-part
   * error boundaries and the kept scans: the budget raised from 980.5 to 983.5 kB.
   */
  appJsGzip: 983_500,
  /**
   * What a first visit loads before its first curves (firstLoadFiles: index.html, the stylesheet, the entry, the
   * app shell with React, uPlot and the shipped models' definitions, and the solver worker): 351.7 kB on
   * 2026-11-28, where the page's single chunk and the worker were 634.5 kB before the 3D view, the tabs and the
   * studies became chunks loaded after the first curves; 361.2 kB once the solver's WebAssembly kernels grew; then
   * 319.3 kB: the page no longer compiles models (the worker reports what it built), so the compiler, the solver's
   * model code and the kernels left the page's first load, the Export panel loads after the first curves, and a
   * benchmark model's reference curves load when it is opened; 235.6 kB with the time charts on uPlot (≈ 21 kB)
   * instead of recharts (108.7 kB, now loaded by the tabs' charts only); 227.0 kB once the solver worker carried no
   * model files (the page sends the shipped model's file with each start message: the worker 69.2 → 60.2 kB), 228.3 kB
   * with the heavy top's one-call kernels (residual, acceptance, predictor: +1.3 kB in the worker), 233.2 kB with the
   * Newton matrix and the loads in the kernels (the worker 61.4 → 66.3 kB), 235.6 kB with the leaner residual and
   * refresh kernels, the Newton driver's loops and the accepted step in kernels and f64x2 loops (the module 18.5 →
   * 22.4 kB, the worker 66.3 → 68.8 kB): a decision for the V8's step (≈ 0.78 of its CPU time; docs/performance.md),
   * with the budget raised from 235 to 237 kB; 237.2 kB with C_qᵀλ gathered by body and the LU's kept analyses (the
   * worker 69.1 → 69.7 kB; the same decision as appJsGzip's), the budget raised to 237.5 kB; 238.9 kB (2026-11-29)
   * once model files' evaluation counted its work (the page's expression chunk +1.0 kB) and the solver worker also
   * answered the page's model reads (+0.6 kB with the count): a decision for a page no model text can freeze (the
   * whole app's JavaScript fell by 30.7 kB with it), the budget raised to 239 kB. The aim is 200 kB; what
   * stands between (React DOM, uPlot, the solver worker) is listed in docs/performance.md "Sizes". 237.8 kB with the
   * Content-Security-Policy as a <meta> in index.html (for hosts that send no headers, docs/deploy.md) and a model
   * link's redirect refused with a message (+0.6 kB). 255.2 kB (2026-11-29) with the engine-independent elementary
   * functions (solver/exactMath.ts, 5.8 kB gzip alone, carried by the solver worker and by the page's chunk that
   * reads the shipped model files: +12.4 kB): a decision for a page equal to `sim` to the bit in every browser (the
   * Chromium of the test machine and Node differed in the last bit of Math.sin, e.g. in Andrews' y_F); the budget
   * raised to 256 kB. Loading the page's copy only with a user's model would take back ≈ 6 kB. 260.4 kB with α
   * within reach (the bar by the plots with the slider's unstable marks, the skip links, "About this model") and
   * each shipped model's kept damping scan in its file (≈ 2.1 kB gzip for the eight): what the slider marks on the
   * first screen, before the student gets there; the budget raised to 261 kB.
   */
  firstLoadGzip: 261_000,
  /** The generated service worker and the Workbox runtime it loads. */
  serviceWorkerGzip: 12_000,
  /** Everything the service worker precaches, raw bytes: 3.12 MB on 2026-11-25 (2.14 MB before the same growth), 3.21 MB on 2026-11-28 with uPlot, 3.30 MB on 2026-11-29 (budget 3.3 → 3.35 MB with the growth above). */
  precacheRaw: 3_350_000,
} as const;

export interface BundleSize {
  readonly appJsRaw: number;
  readonly appJsGzip: number;
  /** What a first visit loads before its first curves (firstLoadFiles): gzip bytes. */
  readonly firstLoadGzip: number;
  /** Those files with their gzip sizes, in the order found. */
  readonly firstLoad: Record<string, number>;
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

/** `./name.js` imports of a built chunk: static ones, and (`dynamic`) the chunks its dynamic imports preload. */
function importsOf(code: string, dynamic: boolean): string[] {
  const found = [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1]);
  if (dynamic) {
    // Vite's preload list (`__vite__mapDeps`) names every chunk the entry's dynamic imports load with them.
    const deps = /__vite__mapDeps=.*?m\.f=\[([^\]]*)\]/.exec(code);
    if (deps) found.push(...[...deps[1].matchAll(/["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g)].map((m) => m[1]));
  }
  // A worker created here (`new Worker(new URL('x.js', import.meta.url))`) loads before the first curve too.
  found.push(...[...code.matchAll(/new Worker\(\s*new URL\(\s*(?:new URL\(\s*)?["'`]([\w.-]+\.js)["'`]/g)].map((m) => m[1]));
  return found;
}

/**
 * The files a first visit loads before its first curves: index.html, its stylesheet and entry script, the app the
 * entry loads (its dynamic import's preload list) with their static imports, and the solver worker the entry
 * creates with the worker's static imports. Lazy chunks (the 3D view, the tabs, the editor, the model reader)
 * are not in it: the page loads them after the first curves, or when they are opened.
 */
export function firstLoadFiles(dist = 'dist'): string[] {
  // index.html's script, stylesheet and module preloads (vite.config.ts preloadTheApp) are read from the page.
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="\.\/(assets\/[\w.-]+\.(?:js|css))"/g)].map((m) => m[1]);
  const entry = linked.find((f) => f.endsWith('.js'));
  if (!entry) throw new Error('dist/index.html loads no script');
  const files = new Set<string>(['index.html', ...linked]);
  const queue: [string, boolean][] = [[entry, true]];
  while (queue.length > 0) {
    const [file, isEntry] = queue.shift()!;
    if (!file.endsWith('.js')) continue;
    for (const name of importsOf(readFileSync(join(dist, file), 'utf8'), isEntry)) {
      const path = `assets/${name}`;
      if (files.has(path)) continue;
      files.add(path);
      queue.push([path, false]);
    }
  }
  return [...files];
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
  const firstLoad = Object.fromEntries(firstLoadFiles(dist).map((n) => [n, files[n].gzip]));
  return {
    appJsRaw: sum(isAppJs, 'raw'),
    appJsGzip: sum(isAppJs, 'gzip'),
    firstLoadGzip: Object.values(firstLoad).reduce((a, b) => a + b, 0),
    firstLoad,
    serviceWorkerGzip: sum(isServiceWorker, 'gzip'),
    precacheRaw: sum((n) => !isServiceWorker(n), 'raw'),
    files,
  };
}

if (process.argv[1]?.endsWith('bundleSize.ts')) {
  const { files: _files, ...figures } = measureBundle();
  console.log(JSON.stringify({ figure: 'bundle-size', ...figures, budget: BUDGET }));
}
