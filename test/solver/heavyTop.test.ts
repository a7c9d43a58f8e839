/**
 * Heavy top (Sherif Sect. 9.1): convergence of e_ω (Eq. 71), energy drift, constraint residuals,
 * and the α = 0 instability of index-3 HHT with a joint.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paperModel } from '../support/paperModel';
import { integratedOmegaError, observedOrder, omegaSeries, type OmegaSeries } from '../../src/solver/studies/omegaError';
import { Simulation, simulate } from '../../src/solver/simulate';

const model = paperModel('heavy-top');
const STEP_SIZES = [1e-3, 5e-4, 1e-4, 5e-5];
const SAMPLE_DT = 1e-3;
/** Reference: modified HHT, α = −0.2, h = 2e-6 (its own e_ω is ~2 % of the finest run's below). */
const REFERENCE_H = 2e-6;
/** Position constraints must stay at the level Newton leaves them (|C| ≲ 1e-12 for |q| ~ 1). */
const CONSTRAINT_TOLERANCE = 1e-12;

function run(method: 'classical' | 'modified', h: number): OmegaSeries {
  return omegaSeries(model, { method, alpha: -0.2, h, tEnd: 1, sampleEvery: Math.round(SAMPLE_DT / h) });
}

describe('heavy top, α = −0.2, t ∈ [0, 1]: e_ω against a fine-step reference', () => {
  const errors: Record<string, number[]> = {};
  beforeAll(() => {
    const ref = run('modified', REFERENCE_H);
    for (const method of ['classical', 'modified'] as const) {
      errors[method] = STEP_SIZES.map((h) => integratedOmegaError(run(method, h), ref));
    }
  }, 300_000);

  it('the modified method converges at first order (observed order 0.8-1.2 as h → 5e-5)', () => {
    const e = errors.modified;
    const p = observedOrder(STEP_SIZES[2], e[2], STEP_SIZES[3], e[3]);
    expect(p).toBeGreaterThan(0.8);
    expect(p).toBeLessThan(1.2);
    for (let k = 1; k < e.length; k++) expect(e[k]).toBeLessThan(e[k - 1]);
  });

  it('the classical method converges more slowly than first order over 1e-3 … 5e-5 (pre-asymptotic, 0.3-1.0)', () => {
    const e = errors.classical;
    for (let k = 1; k < e.length; k++) {
      expect(e[k]).toBeLessThan(e[k - 1]);
      const p = observedOrder(STEP_SIZES[k - 1], e[k - 1], STEP_SIZES[k], e[k]);
      expect(p).toBeGreaterThan(0.3);
      expect(p).toBeLessThan(1.0);
    }
  });

  it('the modified error is at least 100 times smaller than the classical one at every h', () => {
    STEP_SIZES.forEach((_, k) => expect(errors.classical[k] / errors.modified[k]).toBeGreaterThan(100));
  });
});

describe('heavy top energy and constraints, α = −0.2, h = 1e-4, t ∈ [0, 10]', () => {
  const drift: Record<string, number> = {};
  const worstConstraint: Record<string, number> = {};
  beforeAll(() => {
    for (const method of ['classical', 'modified'] as const) {
      let last = 0, worst = 0;
      const result = simulate(model, { method, alpha: -0.2, h: 1e-4, tEnd: 10, sampleEvery: 100 }, (row) => {
        last = row[5];
        worst = Math.max(worst, row[6]);
      });
      expect(result.status).toBe('finished');
      drift[method] = last;
      worstConstraint[method] = worst;
    }
  }, 300_000);

  it('the modified method drifts orders of magnitude (≥ 1e4×) less than the classical one', () => {
    expect(drift.classical).toBeLessThan(0);
    expect(Math.abs(drift.classical) / Math.abs(drift.modified)).toBeGreaterThan(1e4);
  });

  it('constraint residuals stay at Newton tolerance', () => {
    expect(worstConstraint.classical).toBeLessThan(CONSTRAINT_TOLERANCE);
    expect(worstConstraint.modified).toBeLessThan(CONSTRAINT_TOLERANCE);
  });
});

describe('heavy top with α = 0 (index-3 weak instability)', () => {
  for (const method of ['classical', 'modified'] as const) {
    for (const h of [1e-3, 1e-4]) {
      it(`${method}, h = ${h}: stops with a named cause and keeps the samples so far`, () => {
        const sim = new Simulation(model, { method, alpha: 0, h, tEnd: 1, sampleEvery: 1 });
        const times: number[] = [];
        let status = sim.advance(1e9, (row) => {
          expect(row.every(Number.isFinite)).toBe(true);
          times.push(row[0]);
        });
        while (status === 'running') status = sim.advance(1e9, () => {});
        expect(status).toBe('failed');
        expect(sim.failure?.reason).toMatch(/alternating sign|did not converge/);
        expect(sim.failure!.time).toBeLessThan(0.5);
        expect(times.length).toBeGreaterThan(1);
        // Samples end at the last accepted state before the failure was detected.
        expect(sim.failure!.time - times[times.length - 1]).toBeGreaterThanOrEqual(0);
        expect(sim.failure!.time - times[times.length - 1]).toBeLessThanOrEqual(h * 1.000001);
      });
    }
  }

  it('a stable run with little damping (α = −0.05, h = 1e-4) is not mistaken for the instability', () => {
    let drift = 0;
    const result = simulate(model, { method: 'modified', alpha: -0.05, h: 1e-4, tEnd: 1, sampleEvery: 100 }, (row) => { drift = row[5]; });
    expect(result.status).toBe('finished');
    expect(Math.abs(drift)).toBeLessThan(1e-2);
  });
});
