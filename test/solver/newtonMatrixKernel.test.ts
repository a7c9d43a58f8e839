/**
 * The Newton matrix of HHT (Sherif Eq. 65) assembled by the WebAssembly kernels straight into a sparse LU's storage in
 * the model's memory (kernels/assembly/newton.ts, model/newtonMatrixKernel.ts): the same matrix, to the bit, as the
 * entry-wise TypeScript assembly into a matrix outside the memory, on the V8 and on a model with every primitive kind
 * (every joint kind, body–body and body–ground, a prescribed rotation, springs with dampers between bodies), and
 * against finite differences of the residual.
 */
import { describe, expect, it } from 'vitest';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { newtonBlockStructure } from '../../src/solver/model/newtonStructure';
import { BlockSparseMatrix } from '../../src/solver/linalg/blockSparse';
import type { SparseNewtonSolver } from '../../src/solver/linalg/newtonSolver';
import { HhtIntegrator } from '../../src/solver/integrators/hhtIntegrator';
import type { HhtMethod } from '../../src/solver/integrators/methods/hhtMethod';
import { Simulation } from '../../src/solver/simulate';
import type { Constraint, MultibodyModel, RigidBody, Vec3, Vec4 } from '../../src/solver/model/types';
import { GROUND, siteFromGlobal, cross } from '../../src/solver/model/joints/jointSite';
import { sphericalJoint } from '../../src/solver/model/joints/spherical';
import { revoluteJoint } from '../../src/solver/model/joints/revolute';
import { universalJoint } from '../../src/solver/model/joints/universal';
import { cylindricalJoint } from '../../src/solver/model/joints/cylindrical';
import { prismaticJoint } from '../../src/solver/model/joints/prismatic';
import { fixedJoint } from '../../src/solver/model/joints/fixed';
import { prescribedRotation } from '../../src/solver/model/joints/prescribedRotation';
import { gravity, globalMoment } from '../../src/solver/model/loads';
import { springDamper } from '../../src/solver/model/springs';
import { reducedConstraint } from '../../src/solver/model/reducedConstraint';
import { paperModel } from '../support/paperModel';
import { finiteDifferenceColumns, randomUnitQuaternion, randomVector, relativeDifference, seededRandom } from './helpers';

/** Relative agreement asked of the kernels' ∂(C_qᵀλ)/∂q against central differences (as newtonJacobian.test.ts). */
const JACOBIAN_TOLERANCE = 1e-6;

/** The bits of a dense matrix, for comparisons to the bit (−0 and 0 differ, as NaN's payloads would). */
const bits = (a: Float64Array) => Array.from(new Uint32Array(Float64Array.from(a).buffer));

function unit(v: ArrayLike<number>): Vec3 {
  const n = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / n, v[1] / n, v[2] / n];
}

type Factory = (name: string, a: ReturnType<typeof siteFromGlobal>, b: ReturnType<typeof siteFromGlobal>) => Constraint;
const JOINTS: readonly Factory[] = [sphericalJoint, revoluteJoint, universalJoint, cylindricalJoint, prismaticJoint, fixedJoint];

/**
 * Three bodies, every joint kind between bodies 0–1 and 1–2 and to the ground (far more equations than freedoms: the
 * assembly does not care), a prescribed rotation of body 2, gravity, a moving global moment and two spring-dampers;
 * with `reduced`, some joints keep only some of their rows (model/reducedConstraint.ts, as model/prepare.ts does).
 */
function everyPrimitiveModel(seed: number, reduced = false): MultibodyModel {
  const rand = seededRandom(seed);
  const bodies: RigidBody[] = [0, 1, 2].map((i) => ({
    name: `b${i}`, mass: 1 + i, inertia: [0.2 + 0.1 * i, 0.3, 0.4] as Vec3,
    position: Array.from(randomVector(rand, 3)) as unknown as Vec3,
    orientation: Array.from(randomUnitQuaternion(rand)) as unknown as Vec4,
    velocity: Array.from(randomVector(rand, 3)) as unknown as Vec3, angularVelocity: Array.from(randomVector(rand, 3, 5)) as unknown as Vec3,
  }));
  const constraints: Constraint[] = [];
  JOINTS.forEach((factory, k) => {
    for (const [i, j] of [[0, 1], [1, 2], [k % 3, GROUND]] as const) {
      const point = Array.from(randomVector(rand, 3)) as unknown as Vec3;
      const axis = unit(randomVector(rand, 3)), ref = unit(cross(axis, randomVector(rand, 3)));
      const [axisB, refB] = factory === universalJoint ? [ref, axis] : [axis, ref];
      const joint = factory(`joint ${k} ${i}-${j}`, siteFromGlobal(bodies, i, point, axis, ref), siteFromGlobal(bodies, j, point, axisB, refB));
      constraints.push(reduced && joint.rows > 2 && j !== GROUND ? reducedConstraint(joint, [0, joint.rows - 2]) : joint);
    }
  });
  const axis = unit(randomVector(rand, 3)), ref = unit(cross(axis, randomVector(rand, 3)));
  constraints.push(prescribedRotation('drive', siteFromGlobal(bodies, 2, [0, 0, 0], axis, ref), axis, ref, (t) => [0.3 + 2 * t, 2, 0]));
  return {
    bodies, constraints,
    loads: [
      gravity(bodies, [0, 0, -9.81]),
      globalMoment(0, (t, out) => { out[0] = 3 + t; out[1] = -1; out[2] = 2; }),
      springDamper('spring 0-1', { body: 0, point: [0.1, 0.2, 0.3] }, { body: 1, point: [-0.2, 0.1, 0] }, 50, 3, 0.4),
      springDamper('spring 2-ground', { body: 2, point: [0.3, 0, 0.1] }, { body: GROUND, point: [1, 1, 1] }, 20, 2, 0.5),
    ],
    primaryBody: 0,
  };
}

/** A matrix of the system's Newton pattern whose storage lies in the model's memory (entries in pattern order). */
function matrixInModelMemory(system: AssembledSystem): BlockSparseMatrix {
  const matrix = new BlockSparseMatrix(newtonBlockStructure(system));
  const slots = Int32Array.from({ length: matrix.entryCount }, (_, p) => p);
  matrix.setLayout(slots, matrix.entryCount, system.kernelMemory.f64(matrix.entryCount + matrix.trailingEntries));
  return matrix;
}

/** An HHT integrator of the model at a random iterate (q̈_{n+1}, λ_{n+1}) with its residual evaluated there. */
function integratorAtRandomIterate(system: AssembledSystem, method: 'classical' | 'modified', seed: number) {
  const integ = new HhtIntegrator(system, method, -0.3);
  const rand = seededRandom(seed);
  const { n, m } = system;
  const q = Float64Array.from(system.model.bodies.flatMap((b) => [...b.position, ...b.orientation]));
  const qd = randomVector(rand, n, 2);
  integ.q.set(q); integ.qd.set(qd);
  integ.qdd.set(randomVector(rand, n, 20));
  integ.lambda.set(randomVector(rand, m, 5));
  integ.method.initialize(integ);
  const h = 1e-3;
  integ.prepareStep(h);
  const x = new Float64Array(n + m);
  for (let i = 0; i < n; i++) x[i] = integ.qdd[i] + 10 * (rand() - 0.5);
  for (let i = 0; i < m; i++) x[n + i] = integ.lambda[i] + 5 * (rand() - 0.5);
  const r = new Float64Array(n + m);
  integ.residual(x.subarray(0, n), x.subarray(n), r);
  return { integ, x, r };
}

describe('the Newton matrix written by the kernels into the LU\'s storage (Sherif Eq. 65)', () => {
  for (const method of ['classical', 'modified'] as const) {
    it(`equals the entry-wise assembly to the bit on a model with every primitive kind, with and without reduced joints, ${method}`, () => {
      for (const [seed, reduced] of [[1, false], [2, false], [3, true]] as const) {
        const system = new AssembledSystem(everyPrimitiveModel(seed, reduced));
        const { integ, x } = integratorAtRandomIterate(system, method, 10 + seed);
        const { n } = system;
        const kernel = matrixInModelMemory(system), plain = new BlockSparseMatrix(newtonBlockStructure(system));
        integ.jacobian(x.subarray(0, n), x.subarray(n), kernel);
        integ.jacobian(x.subarray(0, n), x.subarray(n), plain);
        expect(kernel.hasStrayEntries()).toBe(false);
        expect(bits(kernel.toDense())).toEqual(bits(plain.toDense()));
        // The first was written by the kernels, the second entry by entry (its storage is outside the model's memory).
        const history = new Float64Array(3 * system.bodyCount);
        const args = [1e-3, integ.beta, integ.gamma, -0.3, 0, integ.qNew, integ.qdNew, x.subarray(0, n), x.subarray(n), history, 0, -1] as const;
        expect(system.hhtNewtonMatrix(...args, plain)).toBe(false);
        expect(system.hhtNewtonMatrix(...args, kernel)).toBe(true);
      }
    });

    it(`on the V8, in the stepper's LU in the model's memory, equals the entry-wise assembly to the bit, ${method}`, () => {
      const sim = new Simulation(paperModel('v8-crank'), { method, alpha: -0.3, h: 1e-4, tEnd: 0.003, sampleEvery: 100 });
      expect(sim.advance(Number.MAX_SAFE_INTEGER, () => {})).toBe('finished');
      const { system, integrator } = sim;
      const linear = integrator.driver.linear as SparseNewtonSolver;
      // The LU's workspace is a region of the model's memory: one kernel sees both, the right-hand side is solved in place.
      expect(linear.accumulator.values.buffer).toBe(system.kernelMemory.buffer);
      expect(linear.lu.memories).toBe(1);
      const { n, m } = system;
      const rand = seededRandom(7);
      const qdd = system.kernelVector(n), lambda = system.kernelVector(m);
      for (let i = 0; i < n; i++) qdd[i] = integrator.qdd[i] * (1 + 0.01 * (rand() - 0.5));
      for (let i = 0; i < m; i++) lambda[i] = integrator.lambda[i] * (1 + 0.01 * (rand() - 0.5));
      const method_ = integrator.method as HhtMethod, h = 1e-4;
      method_.updateKinematics(integrator, h, qdd);
      system.updateConstraintJacobian(method_.qNew, integrator.t + h);
      linear.zero();
      method_.jacobian(integrator, h, qdd, lambda, linear.accumulator);
      const plain = new BlockSparseMatrix(newtonBlockStructure(system));
      method_.jacobian(integrator, h, qdd, lambda, plain);
      expect(bits(linear.accumulator.toDense())).toEqual(bits(plain.toDense()));
      expect(linear.factor()).toBe(true);
    });
  }

  it('∂(C_qᵀλ)/∂q of every primitive kind, some joints reduced to some rows, agrees with finite differences of C_qᵀλ', () => {
    for (const [seed, reduced] of [[4, false], [5, true]] as const) {
      const system = new AssembledSystem(everyPrimitiveModel(seed, reduced));
      const { n, m } = system, t = 0.4;
      const rand = seededRandom(20 + seed);
      const q = Float64Array.from(system.model.bodies.flatMap((b) => [...b.position, ...b.orientation]));
      const lambda = randomVector(rand, m, 5);
      const kernel = matrixInModelMemory(system);
      system.addMultiplierStiffness(q, t, lambda, 1, kernel);
      const dense = kernel.toDense(), size = kernel.size;
      const forceAt = (y: Float64Array, out: Float64Array) => {
        system.updateConstraintJacobian(y, t);
        out.fill(0);
        system.addJacobianTransposeTimes(lambda, out);
      };
      const cols = finiteDifferenceColumns(q, n, forceAt, 1e-5);
      for (let j = 0; j < n; j++) {
        const col = Array.from({ length: n }, (_, i) => dense[i * size + j]);
        expect(relativeDifference(col, cols[j], 1e-3), `column ${j}`).toBeLessThan(JACOBIAN_TOLERANCE);
      }
    }
  });
});
