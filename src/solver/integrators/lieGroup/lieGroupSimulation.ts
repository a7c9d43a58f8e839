/**
 * A fixed-step run of the Lie-group generalized-α with the sample rows of simulate.ts (SPEC §3, §6):
 * ω of the primary body, energy, energy_error = E − E0 − W, constraint_error of the Euler-parameter form
 * the state is converted to (joints and eᵀe − 1), Newton iterations, h.
 */
import type { ModelOutput, MultibodyModel } from '../../model/types';
import { AssembledSystem } from '../../model/assembly';
import { maxAbs } from '../../linalg/dense';
import { startingState } from '../../model/prepare';
import { RemovedEquationsMonitor } from '../../model/removedEquations';
import { singularityNote } from '../../model/singularity';
import { SAMPLE_WIDTH, type FailureCause, type RunFailure, type RunStatus, type SampleSink } from '../../simulate';
import { LieGroupIntegrator, VELOCITIES_PER_BODY } from './lieGroupIntegrator';
import { failureAdvice } from '../multiplierMonitor';

export interface LieGroupRunSettings {
  /** ρ∞ ∈ [0, 1]. */
  readonly rhoInf: number;
  readonly h: number;
  readonly tEnd: number;
  /** Steps between two samples (≥ 1); a sample is also taken at t = 0. */
  readonly sampleEvery: number;
}

export class LieGroupSimulation {
  readonly system: AssembledSystem;
  readonly integrator: LieGroupIntegrator;
  stepsDone = 0;
  failure: RunFailure | null = null;
  private status: RunStatus = 'running';
  private started = false;
  /** The sample row: SAMPLE_COLUMNS, then the model's outputs. */
  private readonly row: Float64Array;
  private readonly outputs: readonly ModelOutput[];
  private readonly observers: readonly ModelOutput[];
  readonly removedEquations: RemovedEquationsMonitor;
  private readonly constraintValues: Float64Array;
  private energy0 = 0;
  private work = 0;
  private power = 0;
  private lastIterations = 0;

  constructor(model: MultibodyModel, readonly settings: LieGroupRunSettings) {
    this.system = new AssembledSystem(model);
    this.integrator = new LieGroupIntegrator(this.system, settings.rhoInf);
    this.constraintValues = new Float64Array(this.system.m);
    this.outputs = model.outputs ?? [];
    this.observers = this.outputs.filter((o) => o.observe !== undefined);
    this.row = new Float64Array(SAMPLE_WIDTH + this.outputs.length);
    this.removedEquations = new RemovedEquationsMonitor(model.prepared?.removed ?? []);
  }

  /** Columns of a sample row: SAMPLE_WIDTH, then one per model output. */
  get rowWidth(): number { return this.row.length; }

  get totalSteps(): number { return Math.max(1, Math.round(this.settings.tEnd / this.settings.h)); }
  get time(): number { return this.stepsDone * this.settings.h; }

  advance(maxSteps: number, sink: SampleSink): RunStatus {
    if (this.status !== 'running') return this.status;
    if (!this.started && !this.start(sink)) return this.status;
    const { integrator, settings } = this;
    const total = this.totalSteps;
    const end = Math.min(total, this.stepsDone + maxSteps);
    while (this.stepsDone < end) {
      const result = integrator.step(settings.h);
      this.lastIterations = result.iterations;
      if (!result.ok) {
        const singular = singularityNote(this.system.constraints, integrator.q, integrator.t);
        return this.fail(singular ? `${result.reason}: ${singular}; try another step size` : `${result.reason}; ${failureAdvice({ rho: settings.rhoInf })}`, 'newton');
      }
      this.stepsDone++;
      integrator.t = this.stepsDone * settings.h;
      const p = this.system.appliedPower(integrator.q, integrator.qd, integrator.t);
      this.work += 0.5 * settings.h * (this.power + p);
      this.power = p;
      for (let i = 0; i < this.observers.length; i++) this.observers[i].observe?.(integrator.q, integrator.qd, integrator.t);
      if (this.stepsDone % settings.sampleEvery === 0 || this.stepsDone === total) {
        if (!this.emit(sink)) return this.fail('the state became non-finite', 'blow-up');
      }
    }
    if (this.stepsDone === total) this.status = 'finished';
    return this.status;
  }

  private start(sink: SampleSink): boolean {
    this.started = true;
    const initial = startingState(this.system);
    if ('failure' in initial) { this.fail(initial.failure, 'setup'); return false; }
    const { q, qd } = initial;
    for (const output of this.outputs) output.reset?.();
    if (!this.integrator.initialize(q, qd, 0)) {
      this.fail('the initial acceleration equations are singular (redundant constraints or zero inertia)', 'setup');
      return false;
    }
    this.energy0 = this.energy();
    this.power = this.system.appliedPower(this.integrator.q, this.integrator.qd, 0);
    if (!this.emit(sink)) { this.fail('the initial state is not finite', 'setup'); return false; }
    return true;
  }

  private fail(reason: string, cause: FailureCause): RunStatus {
    this.failure = { time: this.time, reason, cause };
    this.status = 'failed';
    return this.status;
  }

  private energy(): number {
    const { q, qd } = this.integrator;
    return this.system.kineticEnergy(q, qd) + this.system.potentialEnergy(q);
  }

  private emit(sink: SampleSink): boolean {
    const { integrator, row } = this;
    const o = this.system.model.primaryBody * VELOCITIES_PER_BODY + 3;
    this.system.evaluateConstraints(integrator.q, integrator.t, this.constraintValues);
    const energy = this.energy();
    row[0] = this.time;
    row[1] = integrator.v[o]; row[2] = integrator.v[o + 1]; row[3] = integrator.v[o + 2];
    row[4] = energy;
    row[5] = energy - this.energy0 - this.work;
    row[6] = maxAbs(this.system.m, this.constraintValues);
    row[7] = this.lastIterations;
    row[8] = this.settings.h;
    for (let k = 0; k < this.outputs.length; k++) row[SAMPLE_WIDTH + k] = this.outputs[k].evaluate(integrator.q, integrator.qd, this.time);
    for (let i = 0; i < row.length; i++) if (!Number.isFinite(row[i])) return false;
    this.removedEquations.observe(integrator.q, this.time);
    sink(row, integrator.q);
    return true;
  }
}

/** Runs the Lie-group generalized-α to the end (or a failure), emitting every sample. */
export function simulateLieGroup(
  model: MultibodyModel, settings: LieGroupRunSettings, sink: SampleSink,
): { status: 'finished' | 'failed'; failure: RunFailure | null; steps: number } {
  const sim = new LieGroupSimulation(model, settings);
  while (sim.advance(10_000, sink) === 'running');
  return { status: sim.failure ? 'failed' : 'finished', failure: sim.failure, steps: sim.stepsDone };
}
