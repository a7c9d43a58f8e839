/**
 * Building blocks shared by the scenario definitions: the common parameter kinds
 * (inertia, moment, angular velocity, …) with their units and physical bounds.
 */
import type { Vec3 } from '../solver/model/types';
import type { ParamDef, ParamValues } from './types';
import { POSITIVE_MIN } from './validate';

/** Largest magnitude accepted for most quantities: far beyond any playground use, still finite work. */
const LARGE = 1e6;

/** Fastest initial spin accepted, rad/s: above this h would have to be absurdly small. */
const MAX_SPIN = 1e4;

export function inertiaParam(def: readonly [number, number, number]): ParamDef {
  return {
    name: 'J',
    label: 'Principal inertias',
    unit: 'kg m²',
    length: 3,
    default: def,
    min: POSITIVE_MIN,
    max: LARGE,
    description: 'Principal moments of inertia about the centre of mass, body axes (Jx, Jy, Jz).',
  };
}

export function angularVelocityParam(def: readonly [number, number, number]): ParamDef {
  return {
    name: 'omega0',
    label: 'Initial angular velocity',
    unit: 'rad/s',
    length: 3,
    default: def,
    min: -MAX_SPIN,
    max: MAX_SPIN,
    description: 'Initial body-fixed angular velocity.',
  };
}

export function massParam(def: number): ParamDef {
  return {
    name: 'm',
    label: 'Mass',
    unit: 'kg',
    length: 1,
    default: [def],
    min: POSITIVE_MIN,
    max: LARGE,
    description: 'Mass of the body.',
  };
}

export function gravityParam(def: readonly [number, number, number]): ParamDef {
  return {
    name: 'g',
    label: 'Gravity',
    unit: 'm/s²',
    length: 3,
    default: def,
    min: -1000,
    max: 1000,
    description: 'Gravitational acceleration, global axes.',
  };
}

/** A parameter value as the solver's 3-vector. */
export function vec3(values: ParamValues, name: string): Vec3 {
  const v = values[name];
  return [v[0], v[1], v[2]];
}

/** A scalar parameter value. */
export function scalar(values: ParamValues, name: string): number {
  return values[name][0];
}
