/**
 * The run plan: one pure function from a scenario state (plus the run options that are not part of
 * a share link) to everything a run computes — the methods with their α, a fixed step or the
 * tolerance and step limits of an adaptive run, the sample grid and t_end. The worker, `sim`, the
 * studies and the exports all run from a plan, so a link runs the same computation everywhere.
 *
 * Example: planRun(decodeShareQuery('scenario=spin&tol=1e-6').state) →
 *   { ok: true, plan: { steps: { kind: 'adaptive', h0: 0.01, tolerance: 1e-6, hMin: 5e-7, hMax: 0.01 }, samples: { dt: 0.01, every: 1 }, … } }
 */
import type { IntegratorMethod, RunSettings } from '../solver/simulate';
import type { LieGroupRunSettings } from '../solver/integrators/lieGroup/lieGroupSimulation';
import { DEFAULT_RHO, methodParameter, type RunMethod } from '../scenario/methods';
import type { CustomModel, InputIssue, ParamValues, ScenarioId, ScenarioState } from '../scenario/types';
import { defaultMinStep, formatNumber, MAX_STEPS, stepCount, wholeMultiple } from '../scenario/validate';
import { decimalProduct } from './decimalTime';
import { errorNormOf, type ErrorNorm } from '../scenario/errorNorm';

/** Points of a plotted series; an adaptive run is sampled at SAMPLE_POINTS − 1 intervals, so every sample is plotted. */
export const SAMPLE_POINTS = 2000;
/** Sample intervals of an adaptive run over its whole length (its largest step unless h is larger). */
export const ADAPTIVE_SAMPLES = SAMPLE_POINTS - 1;
/**
 * Intervals of the web app's CSV grid for a fixed step (the smallest k·h, k = 1, 2, 5 × 10ⁿ, with at
 * most this many): about 1 MB of text, not a row per step.
 */
export const EXPORT_INTERVALS = 10_000;

/** Options of a run that a share link does not carry (`sim --sample-dt`, `--h-min`, `--h-max`). */
export interface RunOptions {
  /** Interval between written rows, s. Default: h for a fixed step, adaptiveSampleDt for an adaptive run. */
  readonly sampleDt?: number;
  /** Smallest step of an adaptive run before it is given up. Default: defaultMinStep(t_end). */
  readonly hMin?: number;
  /** Largest step of an adaptive run. Default: defaultMaxStep(h, sample interval). */
  readonly hMax?: number;
}

/** An HHT method of a run and its α. */
export interface HhtMethodPlan {
  readonly method: IntegratorMethod;
  /** HHT α ∈ [−1/3, 0]; β = (1 − α)²/4 and γ = (1 − 2α)/2 follow (Negrut Eq. 8). */
  readonly alpha: number;
}

/** A ρ∞ method of a run (generalized-alpha, lie-group, ji-xing) and its ρ∞ (SPEC §6). */
export interface RhoMethodPlan {
  readonly method: RunMethod;
  /** Spectral radius at infinite step ρ∞ ∈ [0, 1]; each method derives its own coefficients from it. */
  readonly rho: number;
}

/** One method of a run with its own parameter (α or ρ∞; never converted from the other). */
export type MethodPlan = HhtMethodPlan | RhoMethodPlan;

/** The plan of one method of a state: α for the HHT methods, ρ∞ (default DEFAULT_RHO) for the others. */
export function methodPlan(method: RunMethod, state: Pick<ScenarioState, 'alpha' | 'rho'>): MethodPlan {
  if (methodParameter(method) === 'alpha') return { method: method as IntegratorMethod, alpha: state.alpha };
  return { method, rho: state.rho ?? DEFAULT_RHO };
}

/** The parameter of a method plan as a number (α or ρ∞). */
export function planParameter(method: MethodPlan): number {
  return 'alpha' in method ? method.alpha : method.rho;
}

/** Fixed step: round(t_end / h) steps, t_n = n·h. */
export interface FixedSteps {
  readonly kind: 'fixed';
  readonly h: number;
  readonly count: number;
}

/** Adaptive step (Negrut Sects. 3.1-3.4): error control within [hMin, hMax] from the initial step h0. */
export interface AdaptiveSteps {
  readonly kind: 'adaptive';
  readonly h0: number;
  /** Local error tolerance ε (Negrut Eq. 34). */
  readonly tolerance: number;
  /** Which local errors ε controls (scenario/errorNorm.ts). */
  readonly errorNorm: ErrorNorm;
  readonly hMin: number;
  /** The step cap: by default the sample interval (defaultMaxStep), since every step lands on a sample time. */
  readonly hMax: number;
}

export type StepPlan = FixedSteps | AdaptiveSteps;

/**
 * Where rows are written: t = 0, every `dt` seconds, and t_end. A fixed-step grid is every `every`-th
 * step (dt = every·h); an adaptive one lands a step on each grid time (`every` = 1).
 */
export interface SampleGrid {
  readonly dt: number;
  readonly every: number;
}

export interface RunPlan {
  readonly scenario: ScenarioId;
  /** The user's model when scenario is CUSTOM_SCENARIO_ID (its text runs, bit for bit as the link carries it). */
  readonly model?: CustomModel;
  /** Complete parameter values of the scenario. */
  readonly values: ParamValues;
  readonly methods: readonly MethodPlan[];
  readonly tEnd: number;
  readonly steps: StepPlan;
  readonly samples: SampleGrid;
}

export type PlanResult = { readonly ok: true; readonly plan: RunPlan } | { readonly ok: false; readonly issue: InputIssue };

/** How messages name the run options and h, t_end (`sim` uses its flags). */
export interface PlanKeys {
  readonly h: string;
  /** Said after h's value in messages, e.g. '(scenario default)' when the user did not give h. */
  readonly hNote?: string;
  readonly tEnd: string;
  readonly sampleDt: string;
  readonly hMin: string;
  readonly hMax: string;
}

export const CLI_PLAN_KEYS: PlanKeys = { h: '--h', tEnd: '--t-end', sampleDt: '--sample-dt', hMin: '--h-min', hMax: '--h-max' };

/** Relative slack of the step-bound comparisons, so a bound met up to rounding (h = t_end / MAX_STEPS) passes. */
const STEP_BOUND_SLACK = 1e-12;

/** Sample interval of an adaptive run when none is given: t_end / ADAPTIVE_SAMPLES, or h if larger. */
export function adaptiveSampleDt(h: number, tEnd: number): number {
  return Math.max(h, tEnd / ADAPTIVE_SAMPLES);
}

/**
 * The step cap of an adaptive run when none is given: the sample interval DT, or h if larger. Steps land on every
 * sample time, so no step could be longer than DT anyway; a coarser grid (`sim --sample-dt`) lets the steps grow
 * with it. In the app DT = max(h, t_end / ADAPTIVE_SAMPLES). Where the error control would take longer steps, the
 * cap, not the tolerance, sets them (AdaptiveStepper.stepsCapped; the page and `sim --format json` say so).
 */
export function defaultMaxStep(h: number, sampleDt: number): number {
  return Math.max(h, sampleDt);
}

/** The smallest k ∈ {1, 2, 5, 10, 20, 50, …} with k ≥ x. */
export function niceCount(x: number): number {
  let decade = 1;
  for (;;) {
    for (const k of [1, 2, 5]) if (k * decade >= x) return k * decade;
    decade *= 10;
  }
}

/**
 * The web app's CSV grid: a fixed step writes every k-th step, k the smallest 1, 2, 5 × 10ⁿ leaving at
 * most EXPORT_INTERVALS intervals (so `sim --url … --sample-dt DT` writes the same rows); an adaptive
 * run writes its own samples (undefined: the plan's default).
 */
export function exportSampleDt(state: Pick<ScenarioState, 'h' | 'tEnd' | 'tolerance'>): number | undefined {
  if (state.tolerance !== undefined) return undefined;
  const every = niceCount(stepCount(state.h, state.tEnd) / EXPORT_INTERVALS);
  return every === 1 ? state.h : decimalProduct(every, state.h);
}

interface CheckedBounds {
  readonly hMin: number;
  readonly hMax: number;
}

function optionText(keys: PlanKeys, key: keyof PlanKeys, value: number, defaultNote: string | null): string {
  return `${keys[key]} ${formatNumber(value)}${defaultNote ? ` (default ${defaultNote})` : ''}`;
}

/** h_min, h_max and the sample interval of an adaptive run: given bounds within the work limit and ordered; h0 between them. */
function adaptiveBounds(state: ScenarioState, options: RunOptions, sampleDt: number, keys: PlanKeys): CheckedBounds | InputIssue {
  const { h, tEnd } = state;
  const hMin = options.hMin ?? defaultMinStep(tEnd);
  const hMax = options.hMax ?? defaultMaxStep(h, sampleDt);
  const minText = optionText(keys, 'hMin', hMin, options.hMin === undefined ? 't_end / MAX_STEPS' : null);
  const maxText = optionText(keys, 'hMax', hMax, options.hMax === undefined ? `max(${keys.h}, ${keys.sampleDt})` : null);
  if (options.hMin !== undefined && tEnd / hMin > MAX_STEPS * (1 + STEP_BOUND_SLACK)) {
    return {
      key: keys.hMin,
      message:
        `${minText} with ${keys.tEnd} ${formatNumber(tEnd)} allows ${formatNumber(Math.ceil(tEnd / hMin))} steps; ` +
        `the limit is ${MAX_STEPS} (use ${keys.hMin} ≥ ${formatNumber(defaultMinStep(tEnd))})`,
    };
  }
  const dtText = optionText(keys, 'sampleDt', sampleDt, options.sampleDt === undefined ? `max(${keys.h}, t_end / ${ADAPTIVE_SAMPLES})` : null);
  if (sampleDt < hMin * (1 - STEP_BOUND_SLACK)) return { key: keys.sampleDt, message: `${dtText} is smaller than ${minText}` };
  // Given bounds must leave room between them; the defaults may meet (a run at the work limit).
  const bothDefault = options.hMin === undefined && options.hMax === undefined;
  if (bothDefault ? hMin > hMax * (1 + STEP_BOUND_SLACK) : !(hMin < hMax)) {
    return { key: options.hMin !== undefined ? keys.hMin : keys.hMax, message: `${minText} must be smaller than ${maxText}` };
  }
  const hText = `${keys.h} ${formatNumber(h)}${keys.hNote ? ` ${keys.hNote}` : ''}`;
  if (h < hMin * (1 - STEP_BOUND_SLACK)) return { key: keys.h, message: `${hText}: the initial step is smaller than ${minText}` };
  if (h > hMax * (1 + STEP_BOUND_SLACK)) return { key: keys.h, message: `${hText}: the initial step is larger than ${maxText}` };
  return { hMin, hMax };
}

function isIssue(x: object): x is InputIssue {
  return 'message' in x;
}

/**
 * The run plan of a valid scenario state (validateState / the link decoder / `sim`'s flags have
 * checked it) and the run options. Options are checked here, against the state: a fixed-step DT
 * must be a whole multiple of h; adaptive bounds must hold h0 and respect the work limit.
 * Never throws; a bad option comes back as the one issue to report, named with `keys`.
 */
export function planRun(state: ScenarioState, options: RunOptions = {}, keys: PlanKeys = CLI_PLAN_KEYS): PlanResult {
  const { h, tEnd, tolerance } = state;
  const methods = state.methods.map((method) => methodPlan(method, state));
  const base = { scenario: state.scenario, ...(state.model ? { model: state.model } : {}), values: state.values, methods, tEnd };
  const sampleDt = options.sampleDt ?? (tolerance === undefined ? h : adaptiveSampleDt(h, tEnd));
  if (sampleDt > tEnd) {
    return { ok: false, issue: { key: keys.sampleDt, message: `${keys.sampleDt} ${formatNumber(sampleDt)} is larger than ${keys.tEnd} ${formatNumber(tEnd)}` } };
  }
  if (tolerance === undefined) {
    for (const key of ['hMin', 'hMax'] as const) {
      if (options[key] !== undefined) {
        const flag = keys[key];
        return { ok: false, issue: { key: flag, message: `${flag} applies to adaptive runs only: give --tol too (or leave ${flag} out)` } };
      }
    }
    const every = wholeMultiple(sampleDt, h);
    if (every === 0) {
      return { ok: false, issue: { key: keys.sampleDt, message: `${keys.sampleDt} ${formatNumber(sampleDt)} is not a whole multiple of ${keys.h} ${formatNumber(h)}` } };
    }
    return { ok: true, plan: { ...base, steps: { kind: 'fixed', h, count: stepCount(h, tEnd) }, samples: { dt: sampleDt, every } } };
  }
  const bounds = adaptiveBounds(state, options, sampleDt, keys);
  if (isIssue(bounds)) return { ok: false, issue: bounds };
  const steps: AdaptiveSteps = { kind: 'adaptive', h0: h, tolerance, errorNorm: errorNormOf(state), ...bounds };
  return { ok: true, plan: { ...base, steps, samples: { dt: sampleDt, every: 1 } } };
}

/** Which samples the solver emits: only the grid's (`sim`), or every step of a fixed-step run (the worker plots them all). */
export type Emission = 'grid' | 'every-step';

/** Settings of the Lie-group stepper (fixed step only; src/solver/integrators/lieGroup/lieGroupSimulation.ts). */
export interface LieGroupSettings extends LieGroupRunSettings {
  readonly method: 'lie-group';
}

/** What one method of a plan runs with: `Simulation`'s RunSettings, or the Lie-group stepper's settings. */
export type SolverSettings = RunSettings | LieGroupSettings;

/** The α or ρ∞ fields of RunSettings for a registry method (α is unused by the ρ∞ methods and set to 0). */
function parameterSettings(method: MethodPlan): Pick<RunSettings, 'alpha' | 'rho'> {
  return 'alpha' in method ? { alpha: method.alpha } : { alpha: 0, rho: method.rho };
}

/**
 * The solver settings of one method of a plan. The adaptive solver lands a step on every sample
 * time, k · (sampleEvery · h0); see landingEvery. The Lie-group method runs fixed steps only (the
 * scenario rules refuse `tol` with it).
 */
export function solverSettings(plan: RunPlan, method: MethodPlan, emission: Emission = 'grid'): SolverSettings {
  const { steps, samples, tEnd } = plan;
  if (method.method === 'lie-group') {
    if (steps.kind !== 'fixed' || 'alpha' in method) throw new Error('lie-group runs with a fixed step and ρ∞ only');
    return { method: 'lie-group', rhoInf: method.rho, h: steps.h, tEnd, sampleEvery: emission === 'grid' ? samples.every : 1 };
  }
  const name = method.method as IntegratorMethod;
  if (steps.kind === 'fixed') {
    return { method: name, ...parameterSettings(method), h: steps.h, tEnd, sampleEvery: emission === 'grid' ? samples.every : 1 };
  }
  const { h0, tolerance, errorNorm, hMin, hMax } = steps;
  return {
    method: name, ...parameterSettings(method), h: h0, tEnd, sampleEvery: landingEvery(samples.dt, h0, tEnd), tolerance, hMin, hMax, errorNorm,
  };
}

/**
 * sampleEvery of an adaptive run: dt / h0, or an ulp beside it, such that sampleEvery · h0 is dt to the
 * last bit (the sample times are k · dt as written); where whole intervals fall a rounding error short
 * of t_end, nudged up so the last one ends on t_end (no last step of ~1e-17 s).
 */
function landingEvery(dt: number, h0: number, tEnd: number): number {
  const ratio = dt / h0;
  let every = [ratio, ratio * (1 + Number.EPSILON), ratio * (1 - Number.EPSILON)].find((e) => e * h0 === dt) ?? ratio;
  const count = Math.round(tEnd / dt);
  if (Math.abs(count * dt - tEnd) > 1e-9 * dt) return every;
  for (let k = 0; k < 8 && count * (every * h0) < tEnd; k++) every *= 1 + Number.EPSILON;
  return every;
}
