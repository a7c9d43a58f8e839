/**
 * Every integration method by its registry name (`--method`, link `method=`; SPEC §6). Adding a method is one
 * new file under methods/, its name and parameters in methodNames.ts and its constructor here (the type check
 * asks for the one when the other is there); the CLI, the app and the solver read the names from methodNames.ts.
 */
import type { AssembledSystem } from '../model/assembly';
import type { Method, MethodParameters } from './method';
import type { PredictorOrder } from './predictor';
import { ClassicalHht } from './methods/classicalHht';
import { ModifiedHht } from './methods/modifiedHht';
import { GeneralizedAlpha } from './methods/generalizedAlpha';
import { JiXing } from './methods/jiXing';
import { METHOD_PARAMETERS, type MethodName } from './methodNames';

export { METHOD_NAMES, type MethodName } from './methodNames';

export interface MethodOptions {
  /** Order of the predictor's extrapolation (Negrut Sect. 3.5; NewtonSettings.predictorOrder). */
  readonly predictorOrder: PredictorOrder;
}

/** The order for a method that takes 0–2 only: 'auto' as quadratic. */
const atMostQuadratic = (order: PredictorOrder): 0 | 1 | 2 => (order === 'auto' ? 2 : order);

export interface MethodEntry {
  /** The parameters of MethodParameters this method takes (a run giving another one is an input error). */
  readonly parameters: readonly (keyof MethodParameters)[];
  readonly create: (system: AssembledSystem, parameters: MethodParameters, options: MethodOptions) => Method;
}

export const METHOD_REGISTRY = {
  classical: { parameters: METHOD_PARAMETERS.classical, create: (s, p, o) => new ClassicalHht(s, p.alpha, o.predictorOrder) },
  modified: { parameters: METHOD_PARAMETERS.modified, create: (s, p, o) => new ModifiedHht(s, p.alpha, o.predictorOrder) },
  'generalized-alpha': {
    parameters: METHOD_PARAMETERS['generalized-alpha'],
    create: (s, p, o) => new GeneralizedAlpha(s, requireRho(p), atMostQuadratic(o.predictorOrder)),
  },
  'ji-xing': { parameters: METHOD_PARAMETERS['ji-xing'], create: (s, p) => new JiXing(s, requireRho(p)) },
} as const satisfies Record<MethodName, MethodEntry>;

/** ρ∞ of a run for a method that takes it; a missing or out-of-range value is a programming error here (the scenario parser reports bad input). */
function requireRho(p: MethodParameters): number {
  const rho = p.rho;
  if (rho === undefined || !(rho >= 0 && rho <= 1)) throw new Error(`ρ∞ must be in [0, 1], got ${rho}`);
  return rho;
}

/** A new instance of the named method for a system (allocates its scratch; one per run). */
export function createMethod(
  name: MethodName, system: AssembledSystem, parameters: MethodParameters, options: MethodOptions,
): Method {
  const entry: MethodEntry = METHOD_REGISTRY[name];
  if (!entry) throw new Error(`unknown integration method "${name}"`);
  return entry.create(system, parameters, options);
}
