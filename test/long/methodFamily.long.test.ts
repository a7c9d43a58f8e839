/**
 * Long physics checks of the method family (moved out of the fast suite): heavy-top e_ω order of generalized-α,
 * Ji–Xing and the Lie group against a fine Lie-group reference, ω_y over 10 s, and the Lie group on the V8.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { ImplicitStepper } from '../../src/solver/integrators/implicitStepper';
import { GeneralizedAlpha } from '../../src/solver/integrators/methods/generalizedAlpha';
import { JiXing } from '../../src/solver/integrators/methods/jiXing';
import { angularVelocity } from '../../src/solver/rotation/eulerParameters';
import { paperModel } from '../support/paperModel';
import { simulateLieGroup } from '../../src/solver/integrators/lieGroup/lieGroupSimulation';
import { familyOmegaSeries } from '../../src/solver/studies/familyRuns';
import { integratedDifference, observedOrder } from '../../src/solver/studies/errorMeasures';
import { stepperOmegaSeries } from '../solver/methodRuns';
import { statedInitialState } from '../../src/solver/model/prepare';

const top = paperModel('heavy-top');
const model = top;

describe('Lie-group generalized-α on the heavy top', () => {
  it('ω_y stays 150 rad/s to round-off over 10 s (h = 1e-3, ρ∞ = 2/3) with joint residuals at round-off', () => {
    let worst = 0, worstC = 0;
    const r = simulateLieGroup(model, { rhoInf: 2 / 3, h: 1e-3, tEnd: 10, sampleEvery: 1 }, (row) => {
      worst = Math.max(worst, Math.abs(row[2] - 150));
      worstC = Math.max(worstC, row[6]);
    });
    expect(r.status).toBe('finished');
    expect(worst).toBeLessThan(1e-11);
    expect(worstC).toBeLessThan(1e-13);
  });

  describe('e_ω over t ∈ [0, 1] against a fine Lie-group reference (h = 1e-5)', () => {
    const STEPS = [2e-3, 1e-3, 5e-4, 2.5e-4];
    const SAMPLE_DT = 2e-3;
    const errors: number[] = [];
    beforeAll(() => {
      const series = (h: number) => {
        const t: number[] = [], w: number[] = [];
        simulateLieGroup(model, { rhoInf: 2 / 3, h, tEnd: 1, sampleEvery: Math.round(SAMPLE_DT / h) }, (row) => { t.push(row[0]); w.push(row[1], row[2], row[3]); });
        return { t: Float64Array.from(t), w: Float64Array.from(w) };
      };
      const ref = series(1e-5);
      for (const h of STEPS) { const s = series(h); errors.push(integratedDifference(s.t, s.w, ref.w, 3, ref.t)); }
    }, 120_000);

    it('observed order 2 (1.8-2.2 on every halving)', () => {
      for (let k = 1; k < STEPS.length; k++) {
        const p = observedOrder(STEPS[k - 1], errors[k - 1], STEPS[k], errors[k]);
        expect(p).toBeGreaterThan(1.8);
        expect(p).toBeLessThan(2.2);
      }
    });
  });

});

describe('heavy top, ρ∞ = 2/3, t ∈ [0, 1]: e_ω against a Lie-group reference (h = 5e-6)', () => {
  const STEPS = [1e-3, 5e-4, 2.5e-4];
  const SAMPLE_DT = 1e-3;
  const orders: Record<string, number[]> = {};
  beforeAll(() => {
    const ref = familyOmegaSeries(top, { method: 'lie-group', parameter: 2 / 3, h: 5e-6, tEnd: 1, sampleEvery: 200 });
    const makers = { 'generalized-alpha': (s: AssembledSystem) => new GeneralizedAlpha(s, 2 / 3, 2), 'ji-xing': (s: AssembledSystem) => new JiXing(s, 2 / 3) };
    for (const method of ['generalized-alpha', 'ji-xing'] as const) {
      const e = STEPS.map((h) => {
        const s = stepperOmegaSeries(top, makers[method], h, 1, Math.round(SAMPLE_DT / h));
        return integratedDifference(s.t, s.omega, ref.omega, 3, ref.t);
      });
      orders[method] = e.slice(1).map((v, k) => observedOrder(STEPS[k], e[k], STEPS[k + 1], v));
    }
  }, 300_000);

  for (const method of ['generalized-alpha', 'ji-xing']) {
    it(`${method}: observed order 1.8-2.2`, () => {
      for (const p of orders[method]) { expect(p).toBeGreaterThan(1.8); expect(p).toBeLessThan(2.2); }
    });
  }
});

describe('heavy top ω_y over 10 s, h = 1e-4, ρ∞ = 2/3 (SPEC §6: GA within about 1e-3 of 150 rad/s)', () => {
  const worst: Record<string, number> = {};
  beforeAll(() => {
    const makers = { 'generalized-alpha': (s: AssembledSystem) => new GeneralizedAlpha(s, 2 / 3, 2), 'ji-xing': (s: AssembledSystem) => new JiXing(s, 2 / 3) };
    for (const method of ['generalized-alpha', 'ji-xing'] as const) {
      const s = stepperOmegaSeries(top, makers[method], 1e-4, 10, 100);
      let d = 0;
      for (let k = 0; k < s.t.length; k++) d = Math.max(d, Math.abs(s.omega[3 * k + 1] - 150));
      worst[method] = d;
    }
  }, 300_000);

  it('generalized-α: max |ω_y − 150| < 1e-3 (measured 7.5e-4), visibly nonzero', () => {
    expect(worst['generalized-alpha']).toBeLessThan(1e-3);
    expect(worst['generalized-alpha']).toBeGreaterThan(1e-5);
  });

  it('Ji–Xing with the modified updates: max |ω_y − 150| < 1e-6 (measured 1.5e-7)', () => {
    expect(worst['ji-xing']).toBeLessThan(1e-6);
  });
});

describe('V8 crank through the generic joint interface', () => {
  it('0.05 s at h = 1e-3: joint and normalisation residuals at round-off, crank ω_x within 1e-4 of generalized-α', () => {
    const model = paperModel('v8-crank');
    let lie = new Float64Array(0), worst = 0;
    const r = simulateLieGroup(model, { rhoInf: 2 / 3, h: 1e-3, tEnd: 0.05, sampleEvery: 1 }, (row) => { lie = row.slice(); worst = Math.max(worst, row[6]); });
    expect(r.status).toBe('finished');
    expect(worst).toBeLessThan(1e-12);
    const system = new AssembledSystem(model);
    const st = new ImplicitStepper(system, new GeneralizedAlpha(system, 2 / 3, 2));
    const { q, qd } = statedInitialState(system);
    expect(st.initialize(q, qd, 0)).toBe(true);
    for (let k = 0; k < 50; k++) expect(st.step(1e-3).ok).toBe(true);
    const w = new Float64Array(3);
    angularVelocity(st.q, 3, st.qd, 3, w, 0);
    expect(lie[1]).toBeGreaterThan(0.05); // the crank has spun up (≈ 0.1 rad/s from rest)
    expect(Math.abs(lie[1] - w[0])).toBeLessThan(1e-4);
  }, 60_000);
});
