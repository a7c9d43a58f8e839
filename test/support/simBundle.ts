/**
 * `sim` as `npm run sim` runs it: the esbuild bundle of src/cli/sim.ts and its study worker in .bench/
 * (`npm run build:sim`), built once per test run by Vitest's and Playwright's global setups. A start of the bundle
 * takes ≈ 0.2 s where tsx, which compiles the TypeScript at each start, takes ≈ 1.1 s; the tests start `sim`
 * a few hundred times.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this module is loaded by Vitest and by Playwright, an ES module both times). */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The bundle's path. */
export const SIM_BUNDLE = resolve(ROOT, '.bench/sim.mjs');

/** Builds the bundle from the sources as they are now. */
export function buildSimBundle(): void {
  execFileSync('npm', ['run', '--silent', 'build:sim'], { cwd: ROOT, stdio: 'inherit' });
}
