/**
 * Building a scenario's model for a run (SPEC §8): its model file compiled (modelfile/compile.ts) and prepared
 * (solver/model/prepare.ts: assembled, dependent equations removed). Apart from the scenario definitions
 * (fromDocument.ts) because it brings the compiler and the solver's model code: the solver workers, `sim` and
 * the 3D view build models, while the page's first screen only reads the definitions (the worker reports what it
 * built: src/run/modelFacts.ts).
 */
import type { MultibodyModel } from '../solver/model/types';
import { prepareModel, type PreparationReport } from '../solver/model/prepare';
import { compileModel, type ModelDrawing } from '../modelfile/compile';
import { ModelError } from '../modelfile/scope';
import type { ModelDocument } from '../modelfile/schema';
import type { ParamValues, ScenarioDef } from './types';

/** A model ready to run, with what the page and `sim` say about it. */
export interface BuiltModel {
  /** Assembled and with its independent equations only (model.prepared). */
  readonly model: MultibodyModel;
  readonly drawing: ModelDrawing;
  /** How far the assembly moved each body, which equations were removed. */
  readonly report: PreparationReport;
  /** Legal but probably not meant (a body falling freely under gravity). */
  readonly warnings: readonly string[];
}

/** Compiles and prepares; a model that cannot be assembled is a ModelError naming the joint. */
export function buildFromDocument(doc: ModelDocument, values: ParamValues): BuiltModel {
  const compiled = compileModel(doc, values);
  const prepared = prepareModel(compiled.model);
  if (!prepared.ok) throw new ModelError((prepared.constraint && compiled.sources.get(prepared.constraint)) ?? '', prepared.reason);
  return { model: prepared.model, drawing: compiled.drawing, report: prepared.report, warnings: compiled.warnings };
}

/**
 * The scenario's model ready to run (assembled, dependent equations removed) with its drawing and what preparing
 * it did; values are complete and validated (checkValues has accepted them, so this does not throw for them).
 */
export function buildScenario(def: ScenarioDef, values: ParamValues): BuiltModel {
  return buildFromDocument(def.document, values);
}

/** buildScenario(def, values).model. */
export function buildScenarioModel(def: ScenarioDef, values: ParamValues): MultibodyModel {
  return buildFromDocument(def.document, values).model;
}
