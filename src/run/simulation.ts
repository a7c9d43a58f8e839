/**
 * One running simulation of a plan's method, whichever stepper runs it: `Simulation` (the registry's methods on
 * Euler parameters) or `LieGroupSimulation` (the Lie-group generalized-α on R³ × SO(3), its own stepper). Both emit
 * the same sample rows (SPEC §3 columns); the CLI and the worker run either through this one interface.
 */
import type { MultibodyModel } from '../solver/model/types';
import type { AssembledSystem } from '../solver/model/assembly';
import type { RemovedEquationsMonitor } from '../solver/model/removedEquations';
import { Simulation, type RunFailure, type RunStatus, type SampleSink } from '../solver/simulate';
import { LieGroupSimulation } from '../solver/integrators/lieGroup/lieGroupSimulation';
import type { SolverSettings } from './plan';

export interface RunSimulation {
  advance(maxSteps: number, sink: SampleSink): RunStatus;
  readonly failure: RunFailure | null;
  readonly stepsDone: number;
  readonly totalSteps: number;
  /** Steps rejected by the error test or retried (adaptive runs; 0 for fixed steps). */
  readonly stepsRejected: number;
  /** Accepted steps whose successor the step cap limited (adaptive runs; 0 for fixed steps). */
  readonly stepsCapped: number;
  /** Newton iterations of the run so far. */
  readonly totalIterations: number;
  readonly system: AssembledSystem;
  /** Euler-parameter velocities q̇ of the current state (7 per body), matching the q handed to the sink. */
  readonly velocities: Float64Array;
  /** Residuals of the equations removed as redundant (SPEC §8), watched at every sample. */
  readonly removedEquations: RemovedEquationsMonitor;
}

/** The Lie-group stepper seen through RunSimulation (fixed step: nothing is rejected). */
class LieGroupRun implements RunSimulation {
  private readonly sim: LieGroupSimulation;
  constructor(model: MultibodyModel, settings: SolverSettings & { method: 'lie-group' }) {
    this.sim = new LieGroupSimulation(model, settings);
  }
  advance(maxSteps: number, sink: SampleSink): RunStatus { return this.sim.advance(maxSteps, sink); }
  get failure(): RunFailure | null { return this.sim.failure; }
  get stepsDone(): number { return this.sim.stepsDone; }
  get totalSteps(): number { return this.sim.totalSteps; }
  get stepsRejected(): number { return 0; }
  get stepsCapped(): number { return 0; }
  get totalIterations(): number { return this.sim.integrator.totalIterations; }
  get system(): AssembledSystem { return this.sim.system; }
  get velocities(): Float64Array { return this.sim.integrator.qd; }
  get removedEquations(): RemovedEquationsMonitor { return this.sim.removedEquations; }
}

/** `Simulation` seen through RunSimulation. */
class ImplicitRun implements RunSimulation {
  constructor(readonly sim: Simulation) {}
  advance(maxSteps: number, sink: SampleSink): RunStatus { return this.sim.advance(maxSteps, sink); }
  get failure(): RunFailure | null { return this.sim.failure; }
  get stepsDone(): number { return this.sim.stepsDone; }
  get totalSteps(): number { return this.sim.totalSteps; }
  get stepsRejected(): number { return this.sim.stepsRejected; }
  get stepsCapped(): number { return this.sim.stepsCapped; }
  get totalIterations(): number { return this.sim.integrator.totalIterations; }
  get system(): AssembledSystem { return this.sim.system; }
  get velocities(): Float64Array { return this.sim.integrator.qd; }
  get removedEquations(): RemovedEquationsMonitor { return this.sim.removedEquations; }
}

/** A new simulation of `model` with the settings of one method of a plan (solverSettings). */
export function createSimulation(model: MultibodyModel, settings: SolverSettings): RunSimulation {
  if (settings.method === 'lie-group') return new LieGroupRun(model, settings);
  return new ImplicitRun(new Simulation(model, settings));
}
