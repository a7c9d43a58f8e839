/** Teaching studies: theory overlay formulas, HHT on the linear oscillator, spectra. */
import { describe, expect, it } from 'vitest';
import { amplificationMatrix, eigenvalues3, oscillatorResponse } from '../../src/solver/studies/hhtStability';
import { amplitudeSpectrum, dominantFrequencies, fft } from '../../src/solver/studies/spectrum';
import { classicalOneStepOmega, constantSpinOmega, fromRestOmega, modifiedOneStepE0, modifiedOneStepOmega } from '../../src/solver/studies/theory';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { DEFAULT_NEWTON, HhtIntegrator } from '../../src/solver/integrators/hhtIntegrator';
import { paperModel } from '../support/paperModel';
import { seededRandom } from './helpers';
import { statedInitialState } from '../../src/solver/model/prepare';

describe('HHT on the linear oscillator', () => {
  it('eigenvalues3 solves a known cubic (eigenvalues 1, 2, 3 and a complex pair)', () => {
    const diag = Float64Array.from([1, 0, 0, 0, 2, 0, 0, 0, 3]);
    expect(eigenvalues3(diag).map((r) => r.re).sort()).toEqual([1, 2, 3].map((x) => expect.closeTo(x, 12)) as unknown as number[]);
    const rot = Float64Array.from([0, -2, 0, 2, 0, 0, 0, 0, 0.5]);
    const roots = eigenvalues3(rot);
    expect(roots.some((r) => Math.abs(r.re) < 1e-12 && Math.abs(Math.abs(r.im) - 2) < 1e-12)).toBe(true);
    expect(roots.some((r) => Math.abs(r.re - 0.5) < 1e-12 && r.im === 0)).toBe(true);
  });

  it('α = 0 (trapezoidal) does not damp at any Ωh; α < 0 tends to ρ∞ = (1+α)/(1−α)', () => {
    for (const w of [0.01, 0.3, 1, 10, 100]) expect(oscillatorResponse(0, w).spectralRadius).toBeCloseTo(1, 10);
    for (const alpha of [-0.1, -0.2, -0.3]) {
      expect(oscillatorResponse(alpha, 1e4).spectralRadius).toBeCloseTo((1 + alpha) / (1 - alpha), 3);
      expect(oscillatorResponse(alpha, 0.01).spectralRadius).toBeGreaterThan(0.9999);
      expect(oscillatorResponse(alpha, 1).spectralRadius).toBeLessThan(1);
    }
  });

  it('the period error is positive and second order in Ωh (α = 0: (Ωh)²/12)', () => {
    const e1 = oscillatorResponse(0, 0.02).periodError, e2 = oscillatorResponse(0, 0.01).periodError;
    expect(e1 / e2).toBeCloseTo(4, 2);
    expect(e2).toBeCloseTo(0.01 ** 2 / 12, 8);
  });

  it('the amplification matrix reproduces a directly stepped oscillator', () => {
    const A = amplificationMatrix(-0.2, 0.5);
    // one step from (x, hv, h²a) = (1, 0, −w²) must keep the equation a = −w²((1+α)x₁ − αx₀) at the new step
    const x1 = A[0] * 1 + A[1] * 0 + A[2] * -0.25, a1 = A[6] * 1 + A[7] * 0 + A[8] * -0.25;
    expect(a1).toBeCloseTo(-0.25 * ((1 - 0.2) * x1 + 0.2 * 1), 12);
  });
});

describe('spectrum', () => {
  it('fft matches a direct DFT on random data', () => {
    const rand = seededRandom(3);
    const n = 16, re = Float64Array.from({ length: n }, rand), im = new Float64Array(n);
    const x = Float64Array.from(re);
    fft(re, im);
    for (let k = 0; k < n; k++) {
      let sr = 0, si = 0;
      for (let j = 0; j < n; j++) { sr += x[j] * Math.cos((2 * Math.PI * j * k) / n); si -= x[j] * Math.sin((2 * Math.PI * j * k) / n); }
      expect(re[k]).toBeCloseTo(sr, 10);
      expect(im[k]).toBeCloseTo(si, 10);
    }
  });

  it('finds the frequencies of a two-tone signal', () => {
    const dt = 1e-3, w1 = 2 * Math.PI * 50, w2 = 2 * Math.PI * 120;
    const x = Array.from({ length: 4096 }, (_, i) => Math.sin(w1 * i * dt) + 0.5 * Math.cos(w2 * i * dt));
    const peaks = dominantFrequencies(amplitudeSpectrum(x, dt), 2);
    const bin = (2 * Math.PI) / (4096 * dt);
    expect(Math.abs(peaks[0] - w1)).toBeLessThan(bin);
    expect(Math.abs(peaks[1] - w2)).toBeLessThan(bin);
  });
});

describe('theory overlay formulas agree with the solver (same checks as test/solver/oneStep.test.ts)', () => {
  const TIGHT = { ...DEFAULT_NEWTON, maxIterations: 60, accelerationTolerance: 1e-13, positionTolerance: 1e-15, reuseFactorization: false };
  function oneStep(method: 'classical' | 'modified', alpha: number, h: number, w0: number, mu: number) {
    const system = new AssembledSystem(paperModel('spin', { J: [1, 2, 2], M: [mu, 0, 0], omega0: [w0, 0, 0] }));
    const integ = new HhtIntegrator(system, method, alpha, TIGHT);
    const { q, qd } = statedInitialState(system);
    integ.initialize(q, qd, 0);
    integ.step(h);
    const e = integ.q.subarray(3, 7), ed = integ.qd.subarray(3, 7);
    return { omega: 2 * (-e[1] * ed[0] + e[0] * ed[1]), e0: e[0] };
  }

  it('each prediction agrees with the measured step to 1e-4 of the change the step makes', () => {
    const alpha = -0.2, h = 1e-3, w0 = 10, mu = 5;
    // [prediction, measured, value before the step]
    const cases = [
      [classicalOneStepOmega(alpha, h, w0, mu).value, oneStep('classical', alpha, h, w0, mu).omega, w0],
      [modifiedOneStepOmega(alpha, h, w0, mu).value, oneStep('modified', alpha, h, w0, mu).omega, w0],
      [modifiedOneStepE0(h, w0, mu).value, oneStep('modified', alpha, h, w0, mu).e0, 1],
      [constantSpinOmega('classical', alpha, h, w0).value, oneStep('classical', alpha, h, w0, 0).omega, w0 + 1e-6],
      [constantSpinOmega('modified', alpha, h, w0).value, oneStep('modified', alpha, h, w0, 0).omega, w0 + 1e-6],
      [fromRestOmega('classical', alpha, 1e-2, 1).value, oneStep('classical', alpha, 1e-2, 0, 1).omega, 0],
      [fromRestOmega('modified', alpha, 1e-2, 1).value, oneStep('modified', alpha, 1e-2, 0, 1).omega, 0],
    ];
    for (const [predicted, measured, before] of cases) {
      expect(Math.abs(predicted - measured)).toBeLessThan(1e-4 * Math.abs(measured - before));
    }
  });
});

describe('convergence study and α sweep', () => {
  it('reproduces the heavy-top orders of test/solver/heavyTop.test.ts (short window) and reports progress', async () => {
    const { convergenceStudy } = await import('../../src/solver/studies/convergenceStudy');
    const calls: number[] = [];
    const points = convergenceStudy(paperModel('heavy-top'), {
      methods: ['classical', 'modified'], alpha: -0.2, steps: [1e-4, 5e-5], tEnd: 0.2, sampleDt: 1e-3,
      reference: { method: 'modified', alpha: -0.2, h: 5e-6 },
    }, (done) => calls.push(done));
    expect(calls[0]).toBe(0);
    expect(calls[calls.length - 1]).toBe(5);
    const modified = points.filter((p) => p.method === 'modified');
    const classical = points.filter((p) => p.method === 'classical');
    expect(modified[1].omegaOrder).toBeGreaterThan(0.7);
    expect(modified[1].omegaOrder).toBeLessThan(1.3);
    expect(classical[1].omegaError / modified[1].omegaError).toBeGreaterThan(50);
    expect(modified[1].positionError).toBeLessThan(modified[0].positionError);
  }, 120_000);

  it('α sweep on spin: modified at α = 0 ends on the exact line; the classical final ω is below', async () => {
    const { alphaSweep } = await import('../../src/solver/studies/convergenceStudy');
    const points = alphaSweep(paperModel('spin', { J: [1, 2, 2], M: [5, 0, 0], omega0: [10, 0, 0] }), ['classical', 'modified'], [-0.3, -0.1, 0], 0.01, 1);
    const at = (m: string, a: number) => points.find((p) => p.method === m && p.alpha === a)!;
    expect(at('modified', 0).finalOmega[0]).toBeCloseTo(15, 9);
    expect(at('classical', -0.3).finalOmega[0]).toBeLessThan(at('modified', -0.3).finalOmega[0]);
    expect(at('modified', -0.3).finalOmega[0]).toBeLessThan(at('modified', -0.1).finalOmega[0]);
  });
});

describe('invariant monitors', () => {
  /** Largest Euler-norm drift, velocity-constraint residual and |L_z − L_z(0)| over a heavy-top run. */
  async function worst(method: 'classical' | 'modified', h: number) {
    const { InvariantMonitor } = await import('../../src/solver/studies/invariants');
    const { Simulation } = await import('../../src/solver/simulate');
    const sim = new Simulation(paperModel('heavy-top'), { method, alpha: -0.2, h, tEnd: 1, sampleEvery: Math.round(0.01 / h) });
    const monitor = new InvariantMonitor(sim.system);
    const out = new Float64Array(3);
    let drift = 0, velocity = 0, l0 = NaN, dl = 0;
    sim.advance(1e9, (_row, q) => {
      monitor.evaluate(q, sim.integrator.qd, sim.integrator.t, out);
      if (Number.isNaN(l0)) l0 = out[2];
      drift = Math.max(drift, out[0]); velocity = Math.max(velocity, out[1]); dl = Math.max(dl, Math.abs(out[2] - l0));
    });
    return { drift, velocity, l0, dl };
  }

  it('heavy top: L_z(0) is the stated initial angular momentum; Euler norms hold to round-off', async () => {
    const r = await worst('modified', 1e-4);
    // L_z(0) = J_z ω_z + m (r × ṙ)_z at the identity pose: 0.234375·(−4.61538) − 15·1·4.61538
    expect(r.l0).toBeCloseTo(0.234375 * -4.61538 - 15 * 4.61538, 8);
    expect(r.drift).toBeLessThan(1e-13);
  });

  it('velocity constraints (not enforced by index-3 HHT) drift at second order; L_z drifts at first order, far less with the modified method', async () => {
    const [m1, m2, c1] = [await worst('modified', 1e-4), await worst('modified', 5e-5), await worst('classical', 1e-4)];
    expect(m1.velocity / m2.velocity).toBeGreaterThan(3.5); // measured 4.0 (5.8e-5 → 1.45e-5)
    expect(m1.dl / m2.dl).toBeGreaterThan(1.8); // measured 2.0 (0.127 → 0.063 of |L_z| = 70.3)
    expect(c1.dl / m1.dl).toBeGreaterThan(10); // classical 2.93 at h = 1e-4
  });
});
