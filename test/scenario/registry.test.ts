import { describe, expect, it } from 'vitest';
import { defaultState, getScenario, isScenarioId, SCENARIO_IDS, SCENARIOS } from '../../src/scenario/registry';
import { validateState } from '../../src/scenario/state';
import { buildScenarioModel } from '../../src/scenario/build';

/** SPEC §2 parameter names and defaults, copied by hand so a drift in the schema is caught. */
const SPEC_DEFAULTS = {
  spin: { run: [-0.3, 0.01, 10], params: { J: [1, 2, 2], M: [5, 0, 0], omega0: [10, 0, 0] } },
  'heavy-top': {
    run: [-0.2, 1e-4, 10],
    params: { m: [15], J: [0.234375, 0.46875, 0.234375], xcm: [0, 1, 0], g: [0, 0, -9.81], omega0: [0, 150, -4.61538] },
  },
  'v8-crank': {
    run: [-0.3, 1e-4, 9],
    params: {
      torque: [5], ramp: [1], omega0: [0], g: [0, 0, -9.81],
      bank: [90], crankRadius: [0.045], rodLength: [0.15], crankMass: [20], rodMass: [0.6], pistonMass: [0.5],
    },
  },
} as const;

describe('scenario registry', () => {
  it('matches SPEC §2 names, order and defaults', () => {
    expect(SCENARIO_IDS.slice(0, 3)).toEqual(['spin', 'heavy-top', 'v8-crank']);
    for (const id of ['spin', 'heavy-top', 'v8-crank'] as const) {
      const def = SCENARIOS[id];
      const spec = SPEC_DEFAULTS[id];
      expect(def.id).toBe(id);
      expect([def.defaultAlpha, def.defaultH, def.defaultTEnd]).toEqual(spec.run);
      expect(Object.fromEntries(def.params.map((p) => [p.name, p.default]))).toEqual(spec.params);
    }
  });

  it('has sensible bounds and units: every default inside, positive quantities bounded away from 0, a unit unless a count', () => {
    for (const id of SCENARIO_IDS) {
      for (const p of SCENARIOS[id].params) {
        expect(p.min).toBeLessThan(p.max);
        for (const x of p.default) expect(x >= p.min && x <= p.max, `${id}.${p.name}`).toBe(true);
        if (p.name === 'm' || p.name === 'J') expect(p.min).toBeGreaterThan(0);
        // A count (the N-four-bar's N) has no unit; every physical quantity has one (SPEC §8, the model file).
        if (!p.integer) expect(p.unit, `${id}.${p.name}`).not.toBe('');
      }
    }
  });

  it('gives valid default states with both methods compared', () => {
    for (const id of SCENARIO_IDS) {
      const state = defaultState(id);
      expect(state.methods).toEqual(['classical', 'modified']);
      expect(validateState(state)).toEqual([]);
    }
  });

  it('does not mistake object properties for scenarios', () => {
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(isScenarioId(id)).toBe(false);
      expect(getScenario(id)).toBeUndefined();
    }
  });

  it('builds models from the defaults (needs the solver)', () => {
    for (const id of SCENARIO_IDS) {
      const model = buildScenarioModel(SCENARIOS[id], defaultState(id).values);
      expect(model.bodies.length).toBeGreaterThan(0);
    }
  });

  it('spin: exact ω_x(t) = 10 + 5 t at the defaults (needs the solver)', () => {
    const omega = SCENARIOS.spin.exactOmega!(defaultState('spin').values, 2);
    expect(omega[0]).toBeCloseTo(20, 12);
  });
});
