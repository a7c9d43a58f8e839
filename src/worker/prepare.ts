/**
 * Builds what a run needs from a start message: the scenario's model (the shipped model file the message carries,
 * or the user's model of the message, read by src/scenario/custom.ts, which the worker loads when such a message
 * comes), the simulation of its method (the registry's `Simulation`, or the Lie-group stepper for `lie-group`:
 * src/run/simulation.ts) and the invariant monitors evaluated at every sample (Euler-norm drift, velocity
 * constraint residual, angular momentum about z). Pure, so the tests prepare runs exactly as the worker does.
 */
import { COORDS_PER_BODY } from '../solver/model/types';
import { InvariantMonitor } from '../solver/studies/invariants';
import type { SolverSettings } from '../run/plan';
import { createSimulation } from '../run/simulation';
import { modelFactsOf } from '../run/modelFacts';
import type { PreparedRun } from './handler';
import type { StartMessage } from './protocol';
import { buildScenario } from '../scenario/build';
import { scenarioFromDocument } from '../scenario/fromDocument';
import { sceneModelOf } from '../scenario/sceneModel';
import type { ScenarioDef } from '../scenario/types';

/** Reads a user's model text into its scenario (src/scenario/custom.ts), undefined when it is not a model. */
export type CustomModelReader = (text: string) => ScenarioDef | undefined;

/** Shipped scenarios read from their files, by id: a file never changes while the page is open. */
const shipped = new Map<string, ScenarioDef>();

/** The scenario a start message names: the user's model through `readCustom`, or the shipped model file it carries. */
export function scenarioOfStart(start: StartMessage, readCustom: CustomModelReader | null): ScenarioDef | undefined {
  if (start.model) return readCustom?.(start.model.text);
  if (!start.document || start.document.id !== start.scenario) return undefined;
  let def = shipped.get(start.scenario);
  if (!def) shipped.set(start.scenario, (def = scenarioFromDocument(start.document)));
  return def;
}

export function prepareRun(start: StartMessage, settings: SolverSettings, readCustom: CustomModelReader | null = null): PreparedRun {
  const def = scenarioOfStart(start, readCustom);
  if (!def) throw new Error(start.model ? 'the model does not read (open it in the editor to see why)' : `unknown scenario ${start.scenario}`);
  const built = buildScenario(def, start.values);
  const { model } = built;
  const simulation = createSimulation(model, settings);
  const monitor = new InvariantMonitor(simulation.system);
  return {
    ...(start.model ? { scene: sceneModelOf(def, start.values) } : {}),
    simulation,
    facts: modelFactsOf(built),
    coordinates: model.bodies.length * COORDS_PER_BODY,
    primaryBody: model.primaryBody,
    // The sink is called with the stepper's own q, so its q̇ is the matching velocity.
    invariants: (q, t, out) => monitor.evaluate(q, simulation.velocities, t, out),
  };
}
