/**
 * Every joint: constraint Jacobian, multiplier stiffness ∂(C_qᵀλ)/∂q and the velocity/acceleration
 * right-hand sides against finite differences, and the degrees of freedom it removes.
 */
import { describe, expect, it } from 'vitest';
import type { Constraint, RigidBody, Vec3, Vec4 } from '../../src/solver/model/types';
import { COORDS_PER_BODY } from '../../src/solver/model/types';
import { GROUND, siteFromGlobal, cross } from '../../src/solver/model/joints/jointSite';
import { sphericalJoint } from '../../src/solver/model/joints/spherical';
import { revoluteJoint } from '../../src/solver/model/joints/revolute';
import { universalJoint } from '../../src/solver/model/joints/universal';
import { cylindricalJoint } from '../../src/solver/model/joints/cylindrical';
import { prismaticJoint } from '../../src/solver/model/joints/prismatic';
import { fixedJoint } from '../../src/solver/model/joints/fixed';
import { prescribedRotation } from '../../src/solver/model/joints/prescribedRotation';
import { eulerNormalization } from '../../src/solver/model/eulerNormalization';
import { DenseAccumulator } from '../../src/solver/linalg/accumulator';
import { finiteDifferenceColumns, numericalRank, randomUnitQuaternion, randomVector, relativeDifference, seededRandom } from './helpers';

const FD_TOLERANCE = 1e-7;
const SECOND_DERIVATIVE_TOLERANCE = 1e-6;

type Factory = (name: string, a: ReturnType<typeof siteFromGlobal>, b: ReturnType<typeof siteFromGlobal>) => Constraint;
const JOINTS: readonly [string, Factory, number][] = [
  ['spherical', sphericalJoint, 3],
  ['revolute', revoluteJoint, 5],
  ['universal', universalJoint, 4],
  ['cylindrical', cylindricalJoint, 4],
  ['prismatic', prismaticJoint, 5],
  ['fixed', fixedJoint, 6],
];

function randomBodies(rand: () => number): RigidBody[] {
  return [0, 1].map((i) => ({
    name: `b${i}`, mass: 1, inertia: [1, 1, 1] as Vec3,
    position: Array.from(randomVector(rand, 3)) as unknown as Vec3,
    orientation: Array.from(randomUnitQuaternion(rand)) as unknown as Vec4,
    velocity: [0, 0, 0] as Vec3, angularVelocity: [0, 0, 0] as Vec3,
  }));
}

function unit(v: ArrayLike<number>): Vec3 {
  const n = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / n, v[1] / n, v[2] / n];
}

/** A joint between body 0 and body 1 (or ground) defined by a random global frame at the initial poses. */
function makeJoint(factory: Factory, bodies: RigidBody[], toGround: boolean, rand: () => number): Constraint {
  const point = Array.from(randomVector(rand, 3)) as unknown as Vec3;
  const axis = unit(randomVector(rand, 3));
  const ref = unit(cross(axis, randomVector(rand, 3)));
  const j = toGround ? GROUND : 1;
  // A universal joint's two cross axes are perpendicular: body b's site uses ref as its axis.
  const [axisB, refB] = factory === universalJoint ? [ref, axis] : [axis, ref];
  return factory('joint', siteFromGlobal(bodies, 0, point, axis, ref), siteFromGlobal(bodies, j, point, axisB, refB));
}

function initialQ(bodies: RigidBody[]): Float64Array {
  const q = new Float64Array(COORDS_PER_BODY * bodies.length);
  bodies.forEach((b, i) => { q.set(b.position, 7 * i); q.set(b.orientation, 7 * i + 3); });
  return q;
}

/** The joint's Jacobian as a dense rows × n matrix. */
function denseJacobian(c: Constraint, q: Float64Array, t: number): Float64Array {
  const n = q.length, ld = 7 * c.bodies.length;
  const block = new Float64Array(c.rows * ld);
  c.jacobian(q, t, block, 0);
  const out = new Float64Array(c.rows * n);
  for (let r = 0; r < c.rows; r++) c.bodies.forEach((b, s) => {
    for (let k = 0; k < 7; k++) out[r * n + 7 * b + k] = block[r * ld + 7 * s + k];
  });
  return out;
}

function checkDerivatives(c: Constraint, q0: Float64Array, rand: () => number, t = 0.3): void {
  const n = q0.length;
  const q = q0.map((x) => x + 0.05 * (rand() - 0.5)); // away from the constraint manifold on purpose
  // Jacobian
  const J = denseJacobian(c, q, t);
  const cols = finiteDifferenceColumns(q, c.rows, (x, out) => c.evaluate(x, t, out, 0));
  for (let j = 0; j < n; j++) {
    const col = Array.from({ length: c.rows }, (_, r) => J[r * n + j]);
    expect(relativeDifference(col, cols[j], 1), `∂C/∂q column ${j}`).toBeLessThan(FD_TOLERANCE);
  }
  // Multiplier stiffness ∂(C_qᵀλ)/∂q
  const lambda = randomVector(rand, c.rows, 3);
  const K = new Float64Array(n * n);
  c.addMultiplierStiffness(q, t, lambda, 0, 1, new DenseAccumulator(K, n));
  const kcols = finiteDifferenceColumns(q, n, (x, out) => {
    const Jx = denseJacobian(c, x, t);
    for (let j = 0; j < n; j++) { let s = 0; for (let r = 0; r < c.rows; r++) s += Jx[r * n + j] * lambda[r]; out[j] = s; }
  });
  for (let j = 0; j < n; j++) {
    const col = Array.from({ length: n }, (_, i) => K[i * n + j]);
    expect(relativeDifference(col, kcols[j], 1), `∂(C_qᵀλ)/∂q column ${j}`).toBeLessThan(FD_TOLERANCE);
  }
  // Velocity and acceleration right-hand sides along q(τ) = q + v τ + ½ a τ²
  const v = randomVector(rand, n, 2), acc = randomVector(rand, n, 3);
  const path = (tau: number) => q.map((x, i) => x + v[i] * tau + 0.5 * acc[i] * tau * tau);
  const C = (tau: number) => { const out = new Float64Array(c.rows); c.evaluate(path(tau), t + tau, out, 0); return out; };
  const d = 1e-4;
  const cp = C(d), cm = C(-d), c0 = C(0);
  const gamma = new Float64Array(c.rows), nu = new Float64Array(c.rows);
  c.accelerationRhs(q, v, t, gamma, 0);
  c.velocityRhs(q, t, nu, 0);
  for (let r = 0; r < c.rows; r++) {
    let jv = 0, ja = 0;
    for (let j = 0; j < n; j++) { jv += J[r * n + j] * v[j]; ja += J[r * n + j] * acc[j]; }
    const first = (cp[r] - cm[r]) / (2 * d);
    const second = (cp[r] - 2 * c0[r] + cm[r]) / (d * d);
    expect(Math.abs(first - (jv - nu[r])), `dC/dt row ${r}`).toBeLessThan(FD_TOLERANCE * (1 + Math.abs(first)) * 10);
    expect(Math.abs(second - (ja - gamma[r])), `d²C/dt² row ${r}`).toBeLessThan(SECOND_DERIVATIVE_TOLERANCE * (1 + Math.abs(second)) * 10);
  }
}

describe.each(JOINTS)('%s joint', (_name, factory, removes) => {
  for (const toGround of [false, true]) {
    const label = toGround ? 'body–ground' : 'body–body';
    it(`${label}: Jacobian, multiplier stiffness, velocity and acceleration terms against finite differences`, () => {
      for (const seed of [1, 2, 3]) {
        const rand = seededRandom(seed * 31 + (toGround ? 7 : 0));
        const bodies = randomBodies(rand);
        const joint = makeJoint(factory, bodies, toGround, rand);
        checkDerivatives(joint, initialQ(bodies), rand);
      }
    });

    it(`${label}: holds at the assembly pose and removes ${removes} degrees of freedom`, () => {
      const rand = seededRandom(99 + (toGround ? 1 : 0));
      const bodies = randomBodies(rand);
      const joint = makeJoint(factory, bodies, toGround, rand);
      const q = initialQ(bodies);
      const residual = new Float64Array(joint.rows);
      joint.evaluate(q, 0, residual, 0);
      expect(Math.max(...residual.map(Math.abs))).toBeLessThan(1e-14);
      expect(joint.rows).toBe(removes);
      // Rank of [joint; both normalisations]: the joint's rows must be independent on the tangent space.
      const norms = [0, 1].map((b) => eulerNormalization(b, `b${b}`));
      const rows = [joint, ...norms].flatMap((c) => Array.from(denseJacobian(c, q, 0)));
      const total = joint.rows + 2;
      expect(numericalRank(rows, total, q.length)).toBe(total);
    });
  }
});

describe('prescribed rotation (motion constraint G(q, t) with its own multiplier)', () => {
  const angle = (t: number) => [0.3 + 2 * t + 0.5 * t * t, 2 + t, 1] as const;

  it('Jacobian, stiffness and the time terms C_t, C_tt against finite differences', () => {
    for (const seed of [5, 6]) {
      const rand = seededRandom(seed);
      const bodies = randomBodies(rand);
      const axis = unit(randomVector(rand, 3));
      const ref = unit(cross(axis, randomVector(rand, 3)));
      const driver = prescribedRotation('drive', siteFromGlobal(bodies, 0, [0, 0, 0], axis, ref), axis, ref, angle);
      expect(driver.prescribed).toBe(true);
      checkDerivatives(driver, initialQ(bodies), rand, 0.7);
    }
  });

  it('is satisfied exactly when the body is rotated about the axis by θ(t)', () => {
    const bodies: RigidBody[] = [{ name: 'crank', mass: 1, inertia: [1, 1, 1], position: [0, 0, 0], orientation: [1, 0, 0, 0], velocity: [0, 0, 0], angularVelocity: [0, 0, 0] }];
    const driver = prescribedRotation('drive', siteFromGlobal(bodies, 0, [0, 0, 0], [1, 0, 0], [0, 1, 0]), [1, 0, 0], [0, 1, 0], angle);
    const t = 0.4, th = angle(t)[0];
    const q = Float64Array.from([0, 0, 0, Math.cos(th / 2), Math.sin(th / 2), 0, 0]);
    const out = new Float64Array(1);
    driver.evaluate(q, t, out, 0);
    expect(Math.abs(out[0])).toBeLessThan(1e-15);
  });
});

describe('evaluateWithJacobian (the residual\'s one pass) equals evaluate and jacobian, to the bit', () => {
  const angle = (t: number) => [0.3 + 2 * t, 2, 0] as const;

  function expectSamePass(c: Constraint, q: Float64Array, t: number): void {
    const ld = 7 * c.bodies.length;
    const values = new Float64Array(c.rows + 2), block = new Float64Array(c.rows * ld + 3).fill(NaN);
    const fusedValues = new Float64Array(c.rows + 2), fusedBlock = new Float64Array(c.rows * ld + 3).fill(NaN);
    c.evaluate(q, t, values, 2);
    c.jacobian(q, t, block, 3);
    expect(c.evaluateWithJacobian).toBeTypeOf('function');
    c.evaluateWithJacobian!(q, t, fusedValues, 2, fusedBlock, 3);
    expect(Array.from(fusedValues)).toEqual(Array.from(values));
    expect(Array.from(fusedBlock)).toEqual(Array.from(block));
  }

  it('every joint kind, body–body and body–ground, the prescribed rotation and the normalisation', () => {
    const rand = seededRandom(123);
    for (const [, factory] of JOINTS) {
      for (const toGround of [false, true]) {
        const bodies = randomBodies(rand);
        const joint = makeJoint(factory, bodies, toGround, rand);
        const q = initialQ(bodies).map((x) => x + 0.05 * (rand() - 0.5));
        expectSamePass(joint, q, 0.3);
      }
    }
    const bodies = randomBodies(rand);
    const q = initialQ(bodies).map((x) => x + 0.05 * (rand() - 0.5));
    const axis = unit(randomVector(rand, 3));
    const ref = unit(cross(axis, randomVector(rand, 3)));
    expectSamePass(prescribedRotation('drive', siteFromGlobal(bodies, 0, [0, 0, 0], axis, ref), axis, ref, angle), q, 0.7);
    expectSamePass(eulerNormalization(1, 'b1'), q, 0);
  });
});
