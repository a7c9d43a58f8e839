/**
 * What the 3D view draws for the V8 crank drive, in metres at crank angle 0 (global x the crank
 * axis, z up): the cylinders fixed in space, the crank pins, and sizes for the parts. Body
 * order follows the model: 0 crankshaft, then rod 1 + 2k and piston 2 + 2k of cylinder k.
 * Pure; tested in test/app/v8Drawing.test.ts.
 */
import { cylinderGeometry, V8_DEFAULTS, type CylinderGeometry, type V8CrankParams } from './v8Geometry';
import type { Vec3 } from '../solver/model/types';
import type { ParamValues } from '../scenario/types';

export interface V8Drawing {
  /** The 8 cylinders in body order (cylinder k: rod 1 + 2k, piston 2 + 2k). */
  readonly cylinders: readonly CylinderGeometry[];
  /** Centres of the 4 crank pins (each carries a left- and a right-bank rod). */
  readonly pins: readonly Vec3[];
  readonly crankRadius: number;
  /** Piston radius; the bore is a little wider. */
  readonly pistonRadius: number;
  /** Piston extent along its cylinder axis from the piston pin: [below, above]. */
  readonly piston: readonly [number, number];
  /** Bore extent along the cylinder axis, as distances from the crank axis. */
  readonly bore: readonly [number, number];
  /** Crankshaft extent along x. */
  readonly shaft: readonly [number, number];
  /** The drawing's size for the camera: the bore tops' distance from the crank axis, or 40 % of the shaft length if more. */
  readonly size: number;
}

/** The V8's parameters from the scenario's values (the schema names are V8CrankParams' keys). */
export function v8ParamsFrom(values: ParamValues): V8CrankParams {
  const params: Record<string, unknown> = { ...V8_DEFAULTS };
  for (const [name, value] of Object.entries(values)) if (Object.hasOwn(V8_DEFAULTS, name)) params[name] = value.length === 1 ? value[0] : [...value];
  return params as unknown as V8CrankParams;
}

/** Example: v8Drawing(defaultValues(v8CrankScenario)).pins.length === 4. */
export function v8Drawing(values: ParamValues): V8Drawing {
  const p = v8ParamsFrom(values);
  const cylinders = cylinderGeometry(p);
  const pins: Vec3[] = [];
  for (let k = 0; k < cylinders.length; k += 2) {
    const [a, b] = [cylinders[k].bigEnd, cylinders[k + 1].bigEnd];
    pins.push([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2]);
  }
  // The pistons fill most of the 0.1 m spacing of a bank, and stay in scale with small cranks.
  const pistonRadius = Math.min(0.04, 0.9 * p.crankRadius);
  const piston = [0.6 * pistonRadius, 1.1 * pistonRadius] as const;
  // The piston pin travels between l − r and l + r from the crank axis.
  const bore = [p.rodLength - p.crankRadius - piston[0], p.rodLength + p.crankRadius + piston[1] + 0.2 * pistonRadius] as const;
  const xs = cylinders.map((c) => c.bigEnd[0]);
  const shaft = [Math.min(...xs) - 2 * pistonRadius, Math.max(...xs) + 2 * pistonRadius] as const;
  const size = Math.max(bore[1], 0.4 * (shaft[1] - shaft[0]));
  return { cylinders, pins, crankRadius: p.crankRadius, pistonRadius, piston, bore, shaft, size };
}
