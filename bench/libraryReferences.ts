/**
 * The benchmark library's reference data, read from a local directory when present (never committed: the data
 * are third-party files or long computed tables). BENCHMARK_REFS names the directory (default ../refs beside the
 * checkout). docs/benchmarks.md lists each file's source: repository, path and commit, or how it was computed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LibraryReference } from './libraryCases';

export const REFERENCE_DIR = process.env.BENCHMARK_REFS ?? path.resolve(process.cwd(), '..', 'refs');

/** The reference files and what each holds (docs/benchmarks.md, "Reference data"). */
export const REFERENCE_FILES = {
  pendulumAdams: 'A01_pendulum_ADAMS.csv',
  pendulumExact: 'A01_pendulum_exact.csv',
  pendulumSphere: 'A01_pendulum_exact_sphere1mm.csv',
  fourBarAdams: 'A02_n-four-bar_N40_ADAMS.csv',
  fourBarOneDof: (n: number) => `A02_n-four-bar_N${n}_1dof.csv`,
  andrewsTestSet: 'A03_andrews_t0.03_reference.csv',
  andrewsTrajectory: 'A03_andrews_trajectory_0.05s.csv',
  bricard: 'A04_bricard_reference.csv',
  flyball: 'A05_flyball_free_reference.csv',
  flyballDriven: 'A05_flyball_driven_reference.csv',
} as const;

export function referencesPresent(): boolean {
  return existsSync(path.join(REFERENCE_DIR, REFERENCE_FILES.pendulumAdams));
}

/** A CSV with a header line of column names (t first) as a reference; rows with t beyond tEnd dropped. */
export function readReference(file: string, tEnd = Infinity): LibraryReference {
  const lines = readFileSync(path.join(REFERENCE_DIR, file), 'utf8').trim().split(/\r?\n/);
  const names = lines[0].split(',').map((s) => s.trim());
  const rows = lines.slice(1).map((l) => l.split(',').map(Number)).filter((r) => r[0] <= tEnd + 1e-9);
  const columns: Record<string, number[]> = {};
  names.slice(1).forEach((n, k) => { columns[n] = rows.map((r) => r[k + 1]); });
  return { t: rows.map((r) => r[0]), columns };
}

/** The test set's published values at t = 0.03 (name → value), from the notes' table of all 27 components. */
export function readAndrewsTestSet(): Record<string, number> {
  const lines = readFileSync(path.join(REFERENCE_DIR, REFERENCE_FILES.andrewsTestSet), 'utf8').trim().split(/\r?\n/);
  return Object.fromEntries(lines.slice(1).map((l) => { const c = l.split(','); return [c[1], Number(c[2])]; }));
}
