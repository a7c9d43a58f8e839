/**
 * Where each method's own damping parameter leaves a model unstable at one step h: one run per method and value of
 * a grid — HHT's α over [−1/3, 0] (classical, modified), ρ∞ over [0, 1] (generalized-α, Lie group, Ji–Xing) — each
 * classified as the stability study classifies a run (stabilityStudy.ts: a solver failure, energy created beyond
 * a bound, a constraint residual beyond a bound). The largest stable step answers "how large an h at this α?";
 * this scan answers the question a student meets on the α slider: "how close to α = 0 (or ρ∞ = 1) can I go at
 * this h?" — on a jointed model the index-3 constraint mode needs enough numerical damping (SPEC §5), on a free
 * body the Euler parameters' eᵀė mode does. Pure functions shared by `sim study damping-scan` and the page's pool.
 */
import { methodRunSettings, type StudyRun } from './convergenceStudy';
import { takesAlpha } from './familyRuns';
import type { FamilyMethodName } from './methodStability';
import { spectrumSampleEvery, type InstabilityMode, type StabilityBounds, type StabilityOutcome } from './stabilityStudy';

/** The parameter a method's row of the scan varies. */
export type ScanParameter = 'alpha' | 'rho';

export interface DampingScanSettings {
  readonly methods: readonly FamilyMethodName[];
  /** The one step of every run, s. */
  readonly h: number;
  /** End time of every run, s. */
  readonly tEnd: number;
  /** Grid spacing of α and of ρ∞: 1/n for a whole n (0.01, 0.05), so that every value is one exact division. */
  readonly alphaStep: number;
  readonly rhoStep: number;
  readonly bounds: StabilityBounds;
}

/** Grid divisions per unit of a step 1/n (0.01 → 100), or NaN when the step is not the inverse of a whole number. */
export function gridDivisions(step: number): number {
  const n = Math.round(1 / step);
  return n >= 1 && Math.abs(n * step - 1) < 1e-9 ? n : NaN;
}

/**
 * α from −1/3 to 0 in steps 1/n: −1/3 itself, then k/n for every whole k with −1/3 < k/n ≤ 0, each one division
 * of integers so the values are exact decimals (step 0.01: −1/3, −0.33, −0.32, …, −0.01, 0).
 */
export function alphaGrid(step: number): number[] {
  const n = gridDivisions(step);
  const values = [-1 / 3];
  for (let k = Math.ceil(-n / 3); k <= 0; k++) if (3 * k > -n) values.push(k / n + 0);
  return values;
}

/** ρ∞ from 0 to 1 in steps 1/n, both ends included (step 0.05: 0, 0.05, …, 1). */
export function rhoGrid(step: number): number[] {
  const n = gridDivisions(step);
  return Array.from({ length: n + 1 }, (_, k) => k / n);
}

/** The parameter `method` takes, and its grid in the scan. */
export function scanParameter(method: FamilyMethodName): ScanParameter {
  return takesAlpha(method) ? 'alpha' : 'rho';
}

export function scanValues(method: FamilyMethodName, s: Pick<DampingScanSettings, 'alphaStep' | 'rhoStep'>): number[] {
  return scanParameter(method) === 'alpha' ? alphaGrid(s.alphaStep) : rhoGrid(s.rhoStep);
}

/** One run of the scan: the method, the value of its parameter, and the run. */
export interface DampingScanRun {
  readonly method: FamilyMethodName;
  readonly value: number;
  readonly run: StudyRun;
}

/** Every run of the scan, method by method, each method's values in grid order. */
export function dampingScanRuns(s: DampingScanSettings): DampingScanRun[] {
  const sampleEvery = spectrumSampleEvery(s.h, s.tEnd);
  return s.methods.flatMap((method) => {
    const key = scanParameter(method);
    const symbol = key === 'alpha' ? 'α' : 'ρ∞';
    return scanValues(method, s).map((value) => ({
      method, value,
      run: { label: `${method}, ${symbol} = ${value}, h = ${s.h}`, settings: methodRunSettings(method, { [key]: value }, s.h, s.tEnd, sampleEvery) },
    }));
  });
}

/** One row of the scan: a method at one value of its parameter, and what its run gave. */
export interface DampingScanPoint {
  readonly method: FamilyMethodName;
  readonly parameter: ScanParameter;
  readonly value: number;
  readonly outcome: StabilityOutcome;
}

/** The points of the runs of dampingScanRuns from their outcomes, in the same order. */
export function dampingScanPoints(runs: readonly DampingScanRun[], outcomes: readonly StabilityOutcome[]): DampingScanPoint[] {
  return runs.map(({ method, value }, k) => ({ method, parameter: scanParameter(method), value, outcome: outcomes[k] }));
}

/** Consecutive grid values of one method that were all unstable: [from, to] (from ≤ to) and what stopped them. */
export interface UnstableInterval {
  readonly from: number;
  readonly to: number;
  /** The distinct instability modes of its runs, in grid order of first appearance. */
  readonly modes: readonly InstabilityMode[];
  /** The earliest time a run of the interval failed or broke a bound, s. */
  readonly firstFailure: number;
}

/**
 * The unstable intervals of `method`'s points, in grid order: maximal runs of consecutive grid values whose runs were
 * unstable. Example: modified HHT on the heavy top at h = 1e-4 s → [{ from: −0.04, to: 0, … }].
 */
export function unstableIntervals(points: readonly DampingScanPoint[], method: FamilyMethodName): UnstableInterval[] {
  const own = points.filter((p) => p.method === method).sort((a, b) => a.value - b.value);
  const intervals: UnstableInterval[] = [];
  let open: { from: number; to: number; modes: InstabilityMode[]; firstFailure: number } | null = null;
  for (const { value, outcome } of own) {
    if (outcome.stable) {
      if (open) intervals.push(open);
      open = null;
      continue;
    }
    const mode = outcome.mode ?? 'newton';
    if (!open) open = { from: value, to: value, modes: [mode], firstFailure: outcome.failureTime };
    else {
      open.to = value;
      if (!open.modes.includes(mode)) open.modes.push(mode);
      open.firstFailure = Math.min(open.firstFailure, outcome.failureTime);
    }
  }
  if (open) intervals.push(open);
  return intervals;
}
