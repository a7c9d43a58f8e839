/**
 * The paper's three models are model files (models/*.json, SPEC §8) and run to the same bits as the builders
 * in code they replaced (test/fixtures/codeModels/): same bodies, same rows, sample by sample, for several
 * methods and parameter sets.
 */
import { describe, expect, it } from 'vitest';
import type { MultibodyModel } from '../../src/solver/model/types';
import { Simulation, SAMPLE_WIDTH, type RunSettings } from '../../src/solver/simulate';
import { SCENARIOS, defaultValues } from '../../src/scenario/registry';
import type { ParamValues } from '../../src/scenario/types';
import { spinModel, SPIN_DEFAULTS } from '../fixtures/codeModels/spin';
import { heavyTopModel, HEAVY_TOP_DEFAULTS } from '../fixtures/codeModels/heavyTop';
import { v8CrankModel, V8_DEFAULTS } from '../fixtures/codeModels/v8Crank';
import { buildScenarioModel } from '../../src/scenario/build';

function rows(model: MultibodyModel, settings: RunSettings): Float64Array[] {
  const out: Float64Array[] = [];
  const sim = new Simulation(model, settings);
  while (sim.advance(1000, (row) => out.push(row.slice(0, SAMPLE_WIDTH))) === 'running');
  expect(sim.failure).toBeNull();
  return out;
}

function expectSameBits(a: Float64Array[], b: Float64Array[]): void {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) {
    for (let k = 0; k < SAMPLE_WIDTH; k++) {
      if (!Object.is(a[i][k], b[i][k])) throw new Error(`row ${i} column ${k}: ${a[i][k]} (file) vs ${b[i][k]} (code)`);
    }
  }
}

function expectSameBodies(file: MultibodyModel, code: MultibodyModel): void {
  expect(file.bodies.length).toBe(code.bodies.length);
  file.bodies.forEach((b, i) => {
    const c = code.bodies[i];
    expect(b.name).toBe(c.name);
    for (const key of ['mass'] as const) expect(Object.is(b[key], c[key])).toBe(true);
    for (const key of ['inertia', 'position', 'orientation', 'velocity', 'angularVelocity'] as const) {
      b[key].forEach((x, k) => expect(Object.is(x, c[key][k]), `${b.name}.${key}[${k}]: ${x} vs ${c[key][k]}`).toBe(true));
    }
  });
  expect(file.constraints.map((c) => c.rows)).toEqual(code.constraints.map((c) => c.rows));
  expect(file.constraints.map((c) => c.bodies)).toEqual(code.constraints.map((c) => c.bodies));
  expect(file.primaryBody).toBe(code.primaryBody);
}

const METHODS: RunSettings['method'][] = ['classical', 'modified', 'generalized-alpha', 'ji-xing'];

function values(id: string, changes: Record<string, number[]>): ParamValues {
  return { ...defaultValues(SCENARIOS[id]), ...changes };
}

describe('the paper models as files run to the same bits as built in code', () => {
  it.each([
    ['defaults', {}],
    ['another moment and start', { M: [2, 0.5, -1], omega0: [3, 1, 2], J: [1, 1.5, 2] }],
  ])('spin, %s', (_, changes) => {
    const v = values('spin', changes);
    const code = spinModel({ ...SPIN_DEFAULTS, ...Object.fromEntries(Object.entries(changes)) } as typeof SPIN_DEFAULTS);
    const file = buildScenarioModel(SCENARIOS.spin, v);
    expectSameBodies(file, code);
    for (const method of METHODS) {
      const s: RunSettings = { method, alpha: -0.3, rho: method === 'generalized-alpha' || method === 'ji-xing' ? 0.6 : undefined, h: 0.01, tEnd: 2, sampleEvery: 1 };
      expectSameBits(rows(file, s), rows(code, s));
    }
  });

  it.each([
    ['defaults', {}],
    ['a tilted centre of mass', { xcm: [0.1, 0.9, -0.2], m: [12], omega0: [1, 120, -3] }],
  ])('heavy top, %s', (_, changes) => {
    const v = values('heavy-top', changes);
    const params = { ...HEAVY_TOP_DEFAULTS, ...Object.fromEntries(Object.entries(changes).map(([k, x]) => [k, x.length === 1 ? x[0] : x])) };
    const code = heavyTopModel(params as typeof HEAVY_TOP_DEFAULTS);
    const file = buildScenarioModel(SCENARIOS['heavy-top'], v);
    expectSameBodies(file, code);
    for (const method of METHODS) {
      const s: RunSettings = { method, alpha: -0.2, rho: method === 'generalized-alpha' || method === 'ji-xing' ? 0.6 : undefined, h: 1e-3, tEnd: 0.3, sampleEvery: 1 };
      expectSameBits(rows(file, s), rows(code, s));
    }
  });

  it.each([
    ['defaults', {}],
    ['spinning at 50 rad/s in a 60° V', { omega0: [50], bank: [60], crankRadius: [0.04], rodLength: [0.17], torque: [-3], ramp: [0.5] }],
  ])('V8 crank, %s', (_, changes) => {
    const v = values('v8-crank', changes);
    const params = { ...V8_DEFAULTS, ...Object.fromEntries(Object.entries(changes).map(([k, x]) => [k, x.length === 1 ? x[0] : x])) };
    const code = v8CrankModel(params as typeof V8_DEFAULTS);
    const file = buildScenarioModel(SCENARIOS['v8-crank'], v);
    expectSameBodies(file, code);
    for (const method of METHODS) {
      const s: RunSettings = { method, alpha: -0.3, rho: method === 'generalized-alpha' || method === 'ji-xing' ? 0.6 : undefined, h: 1e-4, tEnd: 0.02, sampleEvery: 1 };
      expectSameBits(rows(file, s), rows(code, s));
    }
  });
});
