/**
 * `spin`: free body under a constant body-fixed moment (SPEC §2; Sherif 2019 Sects. 5 and 7).
 * The single-axis case has the exact solution ω_x(t) = ω_x(0) + M_x t / J_x.
 */
import { spinExactOmega, spinModel, type SpinParams } from '../solver/scenarios/spin';
import { angularVelocityParam, inertiaParam, vec3 } from './params';
import type { ParamValues, ScenarioDef } from './types';
import { checkInertiaTriangle } from './validate';

function spinParams(values: ParamValues): SpinParams {
  return { J: vec3(values, 'J'), M: vec3(values, 'M'), omega0: vec3(values, 'omega0') };
}

export const spinScenario: ScenarioDef = {
  id: 'spin',
  title: 'Single-axis spin under a constant moment',
  description: 'Free rigid body, no gravity, no joints; a constant body-fixed moment spins it up about x.',
  params: [
    inertiaParam([1, 2, 2]),
    {
      name: 'M',
      label: 'Applied moment',
      unit: 'N m',
      length: 3,
      default: [5, 0, 0],
      min: -1e6,
      max: 1e6,
      description: 'Constant applied moment, body axes.',
    },
    angularVelocityParam([10, 0, 0]),
  ],
  defaultAlpha: -0.3,
  defaultH: 0.01,
  defaultTEnd: 10,
  buildModel: (values) => spinModel(spinParams(values)),
  exactOmega: (values, t) => spinExactOmega(spinParams(values), t),
  checkValues(values, name) {
    const bad = checkInertiaTriangle('J', values.J, name);
    return bad ? [bad] : [];
  },
};
