/**
 * Over-constrained and singular mechanisms (SPEC §8): equations dependent at the assembled initial configuration
 * are removed and named, their residuals are watched along the run; a mechanism that passes a singular
 * configuration steps through it or stops with a reason that names it — never an exception, never a hang.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModelText } from '../../src/modelfile/read';
import { compileModel } from '../../src/modelfile/compile';
import { namePreparation, preparationSentences } from '../../src/modelfile/report';
import type { ModelDocument } from '../../src/modelfile/schema';
import { prepareModel } from '../../src/solver/model/prepare';
import type { MultibodyModel } from '../../src/solver/model/types';
import { Simulation, SAMPLE_WIDTH, type RunSettings } from '../../src/solver/simulate';
import { LieGroupSimulation } from '../../src/solver/integrators/lieGroup/lieGroupSimulation';

const fixture = (name: string) => readFileSync(`test/fixtures/models/${name}.json`, 'utf8');

/** The model of a fixture with some parameters changed, prepared (assembled, dependent equations removed). */
function prepared(name: string, values: Record<string, number[]> = {}) {
  const doc = JSON.parse(fixture(name)) as ModelDocument;
  const compiled = compileModel(doc, values);
  const result = prepareModel(compiled.model);
  if (!result.ok) throw new Error(result.reason);
  return { ...result, names: compiled.model.bodies.map((b) => b.name) };
}

interface RunOutcome {
  readonly status: 'finished' | 'failed';
  readonly reason: string | null;
  readonly rows: Float64Array[];
  readonly removedCount: number;
  readonly removedResidual: number;
}

/** Runs to the end or a failure (Simulation's methods, or the Lie-group stepper), keeping every sample. */
function run(model: MultibodyModel, method: RunSettings['method'] | 'lie-group', h: number, tEnd: number): RunOutcome {
  const rows: Float64Array[] = [];
  const sink = (row: Float64Array) => { rows.push(row.slice()); };
  const sim = method === 'lie-group'
    ? new LieGroupSimulation(model, { rhoInf: 0.8, h, tEnd, sampleEvery: 1 })
    : new Simulation(model, { method, alpha: -0.1, rho: method === 'classical' || method === 'modified' ? undefined : 0.8, h, tEnd, sampleEvery: 1 });
  let status = sim.advance(100_000, sink);
  // Bounded: a run is a fixed number of steps, so a second call must end it.
  if (status === 'running') status = sim.advance(100_000, sink);
  expect(status).not.toBe('running');
  return {
    status: status as 'finished' | 'failed',
    reason: sim.failure?.reason ?? null,
    rows,
    removedCount: sim.removedEquations.count,
    removedResidual: sim.removedEquations.largestResidual,
  };
}

const column = (rows: readonly Float64Array[], k: number) => rows.map((r) => r[k]);
const maxAbs = (xs: readonly number[]) => xs.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
/** Assembly accuracy (consistentState.ts ASSEMBLY_TOLERANCE) and what a step's Newton leaves: round-off scale. */
const HELD = 1e-10;

describe('planar loops of 3D revolute joints', () => {
  it('a four-bar gets its 3 dependent equations removed, named in a notice', () => {
    const result = readModelText(fixture('four-bar'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.report.removed).toEqual([{ constraint: 'D', rows: 3, prescribed: false }]);
    expect(preparationSentences(namePreparation(result.report, result.compiled.model.bodies.map((b) => b.name))))
      .toEqual(['3 equations of joint D removed as redundant (dependent at the initial configuration).']);
  });

  it('a four-bar that is not a parallelogram runs with the removed equations held, for every method', () => {
    // Rocker 1.5 m: the ground pivot D moves to (2.5, −0.5); a Grashof crank-rocker.
    const { model, report } = prepared('four-bar', { rocker: [1.5] });
    expect(report.removed.reduce((n, r) => n + r.rows, 0)).toBe(3);
    for (const method of ['modified', 'generalized-alpha', 'lie-group'] as const) {
      const outcome = run(model, method, 2e-3, 1);
      expect(outcome.status, `${method}: ${outcome.reason}`).toBe('finished');
      expect(outcome.removedCount).toBe(3);
      // The removed rows are the loop's out-of-plane equations: a planar motion keeps them at round-off.
      expect(outcome.removedResidual).toBeLessThan(HELD);
      expect(maxAbs(column(outcome.rows, 6))).toBeLessThan(HELD);
    }
  });

  it('an N-four-bar removes 3 equations per loop', () => {
    const doc: ModelDocument = {
      format: 'hht-model/1',
      title: 'N-four-bar',
      parameters: { N: { value: 5, integer: true } },
      gravity: [0, -9.81, 0],
      groups: [
        {
          repeat: { i: { from: 0, to: 'N' } },
          bodies: [{ name: 'rocker {i}', mass: 1, position: ['i', 0.5, 0], shape: { type: 'box', size: [0.05, 1, 0.05] } }],
          joints: [{ name: 'A{i}', type: 'revolute', bodies: ['ground', 'rocker {i}'], at: ['i', 0, 0], axis: [0, 0, 1] }],
        },
        {
          repeat: { i: { from: 1, to: 'N' } },
          bodies: [{ name: 'coupler {i}', mass: 1, position: ['i - 0.5', 1, 0], shape: { type: 'box', size: [1, 0.05, 0.05] } }],
          joints: [
            { name: 'B{i} left', type: 'revolute', bodies: ['rocker {i - 1}', 'coupler {i}'], at: ['i - 1', 1, 0], axis: [0, 0, 1] },
            { name: 'B{i} right', type: 'revolute', bodies: ['coupler {i}', 'rocker {i}'], at: ['i', 1, 0], axis: [0, 0, 1] },
          ],
        },
      ],
    };
    const compiled = compileModel(doc, {});
    const result = prepareModel(compiled.model);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.report.removed.reduce((n, r) => n + r.rows, 0)).toBe(15);
    expect(result.report.removed.map((r) => r.constraint)).toEqual(['B1 right', 'B2 right', 'B3 right', 'B4 right', 'B5 right']);
    // The page says them in one sentence, every joint named; `sim` one line each.
    const named = namePreparation(result.report, compiled.model.bodies.map((b) => b.name));
    expect(preparationSentences(named, { groupRemoved: true }).at(-1)).toBe(
      '15 equations of 5 joints removed as redundant (dependent at the initial configuration), 3 of each: B1 right, B2 right, B3 right, B4 right, B5 right.',
    );
    expect(preparationSentences(named).filter((line) => line.includes('removed as redundant'))).toHaveLength(5);
  });

  it('an initial angle is held while the loop is closed, and the moves are reported', () => {
    const { report, names } = prepared('four-bar', { crankAngle: [30] });
    const sentences = preparationSentences(namePreparation(report, names));
    expect(sentences[0]).toMatch(/^The assembly moved 3 bodies to close the joints: coupler by 0\.518 m; crank by 0\.259 m, turned 30°; rocker by 0\.259 m, turned 30°\.$/);
    expect(sentences[1]).toBe('3 equations of joint D removed as redundant (dependent at the initial configuration).');
  });

  it('an initial angle beyond 90° is reached, on the branch the mechanism turns through', () => {
    // A prescribed rotation's sin(φ − θ) would have held φ = 20° for θ = 200°; the joint-angle driver reaches 200°.
    const { model } = prepared('four-bar', { crankAngle: [200] });
    const q = model.prepared!.q;
    // The crank (body 0) turned 200° about z from pointing up: its tip B = centre + 0.5 (−sin θ, cos θ).
    const theta = (200 * Math.PI) / 180;
    expect(q[0]).toBeCloseTo(-0.5 * Math.sin(theta), 12);
    expect(q[1]).toBeCloseTo(0.5 * Math.cos(theta), 12);
  });
});

describe('Bricard\'s mechanism (SPEC §8 A04)', () => {
  it('Grübler counts 0 degrees of freedom; 1 equation is dependent, removed, and held along the run', () => {
    const { model, report, names } = prepared('bricard');
    expect(report.removed).toEqual([{ constraint: 'J6', rows: 1, prescribed: false }]);
    expect(preparationSentences(namePreparation(report, names))).toEqual(['1 equation of joint J6 removed as redundant (dependent at the initial configuration).']);
    for (const method of ['modified', 'lie-group'] as const) {
      const outcome = run(model, method, 2e-3, 1);
      expect(outcome.status, `${method}: ${outcome.reason}`).toBe('finished');
      expect(outcome.removedCount).toBe(1);
      expect(outcome.removedResidual).toBeLessThan(HELD);
      // It moves (1 degree of freedom, not 0): the rods fall and P3 (y_P3, column SAMPLE_WIDTH + 1) rises 0.11 m.
      const y = column(outcome.rows, SAMPLE_WIDTH + 1);
      expect(y[0]).toBeCloseTo(-1, 12);
      expect(y[y.length - 1] - y[0]).toBeGreaterThan(0.05);
      // No applied work and little numerical damping over 1 s: energy kept to 1e-4 of the 5 J the rods lose.
      expect(maxAbs(column(outcome.rows, 5))).toBeLessThan(1e-3);
    }
  });
});

describe('singular configurations met during a run', () => {
  // The rockers of the parallelogram pass the horizontal at about t = 0.5, 1.3, 2.1, 2.6 s (twice per turn).
  const { model } = prepared('parallelogram');
  const methods = ['classical', 'modified', 'generalized-alpha', 'ji-xing', 'lie-group'] as const;

  it.each([1e-2, 1e-3])('a parallelogram passing the horizontal steps through or stops naming the singularity (h = %s)', (h) => {
    let through = 0;
    for (const method of methods) {
      const outcome = run(model, method, h, 3);
      const y = column(outcome.rows, SAMPLE_WIDTH + 1);
      const crossings = y.slice(1).filter((v, k) => Math.sign(v) !== Math.sign(y[k])).length;
      if (outcome.status === 'finished') {
        through++;
        expect(crossings, method).toBeGreaterThanOrEqual(3);
        expect(outcome.removedResidual).toBeLessThan(HELD);
      } else {
        // Stopped where the links line up, and the reason says so.
        expect(outcome.reason, method).toMatch(/near a singular configuration: an equation of "(A0|A1|B0|B1)"/);
        expect(Math.abs(y[y.length - 1]), method).toBeLessThan(0.05);
      }
    }
    expect(through).toBeGreaterThanOrEqual(3);
  });

  it('a singular Newton matrix ends a run with a reason, not an exception', () => {
    // A body without inertia: the mass matrix, and so the start's acceleration equations, are singular.
    const model: MultibodyModel = {
      bodies: [{ name: 'ghost', mass: 1, inertia: [0, 0, 0], position: [0, 0, 0], orientation: [1, 0, 0, 0], velocity: [0, 0, 0], angularVelocity: [0, 0, 0] }],
      constraints: [],
      loads: [],
      primaryBody: 0,
    };
    const outcome = run(model, 'modified', 1e-3, 0.01);
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toMatch(/singular/);
  });
});
