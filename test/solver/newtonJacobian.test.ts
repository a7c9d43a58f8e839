import { describe, expect, it } from 'vitest';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { HhtIntegrator } from '../../src/solver/integrators/hhtIntegrator';
import { ImplicitStepper } from '../../src/solver/integrators/implicitStepper';
import { createMethod, METHOD_NAMES } from '../../src/solver/integrators/methodRegistry';
import { DEFAULT_NEWTON } from '../../src/solver/integrators/newtonDriver';
import { modifiedNewmarkVelocity, modifiedVelocityJacobian, modifiedVelocityHistory, newmarkPosition, hhtParameters } from '../../src/solver/integrators/newmark';
import type { MultibodyModel, RigidBody, Vec3, Vec4 } from '../../src/solver/model/types';
import { sphericalJoint } from '../../src/solver/model/joints/spherical';
import { GROUND } from '../../src/solver/model/joints/jointSite';
import { DenseAccumulator } from '../../src/solver/linalg/accumulator';
import { constantBodyFixedMoment, globalForce, globalMoment, gravity } from '../../src/solver/model/loads';
import { rotationMatrix } from '../../src/solver/rotation/eulerParameters';
import { finiteDifferenceColumns, randomUnitQuaternion, randomVector, relativeDifference, seededRandom } from './helpers';
import { statedInitialState } from '../../src/solver/model/prepare';

/** Relative agreement asked of the analytic Newton matrix against central differences. */
const JACOBIAN_TOLERANCE = 1e-6;

const site = (body: number, point: Vec3) => ({ body, point, axis: [0, 0, 1] as Vec3, ref: [1, 0, 0] as Vec3 });

function rotate(e: ArrayLike<number>, s: ArrayLike<number>): Vec3 {
  const A = new Float64Array(9);
  rotationMatrix(Float64Array.from(e), 0, A);
  return [0, 1, 2].map((i) => A[3 * i] * s[0] + A[3 * i + 1] * s[1] + A[3 * i + 2] * s[2]) as unknown as Vec3;
}
const cross = (a: ArrayLike<number>, b: ArrayLike<number>): Vec3 =>
  [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/**
 * A random consistent chain: body 0 on a spherical joint to ground at the origin, body 1 hanging
 * from body 0 by a body–body spherical joint; gravity, a body-fixed moment on body 1, a global moment
 * on body 0 and a global force on body 1.
 */
function randomChain(seed: number): MultibodyModel {
  const rand = seededRandom(seed);
  const bodies: RigidBody[] = [];
  const e0 = randomUnitQuaternion(rand), e1 = randomUnitQuaternion(rand);
  const w0 = randomVector(rand, 3, 30), w1 = randomVector(rand, 3, 30);
  const s0: Vec3 = [0.1, -0.8, 0.2]; // joint to ground, in body-0 axes from its centre of mass
  const s0b: Vec3 = [0.05, 0.7, 0.1]; // joint to body 1, in body-0 axes
  const s1: Vec3 = [0.2, 0.1, -0.5]; // joint to body 0, in body-1 axes
  const r0 = rotate(e0, s0).map((x) => -x) as unknown as Vec3;
  const wg0 = rotate(e0, w0), wg1 = rotate(e1, w1);
  const v0 = cross(wg0, rotate(e0, s0).map((x) => -x));
  const pJoint = rotate(e0, s0b).map((x, i) => x + r0[i]);
  const r1 = rotate(e1, s1).map((x, i) => pJoint[i] - x) as unknown as Vec3;
  const vJoint = cross(wg0, rotate(e0, s0b)).map((x, i) => x + v0[i]);
  const v1 = cross(wg1, rotate(e1, s1)).map((x, i) => vJoint[i] - x) as unknown as Vec3;
  bodies.push({ name: 'a', mass: 3, inertia: [0.2, 0.3, 0.4], position: r0, orientation: Array.from(e0) as unknown as Vec4, velocity: v0, angularVelocity: Array.from(w0) as unknown as Vec3 });
  bodies.push({ name: 'b', mass: 2, inertia: [0.1, 0.15, 0.2], position: r1, orientation: Array.from(e1) as unknown as Vec4, velocity: v1, angularVelocity: Array.from(w1) as unknown as Vec3 });
  return {
    bodies,
    constraints: [
      sphericalJoint('ground joint', site(0, s0), site(GROUND, [0, 0, 0])),
      sphericalJoint('link', site(0, s0b), site(1, s1)),
    ],
    loads: [
      gravity(bodies, [0, 0, -9.81]),
      constantBodyFixedMoment(1, [1, -2, 0.5]),
      globalMoment(0, (t, out) => { out[0] = 3 + t; out[1] = -1; out[2] = 2; }),
      globalForce(1, (t, out) => { out[0] = 0.5; out[1] = 2 * t; out[2] = -1; }),
    ],
    primaryBody: 0,
  };
}

describe('Newton matrix (Sherif Eq. 65) against finite differences of the residual', () => {
  for (const method of ['classical', 'modified'] as const) {
    for (const seed of [1, 2, 3]) {
      it(`${method}, random consistent chain #${seed}`, () => {
        const system = new AssembledSystem(randomChain(seed));
        const integ = new HhtIntegrator(system, method, -0.2);
        const { q, qd } = statedInitialState(system);
        expect(integ.initialize(q, qd, 0)).toBe(true);
        const h = 1e-3;
        integ.prepareStep(h);
        const rand = seededRandom(100 + seed);
        const { n, m } = system;
        // Evaluate away from the solution: perturb the predictor.
        const x = new Float64Array(n + m);
        for (let i = 0; i < n; i++) x[i] = integ.qdd[i] * (1 + 0.1 * (rand() - 0.5)) + rand() - 0.5;
        for (let i = 0; i < m; i++) x[n + i] = integ.lambda[i] + 5 * (rand() - 0.5);
        const residualAt = (y: Float64Array, out: Float64Array) => integ.residual(y.subarray(0, n), y.subarray(n), out);
        const r = new Float64Array(n + m);
        residualAt(x, r);
        const jac = new Float64Array((n + m) * (n + m));
        integ.jacobian(x.subarray(0, n), x.subarray(n), new DenseAccumulator(jac, n + m));
        const cols = finiteDifferenceColumns(x, n + m, residualAt, 1e-4);
        for (let j = 0; j < n + m; j++) {
          const col = Array.from({ length: n + m }, (_, i) => jac[i * (n + m) + j]);
          expect(relativeDifference(col, cols[j], 1e-3), `column ${j}`).toBeLessThan(JACOBIAN_TOLERANCE);
        }
      });
    }
  }
});

describe('Sherif Eq. 69: Jacobian of the modified velocity update', () => {
  it('agrees with finite differences of Eq. 34 (with Eq. 33 inserted)', () => {
    const rand = seededRandom(42);
    for (let trial = 0; trial < 10; trial++) {
      const alpha = -rand() / 3;
      const { beta, gamma } = hhtParameters(alpha);
      const h = 10 ** (-1 - 3 * rand());
      const q = randomUnitQuaternion(rand);
      const qd = randomVector(rand, 4, 20), qdd = randomVector(rand, 4, 400);
      const w = new Float64Array(3);
      modifiedVelocityHistory(h, gamma, q, qd, qdd, 0, w, 0, new Float64Array(3));
      const eNew = new Float64Array(4), edNew = new Float64Array(4);
      const velocity = (edd: Float64Array, out: Float64Array) => {
        newmarkPosition(4, h, beta, q, qd, qdd, edd, eNew);
        modifiedNewmarkVelocity(h, gamma, w, 0, eNew, edd, 0, out);
      };
      const edd = randomVector(rand, 4, 400);
      const D = new Float64Array(16);
      velocity(edd, edNew);
      modifiedVelocityJacobian(h, beta, gamma, w, 0, eNew, edd, 0, D);
      const cols = finiteDifferenceColumns(edd, 4, velocity, 1e-5);
      for (let b = 0; b < 4; b++) {
        expect(relativeDifference([D[b], D[4 + b], D[8 + b], D[12 + b]], cols[b], h * gamma)).toBeLessThan(1e-7);
      }
    }
  });
});

/**
 * Central-difference step of the registry check. The iterate q̈ enters the residual only through
 * q = known + p q̈ and q̇ = known + v q̈, so truncation error is negligible while the round-off of the
 * constraint rows (scaled by 1/p) grows like 1/step. ji-xing has the smallest p, (γh)²/4 ≈ 4.9e-8 at
 * h = 1e-3, so it needs a larger step: measured worst relative error over its three stages on chain #7
 * (driver sequence) 7.1e-7 at 3e-4, 2.6e-7 at 1e-3, 5.1e-8 at 3e-3, 1.9e-8 at 1e-2, 1.1e-8 at 3e-2 (still
 * round-off-bound), against 2.3e-6 at 1e-4. The other methods keep 1e-4.
 */
function registryDifferenceStep(method: string): number {
  return method === 'ji-xing' ? 1e-2 : 1e-4;
}

describe('every registered method through the one Newton driver (src/solver/integrators/methodRegistry.ts)', () => {
  for (const name of METHOD_NAMES) {
    it(`${name}: the Newton matrix is the derivative of the driver's scaled residual, and q moves by positionSensitivity·Δq̈`, () => {
      const system = new AssembledSystem(randomChain(7));
      const method = createMethod(name, system, { alpha: -0.2, rho: 0.6 }, DEFAULT_NEWTON);
      expect(method.name).toBe(name);
      const stepper = new ImplicitStepper(system, method);
      const { q, qd } = statedInitialState(system);
      expect(stepper.initialize(q, qd, 0)).toBe(true);
      const h = 1e-3, { n, m } = system, rand = seededRandom(77);
      for (let stage = 0; stage < method.stageCount; stage++) {
        method.beginStage(stepper, h, stage);
        const x = new Float64Array(n + m);
        for (let i = 0; i < n; i++) x[i] = stepper.qdd[i] * (1 + 0.1 * (rand() - 0.5)) + rand() - 0.5;
        for (let i = 0; i < m; i++) x[n + i] = stepper.lambda[i] + 5 * (rand() - 0.5);
        const residualAt = (y: Float64Array, out: Float64Array) =>
          stepper.driver.scaledResidual(stepper, h, stage, y.subarray(0, n), y.subarray(n), out);
        residualAt(x, new Float64Array(n + m));
        const jac = new Float64Array((n + m) * (n + m));
        method.jacobian(stepper, h, x.subarray(0, n), x.subarray(n), new DenseAccumulator(jac, n + m));
        const cols = finiteDifferenceColumns(x, n + m, residualAt, registryDifferenceStep(name));
        for (let j = 0; j < n + m; j++) {
          const col = Array.from({ length: n + m }, (_, i) => jac[i * (n + m) + j]);
          expect(relativeDifference(col, cols[j], 1e-3), `stage ${stage}, column ${j}`).toBeLessThan(JACOBIAN_TOLERANCE);
        }
        const positionsAt = (y: Float64Array, out: Float64Array) => {
          method.updateKinematics(stepper, h, y);
          out.set(method.qNew);
        };
        const dq = finiteDifferenceColumns(x.slice(0, n), n, positionsAt, 1e-3);
        const s = method.positionSensitivity(h, stage);
        // q is linear in q̈: the differences are exact up to round-off of q (≈ 1) over the step (≥ 1e-3).
        dq.forEach((col, j) => col.forEach((v, i) => expect(Math.abs(v - (i === j ? s : 0))).toBeLessThan(1e-6 * s)));
        // Then the stage as ImplicitStepper.solve runs it, so the next stage starts from this one's result
        // (ji-xing's stage 1 from the q, q̇, q̈ at t + γh that endStage stores, not from unset zeros).
        method.predict(stepper, h, stage, stepper.driver.qddNew, stepper.driver.lambdaNew);
        expect(stepper.driver.solve(stepper, h, stage, stepper.residualPolicy), `stage ${stage} converges`).toBe(true);
        method.endStage(stepper, h, stage, stepper.driver.qddNew, stepper.driver.lambdaNew);
      }
    });
  }
});
