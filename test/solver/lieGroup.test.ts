/**
 * Lie-group generalized-α (Brüls, Cardona & Arnold 2012): exact on a constant angular acceleration
 * (spin), ω_y of the heavy top constant to round-off, second order in e_ω, Newton matrix = finite differences.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { spinModel, SPIN_DEFAULTS, spinExactOmega } from '../../src/solver/scenarios/spin';
import { heavyTopModel, HEAVY_TOP_DEFAULTS } from '../../src/solver/scenarios/heavyTop';
import { simulateLieGroup, LieGroupSimulation } from '../../src/solver/integrators/lieGroup/lieGroupSimulation';
import { integratedDifference, observedOrder } from '../../src/solver/studies/errorMeasures';
import { finiteDifferenceColumns, randomVector, seededRandom } from './helpers';
import { v8CrankModel, V8_DEFAULTS } from '../../src/solver/scenarios/v8Crank';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { ImplicitStepper } from '../../src/solver/integrators/implicitStepper';
import { GeneralizedAlpha } from '../../src/solver/integrators/methods/generalizedAlpha';
import { initialStateVectors } from '../../src/solver/integrators/hhtIntegrator';
import { angularVelocity } from '../../src/solver/rotation/eulerParameters';

/** Round-off over 1000 steps of |ω| ~ 60 rad/s. */
const SPIN_ROUND_OFF = 1e-10;

function finalRow(model: Parameters<typeof simulateLieGroup>[0], rhoInf: number, h: number, tEnd: number): Float64Array {
  let last = new Float64Array(0);
  const r = simulateLieGroup(model, { rhoInf, h, tEnd, sampleEvery: Math.round(tEnd / h) }, (row) => { last = row.slice(); });
  expect(r.status).toBe('finished');
  return last;
}

describe('spin: a constant angular acceleration is integrated exactly', () => {
  for (const rhoInf of [0, 0.5, 2 / 3, 1]) {
    it(`ρ∞ = ${rhoInf}, h = 0.01: ω_x(10) = 60 to round-off, energy error ≈ 0`, () => {
      const row = finalRow(spinModel(SPIN_DEFAULTS), rhoInf, 0.01, 10);
      const exact = spinExactOmega(SPIN_DEFAULTS, 10);
      expect(Math.abs(row[1] - exact[0])).toBeLessThan(SPIN_ROUND_OFF);
      expect(Math.abs(row[2])).toBe(0);
      expect(Math.abs(row[5]) / row[4]).toBeLessThan(1e-12);
      expect(row[6]).toBeLessThan(1e-13); // |eᵀe − 1| of the converted Euler parameters
    });
  }

  it('also at a coarse step (h = 0.5)', () => {
    const row = finalRow(spinModel(SPIN_DEFAULTS), 2 / 3, 0.5, 10);
    expect(Math.abs(row[1] - 60)).toBeLessThan(SPIN_ROUND_OFF);
  });
});

describe('heavy top', () => {
  const model = heavyTopModel(HEAVY_TOP_DEFAULTS);

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

  it('the Newton matrix equals the finite-difference Jacobian of the residual', () => {
    const sim = new LieGroupSimulation(model, { rhoInf: 2 / 3, h: 1e-3, tEnd: 0.05, sampleEvery: 1 });
    sim.advance(50, () => {});
    const lg = sim.integrator;
    expect(Math.abs(lg.lambda[0]) + Math.abs(lg.lambda[1]) + Math.abs(lg.lambda[2])).toBeGreaterThan(1);
    const h = 5e-3;
    lg.prepareStep(h);
    const nv = lg.velocityCount, size = lg.unknowns;
    const rand = seededRandom(1303);
    const x = new Float64Array(size);
    x.set(lg.vdot); x.set(lg.lambda, nv);
    const dx = randomVector(rand, size, 1);
    for (let i = 0; i < size; i++) x[i] += dx[i] * (i < nv ? 50 : 5); // away from the converged point
    const f = (xx: Float64Array, out: Float64Array) => lg.residual(xx.subarray(0, nv), xx.subarray(nv), out);
    // Step 1e-4: the constraint rows are Φ/β″ with β″ ~ 1e-5, so smaller steps drown in round-off.
    const cols = finiteDifferenceColumns(x, size, f, 1e-4);
    f(x, new Float64Array(size));
    lg.assembleNewtonMatrix(x.subarray(nv));
    const a = lg.newtonMatrix();
    let scale = 0;
    for (const v of a) scale = Math.max(scale, Math.abs(v));
    for (let j = 0; j < size; j++) {
      for (let i = 0; i < size; i++) expect(Math.abs(a[i * size + j] - cols[j][i])).toBeLessThan(1e-7 * scale);
    }
  });
});

describe('V8 crank through the generic joint interface', () => {
  it('0.05 s at h = 1e-3: joint and normalisation residuals at round-off, crank ω_x within 1e-4 of generalized-α', () => {
    const model = v8CrankModel(V8_DEFAULTS);
    let lie = new Float64Array(0), worst = 0;
    const r = simulateLieGroup(model, { rhoInf: 2 / 3, h: 1e-3, tEnd: 0.05, sampleEvery: 1 }, (row) => { lie = row.slice(); worst = Math.max(worst, row[6]); });
    expect(r.status).toBe('finished');
    expect(worst).toBeLessThan(1e-12);
    const system = new AssembledSystem(model);
    const st = new ImplicitStepper(system, new GeneralizedAlpha(system, 2 / 3, 2));
    const { q, qd } = initialStateVectors(system);
    expect(st.initialize(q, qd, 0)).toBe(true);
    for (let k = 0; k < 50; k++) expect(st.step(1e-3).ok).toBe(true);
    const w = new Float64Array(3);
    angularVelocity(st.q, 3, st.qd, 3, w, 0);
    expect(lie[1]).toBeGreaterThan(0.05); // the crank has spun up (≈ 0.1 rad/s from rest)
    expect(Math.abs(lie[1] - w[0])).toBeLessThan(1e-4);
  }, 60_000);
});
