/**
 * The one entry point used by the CLI, the worker, the tests and the benchmarks:
 * run a model with an integrator setting and receive samples.
 */
import type { ModelOutput, MultibodyModel } from './model/types';
import { AssembledSystem } from './model/assembly';
import { DEFAULT_NEWTON, type NewtonSettings } from './integrators/newtonDriver';
import { ImplicitStepper } from './integrators/implicitStepper';
import { createMethod, METHOD_NAMES, type MethodName } from './integrators/methodRegistry';
import { AdaptiveStepper, type ErrorNorm } from './integrators/adaptiveStepper';
import { DenseOutput } from './integrators/denseOutput';
import { COORDS_PER_BODY } from './model/types';
import { angularVelocity } from './rotation/eulerParameters';
import { maxAbs } from './linalg/dense';
import { failureAdvice, MultiplierOscillationMonitor, oscillationReason, type DampingParameter } from './integrators/multiplierMonitor';
import { EulerVelocityMonitor, eulerVelocityReason } from './integrators/eulerVelocityMonitor';
import { startingState } from './model/prepare';
import { RemovedEquationsMonitor } from './model/removedEquations';
import { singularityNote } from './model/singularity';
import { SAMPLE_COLUMNS, SAMPLE_WIDTH } from './sampleColumns';

/** The Newton matrices' linear solver (the sparse LU at every size). */
export { newtonSolverFor } from './model/newtonStructure';


/** The methods of src/solver/integrators/methodRegistry.ts (their names: methodNames.ts). */
export type IntegratorMethod = MethodName;
export const INTEGRATOR_METHODS: readonly IntegratorMethod[] = METHOD_NAMES;

export interface RunSettings {
  readonly method: IntegratorMethod;
  /** HHT α ∈ [−1/3, 0] (classical, modified). */
  readonly alpha: number;
  /** ρ∞ ∈ [0, 1] of the methods that take it (registry `parameters: ['rho']`); passed to createMethod. */
  readonly rho?: number;
  /** Step size, s. */
  readonly h: number;
  /** End time, s. */
  readonly tEnd: number;
  /** Steps between two samples (≥ 1); a sample is also taken at t = 0. With adaptive steps: samples every sampleEvery·h seconds. */
  readonly sampleEvery: number;
  /**
   * Adaptive step size (Negrut Sects. 3.1-3.4) when set: the local error tolerance ε. `h` is then the
   * initial step, and the steps stay within [hMin, hMax] and land exactly on every sample time.
   */
  readonly tolerance?: number;
  /** Smallest step before a run is given up (adaptive only; default 1e-12 · tEnd). */
  readonly hMin?: number;
  /** Largest step (adaptive only; default the sample interval). */
  readonly hMax?: number;
  /**
   * Adaptive only: which local errors the tolerance controls (integrators/adaptiveStepper.ts). 'position' (the
   * solver's default and that of share links of schema v1, Negrut Eq. 34): e_q only; 'position-velocity' (the
   * default of schema v2 links and `sim`): steps are also chosen so that the velocity error estimate e_q̇ stays at
   * velocityTolerance(ε), so the ω error follows the tolerance (docs/stability-and-tolerance.md).
   */
  readonly errorNorm?: ErrorNorm;
  /**
   * Adaptive only: when true, steps run past sample times and samples are interpolated inside the step
   * (integrators/denseOutput.ts: cubic Hermite; second order in q̇ on HHT's data); only t_end is landed on. Default
   * false: every sample time is landed on by a shortened step (exact samples, more steps).
   */
  readonly denseOutput?: boolean;
}

export {
  STEP_SAFETY, MAX_STEP_GROWTH, MAX_STEP_SHRINK, REJECTION_MEMORY, type ErrorNorm,
} from './integrators/adaptiveStepper';

export { SAMPLE_COLUMNS, SAMPLE_WIDTH };

/**
 * What stopped a run, for studies and the page's explanation: the set-up ('setup': inconsistent initial state or
 * singular initial equations), the multiplier-oscillation monitor ('multiplier-oscillation': the index-3 joint
 * mode, stopped by the monitor or failing Newton while established), the Euler-parameter velocity mode
 * ('euler-velocity': Newton failed while eᵀė alternated and grew, eulerVelocityMonitor.ts), a non-finite state
 * ('blow-up'), or Newton failing for no recognised reason ('newton').
 */
export type FailureCause = 'setup' | 'newton' | 'multiplier-oscillation' | 'euler-velocity' | 'blow-up';

export interface RunFailure {
  /** Time at which the run was stopped, s: the last accepted step (for a Newton failure, the step before it). */
  readonly time: number;
  /** One human-readable sentence naming the cause. */
  readonly reason: string;
  readonly cause: FailureCause;
}

export type RunStatus = 'running' | 'finished' | 'failed';

/** Receives one sample row (length SAMPLE_WIDTH) and the coordinates q (7 per body). Both are reused: copy to keep. */
export type SampleSink = (row: Float64Array, q: Float64Array) => void;


/**
 * A run in progress: advances the integrator step by step and emits samples.
 * Fixed step: the step count is round(tEnd / h) and t_n = n·h exactly, so a run's sample times never drift.
 * Adaptive (settings.tolerance): an AdaptiveStepper chooses the steps; samples land on the sample grid,
 * exactly or by dense output (settings.denseOutput).
 */
export class Simulation {
  readonly system: AssembledSystem;
  readonly integrator: ImplicitStepper;
  /** Accepted steps. */
  stepsDone = 0;
  failure: RunFailure | null = null;
  private status: RunStatus = 'running';
  /** The sample row: the SAMPLE_COLUMNS, then the model's outputs. */
  private readonly row: Float64Array;
  private readonly outputs: readonly ModelOutput[];
  /** Outputs that keep a history (angles counting turns): observed after every accepted step. */
  private readonly observers: readonly ModelOutput[];
  /** Residuals of the equations removed as dependent (model/prepare.ts), watched at every sample. */
  readonly removedEquations: RemovedEquationsMonitor;
  private readonly constraintValues: Float64Array;
  private readonly omega = new Float64Array(3);
  private readonly monitor: MultiplierOscillationMonitor;
  /** Explains a Newton failure by the Euler parameters' unenforced eᵀė (observes only). */
  private readonly eulerMonitor: EulerVelocityMonitor;
  /** Error control (adaptive runs only). */
  private readonly stepControl: AdaptiveStepper | null;
  /** Interpolation inside a step and the sample state it gives (adaptive runs with denseOutput only). */
  private readonly dense: DenseOutput | null;
  private readonly sampleQ: Float64Array;
  private readonly sampleQd: Float64Array;
  private energy0 = 0;
  private work = 0;
  private power = 0;
  private lastIterations = 0;
  private started = false;
  /** Adaptive mode: largest step since the last sample, sample interval and samples emitted after t = 0. */
  private hLast: number;
  private readonly sampleDt: number;
  private samplesDone = 0;
  private stepsSinceSample = 0;

  constructor(model: MultibodyModel, readonly settings: RunSettings, newton: NewtonSettings = DEFAULT_NEWTON) {
    const system = (this.system = new AssembledSystem(model));
    const method = createMethod(settings.method, system, settings, newton);
    this.integrator = new ImplicitStepper(system, method, newton);
    this.constraintValues = new Float64Array(system.m);
    this.outputs = model.outputs ?? [];
    this.observers = this.outputs.filter((o) => o.observe !== undefined);
    this.row = new Float64Array(SAMPLE_WIDTH + this.outputs.length);
    this.removedEquations = new RemovedEquationsMonitor(model.prepared?.removed ?? []);
    this.monitor = new MultiplierOscillationMonitor(system, method.positionSensitivity(1, 0), oscillationReason(this.damping));
    this.eulerMonitor = new EulerVelocityMonitor(system.bodyCount);
    this.hLast = settings.h;
    this.sampleDt = settings.sampleEvery * settings.h;
    this.stepControl = settings.tolerance === undefined ? null : new AdaptiveStepper(this.integrator, {
      tolerance: settings.tolerance,
      hMin: settings.hMin ?? 1e-12 * settings.tEnd,
      hMax: settings.hMax ?? this.sampleDt,
      errorNorm: settings.errorNorm ?? 'position',
    }, settings.h, this.monitor);
    this.dense = this.stepControl && settings.denseOutput ? new DenseOutput(system.n) : null;
    this.sampleQ = new Float64Array(this.dense ? system.n : 0);
    this.sampleQd = new Float64Array(this.dense ? system.n : 0);
  }

  get adaptive(): boolean { return this.stepControl !== null; }

  /** Columns of a sample row: SAMPLE_WIDTH, then one per model output. */
  get rowWidth(): number { return this.row.length; }

  /** Steps rejected by the error test, retried after a Newton failure or vetoed by the monitor (adaptive only). */
  get stepsRejected(): number { return this.stepControl?.stepsRejected ?? 0; }

  /** Accepted steps whose successor the step cap h_max limited (AdaptiveStepper.stepsCapped); 0 for a fixed step. */
  get stepsCapped(): number { return this.stepControl?.stepsCapped ?? 0; }

  /** Total steps of a fixed-step run; for an adaptive run the steps so far plus an estimate of those left. */
  get totalSteps(): number {
    const { tEnd, h } = this.settings;
    if (!this.stepControl) return Math.max(1, Math.round(tEnd / h));
    return this.stepsDone + Math.ceil(Math.max(0, tEnd - this.integrator.t) / this.stepControl.hNext);
  }

  get time(): number { return this.adaptive ? this.integrator.t : this.stepsDone * this.settings.h; }

  /** Advances at most maxSteps steps (accepted or rejected), emitting samples to sink. The first call also emits t = 0. */
  advance(maxSteps: number, sink: SampleSink): RunStatus {
    if (this.status !== 'running') return this.status;
    if (!this.started && !this.start(sink)) return this.status;
    return this.stepControl ? this.advanceAdaptive(this.stepControl, maxSteps, sink) : this.advanceFixed(maxSteps, sink);
  }

  private advanceFixed(maxSteps: number, sink: SampleSink): RunStatus {
    const { integrator, settings } = this;
    const total = this.totalSteps;
    const end = Math.min(total, this.stepsDone + maxSteps);
    while (this.stepsDone < end) {
      const result = integrator.step(settings.h);
      this.lastIterations = result.iterations;
      if (!result.ok) return this.failNewton(result.reason);
      this.stepsDone++;
      integrator.t = this.stepsDone * settings.h;
      this.accumulateWork(settings.h);
      this.eulerMonitor.observe(integrator.q, integrator.qd);
      this.observeOutputs();
      const problem = this.monitor.observe(integrator.lambda, settings.h);
      if (problem) return this.failOscillation(problem);
      if (this.stepsDone % settings.sampleEvery === 0 || this.stepsDone === total) {
        if (!this.emitCurrent(sink)) return this.fail('the state became non-finite', 'blow-up');
      }
    }
    if (this.stepsDone === total) this.status = 'finished';
    return this.status;
  }

  /**
   * Adaptive stepping (integrators/adaptiveStepper.ts). Without dense output each attempt aims at the next
   * sample time and lands on it; with dense output it aims at t_end and the samples passed are interpolated.
   */
  private advanceAdaptive(control: AdaptiveStepper, maxSteps: number, sink: SampleSink): RunStatus {
    const { integrator, dense } = this;
    for (let attempts = 0; attempts < maxSteps && this.status === 'running'; attempts++) {
      const t0 = integrator.t, power0 = this.power, work0 = this.work;
      dense?.begin(integrator.q, integrator.qd, t0);
      const outcome = control.attempt(dense ? this.settings.tEnd : this.nextSampleTime());
      this.lastIterations = control.lastIterations;
      if (outcome === 'failed') return this.failRejection(control);
      if (outcome === 'rejected') {
        if (control.rejectionCause === 'check') this.eulerMonitor.restart();
        continue;
      }
      this.eulerMonitor.observe(integrator.q, integrator.qd);
      this.stepsDone++;
      this.observeOutputs();
      const h = control.hLast;
      // Column h reports the largest step since the last sample, not a step shortened to land on it.
      this.hLast = Math.max(this.stepsSinceSample++ === 0 ? 0 : this.hLast, h);
      this.accumulateWork(h);
      if (!this.emitPassedSamples(sink, t0, power0, work0)) return this.fail('the state became non-finite', 'blow-up');
    }
    return this.status;
  }

  /** The next sample time, snapped to t_end when the grid falls a rounding error short of it (no 1e-17 s last step). */
  private nextSampleTime(): number {
    const next = (this.samplesDone + 1) * this.sampleDt;
    return next > this.settings.tEnd - 1e-9 * this.sampleDt ? this.settings.tEnd : next;
  }

  /**
   * Emits every sample time the last step reached or passed: the step's end state when it landed on it,
   * else the dense output at that time, with the work integrated by the trapezoidal rule up to it.
   */
  private emitPassedSamples(sink: SampleSink, t0: number, power0: number, work0: number): boolean {
    const { integrator, dense } = this;
    for (let next = this.nextSampleTime(); next <= integrator.t; next = this.nextSampleTime()) {
      this.samplesDone++;
      this.stepsSinceSample = 0;
      let ok: boolean;
      if (next === integrator.t || !dense) {
        ok = this.emitCurrent(sink);
      } else {
        const { sampleQ, sampleQd } = this;
        dense.evaluate(integrator.q, integrator.qd, integrator.t, next, sampleQ, sampleQd);
        const power = this.system.appliedPower(sampleQ, sampleQd, next);
        ok = this.emit(sink, sampleQ, sampleQd, next, work0 + 0.5 * (next - t0) * (power0 + power));
      }
      if (!ok) return false;
      if (next >= this.settings.tEnd) { this.status = 'finished'; break; }
    }
    return true;
  }

  private start(sink: SampleSink): boolean {
    this.started = true;
    const initial = startingState(this.system);
    if ('failure' in initial) {
      this.fail(initial.failure, 'setup');
      return false;
    }
    const { q, qd } = initial;
    for (const output of this.outputs) output.reset?.();
    if (!this.integrator.initialize(q, qd, 0)) {
      this.fail('the initial acceleration equations are singular (redundant constraints or zero inertia)', 'setup');
      return false;
    }
    this.energy0 = this.totalEnergy(this.integrator.q, this.integrator.qd);
    this.power = this.system.appliedPower(this.integrator.q, this.integrator.qd, 0);
    if (!this.emitCurrent(sink)) {
      this.fail('the initial state is not finite', 'setup');
      return false;
    }
    return true;
  }

  /** Stops an adaptive run at its last rejection at h_min, explained as a fixed-step failure would be. */
  private failRejection(control: AdaptiveStepper): RunStatus {
    const { reason, cause } = control.rejectionCause === 'check'
      ? this.explainOscillation(control.rejectionReason)
      : this.explainFailure(control.rejectionReason);
    return this.fail(`${reason}; the step size reached h_min = ${control.settings.hMin} s`, cause);
  }

  /** Stops a run the multiplier-oscillation monitor flagged. */
  private failOscillation(monitorReason: string): RunStatus {
    const { reason, cause } = this.explainOscillation(monitorReason);
    return this.fail(reason, cause);
  }

  /**
   * The multiplier monitor's finding, or the Euler parameters' eᵀė mode when the model has no joint rows (only
   * the bodies' eᵀe = 1, whose multipliers then merely follow eᵀė: the spin at α = −0.05) and that mode is established.
   */
  private explainOscillation(monitorReason: string): { reason: string; cause: FailureCause } {
    const onlyNormalisations = this.system.m === this.system.bodyCount;
    if (onlyNormalisations && this.eulerMonitor.growing) {
      return { reason: eulerVelocityReason(this.damping, this.eulerMonitor.residual), cause: 'euler-velocity' };
    }
    return { reason: monitorReason, cause: 'multiplier-oscillation' };
  }

  /** Stops a run whose Newton solve failed, with the likely cause named. */
  private failNewton(newtonReason: string): RunStatus {
    const { reason, cause } = this.explainFailure(newtonReason);
    return this.fail(reason, cause);
  }

  /** The run's damping parameter: ρ∞ for the methods that take it (RunSettings.rho set), else HHT's α. */
  private get damping(): DampingParameter {
    return this.settings.rho === undefined ? { alpha: this.settings.alpha } : { rho: this.settings.rho };
  }

  /**
   * Names the likely cause of a Newton failure, with advice that fits the method: the index-3 multiplier
   * oscillation (multiplierMonitor.ts), else the Euler parameters' growing eᵀė (eulerVelocityMonitor.ts), else
   * the method's damping knob or a smaller h.
   */
  private explainFailure(reason: string): { reason: string; cause: FailureCause } {
    if (this.monitor.oscillating) return { reason: `${reason}: ${this.monitor.reason}`, cause: 'multiplier-oscillation' };
    const singular = singularityNote(this.system.constraints, this.integrator.q, this.integrator.t);
    if (singular) return { reason: `${reason}: ${singular}; try another step size`, cause: 'newton' };
    if (this.eulerMonitor.growing) {
      return { reason: `${reason}: ${eulerVelocityReason(this.damping, this.eulerMonitor.residual)}`, cause: 'euler-velocity' };
    }
    return { reason: `${reason}; ${failureAdvice(this.damping)}`, cause: 'newton' };
  }

  private fail(reason: string, cause: FailureCause): RunStatus {
    this.failure = { time: this.time, reason, cause };
    this.status = 'failed';
    return this.status;
  }

  /** Lets the outputs that keep a history (angle turns) see the accepted step's state. */
  private observeOutputs(): void {
    const { observers, integrator } = this;
    for (let i = 0; i < observers.length; i++) observers[i].observe?.(integrator.q, integrator.qd, integrator.t);
  }

  /** Trapezoidal rule for the work W of non-potential loads along the computed trajectory (SPEC §1). */
  private accumulateWork(h: number): void {
    const { integrator } = this;
    const p = this.system.appliedPower(integrator.q, integrator.qd, integrator.t);
    this.work += 0.5 * h * (this.power + p);
    this.power = p;
  }

  private totalEnergy(q: Float64Array, qd: Float64Array): number {
    return this.system.kineticEnergy(q, qd) + this.system.potentialEnergy(q);
  }

  /** Emits the integrator's current state. */
  private emitCurrent(sink: SampleSink): boolean {
    return this.emit(sink, this.integrator.q, this.integrator.qd, this.time, this.work);
  }

  /** Fills the sample row (SAMPLE_COLUMNS) for the state (q, q̇) at t and hands it to the sink; false if it is not finite. */
  private emit(sink: SampleSink, q: Float64Array, qd: Float64Array, t: number, work: number): boolean {
    const { row, omega } = this;
    const oe = this.system.model.primaryBody * COORDS_PER_BODY + 3;
    angularVelocity(q, oe, qd, oe, omega, 0);
    this.system.evaluateConstraints(q, t, this.constraintValues);
    const energy = this.totalEnergy(q, qd);
    row[0] = t;
    row[1] = omega[0]; row[2] = omega[1]; row[3] = omega[2];
    row[4] = energy;
    row[5] = energy - this.energy0 - work;
    row[6] = maxAbs(this.system.m, this.constraintValues);
    row[7] = this.lastIterations;
    row[8] = this.adaptive ? this.hLast : this.settings.h;
    const outputs = this.outputs;
    for (let k = 0; k < outputs.length; k++) row[SAMPLE_WIDTH + k] = outputs[k].evaluate(q, qd, t);
    for (let i = 0; i < row.length; i++) if (!Number.isFinite(row[i])) return false;
    this.removedEquations.observe(q, t);
    sink(row, q);
    return true;
  }
}

/** Runs a model to the end (or to a failure), emitting every sample. */
export function simulate(
  model: MultibodyModel, settings: RunSettings, sink: SampleSink,
): { status: 'finished' | 'failed'; failure: RunFailure | null; steps: number } {
  const sim = new Simulation(model, settings);
  let status: RunStatus = 'running';
  while (status === 'running') status = sim.advance(10_000, sink);
  return { status, failure: sim.failure, steps: sim.stepsDone };
}
