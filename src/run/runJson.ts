/**
 * The JSON text of one run, shared by `sim --format json` and the web app's JSON export, so both write the same
 * bytes for the same link (SPEC §3): a head with the settings, the columns and their units, then the rows, then a
 * tail with how the run ended and its work. No Node built-ins: the app imports it too.
 *
 * { scenario, method, alpha (HHT) or rho (ρ∞ methods), h, tEnd, sampleDt, tolerance, errorNorm, hMin, hMax, params,
 *   columns, units, [outputs], [preparation], [warnings], rows, status, failure, steps, stepsRejected, stepsCapped,
 *   newtonIterations, [removedEquations] }
 */
import type { ErrorNorm } from '../scenario/errorNorm';
import type { RemovedResidual } from '../scenario/preparationText';
import type { RunMethod } from '../scenario/methods';
import type { ParamValues, ScenarioId } from '../scenario/types';
import { SAMPLE_COLUMNS } from '../solver/sampleColumns';
import type { RunStatus } from '../solver/simulate';
import { columnUnits } from './columnUnits';
import type { ModelFacts } from './modelFacts';
import { solverSettings, type RunPlan } from './plan';
import { jsonCell, paramsObject, sampleLine } from './rowText';

/** Step-size control of an adaptive run, as the JSON head spells it out. */
export interface AdaptiveSettings {
  /** Local error tolerance ε (Negrut Eq. 34). */
  readonly tolerance: number;
  readonly errorNorm: ErrorNorm;
  readonly hMin: number;
  readonly hMax: number;
}

/** The settings of a one-method run as the JSON head states them. */
export interface RunSettings {
  readonly scenario: ScenarioId;
  readonly method: RunMethod;
  /** HHT α of classical and modified (absent for the ρ∞ methods). */
  readonly alpha?: number;
  /** ρ∞ of generalized-alpha, lie-group and ji-xing (absent for HHT). */
  readonly rho?: number;
  /** Fixed step, or the initial step of an adaptive run. */
  readonly h: number;
  readonly tEnd: number;
  readonly sampleDt: number;
  /** Present for an adaptive run, absent for a fixed step. */
  readonly adaptive?: AdaptiveSettings;
  readonly values: ParamValues;
}

/** The settings of a one-method plan (its first method), with the plan's figures spelled out. */
export function runSettingsOf(plan: RunPlan): RunSettings & { readonly sampleEvery: number } {
  const [method] = plan.methods;
  const settings = solverSettings(plan, method);
  const { steps } = plan;
  return {
    scenario: plan.scenario, method: method.method, ...('alpha' in method ? { alpha: method.alpha } : { rho: method.rho }),
    h: settings.h, tEnd: plan.tEnd, sampleDt: plan.samples.dt, sampleEvery: settings.sampleEvery,
    ...(steps.kind === 'adaptive' ? { adaptive: { tolerance: steps.tolerance, errorNorm: steps.errorNorm, hMin: steps.hMin, hMax: steps.hMax } } : {}),
    values: plan.values,
  };
}

/** A model with no outputs that the assembly left as written. */
export const NO_FACTS: ModelFacts = { outputs: [], constraints: 0, preparation: { moved: [], removed: [] }, warnings: [] };

/**
 * The head, up to and including `"rows":[`: the settings (tolerance, errorNorm, hMin and hMax null for a fixed
 * step), the columns and their units (SPEC §3's, then the model's outputs, columnUnits.ts), the outputs with their
 * units, and what the assembly did and warns of where it did anything.
 */
export function runJsonHead(settings: RunSettings, facts: ModelFacts = NO_FACTS): string {
  const changed = facts.preparation.moved.length > 0 || facts.preparation.removed.length > 0;
  const head = {
    scenario: settings.scenario,
    method: settings.method,
    ...(settings.rho === undefined ? { alpha: settings.alpha } : { rho: settings.rho }),
    h: settings.h,
    tEnd: settings.tEnd,
    sampleDt: settings.sampleDt,
    tolerance: settings.adaptive?.tolerance ?? null,
    errorNorm: settings.adaptive?.errorNorm ?? null,
    hMin: settings.adaptive?.hMin ?? null,
    hMax: settings.adaptive?.hMax ?? null,
    params: paramsObject(settings.values),
    columns: [...SAMPLE_COLUMNS, ...facts.outputs.map((o) => o.name)],
    units: columnUnits(facts.outputs),
    ...(facts.outputs.length > 0 ? { outputs: facts.outputs } : {}),
    ...(changed ? { preparation: facts.preparation } : {}),
    ...(facts.warnings.length > 0 ? { warnings: facts.warnings } : {}),
  };
  return JSON.stringify(head).slice(0, -1) + ',"rows":[';
}

/** One row (`width` values from `offset`) as a JSON array on its own line; `first`: no comma before it. */
export function runJsonRow(values: ArrayLike<number>, offset: number, width: number, first: boolean): string {
  return (first ? '\n[' : ',\n[') + sampleLine(values, offset, jsonCell, width) + ']';
}

/** Work done by a run, reported in the tail. */
export interface RunStats {
  /** Accepted steps. */
  readonly steps: number;
  /** Steps rejected by the error test or retried after a Newton failure (adaptive runs; 0 otherwise). */
  readonly stepsRejected: number;
  /** Accepted steps whose successor the step cap h_max limited (adaptive runs; 0 otherwise): where the cap, not the tolerance, set the step. */
  readonly stepsCapped: number;
  /** Newton iterations over all steps, rejected ones included. */
  readonly newtonIterations: number;
}

/** How a run ended: `sim` writes finished or failed; the app's export of a run stopped by the user says cancelled. */
export type RunEnd = RunStatus | 'cancelled';

/** The failure of a run: when, why, and what stopped it (absent where the model could not be set up in the app). */
export interface RunFailureText {
  readonly time: number;
  readonly reason: string;
  readonly cause?: string;
}

/** The tail after the rows: status, failure ({time, reason, cause} or null), the work done, the removed equations' residual. */
export function runJsonTail(status: RunEnd, failure: RunFailureText | null, stats: RunStats, removed?: RemovedResidual): string {
  const tail = {
    status,
    failure: failure ? { time: failure.time, reason: failure.reason, cause: failure.cause } : null,
    steps: stats.steps, stepsRejected: stats.stepsRejected, stepsCapped: stats.stepsCapped, newtonIterations: stats.newtonIterations,
    ...(removed && removed.count > 0 ? { removedEquations: { count: removed.count, largestResidual: removed.largest, time: removed.time } } : {}),
  };
  return '\n],' + JSON.stringify(tail).slice(1) + '\n';
}

/** The JSON text of a run's rows (flat, `width` values each) with its head and tail. */
export function runJson(settings: RunSettings, facts: ModelFacts, rows: ArrayLike<number>, status: RunEnd, failure: RunFailureText | null, stats: RunStats, removed?: RemovedResidual): string {
  const width = SAMPLE_COLUMNS.length + facts.outputs.length;
  let text = runJsonHead(settings, facts);
  for (let i = 0; i + width <= rows.length; i += width) text += runJsonRow(rows, i, width, i === 0);
  return text + runJsonTail(status, failure, stats, removed);
}
