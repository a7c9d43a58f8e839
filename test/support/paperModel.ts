/**
 * The paper's models as the tests and benchmarks use them: built from their model files (models/*.json, SPEC §8)
 * with some parameters changed, compiled but not prepared — the model the builders in code returned before the
 * models became files (test/fixtures/codeModels/), which a run makes consistent at its start as it did then.
 * test/modelfile/paperModels.test.ts shows the two run to the same bits.
 */
import type { MultibodyModel } from '../../src/solver/model/types';
import { compileModel } from '../../src/modelfile/compile';
import type { ModelDocument } from '../../src/modelfile/schema';
import { defaultValues, getScenario } from '../../src/scenario/registry';
import type { ParamValues } from '../../src/scenario/types';

export type PaperModelId = 'spin' | 'heavy-top' | 'v8-crank';
/** Parameters to change, by their names in the file: numbers or vectors. */
export type ParamChanges = Readonly<Record<string, number | readonly number[]>>;

/** The file's default values with `changes` applied. */
export function paperValues(id: PaperModelId, changes: ParamChanges = {}): ParamValues {
  const values: Record<string, readonly number[]> = { ...defaultValues(getScenario(id)) };
  for (const [name, value] of Object.entries(changes)) {
    if (!Object.hasOwn(values, name)) throw new Error(`${id} has no parameter ${name}`);
    values[name] = typeof value === 'number' ? [value] : value;
  }
  return values;
}

/** Example: paperModel('heavy-top', { xcm: [0, 0.9, 0.1] }) — the heavy top with its centre of mass moved. */
export function paperModel(id: PaperModelId, changes: ParamChanges = {}): MultibodyModel {
  return compileModel(getScenario(id).document as ModelDocument, paperValues(id, changes)).model;
}

/** The exact body-fixed ω of the spin (its file's `exactOmega`: ω0 + J⁻¹ M t, exact when ω0 and M lie along one principal axis). */
export function spinExactOmega(t: number, changes: ParamChanges = {}): [number, number, number] {
  const exact = getScenario('spin').exactOmega;
  if (!exact) throw new Error('spin has no exactOmega');
  return exact(paperValues('spin', changes), t);
}
