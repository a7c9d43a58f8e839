/**
 * `heavy-top`: the Brüls–Cardona heavy top (SPEC §2; Sherif 2019 Sect. 9.1): one body on a
 * spherical joint at the global origin, under gravity, spinning fast about its symmetry axis.
 */
import { heavyTopModel, type HeavyTopParams } from '../solver/scenarios/heavyTop';
import { angularVelocityParam, gravityParam, inertiaParam, massParam, scalar, vec3 } from './params';
import type { ParamValues, ScenarioDef } from './types';
import { checkInertiaTriangle } from './validate';

function heavyTopParams(values: ParamValues): HeavyTopParams {
  return {
    m: scalar(values, 'm'),
    J: vec3(values, 'J'),
    xcm: vec3(values, 'xcm'),
    g: vec3(values, 'g'),
    omega0: vec3(values, 'omega0'),
  };
}

export const heavyTopScenario: ScenarioDef = {
  id: 'heavy-top',
  title: 'Heavy top (Brüls–Cardona benchmark)',
  description: 'One body on a spherical joint at the origin under gravity, spinning fast about its body y axis.',
  params: [
    massParam(15),
    // The paper prints Jz = 0.234275; the benchmark it cites uses 0.234375 (SPEC §2).
    inertiaParam([0.234375, 0.46875, 0.234375]),
    {
      name: 'xcm',
      label: 'Centre of mass',
      unit: 'm',
      length: 3,
      default: [0, 1, 0],
      min: -100,
      max: 100,
      description: 'Centre of mass in body axes, measured from the joint.',
    },
    gravityParam([0, 0, -9.81]),
    angularVelocityParam([0, 150, -4.61538]),
  ],
  defaultAlpha: -0.2,
  defaultH: 1e-4,
  defaultTEnd: 10,
  buildModel: (values) => heavyTopModel(heavyTopParams(values)),
  checkValues(values, name) {
    const bad = checkInertiaTriangle('J', values.J, name);
    return bad ? [bad] : [];
  },
};
