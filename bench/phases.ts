/**
 * Per-phase times of a step, measured on a separate, instrumented run: each phase's method
 * is wrapped on the instance with a clock, so the timed runs of bench/run.ts stay untouched. The clock
 * itself costs about 0.1 µs per call; the `other` phase is the step's remainder (Newton bookkeeping,
 * predictor, convergence test) and `outside_step` the sampling and monitoring around the steps.
 */
import type { Simulation } from '../src/solver/simulate';

/** Phase name → [object, method name]; objects are reached through the instance (private fields included). */
type PhaseTargets = Record<string, [object, string]>;

/**
 * The phases of a step, by the methods that implement them: the driver's scaled residual (Sherif Eq. 62,
 * Negrut Eq. 13), the method's Newton matrix (Sherif Eq. 65), the linear solver, the stepper's acceptance.
 */
function stepPhases(sim: Simulation): PhaseTargets {
  const stepper = sim.integrator;
  return {
    residual: [stepper.driver, 'scaledResidual'],
    assembly: [stepper.method, 'jacobian'],
    zero: [stepper.driver.linear, 'zero'],
    factorisation: [stepper.driver.linear, 'factor'],
    solve: [stepper.driver.linear, 'solve'],
    acceptance: [stepper, 'accept'],
  };
}

/** Replaces obj[name] on the instance by a clocked wrapper that adds its nanoseconds to totals[phase]. */
function clock(totals: Map<string, number>, phase: string, obj: object, name: string): void {
  const target = obj as Record<string, unknown>;
  const original = target[name];
  if (typeof original !== 'function') throw new Error(`phase ${phase}: no method ${name} (the integrator changed: update bench/phases.ts)`);
  totals.set(phase, 0);
  target[name] = function (this: unknown, ...args: unknown[]) {
    const start = process.hrtime.bigint();
    const result = original.apply(this, args);
    totals.set(phase, totals.get(phase)! + Number(process.hrtime.bigint() - start));
    return result;
  };
}

export interface PhaseProfile {
  /** µs per step of each phase. */
  readonly usPerStep: Record<string, number>;
  /** Each phase's share of the whole run, per cent. */
  readonly percent: Record<string, number>;
  /** Calls per step of each phase. */
  readonly callsPerStep: Record<string, number>;
}

/** Runs `sim` to the end with every phase clocked; returns µs per step and shares. */
export function profilePhases(sim: Simulation): PhaseProfile {
  const totals = new Map<string, number>();
  const calls = new Map<string, number>();
  for (const [phase, [obj, name]] of Object.entries(stepPhases(sim))) {
    clock(totals, phase, obj, name);
    const timedFn = (obj as Record<string, (...a: unknown[]) => unknown>)[name];
    calls.set(phase, 0);
    (obj as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      calls.set(phase, calls.get(phase)! + 1);
      return timedFn.apply(this, args);
    };
  }
  clock(totals, 'step', sim.integrator, 'step');
  const start = process.hrtime.bigint();
  const status = sim.advance(Number.MAX_SAFE_INTEGER, () => {});
  const whole = Number(process.hrtime.bigint() - start);
  if (status !== 'finished') throw new Error(`profiled run: ${sim.failure?.reason}`);
  const steps = sim.stepsDone;
  const inPhases = [...totals].filter(([p]) => p !== 'step').reduce((s, [, v]) => s + v, 0);
  const ns: Record<string, number> = Object.fromEntries([...totals].filter(([p]) => p !== 'step'));
  ns.other = totals.get('step')! - inPhases;
  ns.outside_step = whole - totals.get('step')!;
  const usPerStep: Record<string, number> = {}, percent: Record<string, number> = {}, callsPerStep: Record<string, number> = {};
  for (const [phase, v] of Object.entries(ns)) {
    usPerStep[phase] = +(v / 1e3 / steps).toFixed(2);
    percent[phase] = +((100 * v) / whole).toFixed(1);
    if (calls.has(phase)) callsPerStep[phase] = +(calls.get(phase)! / steps).toFixed(3);
  }
  usPerStep.total = +(whole / 1e3 / steps).toFixed(2);
  return { usPerStep, percent, callsPerStep };
}
