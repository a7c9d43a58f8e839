/**
 * One step of the `spin` scenario (single-axis rotation, identity start) against the closed forms of
 * Sherif et al. 2019 (Eqs. 28, 41, 42) and the short paper (Eqs. 6, 7, 13). Each series is checked by
 * halving h: the difference to the truncated series must shrink at the order of the first neglected term.
 */
import { describe, expect, it } from 'vitest';
import { AssembledSystem } from '../../src/solver/model/assembly';
import { DEFAULT_NEWTON, HhtIntegrator } from '../../src/solver/integrators/hhtIntegrator';
import { paperModel } from '../support/paperModel';
import { hhtParameters } from '../../src/solver/integrators/newmark';
import { statedInitialState } from '../../src/solver/model/prepare';

type Method = 'classical' | 'modified';
/** Newton converged until the correction reaches the round-off of the 1/(βh²)-scaled constraint rows. */
const TIGHT_NEWTON = { ...DEFAULT_NEWTON, maxIterations: 60, accelerationTolerance: 1e-13, positionTolerance: 1e-15, reuseFactorization: false };
const ALPHAS = [0, -0.1, -0.2, -1 / 3];
/** Halving h must shrink an O(h^p) remainder by at least this fraction of 2^p. */
const ORDER_SLACK = 0.8;

function oneStep(method: Method, alpha: number, h: number, omega0: number, moment: number) {
  const system = new AssembledSystem(paperModel('spin', { J: [1, 2, 2], M: [moment, 0, 0], omega0: [omega0, 0, 0] }));
  const integ = new HhtIntegrator(system, method, alpha, TIGHT_NEWTON);
  const { q, qd } = statedInitialState(system);
  integ.initialize(q, qd, 0);
  const result = integ.step(h);
  expect(result.ok).toBe(true);
  const e = integ.q.subarray(3, 7), ed = integ.qd.subarray(3, 7);
  return { omega: 2 * (-e[1] * ed[0] + e[0] * ed[1]), e0: e[0] };
}

/** Checks remainder(h)/remainder(h/2) ≥ ORDER_SLACK·2^order, or that both are at round-off. */
function expectOrder(remainder: (h: number) => number, order: number, h0: number, floor = 1e-13): void {
  const r1 = Math.abs(remainder(h0)), r2 = Math.abs(remainder(h0 / 2));
  if (r1 < floor && r2 < floor) return;
  expect(r1 / r2).toBeGreaterThan(ORDER_SLACK * 2 ** order);
}

describe('classical HHT, one step of a single-axis rotation', () => {
  const w0 = 10, mu = 5;
  for (const alpha of ALPHAS) {
    it(`Sherif Eq. 28, α = ${alpha.toFixed(3)}: remainder O(h⁴)`, () => {
      const c3 = (10 * alpha ** 4 + 3 * alpha ** 3 - 12 * alpha ** 2 + 11 * alpha - 4) / (16 * (alpha - 1) ** 2);
      const series = (h: number) => w0 + mu * h + 0.25 * alpha * w0 ** 3 * h ** 2 + mu * c3 * w0 ** 2 * h ** 3;
      expectOrder((h) => oneStep('classical', alpha, h, w0, mu).omega - series(h), 4, 2e-3);
    });
    it(`short paper Eq. 6 (constant spin), α = ${alpha.toFixed(3)}: remainder O(h⁴)`, () => {
      const series = (h: number) => w0 + 0.25 * alpha * w0 ** 3 * h ** 2;
      expectOrder((h) => oneStep('classical', alpha, h, w0, 0).omega - series(h), 4, 2e-3);
    });
    it(`from rest under torque, α = ${alpha.toFixed(3)}: ω = μh + c(α) μ³ h⁵ with the coefficient we derive`, () => {
      // Short paper Eq. 7 prints c = −(1+α+2α²)/64; series expansion of the one-step equations gives:
      const c = (14 * alpha ** 4 - 5 * alpha ** 3 - 9 * alpha ** 2 + 13 * alpha - 5) / (64 * (alpha - 1) ** 2);
      const printed = -(1 + alpha + 2 * alpha ** 2) / 64;
      const m = 1;
      expectOrder((h) => oneStep('classical', alpha, h, 0, m).omega - (m * h + c * m ** 3 * h ** 5), 6, 2e-2);
      const h = 1e-2;
      const measured = (oneStep('classical', alpha, h, 0, m).omega - m * h) / h ** 5;
      expect(Math.abs(measured - c)).toBeLessThan(1e-3 * Math.abs(c));
      expect(Math.abs(measured - printed)).toBeGreaterThan(0.5 * Math.abs(printed));
    });
  }
});

describe('modified HHT, one step of a single-axis rotation', () => {
  const w0 = 10, mu = 5;
  for (const alpha of ALPHAS) {
    const { gamma } = hhtParameters(alpha);
    it(`Sherif Eq. 41, α = ${alpha.toFixed(3)}: e0 remainder O(h⁴)`, () => {
      const series = (h: number) => 1 - (w0 ** 2 * h ** 2) / 8 - (mu * w0 * h ** 3) / 8;
      expectOrder((h) => oneStep('modified', alpha, h, w0, mu).e0 - series(h), 4, 2e-3, 1e-15);
    });
    it(`Sherif Eq. 42, α = ${alpha.toFixed(3)}: exact relation, and O(h⁵) with Eq. 41 inserted`, () => {
      for (const h of [1e-2, 1e-3]) {
        const { omega, e0 } = oneStep('modified', alpha, h, w0, mu);
        const exact = w0 + mu * h + mu * h * gamma * alpha * (1 - e0);
        expect(Math.abs(omega - exact)).toBeLessThan(1e-13 * w0);
      }
      const series = (h: number) => w0 + mu * h + mu * h * gamma * alpha * ((w0 ** 2 * h ** 2) / 8 + (mu * w0 * h ** 3) / 8);
      expectOrder((h) => oneStep('modified', alpha, h, w0, mu).omega - series(h), 5, 4e-3);
    });
    it(`short paper Eq. 6: the modified method keeps a constant spin exactly, α = ${alpha.toFixed(3)}`, () => {
      for (const h of [1e-1, 1e-2, 1e-3]) {
        expect(Math.abs(oneStep('modified', alpha, h, w0, 0).omega - w0)).toBeLessThan(1e-13 * w0);
      }
    });
    it(`from rest under torque, α = ${alpha.toFixed(3)}: ω = μh + α(1−2α)/64 μ³ h⁵ (short paper Eq. 13 with the sign corrected)`, () => {
      const c = (alpha * (1 - 2 * alpha)) / 64;
      const m = 1;
      expectOrder((h) => oneStep('modified', alpha, h, 0, m).omega - (m * h + c * m ** 3 * h ** 5), 6, 2e-2, 1e-16);
    });
  }

  it('α = 0 gives ω_{n+1} = ω_n + (M/I) h to round-off', () => {
    for (const h of [1e-1, 1e-2, 1e-3]) {
      expect(Math.abs(oneStep('modified', 0, h, w0, mu).omega - (w0 + mu * h))).toBeLessThan(1e-13 * w0);
    }
  });
});
