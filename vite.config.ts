import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { buildKernels } from './scripts/kernelsHook.ts';
import { uplotSafeLocale } from './scripts/uplotLocale.ts';

buildKernels();

/**
 * The shipped model files (models/*.json) without their reference curves' points, a third of their bytes: the
 * workers never draw a curve, and the page loads a model's points when the model is opened
 * (src/app/referenceCurves.ts), through the `?reference-points` copy of its file, which holds only its outputs'
 * names and references.
 */
function modelFilesWithoutReferencePoints(): Plugin {
  const modelFile = /[\\/]models[\\/][^\\/?]+\.json(\?reference-points)?$/;
  return {
    name: 'model-files-without-reference-points',
    enforce: 'pre',
    transform(code, id) {
      const match = modelFile.exec(id);
      if (!match) return null;
      type Output = { name?: unknown; reference?: { points?: unknown } };
      const doc = JSON.parse(code) as { outputs?: Output[] };
      if (match[1]) {
        const outputs = (doc.outputs ?? []).filter((o) => o.reference).map((o) => ({ name: o.name, reference: o.reference }));
        // The query hides the file's type from the bundler: it is said here.
        return { code: JSON.stringify({ outputs }), map: null, moduleType: 'json' };
      }
      for (const output of doc.outputs ?? []) delete output.reference?.points;
      return { code: JSON.stringify(doc), map: null };
    },
  };
}

/** Largest file the service worker precaches: the app bundle is ~1.7 MB raw. */
const PRECACHE_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * The page's entry (src/app/main.tsx) loads the app with a dynamic import, so that it can create the solver workers
 * first; without a hint the browser would only learn of the app's chunks once the entry has run, one round trip
 * later. This lists them in index.html as module preloads, fetched beside the entry.
 */
function preloadTheApp(): Plugin {
  return {
    name: 'preload-the-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {};
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const app = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/boot.tsx'));
        if (!app) return [];
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        const entry = chunks.find((c) => c.isEntry)?.fileName;
        return [...files]
          .filter((f) => f !== entry)
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // uPlot reads navigator.language while it loads: guarded, so no language tag can blank the page.
    uplotSafeLocale(),
    modelFilesWithoutReferencePoints(),
    preloadTheApp(),
    // Offline after one visit (SPEC §7): Workbox precaches the whole build (page, both workers,
    // every scenario, preset and lesson are in the bundle). 'prompt': a new version waits until
    // the page offers a reload, so old and new files are never mixed.
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['icon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'HHT Playground',
        short_name: 'HHT',
        description: 'Classical vs modified HHT for rigid-body rotation with Euler parameters',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#14213d',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: PRECACHE_LIMIT_BYTES,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // Relative asset URLs, so the built app works from any path (e.g. a static file host).
  base: './',
  worker: { format: 'es', plugins: () => [modelFilesWithoutReferencePoints()] },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1700,
  },
  // Served as it is in development too, so the locale guard (a transform) applies there as in the build.
  optimizeDeps: { exclude: ['uplot'] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
