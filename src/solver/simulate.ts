/**
 * The one entry point used by the CLI, the worker, the tests and the benchmarks:
 * run a model with an integrator setting and receive samples.
 */
import type { MultibodyModel } from './model/types';
import { AssembledSystem } from './model/assembly';
import { initialStateVectors } from './integrators/hhtIntegrator';
import { DEFAULT_NEWTON, type NewtonSettings } from './integrators/newtonDriver';
import { ImplicitStepper, type StepResult } from './integrators/implicitStepper';
import { createMethod, METHOD_NAMES, type MethodName } from './integrators/methodRegistry';
import { RateBasedStopPolicy } from './integrators/rateBasedStop';
import { COORDS_PER_BODY } from './model/types';
import { angularVelocity } from './rotation/eulerParameters';
import { maxAbs } from './linalg/dense';
import { BlockSparseNewtonSolver, DenseNewtonSolver, type NewtonLinearSolver } from './linalg/newtonSolver';
import { newtonBlockStructure } from './model/newtonStructure';
import { MultiplierOscillationMonitor, OSCILLATION_REASON } from './integrators/multiplierMonitor';
import { assemblePositions, findRedundantConstraints, projectVelocities } from './model/consistentState';


/** The methods of src/solver/integrators/methodRegistry.ts. */
export type IntegratorMethod = MethodName;
export const INTEGRATOR_METHODS: readonly IntegratorMethod[] = METHOD_NAMES;

export interface RunSettings {
  readonly method: IntegratorMethod;
  /** HHT α ∈ [−1/3, 0]. */
  readonly alpha: number;
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
}

/** Safety factor of the step-size selection (Negrut Eq. 37b). */
export const STEP_SAFETY = 0.9;
/** Limits on how much one step may grow or shrink the next. */
export const MAX_STEP_GROWTH = 2;
export const MAX_STEP_SHRINK = 0.2;
/** Accepted steps during which proposals stay below 0.9 × the last rejected step. */
export const REJECTION_MEMORY = 20;

/** Columns of a sample row, in the order of the CLI's CSV (SPEC §3). */
export const SAMPLE_COLUMNS = [
  't', 'omega_x', 'omega_y', 'omega_z', 'energy', 'energy_error', 'constraint_error', 'iterations', 'h',
] as const;
export const SAMPLE_WIDTH = SAMPLE_COLUMNS.length;

export interface RunFailure {
  /** Time at which the run was stopped, s: the last accepted step (for a Newton failure, the step before it). */
  readonly time: number;
  /** One human-readable sentence naming the cause. */
  readonly reason: string;
}

export type RunStatus = 'running' | 'finished' | 'failed';

/** Receives one sample row (length SAMPLE_WIDTH) and the coordinates q (7 per body). Both are reused: copy to keep. */
export type SampleSink = (row: Float64Array, q: Float64Array) => void;


/**
 * A run in progress: advances the HHT integrator step by step and emits samples.
 * The step count is round(tEnd / h) and t_n = n·h exactly, so a run's sample times never drift.
 */
export class Simulation {
  readonly system: AssembledSystem;
  readonly integrator: ImplicitStepper;
  /** Accepted steps. */
  stepsDone = 0;
  /** Steps rejected by the error test or retried after a Newton failure (adaptive only). */
  stepsRejected = 0;
  failure: RunFailure | null = null;
  private status: RunStatus = 'running';
  private readonly row = new Float64Array(SAMPLE_WIDTH);
  private readonly constraintValues: Float64Array;
  private readonly omega = new Float64Array(3);
  private readonly monitor: MultiplierOscillationMonitor;
  private readonly ratePolicy: RateBasedStopPolicy;
  private readonly errorDirection: Float64Array;
  private readonly success: { ok: true; iterations: number; errorRatio: number } = { ok: true, iterations: 0, errorRatio: NaN };
  private energy0 = 0;
  private work = 0;
  private power = 0;
  private lastIterations = 0;
  private started = false;
  /** Adaptive mode: current time, step proposal, last step used, sample interval and next sample index. */
  private t = 0;
  private hNext: number;
  private hLast: number;
  private readonly sampleDt: number;
  private samplesDone = 0;
  private justRejected = false;
  private stepsSinceSample = 0;
  /** Upper bound on proposals after a rejection, kept for REJECTION_MEMORY accepted steps. */
  private rejectedCap = Infinity;
  private capSteps = 0;

  constructor(model: MultibodyModel, readonly settings: RunSettings, newton: NewtonSettings = DEFAULT_NEWTON) {
    this.system = new AssembledSystem(model);
    const method = createMethod(settings.method, this.system, settings, newton);
    this.integrator = new ImplicitStepper(this.system, method, newton, newtonSolverFor(this.system));
    this.ratePolicy = new RateBasedStopPolicy(this.integrator.weights);
    this.constraintValues = new Float64Array(this.system.m);
    this.errorDirection = new Float64Array(this.system.n);
    this.monitor = new MultiplierOscillationMonitor(this.system, method.positionSensitivity(1, 0));
    this.hNext = settings.h;
    this.hLast = settings.h;
    this.sampleDt = settings.sampleEvery * settings.h;
  }

  get adaptive(): boolean { return this.settings.tolerance !== undefined; }

  /** Total steps of a fixed-step run; for an adaptive run the steps so far plus an estimate of those left. */
  get totalSteps(): number {
    const { tEnd, h } = this.settings;
    if (!this.adaptive) return Math.max(1, Math.round(tEnd / h));
    return this.stepsDone + Math.ceil(Math.max(0, tEnd - this.t) / this.hNext);
  }

  get time(): number { return this.adaptive ? this.t : this.stepsDone * this.settings.h; }

  /** Advances at most maxSteps steps (accepted or rejected), emitting samples to sink. The first call also emits t = 0. */
  advance(maxSteps: number, sink: SampleSink): RunStatus {
    if (this.status !== 'running') return this.status;
    if (!this.started && !this.start(sink)) return this.status;
    return this.adaptive ? this.advanceAdaptive(maxSteps, sink) : this.advanceFixed(maxSteps, sink);
  }

  private advanceFixed(maxSteps: number, sink: SampleSink): RunStatus {
    const { integrator, settings } = this;
    const total = this.totalSteps;
    const end = Math.min(total, this.stepsDone + maxSteps);
    while (this.stepsDone < end) {
      const result = integrator.step(settings.h);
      this.lastIterations = result.iterations;
      if (!result.ok) return this.fail(this.explainFailure(result.reason));
      this.stepsDone++;
      integrator.t = this.stepsDone * settings.h;
      const problem = this.afterStep(settings.h);
      if (problem) return this.fail(problem);
      if (this.stepsDone % settings.sampleEvery === 0 || this.stepsDone === total) {
        if (!this.emit(sink)) return this.fail('the state became non-finite');
      }
    }
    if (this.stepsDone === total) this.status = 'finished';
    return this.status;
  }

  /**
   * Adaptive stepping: accept if e_q ≤ ε, choose h_new = s h Θ^(−1/6) = s h (e_q/ε)^(−1/3) (Negrut Eq. 37),
   * retry rejected steps and Newton failures with a smaller h, and land exactly on the sample times.
   */
  private advanceAdaptive(maxSteps: number, sink: SampleSink): RunStatus {
    const { integrator, settings } = this;
    const tolerance = settings.tolerance as number;
    const hMin = settings.hMin ?? 1e-12 * settings.tEnd;
    const hMax = settings.hMax ?? this.sampleDt;
    for (let attempts = 0; attempts < maxSteps && this.status === 'running'; attempts++) {
      let nextSample = (this.samplesDone + 1) * this.sampleDt;
      // Snap to t_end when the sample grid falls a rounding error short of it (no 1e-17 s last step).
      if (nextSample > settings.tEnd - 1e-9 * this.sampleDt) nextSample = settings.tEnd;
      const remaining = nextSample - this.t;
      // Land on the sample time: take it whole if the proposal nearly reaches it.
      const h = this.hNext >= remaining * (1 - 1e-9) ? remaining : Math.min(this.hNext, remaining);
      const result = this.tryStep(h, tolerance);
      this.lastIterations = result.iterations;
      if (!result.ok) {
        this.stepsRejected++;
        this.justRejected = true;
        this.rejectedCap = Math.min(this.rejectedCap, 0.9 * h);
        this.capSteps = REJECTION_MEMORY;
        if (h <= hMin) {
          return this.fail(`${this.explainFailure(result.reason)}; the step size reached h_min = ${hMin} s`);
        }
        const ratio = result.errorRatio ?? NaN;
        const factor = result.rejected && Number.isFinite(ratio) ? Math.max(MAX_STEP_SHRINK, STEP_SAFETY * Math.cbrt(1 / ratio)) : 0.25;
        this.hNext = Math.max(hMin, Math.min(h * factor, 0.9 * h));
        continue;
      }
      this.stepsDone++;
      // Column h reports the largest step since the last sample, not a step shortened to land on it.
      this.hLast = Math.max(this.stepsSinceSample++ === 0 ? 0 : this.hLast, h);
      this.t = h === remaining ? nextSample : this.t + h;
      integrator.t = this.t;
      const growth = result.errorRatio > 0 ? STEP_SAFETY * Math.cbrt(1 / result.errorRatio) : MAX_STEP_GROWTH;
      // No growth right after a rejection: the error was just seen to grow faster than h³ (avoids accept/reject cycles).
      const limit = this.justRejected ? 1 : MAX_STEP_GROWTH;
      this.justRejected = false;
      // After a rejection, stay below the rejected size for a while: the error grew faster than h³ there.
      const cap = this.capSteps-- > 0 ? this.rejectedCap : Infinity;
      if (this.capSteps <= 0) this.rejectedCap = Infinity;
      const proposal = Math.max(hMin, Math.min(hMax, cap, h * Math.min(limit, growth)));
      // A step shortened to reach a sample does not shrink the next one.
      this.hNext = h === remaining ? Math.max(proposal, Math.min(this.hNext, hMax)) : proposal;
      const problem = this.afterStep(h);
      if (problem) return this.fail(problem);
      if (this.t === nextSample) {
        this.samplesDone++;
        this.stepsSinceSample = 0;
        if (!this.emit(sink)) return this.fail('the state became non-finite');
        if (nextSample >= settings.tEnd) this.status = 'finished';
      }
    }
    return this.status;
  }

  /**
   * One step with Newton stopped by the convergence-rate rule (Negrut Eq. 45), accepted only if the composite
   * local error e_q (Negrut Eqs. 25, 34) is ≤ ε; otherwise the state stays at t.
   */
  private tryStep(h: number, tolerance: number): StepResult {
    const { integrator, ratePolicy } = this;
    ratePolicy.tolerance = tolerance;
    if (!integrator.solve(h, ratePolicy)) {
      return { ok: false, iterations: integrator.driver.iterations, reason: integrator.driver.failureReason };
    }
    const iterations = integrator.driver.iterations;
    const errorRatio = this.localPositionError(h) / tolerance;
    if (!(errorRatio <= 1)) { // NaN counts as too large
      integrator.reject();
      return { ok: false, iterations, reason: 'local error above the tolerance', rejected: true, errorRatio };
    }
    integrator.accept(h);
    this.success.iterations = iterations;
    this.success.errorRatio = errorRatio;
    return this.success;
  }

  /** Composite local position error e_q of the solved step (Negrut Eqs. 25, 34). */
  private localPositionError(h: number): number {
    const { integrator, errorDirection } = this;
    const factor = integrator.method.positionErrorEstimate(integrator, h, integrator.qddNew, errorDirection);
    return factor * integrator.weights.positionRms(errorDirection);
  }

  /** Work of the loads and the multiplier monitor after an accepted step; a reason if the run must stop. */
  private afterStep(h: number): string | null {
    this.accumulateWork(h);
    return this.monitor.observe(this.integrator.lambda, h);
  }

  private start(sink: SampleSink): boolean {
    this.started = true;
    const { q, qd } = initialStateVectors(this.system);
    const problem = this.makeConsistent(q, qd);
    if (problem) {
      this.fail(problem);
      return false;
    }
    if (!this.integrator.initialize(q, qd, 0)) {
      this.fail('the initial acceleration equations are singular (redundant constraints or zero inertia)');
      return false;
    }
    this.energy0 = this.totalEnergy();
    this.power = this.system.appliedPower(this.integrator.q, this.integrator.qd, 0);
    if (!this.emit(sink)) {
      this.fail('the initial state is not finite');
      return false;
    }
    return true;
  }

  /** Names the likely cause of a Newton failure: the index-3 oscillation when α gives little damping. */
  private explainFailure(reason: string): string {
    if (this.monitor.oscillating) return `${reason}: ${OSCILLATION_REASON}`;
    if (this.settings.alpha > -0.1) {
      return `${reason}; with α = ${this.settings.alpha} HHT damps little and index-3 constraints can oscillate and diverge: use α < 0 or a smaller h`;
    }
    return `${reason}; try a smaller h`;
  }

  /** Checks for redundant constraints and makes (q, q̇) consistent in place; returns a reason on failure. */
  private makeConsistent(q: Float64Array, qd: Float64Array): string | null {
    const drivers = this.system.model.assemblyDrivers ?? [];
    const redundant = findRedundantConstraints(this.system.constraints, q, 0);
    if (redundant.length > 0) return redundant.join('; ');
    const positions = assemblePositions(this.system, drivers, q, 0);
    if (!positions.ok) return positions.reason;
    const velocities = projectVelocities(this.system, drivers, q, qd, 0);
    return velocities.ok ? null : velocities.reason;
  }

  private fail(reason: string): RunStatus {
    this.failure = { time: this.time, reason };
    this.status = 'failed';
    return this.status;
  }

  /** Trapezoidal rule for the work W of non-potential loads along the computed trajectory (SPEC §1). */
  private accumulateWork(h: number): void {
    const { integrator } = this;
    const p = this.system.appliedPower(integrator.q, integrator.qd, integrator.t);
    this.work += 0.5 * h * (this.power + p);
    this.power = p;
  }

  private totalEnergy(): number {
    const { q, qd } = this.integrator;
    return this.system.kineticEnergy(q, qd) + this.system.potentialEnergy(q);
  }

  /** Fills the sample row (SAMPLE_COLUMNS) and hands it to the sink; false if it is not finite. */
  private emit(sink: SampleSink): boolean {
    const { integrator, row, omega } = this;
    const oe = this.system.model.primaryBody * COORDS_PER_BODY + 3;
    angularVelocity(integrator.q, oe, integrator.qd, oe, omega, 0);
    this.system.evaluateConstraints(integrator.q, integrator.t, this.constraintValues);
    const energy = this.totalEnergy();
    row[0] = this.time;
    row[1] = omega[0]; row[2] = omega[1]; row[3] = omega[2];
    row[4] = energy;
    row[5] = energy - this.energy0 - this.work;
    row[6] = maxAbs(this.system.m, this.constraintValues);
    row[7] = this.lastIterations;
    row[8] = this.adaptive ? this.hLast : this.settings.h;
    for (let i = 0; i < SAMPLE_WIDTH; i++) if (!Number.isFinite(row[i])) return false;
    sink(row, integrator.q);
    return true;
  }
}

/** Systems up to this size use dense LU; larger ones the block-sparse LU (faster from a few bodies on). */
export const DENSE_SOLVER_LIMIT = 40;

/** The linear solver for a system's Newton matrix. */
export function newtonSolverFor(system: AssembledSystem): NewtonLinearSolver {
  const size = system.n + system.m;
  return size <= DENSE_SOLVER_LIMIT ? new DenseNewtonSolver(size) : new BlockSparseNewtonSolver(newtonBlockStructure(system));
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
