import { describe, expect, it } from 'vitest';
import { defaultValues, getScenario } from '../../src/scenario/registry';
import { v8Drawing, v8ParamsFrom } from '../../src/app/v8Drawing';
import { cylinderGeometry as builderGeometry, V8_DEFAULTS } from '../fixtures/codeModels/v8Crank';
import { cylinderGeometry } from '../../src/app/v8Geometry';

const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('V8 drawing', () => {
  const def = getScenario('v8-crank');

  it('reads the parameters by their schema names', () => {
    expect(v8ParamsFrom(defaultValues(def))).toEqual(V8_DEFAULTS);
    expect(v8ParamsFrom({ ...defaultValues(def), bank: [60], g: [0, 0, -1] })).toMatchObject({ bank: 60, g: [0, 0, -1] });
  });

  it('matches the model: cylinders in body order, pins on the crank radius, rods of rod length', () => {
    for (const values of [defaultValues(def), { ...defaultValues(def), bank: [60], crankRadius: [0.03], rodLength: [0.2] }]) {
      const drawing = v8Drawing(values);
      const model = def.buildModel(values);
      const r = values.crankRadius[0];
      const l = values.rodLength[0];
      expect(drawing.cylinders).toHaveLength(8);
      expect(model.bodies).toHaveLength(17);
      drawing.cylinders.forEach((c, k) => {
        expect(distance(model.bodies[2 + 2 * k].position, c.pistonPin)).toBeLessThan(1e-12);
        expect(distance(c.bigEnd, c.pistonPin)).toBeCloseTo(l, 12);
      });
      expect(drawing.pins).toHaveLength(4);
      for (const pin of drawing.pins) expect(Math.hypot(pin[1], pin[2])).toBeCloseTo(r, 12);
      // The bore holds the piston over the whole stroke l − r … l + r.
      expect(drawing.bore[0]).toBeLessThanOrEqual(l - r - drawing.piston[0]);
      expect(drawing.bore[1]).toBeGreaterThanOrEqual(l + r + drawing.piston[1]);
      expect(drawing.shaft[0]).toBeLessThan(Math.min(...drawing.pins.map((p) => p[0])));
    }
  });

  it('reads the cylinders from the model file as the builder in code placed them (to round-off)', () => {
    for (const p of [V8_DEFAULTS, { ...V8_DEFAULTS, bank: 60, crankRadius: 0.03, rodLength: 0.2 }]) {
      const reference = builderGeometry(p);
      const read = cylinderGeometry({ ...p });
      expect(read.map((c) => c.name)).toEqual(reference.map((c) => c.name));
      read.forEach((c, k) => {
        for (const key of ['bigEnd', 'pistonPin', 'axis'] as const) expect(distance(c[key], reference[k][key])).toBeLessThan(1e-15);
      });
    }
  });
});
