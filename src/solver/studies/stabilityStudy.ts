/**
 * The largest stable step of each method on a model: a scan of h over a range (the 1, 2, 5 × 10ⁿ steps in it),
 * then rounds of quadrisection in log h between the largest stable step below the first failing one and that
 * failing step, until they are within a relative tolerance. A run is stable when it reaches t_end without a
 * failure, the energy it creates (E − E₀ − W) stays within `energy` × the run's energy scale and its constraint
 * residual within `constraint` (StabilityBounds). Reported per method: h_max, the run's largest h·Ω (Ω the largest frequency of the primary
 * body's Euler parameters, by FFT as the Numerical damping tab finds it) and what stops the run just above h_max.
 * The linear oscillator says every method of the family is unconditionally stable (methodStability.ts); what
 * limits the step on a jointed model is the index-3 constraint modes and the Euler parameters' own updates
 * (SPEC §5, §6). Pure functions shared by the serial study (tests), `sim study stability` and the page's pool;
 * every step size is a decimal or a square root of products of them, so every engine computes the same steps.
 */
import type { MultibodyModel } from '../model/types';
import { COORDS_PER_BODY } from '../model/types';
import type { FailureCause } from '../simulate';
import { simulateFamily, takesAlpha, type FamilyRunSettings } from './familyRuns';
import { methodRunSettings, type MethodParameters, type StudyProgress, type StudyRun } from './convergenceStudy';
import { eulerParameterFrequencies } from './spectrum';
import type { FamilyMethodName } from './methodStability';
import { log10 } from '../exactMath';

/** Why a run counts as unstable: how the solver stopped it, or which bound it broke. */
export type InstabilityMode = FailureCause | 'energy' | 'constraint';

export interface StabilityBounds {
  /**
   * Largest energy created, E − E₀ − W, relative to the run's energy scale max(|E₀|, |E|, |W|) over the run. One-sided:
   * numerical dissipation (E − E₀ − W < 0, classical HHT's spin loss) is an accuracy matter; a growing mode creates
   * energy.
   */
  readonly energy: number;
  /** Largest constraint residual (max-norm of every position constraint, m or –). */
  readonly constraint: number;
}

/**
 * The defaults of the bounds: energy created as large as the run's whole energy scale, and a constraint residual a
 * million times Newton's (residualTolerance.ts) — a blow-up breaks both long before the end, a stable run of any
 * method of the family stays orders of magnitude below them.
 */
export const DEFAULT_STABILITY_BOUNDS: StabilityBounds = { energy: 1, constraint: 1e-6 };

/** Samples of a run kept for its spectrum: the FFT takes the largest power of two of them. */
export const SPECTRUM_SAMPLES = 4096;

/** What one run of the study gave. */
export interface StabilityOutcome {
  readonly h: number;
  readonly stable: boolean;
  /** Why it is unstable (null when stable). */
  readonly mode: InstabilityMode | null;
  /** When it failed or first broke a bound, s (NaN when stable). */
  readonly failureTime: number;
  /** The solver's sentence, or which bound was broken (null when stable). */
  readonly failure: string | null;
  /** max (E − E₀ − W) / energy scale over the samples reached: the energy created (≤ 0 when the run only dissipates). */
  readonly energyRatio: number;
  /** max constraint residual over the samples reached. */
  readonly constraintError: number;
  /** The largest frequency of the primary body's Euler parameters, rad/s (NaN without enough samples). */
  readonly omega: number;
}

/** One method's result. */
export interface StabilityPoint {
  readonly method: FamilyMethodName;
  /** HHT α (classical, modified) or ρ∞ (the others). */
  readonly parameter: number;
  /** The largest stable step found, s (NaN: the smallest step of the range already failed). */
  readonly hMax: number;
  /** The smallest failing step above hMax, s (NaN: every step of the range was stable). */
  readonly hFail: number;
  /** Ω of the hMax run, rad/s, and hMax·Ω. */
  readonly omega: number;
  readonly omegaH: number;
  /** Energy ratio and constraint residual of the hMax run. */
  readonly energyRatio: number;
  readonly constraintError: number;
  /** What stopped the hFail run, when, and the solver's sentence. */
  readonly failureMode: InstabilityMode | null;
  readonly failureTime: number;
  readonly failure: string | null;
  /** The largest stable step above hFail, if any: stability is not monotone in h there (NaN otherwise). */
  readonly stableAbove: number;
  /** Runs of this method. */
  readonly runs: number;
  /** Every run, by h: stable or not and why (the study's plot). */
  readonly ladder: readonly StabilityMark[];
}

/** One run of a method in the study's plot. */
export interface StabilityMark {
  readonly h: number;
  readonly stable: boolean;
  readonly mode: InstabilityMode | null;
}

export interface StabilitySettings extends MethodParameters {
  readonly methods: readonly FamilyMethodName[];
  /** The range of h scanned, s: [smallest, largest]. */
  readonly hRange: readonly [number, number];
  /** End time of every run, s. */
  readonly tEnd: number;
  /** h_fail / h_max at most 1 + rtol when the refinement stops. */
  readonly rtol: number;
  readonly bounds: StabilityBounds;
}

/** The 1, 2, 5 × 10ⁿ steps in [lo, hi], both ends included (lo and hi themselves if they are not of that form). */
export function scanSteps(lo: number, hi: number): number[] {
  const steps = [lo];
  for (let e = Math.floor(log10(lo)) - 1; e <= Math.ceil(log10(hi)) + 1; e++) {
    for (const m of [1, 2, 5]) {
      const h = Number(`${m}e${e}`);
      if (h > lo * (1 + 1e-12) && h < hi * (1 - 1e-12)) steps.push(h);
    }
  }
  if (hi > lo) steps.push(hi);
  return steps;
}

/**
 * The refinement steps of one method from its outcomes so far: three interior points of the bracket
 * [largest stable h below the smallest failing h, that failing h], equally spaced in log h (square roots only), or
 * none when the bracket is within 1 + rtol, or there is no bracket (every run stable, or the smallest failed).
 */
export function refinementSteps(outcomes: readonly StabilityOutcome[], rtol: number): number[] {
  const bracket = stabilityBracket(outcomes);
  if (!bracket) return [];
  const [a, b] = bracket;
  if (b <= a * (1 + rtol)) return [];
  const mid = Math.sqrt(a * b);
  return [Math.sqrt(a * mid), mid, Math.sqrt(mid * b)];
}

/** The largest ratio of consecutive scan steps (2 → 5, or an end of the range). */
const LARGEST_SCAN_RATIO = 2.5;

/** Refinement rounds at most: each divides the bracket's log ratio by 4, from LARGEST_SCAN_RATIO down to 1 + rtol. */
export function stabilityRounds(rtol: number): number {
  let rounds = 0;
  for (let ratio = LARGEST_SCAN_RATIO; ratio > 1 + rtol; ratio = Math.sqrt(Math.sqrt(ratio))) rounds++;
  return rounds;
}

/** [largest stable h below the smallest failing h, smallest failing h], or null when either does not exist. */
function stabilityBracket(outcomes: readonly StabilityOutcome[]): [number, number] | null {
  const failing = outcomes.filter((o) => !o.stable).map((o) => o.h);
  if (failing.length === 0) return null;
  const hFail = Math.min(...failing);
  const below = outcomes.filter((o) => o.stable && o.h < hFail).map((o) => o.h);
  return below.length === 0 ? null : [Math.max(...below), hFail];
}

/** Steps between samples so that a run of t_end / h steps keeps at most SPECTRUM_SAMPLES + 1 samples. */
export function spectrumSampleEvery(h: number, tEnd: number): number {
  return Math.max(1, Math.ceil(Math.round(tEnd / h) / SPECTRUM_SAMPLES));
}

/** The fixed-step settings of a stability run of `method` at h. */
export function stabilityRunSettings(method: FamilyMethodName, p: MethodParameters, h: number, tEnd: number): FamilyRunSettings {
  return methodRunSettings(method, p, h, tEnd, spectrumSampleEvery(h, tEnd));
}

/** The study's run of `method` at h, labelled for progress. */
export function stabilityRun(method: FamilyMethodName, p: MethodParameters, h: number, tEnd: number): StudyRun {
  return { label: `${method}, h = ${h}`, settings: stabilityRunSettings(method, p, h, tEnd) };
}

/** Sample columns the classification reads (SAMPLE_COLUMNS of simulate.ts). */
const ENERGY = 4, ENERGY_ERROR = 5, CONSTRAINT = 6;

/**
 * Runs `settings` and classifies the run: the solver's failure, else the first sample that breaks a bound (the
 * energy bound against the scale of the whole run), else stable, with Ω from the spectrum of the samples.
 */
export function classifyStabilityRun(model: MultibodyModel, settings: FamilyRunSettings, bounds: StabilityBounds): StabilityOutcome {
  const t: number[] = [], energyError: number[] = [], euler: number[] = [];
  let scale = 0, e0 = NaN, constraint = 0, constraintTime = NaN;
  const c = model.primaryBody * COORDS_PER_BODY + 3;
  const result = simulateFamily(model, settings, (row, q) => {
    if (Number.isNaN(e0)) e0 = row[ENERGY];
    const work = row[ENERGY] - e0 - row[ENERGY_ERROR];
    scale = Math.max(scale, Math.abs(row[ENERGY]), Math.abs(e0), Math.abs(work));
    if (row[CONSTRAINT] > constraint) constraint = row[CONSTRAINT];
    if (row[CONSTRAINT] > bounds.constraint && Number.isNaN(constraintTime)) constraintTime = row[0];
    t.push(row[0]);
    energyError.push(row[ENERGY_ERROR]);
    euler.push(q[c], q[c + 1], q[c + 2], q[c + 3]);
  });
  const unit = scale > 0 ? scale : 1;
  let largest = -Infinity;
  for (const x of energyError) largest = Math.max(largest, x);
  const limit = bounds.energy * unit;
  const energyRatio = largest / unit;
  const base = { h: settings.h, energyRatio, constraintError: constraint };
  if (result.failure) {
    const { time, reason, cause } = result.failure;
    return { ...base, stable: false, mode: cause, failureTime: time, failure: reason, omega: NaN };
  }
  const energyBreak = energyError.findIndex((x) => x > limit);
  if (energyBreak >= 0) {
    return {
      ...base, stable: false, mode: 'energy', failureTime: t[energyBreak], omega: NaN,
      failure: `the run created energy: E − E₀ − W reached ${energyRatio.toPrecision(3)} × its energy scale (bound ${bounds.energy})`,
    };
  }
  if (!Number.isNaN(constraintTime)) {
    return {
      ...base, stable: false, mode: 'constraint', failureTime: constraintTime, omega: NaN,
      failure: `the constraint residual reached ${constraint.toExponential(2)} (bound ${bounds.constraint})`,
    };
  }
  const omegas = eulerParameterFrequencies(Float64Array.from(t), Float64Array.from(euler));
  return { ...base, stable: true, mode: null, failureTime: NaN, failure: null, omega: omegas.length > 0 ? Math.max(...omegas) : NaN };
}

/** One method's point from all its outcomes (any order). */
export function stabilityPoint(method: FamilyMethodName, parameter: number, outcomes: readonly StabilityOutcome[]): StabilityPoint {
  const sorted = [...outcomes].sort((a, b) => a.h - b.h);
  const firstFail = sorted.find((o) => !o.stable) ?? null;
  const stableBelow = sorted.filter((o) => o.stable && (!firstFail || o.h < firstFail.h));
  const best = stableBelow[stableBelow.length - 1] ?? null;
  const above = firstFail ? sorted.filter((o) => o.stable && o.h > firstFail.h) : [];
  return {
    method, parameter,
    hMax: best?.h ?? NaN,
    hFail: firstFail?.h ?? NaN,
    omega: best?.omega ?? NaN,
    omegaH: best ? best.h * best.omega : NaN,
    energyRatio: best?.energyRatio ?? NaN,
    constraintError: best?.constraintError ?? NaN,
    failureMode: firstFail?.mode ?? null,
    failureTime: firstFail?.failureTime ?? NaN,
    failure: firstFail?.failure ?? null,
    stableAbove: above.length > 0 ? above[above.length - 1].h : NaN,
    runs: outcomes.length,
    ladder: sorted.map(({ h, stable, mode }) => ({ h, stable, mode })),
  };
}

/** A method's parameter in the study: α for HHT, ρ∞ for the others. */
export function studyParameter(method: FamilyMethodName, p: MethodParameters): number {
  const value = takesAlpha(method) ? p.alpha : p.rho;
  if (value === undefined) throw new Error(`stability study: ${method} needs ${takesAlpha(method) ? 'α' : 'ρ∞'}`);
  return value;
}

/**
 * The study in this thread: the scan of every method, then refinement rounds until no method's bracket is wider
 * than 1 + rtol. The pooled study (run/studyTasks.ts) runs the same stages and gives the same points to the bit.
 */
export function stabilityStudy(model: MultibodyModel, s: StabilitySettings, progress: StudyProgress = () => {}): StabilityPoint[] {
  const outcomes = new Map<FamilyMethodName, StabilityOutcome[]>(s.methods.map((m) => [m, []]));
  let stage = s.methods.map((method) => ({ method, steps: scanSteps(s.hRange[0], s.hRange[1]) }));
  let done = 0;
  while (stage.some((x) => x.steps.length > 0)) {
    for (const { method, steps } of stage) {
      for (const h of steps) {
        const run = stabilityRun(method, s, h, s.tEnd);
        progress(done++, NaN, run.label);
        outcomes.get(method)!.push(classifyStabilityRun(model, run.settings, s.bounds));
      }
    }
    stage = s.methods.map((method) => ({ method, steps: refinementSteps(outcomes.get(method)!, s.rtol) }));
  }
  progress(done, done, 'done');
  return s.methods.map((method) => stabilityPoint(method, studyParameter(method, s), outcomes.get(method)!));
}
