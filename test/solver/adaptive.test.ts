/**
 * Adaptive step size (Negrut Sects. 3.1-3.4): local error estimate, step selection, rejected steps,
 * exact sample times, and the global error against the tolerance on the heavy top.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation, type ErrorNorm, type IntegratorMethod } from '../../src/solver/simulate';
import { paperModel, spinExactOmega } from '../support/paperModel';
import { integratedOmegaError, observedOrder, omegaSeries, type OmegaSeries } from '../../src/solver/studies/omegaError';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { HhtIntegrator } from '../../src/solver/integrators/hhtIntegrator';
import { ImplicitStepper } from '../../src/solver/integrators/implicitStepper';
import { AdaptiveStepper, velocityTolerance, VELOCITY_TOLERANCE_FLOOR } from '../../src/solver/integrators/adaptiveStepper';
import { createMethod } from '../../src/solver/integrators/methodRegistry';
import { DEFAULT_NEWTON } from '../../src/solver/integrators/newtonDriver';
import { hhtParameters } from '../../src/solver/integrators/newmark';
import { statedInitialState } from '../../src/solver/model/prepare';

const model = paperModel('heavy-top');
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

describe('a step the multiplier monitor flags is rejected and retried smaller', () => {
  /** The link ?v=1&scenario=heavy-top&alpha=-0.1&h=0.001&t=1&tol=1e-4 stopped at t ≈ 0.113 before. */
  const settings = { method: 'modified' as const, alpha: -0.1, h: 1e-3, tEnd: 1, sampleEvery: 1, tolerance: 1e-4, hMin: 5e-8 };

  it('restarts the method from the last accepted state and finishes the run', () => {
    const sim = new Simulation(model, settings);
    const rows: number[][] = [];
    sim.advance(Number.MAX_SAFE_INTEGER, (row) => rows.push(Array.from(row)));
    expect(sim.failure).toBeNull();
    expect(rows[rows.length - 1][0]).toBe(1);
    expect(sim.stepsRejected).toBeGreaterThan(0);
    // The spin survives the restarts: ω_y stays at the top's 150 rad/s (measured 150.008 at t = 1).
    expect(Math.abs(rows[rows.length - 1][2] - 150)).toBeLessThan(0.1);
    // Constraints after the restarts hold as well as before the first one (Newton's loose stop at ε = 1e-4).
    const worst = (from: number, to: number) => Math.max(...rows.filter((r) => r[0] >= from && r[0] < to).map((r) => r[6]));
    expect(worst(0.2, 1.01)).toBeLessThanOrEqual(worst(0, 0.11));
  });

  it('with a larger h_min the run gets past the old stop and then fails at h_min, saying so', () => {
    const sim = new Simulation(model, { ...settings, hMin: 2e-4 });
    sim.advance(Number.MAX_SAFE_INTEGER, () => {});
    expect(sim.failure?.reason).toMatch(/the step size reached h_min = 0.0002 s$/);
    expect(sim.failure!.time).toBeGreaterThan(0.1135); // measured 0.115
  });

  it('AdaptiveStepper: a step vetoed every time is retried smaller, restarting the method, down to h_min', () => {
    const system = new AssembledSystem(model);
    const stepper = new ImplicitStepper(system, createMethod('modified', system, { alpha: -0.2 }, DEFAULT_NEWTON));
    const { q, qd } = statedInitialState(system);
    stepper.initialize(q, qd, 0);
    const veto = { assess: () => 'vetoed', commit: () => {}, restart: () => { restarts++; } };
    let restarts = 0;
    const control = new AdaptiveStepper(stepper, { tolerance: 1e-4, hMin: 1e-6, hMax: 1e-2, errorNorm: 'position' }, 1e-3, veto);
    const outcomes: string[] = [];
    for (let k = 0; k < 20 && outcomes[outcomes.length - 1] !== 'failed'; k++) outcomes.push(control.attempt(1));
    expect(outcomes[outcomes.length - 1]).toBe('failed');
    expect(outcomes.slice(0, -1).every((o) => o === 'rejected')).toBe(true);
    expect(control.rejectionCause).toBe('check');
    expect(control.hLast).toBe(1e-6);
    expect(restarts).toBe(outcomes.length - 1);
    expect(stepper.t).toBe(0);
  });
});

describe("errorNorm 'position-velocity': the tolerance governs the ω error (spin, exact ω known)", () => {
  const spin = paperModel('spin');
  function omegaError(tolerance: number, errorNorm: ErrorNorm): number {
    const sim = new Simulation(spin, { method: 'modified', alpha: -0.2, h: 1e-3, tEnd: 2, sampleEvery: 10, tolerance, errorNorm });
    let e = 0;
    sim.advance(Number.MAX_SAFE_INTEGER, (row) => { e = Math.max(e, Math.abs(row[1] - spinExactOmega(row[0])[0])); });
    expect(sim.failure).toBeNull();
    return e;
  }

  it('e_ω falls faster than ε with the velocity norm (ε_v ∝ ε^(5/4)); with the position norm it lags far behind', () => {
    const [v5, v6] = [1e-5, 1e-6].map((tol) => omegaError(tol, 'position-velocity'));
    const p6 = omegaError(1e-6, 'position');
    // The modified spin error is second order: steps ∝ ε_v^(−1/2) = ε^(−5/8), so e_ω ∝ ε^(5/4), 10^(5/4) ≈ 17.8 per decade.
    expect(v5 / v6).toBeGreaterThan(10); // measured 17.0
    expect(v5 / v6).toBeLessThan(30);
    expect(v6).toBeLessThan(1e-6); // measured 3.5e-7 rad/s with |ω| ≤ 20 rad/s
    expect(p6).toBeGreaterThan(100 * v6); // measured 3.1e-4 rad/s, 900×
  });

  it('the velocity tolerance stays above the estimate\'s round-off: generalized-α at ε = 1e-9 does not crawl at h_min', () => {
    // With the floor at 1e-9 the step fell to h_min at t ≈ 0.9 ms and 2 ms took 12.8 million steps.
    const sim = new Simulation(paperModel('heavy-top'), { method: 'generalized-alpha', alpha: 0, rho: 2 / 3, h: 1e-4, tEnd: 2e-3, sampleEvery: 1, tolerance: 1e-9, hMin: 1e-10, errorNorm: 'position-velocity' });
    sim.advance(Number.MAX_SAFE_INTEGER, () => {});
    expect(sim.failure).toBeNull();
    expect(sim.stepsDone).toBeLessThan(5000); // measured 545
  });

  it('velocityTolerance: ε at the loosest tolerance, ε^(5/4) below it, floored', () => {
    expect(velocityTolerance(0.1)).toBe(0.1);
    expect(velocityTolerance(1e-5)).toBeCloseTo(1e-5 * 10 ** -1, 18);
    expect(velocityTolerance(1e-12)).toBe(VELOCITY_TOLERANCE_FLOOR);
  });
});
