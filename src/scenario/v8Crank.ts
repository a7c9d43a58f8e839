/**
 * `v8-crank`: the V8 crank drive (SPEC §2; Sherif 2019 Sect. 9.2): 17 bodies, 119 coordinates,
 * 118 constraints, 1 degree of freedom, driven by a ramped torque on the crankshaft.
 */
import { v8CrankModel, V8_DEFAULTS, type V8CrankParams } from '../solver/scenarios/v8Crank';
import { gravityParam, scalar, vec3 } from './params';
import type { ParamDef, ParamValues, ScenarioDef } from './types';
import { POSITIVE_MIN } from './validate';

function scalarParam(name: string, label: string, unit: string, def: number, min: number, max: number, description: string): ParamDef {
  return { name, label, unit, length: 1, default: [def], min, max, description };
}

function v8Params(values: ParamValues): V8CrankParams {
  return {
    torque: scalar(values, 'torque'),
    ramp: scalar(values, 'ramp'),
    omega0: scalar(values, 'omega0'),
    g: vec3(values, 'g'),
    bank: scalar(values, 'bank'),
    crankRadius: scalar(values, 'crankRadius'),
    rodLength: scalar(values, 'rodLength'),
    crankMass: scalar(values, 'crankMass'),
    rodMass: scalar(values, 'rodMass'),
    pistonMass: scalar(values, 'pistonMass'),
  };
}

const d = V8_DEFAULTS;

export const v8CrankScenario: ScenarioDef = {
  id: 'v8-crank',
  title: 'V8 crank drive (17 bodies)',
  description: 'Crankshaft, 8 connecting rods and 8 pistons in a 90° V, accelerated by a ramped torque about the crank axis x.',
  params: [
    scalarParam('torque', 'Crank torque T_max', 'N m', d.torque, -1e4, 1e4, 'Final torque about the crank axis; T(t) = T_max · min(t / t_ramp, 1).'),
    scalarParam('ramp', 'Torque ramp time', 's', d.ramp, POSITIVE_MIN, 1e3, 'Time over which the torque rises linearly to T_max.'),
    scalarParam('omega0', 'Initial crank speed', 'rad/s', d.omega0, -2000, 2000, 'Crank speed at t = 0 (crank angle 0, pin 1 straight up).'),
    gravityParam([...d.g]),
    scalarParam('bank', 'Bank angle', '°', d.bank, 30, 150, 'Angle between the two cylinder banks.'),
    scalarParam('crankRadius', 'Crank radius', 'm', d.crankRadius, 0.005, 0.5, 'Distance of the crank pins from the crank axis.'),
    scalarParam('rodLength', 'Connecting-rod length', 'm', d.rodLength, 0.01, 2, 'Big-end to small-end centre distance; must exceed the crank radius.'),
    scalarParam('crankMass', 'Crankshaft mass', 'kg', d.crankMass, POSITIVE_MIN, 1e4, 'Mass of the crankshaft.'),
    scalarParam('rodMass', 'Connecting-rod mass', 'kg', d.rodMass, POSITIVE_MIN, 1e3, 'Mass of each connecting rod.'),
    scalarParam('pistonMass', 'Piston mass', 'kg', d.pistonMass, POSITIVE_MIN, 1e3, 'Mass of each piston.'),
  ],
  defaultAlpha: -0.3,
  defaultH: 1e-4,
  defaultTEnd: 9,
  buildModel: (values) => v8CrankModel(v8Params(values)),
  checkValues(values) {
    const r = scalar(values, 'crankRadius'), l = scalar(values, 'rodLength');
    // The rod must reach the cylinder axis from every pin position with margin (no dead lock at 90°).
    if (l <= 1.2 * r) {
      return [{ key: 'rodLength', message: `rodLength=${l} m is too short for crankRadius=${r} m: the rod must be longer than 1.2 × the crank radius` }];
    }
    return [];
  },
};
