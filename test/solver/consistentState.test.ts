/** Before a run: redundant and inconsistent constraints are named; initial states are made consistent. */
import { describe, expect, it } from 'vitest';
import type { MultibodyModel, RigidBody } from '../../src/solver/model/types';
import { composeJoint, GROUND } from '../../src/solver/model/joints/jointSite';
import { VectorToPointDot } from '../../src/solver/model/constraintPrimitives';
import { sphericalJoint } from '../../src/solver/model/joints/spherical';
import { revoluteJoint } from '../../src/solver/model/joints/revolute';
import { Simulation } from '../../src/solver/simulate';
import { paperModel } from '../support/paperModel';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { projectVelocities, findRedundantConstraints } from '../../src/solver/model/consistentState';
import { redundancyFailure, statedInitialState } from '../../src/solver/model/prepare';

const body: RigidBody = { name: 'link', mass: 1, inertia: [0.1, 0.1, 0.1], position: [0, 0, -1], orientation: [1, 0, 0, 0], velocity: [0, 0, 0], angularVelocity: [0, 0, 0] };
const at = (b: number, point: [number, number, number]) => ({ body: b, point, axis: [1, 0, 0] as const, ref: [0, 1, 0] as const });

function firstFailure(model: MultibodyModel): string {
  const sim = new Simulation(model, { method: 'modified', alpha: -0.1, h: 1e-3, tEnd: 0.01, sampleEvery: 1 });
  expect(sim.advance(100, () => {})).toBe('failed');
  return sim.failure!.reason;
}

describe('constraint analysis before a run', () => {
  it('names a joint that duplicates another one', () => {
    const model: MultibodyModel = {
      bodies: [body],
      constraints: [
        revoluteJoint('hinge', at(GROUND, [0, 0, 0]), at(0, [0, 0, 1])),
        sphericalJoint('extra ball', at(0, [0, 0, 1]), at(GROUND, [0, 0, 0])),
      ],
      loads: [],
      primaryBody: 0,
    };
    expect(firstFailure(model)).toMatch(/"extra ball" duplicates "hinge"/);
  });

  it('names the constraint that cannot be satisfied at the initial configuration', () => {
    const model: MultibodyModel = {
      bodies: [body],
      constraints: [
        sphericalJoint('pivot', at(0, [0, 0, 1]), at(GROUND, [0, 0, 0])),
        // The centre of mass, 1 m from the pivot, would have to sit in the plane x = 3 m.
        composeJoint('wall', GROUND, 0, [new VectorToPointDot(GROUND, [1, 0, 0], [3, 0, 0], 0, [0, 0, 0])]),
      ],
      loads: [],
      primaryBody: 0,
    };
    expect(firstFailure(model)).toMatch(/"(pivot|wall)" cannot be closed at the initial configuration: it keeps a residual/);
  });

  it('two ball joints on one body are reported as redundant (the distance between them is fixed twice)', () => {
    const model: MultibodyModel = {
      bodies: [body],
      constraints: [
        sphericalJoint('upper ball', at(0, [0, 0, 1]), at(GROUND, [0, 0, 0])),
        sphericalJoint('lower ball', at(0, [0, 0, -1]), at(GROUND, [0, 0, -2])),
      ],
      loads: [],
      primaryBody: 0,
    };
    expect(firstFailure(model)).toMatch(/"lower ball" duplicates "upper ball"/);
  });

  it('dependent rows the dense test does not name as duplicates are reported by their constraints\' names', () => {
    // A pendulum on one ball joint has no redundant constraint: the dense test names none, so the message comes from
    // the rows the sparse test reported (here given directly: the two tests disagree only at the tolerance's edge).
    const model: MultibodyModel = {
      bodies: [body],
      constraints: [sphericalJoint('pivot', at(0, [0, 0, 1]), at(GROUND, [0, 0, 0]))],
      loads: [],
      primaryBody: 0,
    };
    const system = new AssembledSystem(model);
    const { q } = statedInitialState(system);
    expect(findRedundantConstraints(system.constraints, q, 0)).toEqual([]);
    const pivot = system.constraints.findIndex((c) => c.name === 'pivot');
    expect(redundancyFailure(system.constraints, q, [{ constraint: pivot }, { constraint: pivot }]))
      .toBe('"pivot" is dependent on earlier constraints at the initial configuration (redundant constraints)');
    const normalisation = system.constraints.findIndex((c) => c.name !== 'pivot');
    expect(redundancyFailure(system.constraints, q, [{ constraint: normalisation }, { constraint: pivot }]))
      .toBe(`"${system.constraints[normalisation].name}", "pivot" are dependent on earlier constraints at the initial configuration (redundant constraints)`);
  });

  it('the V8 crank has 17 bodies, 119 coordinates, 118 independent constraints and 1 degree of freedom', () => {
    const model = paperModel('v8-crank');
    const system = new AssembledSystem(model);
    expect(model.bodies.length).toBe(17);
    expect(system.n).toBe(119);
    expect(system.m).toBe(118);
    const { q } = statedInitialState(system);
    expect(findRedundantConstraints(system.constraints, q, 0)).toEqual([]);
    expect(system.n - system.m).toBe(1);
  });
});

describe('consistent initial velocities', () => {
  it('V8 at ω0 = 50 rad/s: the crank turns at 50 rad/s and every velocity constraint holds', () => {
    const model = paperModel('v8-crank', { omega0: 50 });
    const system = new AssembledSystem(model);
    const { q, qd } = statedInitialState(system);
    expect(projectVelocities(system, model.assemblyDrivers!, q, qd, 0).ok).toBe(true);
    const e = q.subarray(3, 7), ed = qd.subarray(3, 7);
    const omegaX = 2 * (-e[1] * ed[0] + e[0] * ed[1] + e[3] * ed[2] - e[2] * ed[3]);
    expect(omegaX).toBeCloseTo(50, 10);
    system.updateConstraintJacobian(q, 0);
    const cv = new Float64Array(system.m);
    system.jacobianTimes(qd, cv);
    expect(Math.max(...cv.map(Math.abs))).toBeLessThan(1e-12);
    // Pistons move: the ones on pins at 90°/270° are at mid-stroke with the largest speed.
    expect(Math.max(...Array.from({ length: 8 }, (_, k) => Math.hypot(...qd.subarray(7 * (2 + 2 * k), 7 * (2 + 2 * k) + 3))))).toBeGreaterThan(1);
  });
});
