/**
 * Compiles the WebAssembly kernels (scripts/buildKernels.mjs; skipped when up to date) when a Vite or Vitest
 * config is loaded, so `vite`, `vite build`, `vitest` and `playwright` (which serves the Vite build) never see a
 * missing or stale src/solver/kernels/kernels.generated.ts.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function buildKernels(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('./buildKernels.mjs', import.meta.url))], { stdio: 'inherit' });
}
