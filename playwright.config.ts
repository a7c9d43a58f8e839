import { defineConfig, type Project } from '@playwright/test';
import { cellTitle, LANGUAGES, modelsOf, projectName, SIZES } from './e2e/matrix/cells';

/** A regular expression that matches `text` literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether Intl reads `tag` (Intl throws on `en-US@posix`). */
function validTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * The matrix's projects (e2e/matrix/cells.ts): one per size of SPEC §7 and browser language, each running the
 * cells it holds (the diagonal, or with HHT_MATRIX=full every model), selected by their titles.
 */
function matrixProjects(): Project[] {
  return SIZES.flatMap((size) =>
    LANGUAGES.flatMap((language) => {
      const models = modelsOf(size, language);
      if (models.length === 0) return [];
      const titles = models.map((m) => `(?:^|\\s)${literal(cellTitle(m.id, size.name, language))}$`);
      return [{
        name: projectName(size, language),
        testMatch: /e2e[\\/]matrix[\\/].*\.spec\.ts$/,
        grep: new RegExp(titles.join('|')),
        use: {
          viewport: { width: size.width, height: size.height },
          hasTouch: size.touch ?? false,
          // Playwright refuses a tag Intl cannot parse: then only navigator.language says it (the spec's init script).
          locale: validTag(language) ? language : 'en-US',
          language,
        } as Project['use'],
      }];
    }),
  );
}

/**
 * End-to-end tests against the production build (`npm run e2e` builds first). The global
 * setup serves dist/ with `vite preview` on a free localhost port; the browser is resolved
 * by e2e/chromium.ts (never downloaded by Playwright). Projects: `chromium` (the specs of e2e/), the matrix's
 * (e2e/matrix/), and `firefox` (e2e/firefox/: Debian's firefox-esr over WebDriver BiDi).
 */
/** The specs of the matrix's and Firefox's own projects. */
const OTHER_PROJECTS = /e2e[\\/](matrix|firefox)[\\/]/;
/**
 * Specs that only photograph the page for a person to look at (they assert next to nothing): `npm run e2e:shots`
 * runs them (HHT_SHOTS=1), `npm test` does not.
 */
const SHOTS_ONLY = /e2e[\\/](plotShots|benchmarkShots|timeChartShots)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // One page at a time: each page already runs two solver workers on this 2-core machine.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }], ['./e2e/matrix/reporter.ts']]
    : [['list'], ['./e2e/matrix/reporter.ts']],
  outputDir: 'test-results/e2e',
  use: {
    viewport: { width: 1600, height: 900 },
    colorScheme: 'light',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: process.env.HHT_SHOTS ? OTHER_PROJECTS : [OTHER_PROJECTS, SHOTS_ONLY] },
    ...matrixProjects(),
    { name: 'firefox', testMatch: /e2e[\\/]firefox[\\/].*\.spec\.ts$/ },
  ],
});
