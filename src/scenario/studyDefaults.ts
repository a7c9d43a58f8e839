/**
 * Per-scenario defaults of `sim study …`, chosen so that a bare `sim study convergence --scenario X`
 * reproduces the paper's figure for X (Sherif et al. 2019). The help text is generated from this
 * table, so the documented defaults cannot drift from the applied ones.
 */
import type { IntegratorMethod } from '../solver/simulate';
import type { RunMethod } from './methods';
import { SCENARIOS } from './registry';
import type { ScenarioId } from './types';
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

const PAPER_STEPS = [1e-3, 5e-4, 1e-4, 5e-5] as const;

export const CONVERGENCE_DEFAULTS: Readonly<Record<ScenarioId, ConvergenceDefaults>> = {
  // The single-axis spin under a constant moment: modified HHT at α = 0 is exact here (SPEC §5),
  // so its reference error is rounding only and the steps can be coarse.
  spin: {
    alpha: -0.3,
    steps: [1e-2, 5e-3, 2e-3, 1e-3],
    tEnd: 1,
    sampleDt: 1e-2,
    reference: { method: 'modified', alpha: 0, h: 1e-4 },
    note: 'reference exact for the single-axis case; under a second',
  },
  'heavy-top': {
    alpha: -0.2,
    steps: PAPER_STEPS,
    tEnd: 1,
    sampleDt: 1e-3,
    reference: { method: 'modified', alpha: -0.1, h: 1e-6 },
    note: 'paper Fig. 2; about 4 s, almost all of it the 1e6-step reference',
  },
  'v8-crank': {
    alpha: -0.3,
    steps: PAPER_STEPS,
    tEnd: 9,
    sampleDt: 1e-3,
    reference: { method: 'modified', alpha: -0.1, h: 1e-5 },
    note: 'paper Fig. 9; SLOW: about 3.5 min, 1.5 of them the 9e5-step reference; --t-end 1 takes 15 s',
  },
};

export interface AlphaSweepDefaults {
  readonly h: number;
  readonly tEnd: number;
  readonly note: string;
}

/** The scenario's own run settings, except the V8 crank, which Fig. 10 runs to 15 s. */
export const ALPHA_SWEEP_DEFAULTS: Readonly<Record<ScenarioId, AlphaSweepDefaults>> = {
  spin: { h: SCENARIOS.spin.defaultH, tEnd: SCENARIOS.spin.defaultTEnd, note: 'about 1 s' },
  'heavy-top': {
    h: SCENARIOS['heavy-top'].defaultH,
    tEnd: SCENARIOS['heavy-top'].defaultTEnd,
    note: 'energy drift over alpha as in paper Fig. 5, which uses --h 1e-5; alpha = 0 diverges, SPEC §5',
  },
  'v8-crank': { h: SCENARIOS['v8-crank'].defaultH, tEnd: 15, note: 'final crank speed, paper Fig. 10; SLOW, about 8 min: --t-end 2 takes about 1 min' },
};

/**
 * The ρ∞ sweep: the α sweep's step and end time (the scenario's own run; the V8 to 15 s as Fig. 10), so the
 * two sweeps compare the families on the same runs. Ji–Xing fails on jointed scenarios as ρ∞ → 1 (SPEC §6):
 * a row with its failure text.
 */
export const RHO_SWEEP_DEFAULTS: Readonly<Record<ScenarioId, AlphaSweepDefaults>> = {
  spin: { ...ALPHA_SWEEP_DEFAULTS.spin, note: 'about 1 s' },
  'heavy-top': { ...ALPHA_SWEEP_DEFAULTS['heavy-top'], note: 'energy drift over ρ∞; ji-xing near ρ∞ = 1 may fail (a row, not an error)' },
  'v8-crank': { ...ALPHA_SWEEP_DEFAULTS['v8-crank'], note: 'final crank speed over ρ∞; SLOW (lie-group especially): use --t-end 1' },
};

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

/**
 * The shipped scenarios' ranges: three decades around the scenario's step, runs as long as the paper's shortest
 * figure (1 s; the spin its whole 10 s, where classical HHT at α = 0 fails after 1.3–1.8 s at any h, SPEC §5).
 */
const STABILITY_TABLE: Readonly<Record<ScenarioId, StabilityDefaults>> = {
  spin: { hRange: [1e-3, 1], tEnd: 10, note: 'seconds' },
  'heavy-top': { hRange: [1e-5, 1e-2], tEnd: 1, note: 'about 1 min for the five methods on two cores' },
  'v8-crank': { hRange: [1e-5, 1e-2], tEnd: 1, note: 'SLOW: several minutes for the five methods; --h-range 1e-4,1e-2 is quicker' },
};

/**
 * The defaults for any scenario of the registry: the shipped ones' table, else three decades from a tenth of the
 * scenario's step and runs of its t_end, cut so that the smallest step takes at most 1e5 steps.
 */
export function stabilityDefaults(id: ScenarioId): StabilityDefaults {
  if (Object.hasOwn(STABILITY_TABLE, id)) return STABILITY_TABLE[id];
  const def = SCENARIOS[id];
  const lo = def.defaultH / 10;
  return { hRange: [lo, 1000 * lo], tEnd: Math.min(def.defaultTEnd, 1e5 * lo), note: 'from the scenario’s own step and t_end' };
}
