/**
 * Lie-group generalized-α (Brüls, Cardona & Arnold 2012): exact on a constant angular acceleration
 * (spin), Newton matrix = finite differences. Heavy-top ω_y over 10 s, order and the V8:
 * test/long/methodFamily.long.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { paperModel, spinExactOmega } from '../support/paperModel';
import { simulateLieGroup, LieGroupSimulation } from '../../src/solver/integrators/lieGroup/lieGroupSimulation';
import { finiteDifferenceColumns, randomVector, seededRandom } from './helpers';

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
      const row = finalRow(paperModel('spin'), rhoInf, 0.01, 10);
      const exact = spinExactOmega(10);
      expect(Math.abs(row[1] - exact[0])).toBeLessThan(SPIN_ROUND_OFF);
      expect(Math.abs(row[2])).toBe(0);
      expect(Math.abs(row[5]) / row[4]).toBeLessThan(1e-12);
      expect(row[6]).toBeLessThan(1e-13); // |eᵀe − 1| of the converted Euler parameters
    });
  }

  it('also at a coarse step (h = 0.5)', () => {
    const row = finalRow(paperModel('spin'), 2 / 3, 0.5, 10);
    expect(Math.abs(row[1] - 60)).toBeLessThan(SPIN_ROUND_OFF);
  });
});

describe('heavy top', () => {
  const model = paperModel('heavy-top');

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
