/**
 * The V8 crank drive's cylinder geometry at crank angle 0 for its drawing (v8Drawing.ts), read from the model
 * file as compiled (models/v8-crank.json, SPEC §2): the rods' and pistons' stated poses give each cylinder's big
 * end, piston pin and axis. Only the V8 drawing needs it, until the 3D view draws every model from its shapes.
 */
import type { Vec3 } from '../solver/model/types';
import { rotationMatrix } from '../solver/rotation/eulerParameters';
import { compileModel } from '../modelfile/compile';
import { defaultValues, getScenario } from '../scenario/registry';

/** The V8's parameters by their names in the file: the two the drawing measures with, and the rest as given. */
export type V8CrankParams = Readonly<Record<string, number | Vec3>> & { readonly crankRadius: number; readonly rodLength: number };

const v8 = getScenario('v8-crank');

/** The file's default values. */
export const V8_DEFAULTS: V8CrankParams = Object.fromEntries(
  Object.entries(defaultValues(v8)).map(([name, value]) => [name, value.length === 1 ? value[0] : [...value]]),
) as unknown as V8CrankParams;

/** One cylinder's geometry at crank angle 0. */
export interface CylinderGeometry {
  /** "L1" … "R4": bank and pin. */
  readonly name: string;
  /** Big-end centre (on the crank pin), piston-pin centre, cylinder axis direction. */
  readonly bigEnd: Vec3;
  readonly pistonPin: Vec3;
  readonly axis: Vec3;
}

/** A body axis (column k of A(e)) in global coordinates. */
function bodyAxis(orientation: readonly number[], k: number): Vec3 {
  const a = new Float64Array(9);
  rotationMatrix(Float64Array.from(orientation), 0, a);
  return [a[k], a[3 + k], a[6 + k]];
}

/**
 * The 8 cylinders in body order (cylinder k: rod 1 + 2k, piston 2 + 2k): a piston's centre is its pin and its z
 * axis the cylinder's; a rod's z axis runs from its big end to its pin, its centre a third of the way.
 */
export function cylinderGeometry(p: V8CrankParams): CylinderGeometry[] {
  const values = Object.fromEntries(Object.entries(p).map(([name, v]) => [name, typeof v === 'number' ? [v] : [...(v as Vec3)]]));
  const { bodies } = compileModel(v8.document, values).model;
  const cylinders: CylinderGeometry[] = [];
  for (let rod = 1; rod + 1 < bodies.length; rod += 2) {
    const piston = bodies[rod + 1];
    const u = bodyAxis(bodies[rod].orientation, 2);
    const r = bodies[rod].position;
    const third = p.rodLength / 3;
    cylinders.push({
      name: bodies[rod].name.replace('rod ', ''),
      bigEnd: [r[0] - third * u[0], r[1] - third * u[1], r[2] - third * u[2]],
      pistonPin: piston.position,
      axis: bodyAxis(piston.orientation, 2),
    });
  }
  return cylinders;
}
