/**
 * What a run says about its model besides the rows (SPEC §8): the output columns after SPEC §3's, how far the
 * assembly moved each body and which equations it removed as redundant, the model's warnings, and how well the
 * removed equations held along the run. The same facts reach `sim`'s stderr and JSON and the page's notice.
 */
import type { BuiltModel } from '../scenario/build';
import type { RemovedResidual } from '../scenario/preparationText';
import { namePreparation, type NamedPreparation } from '../modelfile/report';

/** A model output's column: its name as in the model, and its unit. */
export interface OutputColumn {
  readonly name: string;
  readonly unit: string;
}


export interface ModelFacts {
  readonly outputs: readonly OutputColumn[];
  /** Constraints of the prepared model (joints, prescribed motions); 0 for free bodies. */
  readonly constraints: number;
  readonly preparation: NamedPreparation;
  readonly warnings: readonly string[];
}

/** The facts of a prepared model. */
export function modelFactsOf(built: BuiltModel): ModelFacts {
  const names = built.model.bodies.map((b) => b.name);
  return {
    outputs: (built.model.outputs ?? []).map((o) => ({ name: o.name, unit: o.unit })),
    constraints: built.model.constraints.length,
    preparation: namePreparation(built.report, names),
    warnings: [...built.warnings],
  };
}

/** The removed equations' residual watched by a run (RemovedEquationsMonitor). */
export function removedResidualOf(monitor: { readonly count: number; readonly largestResidual: number; readonly timeOfLargest: number }): RemovedResidual {
  return { count: monitor.count, largest: monitor.largestResidual, time: monitor.timeOfLargest };
}
