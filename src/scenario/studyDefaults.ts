/**
 * Per-scenario defaults of `sim study …`, chosen so that a bare `sim study convergence --scenario X`
 * reproduces the paper's figure for X (Sherif et al. 2019): each from the model file's `studies` section, and for a
 * model without one (a user's model) derived from its run defaults. The help text is generated from these
 * functions, so the documented defaults cannot drift from the applied ones.
 */
import type { IntegratorMethod } from '../solver/simulate';
import type { RunMethod } from './methods';
import { SCENARIO_IDS, SCENARIOS } from './registry';
import type { ScenarioDef, ScenarioId } from './types';
import { MAX_STEPS } from './validate';

/** Both integrators: a study exists to compare them. */
export const DEFAULT_STUDY_METHODS: readonly RunMethod[] = ['classical', 'modified'];

/** The ρ∞ sweep's default methods: the three that take ρ∞ (SPEC §6). */
export const DEFAULT_RHO_SWEEP_METHODS: readonly RunMethod[] = ['generalized-alpha', 'lie-group', 'ji-xing'];

/**
 * Work limit of a study: the steps of all its runs together (reference included) may not exceed
 * this. Every single run also keeps `sim`'s own limit MAX_STEPS. Five runs' worth covers every
 * paper default with room to spare (the largest, the V8 α sweep to 15 s, is about 3.3 million
 * steps), while a mistyped list still cannot start a computation of hours.
 */
export const STUDY_WORK_FACTOR = 5;
export const MAX_STUDY_STEPS = STUDY_WORK_FACTOR * MAX_STEPS;

export interface ConvergenceDefaults {
  readonly alpha: number;
  readonly steps: readonly number[];
  readonly tEnd: number;
  /** Common sample grid of all runs and the reference; every step divides it. */
  readonly sampleDt: number;
  readonly reference: { readonly method: IntegratorMethod; readonly alpha: number; readonly h: number };
  /** What the defaults reproduce and what they cost, for the help text. */
  readonly note: string;
}

/** Steps of the reference run of a convergence study derived from a model's run (its h / 100 over its t_end, cut here). */
const DERIVED_REFERENCE_STEPS = 1_000_000;

/**
 * A model without `studies.convergence` (a user's model): four steps from its own h down to a tenth, sampled every h,
 * and a modified-HHT reference at a hundredth of its h, at its α; over its own t_end cut to a whole number of steps
 * h so that the reference takes at most DERIVED_REFERENCE_STEPS steps (the double pendulum's 10 s at h = 0.0005:
 * 5 s, about two million steps in all).
 */
function derivedConvergence(def: ScenarioDef): ConvergenceDefaults {
  const h = def.defaultH;
  const alpha = def.defaultAlpha;
  const samples = Math.max(1, Math.min(Math.round(def.defaultTEnd / h), DERIVED_REFERENCE_STEPS / 100));
  return {
    alpha,
    steps: [h, h / 2, h / 5, h / 10],
    tEnd: Number((samples * h).toPrecision(12)),
    sampleDt: h,
    reference: { method: 'modified', alpha, h: h / 100 },
    note: 'derived from the model\'s run: steps h … h/10, reference at h/100',
  };
}

/** The convergence study's defaults of a scenario: its model file's `studies.convergence`, else derived from its run. */
export function convergenceDefaults(def: ScenarioDef): ConvergenceDefaults {
  const c = def.document.studies?.convergence;
  return c ? { ...c, reference: { ...c.reference } } : derivedConvergence(def);
}

/** A sweep's step and end time: the model's `studies` entry where it gives them, else the model's own run. */
function sweepOf(def: ScenarioDef, sweep: { h?: number; tEnd?: number; note: string } | undefined): AlphaSweepDefaults {
  return { h: sweep?.h ?? def.defaultH, tEnd: sweep?.tEnd ?? def.defaultTEnd, note: sweep?.note ?? 'the model\'s own run' };
}

export interface AlphaSweepDefaults {
  readonly h: number;
  readonly tEnd: number;
  readonly note: string;
}

/** The α sweep's step and end time: the model's own run unless its file says otherwise (the V8 crank: Fig. 10 runs to 15 s). */
export function alphaSweepDefaults(def: ScenarioDef): AlphaSweepDefaults {
  return sweepOf(def, def.document.studies?.alphaSweep);
}

/**
 * The ρ∞ sweep: the α sweep's step and end time unless the file says otherwise, so the two sweeps compare the
 * families on the same runs. Ji–Xing fails on jointed scenarios as ρ∞ → 1 (SPEC §6): a row with its failure text.
 */
export function rhoSweepDefaults(def: ScenarioDef): AlphaSweepDefaults {
  const alpha = alphaSweepDefaults(def);
  const rho = def.document.studies?.rhoSweep;
  return { h: rho?.h ?? alpha.h, tEnd: rho?.tEnd ?? alpha.tEnd, note: rho?.note ?? alpha.note };
}

const byScenario = <T>(f: (def: ScenarioDef) => T): Readonly<Record<ScenarioId, T>> =>
  Object.fromEntries(SCENARIO_IDS.map((id) => [id, f(SCENARIOS[id])]));

/** Of each shipped model, from its file's `studies.convergence` (the paper's figures for the paper's models). */
export const CONVERGENCE_DEFAULTS: Readonly<Record<ScenarioId, ConvergenceDefaults>> = byScenario(convergenceDefaults);

/** Of each shipped model. */
export const ALPHA_SWEEP_DEFAULTS: Readonly<Record<ScenarioId, AlphaSweepDefaults>> = byScenario(alphaSweepDefaults);

/** Of each shipped model. */
export const RHO_SWEEP_DEFAULTS: Readonly<Record<ScenarioId, AlphaSweepDefaults>> = byScenario(rhoSweepDefaults);

/** Default number of ρ∞ values: 0, 0.1, …, 1. */
export const DEFAULT_RHO_COUNT = 11;

/** `count` ≥ 2 evenly spaced ρ∞ from 0 to 1, both ends included, as k / n (0.1, not 0.30000000000000004 style sums). */
export function evenRhos(count: number): number[] {
  const n = count - 1;
  return Array.from({ length: count }, (_, k) => k / n);
}

/** Default number of α values: −1/3, …, 0 in steps of 1/30, as in the paper's sweeps. */
export const DEFAULT_ALPHA_COUNT = 11;
/** Longest list accepted in --steps or --alphas (a plot of 1000 points is already unreadable). */
export const MAX_LIST_LENGTH = 1000;
/** Upper bound of --alpha-steps, so the list is never absurdly long before the work limit is checked. */
export const MAX_ALPHA_COUNT = 1000;

/**
 * `count` ≥ 2 evenly spaced α from −1/3 to 0, both ends included. Written as −(n − k) / (3n), one
 * division of integers, so round values come out exact (−0.3, not −0.30000000000000004); + 0 turns
 * the last −0 into 0.
 */
export function evenAlphas(count: number): number[] {
  const n = count - 1;
  return Array.from({ length: count }, (_, k) => -(n - k) / (3 * n) + 0);
}

/** `sim study stability`: the range of h scanned and the length of every run. */
export interface StabilityDefaults {
  /** [smallest, largest] step, s. */
  readonly hRange: readonly [number, number];
  readonly tEnd: number;
  readonly note: string;
}

/** h_fail / h_max at most 1 + this when the refinement stops: h_max to 2 %. */
export const DEFAULT_STABILITY_RTOL = 0.02;

/** Significant digits of a derived default step: 1e-3, not 0.0010000000000000002. */
const STEP_DIGITS = 3;

/**
 * The defaults of any scenario: its model file's `studies.stability` (every shipped model has one, chosen so that
 * each method meets its limit inside the range, docs/stability-and-tolerance.md), else (a user's model) three
 * decades from a tenth of the model's step and runs of its t_end, cut so that the smallest step takes at most 1e5
 * steps.
 */
export function stabilityDefaults(def: ScenarioDef): StabilityDefaults {
  const own = def.document.studies?.stability;
  if (own) return { hRange: [own.hRange[0], own.hRange[1]], tEnd: own.tEnd, note: own.note };
  const lo = Number((def.defaultH / 10).toPrecision(STEP_DIGITS));
  const hi = Number((1000 * lo).toPrecision(STEP_DIGITS));
  return { hRange: [lo, hi], tEnd: Number(Math.min(def.defaultTEnd, 1e5 * lo).toPrecision(STEP_DIGITS)), note: 'from the scenario’s own step and t_end' };
}

/** `sim study damping-scan`: the step of every run, their length and the grids of α and ρ∞. */
export interface DampingScanDefaults {
  readonly h: number;
  readonly tEnd: number;
  readonly alphaStep: number;
  readonly rhoStep: number;
  readonly note: string;
}

/** α in steps a person reads off a slider; ρ∞ coarser (three methods share it, each run is as dear as an HHT run). */
export const DEFAULT_SCAN_ALPHA_STEP = 0.01;
export const DEFAULT_SCAN_RHO_STEP = 0.05;

/**
 * Steps per run of a scan whose model file names no length: the index-3 mode that needs damping grows within tenths
 * of a second at the default steps of the shipped models (docs/stability-and-tolerance.md, "Where α and ρ∞ are
 * unstable"), so a run of this many steps shows it while a scan of about 160 runs stays affordable.
 */
export const SCAN_STEPS = 10_000;

/**
 * The defaults of any scenario: its own step h (the page's default, where the slider is read), its model file's
 * `studies.dampingScan` where it gives a length, else the model's t_end cut to SCAN_STEPS steps.
 */
export function dampingScanDefaults(def: ScenarioDef): DampingScanDefaults {
  const own = def.document.studies?.dampingScan;
  const h = own?.h ?? def.defaultH;
  const tEnd = own?.tEnd ?? Number(Math.min(def.defaultTEnd, SCAN_STEPS * h).toPrecision(STEP_DIGITS));
  return {
    h, tEnd,
    alphaStep: own?.alphaStep ?? DEFAULT_SCAN_ALPHA_STEP,
    rhoStep: own?.rhoStep ?? DEFAULT_SCAN_RHO_STEP,
    note: own?.note ?? (tEnd < def.defaultTEnd ? `the model's step, its first ${SCAN_STEPS} steps` : 'the model\'s own run'),
  };
}
