/**
 * Adaptive step size (Negrut Sects. 3.1-3.4): local error estimate, step selection, rejected steps,
 * exact sample times, and the global error against the tolerance on the heavy top.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { heavyTopModel, HEAVY_TOP_DEFAULTS } from '../../src/solver/scenarios/heavyTop';
import { Simulation, type IntegratorMethod } from '../../src/solver/simulate';
import { integratedOmegaError, observedOrder, omegaSeries, type OmegaSeries } from '../../src/solver/studies/omegaError';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { HhtIntegrator } from '../../src/solver/integrators/hhtIntegrator';
import { hhtParameters } from '../../src/solver/integrators/newmark';

const model = heavyTopModel(HEAVY_TOP_DEFAULTS);
const SAMPLE_DT = 1e-3;

function adaptiveRun(method: IntegratorMethod, tolerance: number, tEnd = 1, hMin?: number) {
  const sim = new Simulation(model, { method, alpha: -0.2, h: 1e-4, tEnd, sampleEvery: 10, tolerance, hMin });
  const t: number[] = [], omega: number[] = [], steps: number[] = [];
  sim.advance(Number.MAX_SAFE_INTEGER, (row) => { t.push(row[0]); omega.push(row[1], row[2], row[3]); steps.push(row[8]); });
  return { sim, series: { t: Float64Array.from(t), omega: Float64Array.from(omega) } as OmegaSeries, steps };
}

describe('local error estimate', () => {
  it('uses δq ≈ (β − 1/(6(1+α))) h² x (Negrut Eq. 25, derived from Eq. 24)', () => {
    for (const alpha of [0, -0.1, -0.2, -0.3]) {
      const integ = new HhtIntegrator(new AssembledSystem(model), 'modified', alpha);
      const { beta } = hhtParameters(alpha);
      expect(integ.errorConstant()).toBeCloseTo(beta - 1 / (6 * (1 + alpha)), 15);
    }
  });
});

describe('adaptive heavy top, α = −0.2, t ∈ [0, 1]', () => {
  let ref: OmegaSeries;
  beforeAll(() => {
    ref = omegaSeries(model, { method: 'modified', alpha: -0.2, h: 2e-6, tEnd: 1, sampleEvery: 500 });
  }, 300_000);

  it('lands exactly on every sample time and ends at t_end', () => {
    const { series, sim } = adaptiveRun('modified', 1e-6);
    expect(sim.failure).toBeNull();
    expect(series.t.length).toBe(1001);
    series.t.forEach((t, k) => expect(t).toBeCloseTo(k * SAMPLE_DT, 14));
    expect(series.t[series.t.length - 1]).toBe(1);
  });

  it('the global ω error falls with the tolerance over three decades, as ε^(1/3) (local O(h³), global O(h))', () => {
    const tolerances = [1e-6, 1e-7, 1e-8, 1e-9];
    const errors = tolerances.map((tol) => integratedOmegaError(adaptiveRun('modified', tol).series, ref));
    for (let k = 1; k < errors.length; k++) expect(errors[k]).toBeLessThan(errors[k - 1]);
    const slope = observedOrder(tolerances[0], errors[0], tolerances[3], errors[3]);
    expect(slope).toBeGreaterThan(0.2); // measured 0.28
    expect(slope).toBeLessThan(0.45);
  }, 300_000);

  it('retries rejected steps with a smaller h and still finishes (classical, ε = 1e-5)', () => {
    const { sim } = adaptiveRun('classical', 1e-5);
    expect(sim.failure).toBeNull();
    expect(sim.stepsRejected).toBeGreaterThan(0);
  });

  it('gives up with a reason when the step would fall below h_min', () => {
    const { sim, series } = adaptiveRun('modified', 1e-10, 1, 5e-5);
    expect(sim.failure?.reason).toMatch(/h_min/);
    expect(series.t.length).toBeGreaterThanOrEqual(1); // the samples before the failure are kept
    expect(sim.failure!.time).toBeLessThan(1);
  });
});
