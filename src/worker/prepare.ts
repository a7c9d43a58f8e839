/**
 * Builds what a run needs from a start message: the scenario's model, the simulation of its method (the
 * registry's `Simulation`, or the Lie-group stepper for `lie-group`: src/run/simulation.ts) and the invariant
 * monitors evaluated at every sample (Euler-norm drift, velocity constraint residual, angular momentum about z).
 * Pure, so the tests prepare runs exactly as the worker does.
 */
import { COORDS_PER_BODY } from '../solver/model/types';
import { InvariantMonitor } from '../solver/studies/invariants';
import { getScenario } from '../scenario/registry';
import type { SolverSettings } from '../run/plan';
import { createSimulation } from '../run/simulation';
import type { PreparedRun } from './handler';
import type { StartMessage } from './protocol';

export function prepareRun(start: StartMessage, settings: SolverSettings): PreparedRun {
  const model = getScenario(start.scenario).buildModel(start.values);
  const simulation = createSimulation(model, settings);
  const monitor = new InvariantMonitor(simulation.system);
  return {
    simulation,
    coordinates: model.bodies.length * COORDS_PER_BODY,
    primaryBody: model.primaryBody,
    // The sink is called with the stepper's own q, so its q̇ is the matching velocity.
    invariants: (q, t, out) => monitor.evaluate(q, simulation.velocities, t, out),
  };
}
