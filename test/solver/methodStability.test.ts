/**
 * Linear-oscillator analysis of the method family: ρ(∞) = ρ∞, second-order period error, A-stability of
 * the Ji–Xing composite on its documented γ interval, and generalized-α with αm = 0 = HHT.
 */
import { describe, expect, it } from 'vitest';
import {
  generalizedAlphaAmplification, jiXingAmplification, methodOscillatorResponse, type FamilyMethodName,
} from '../../src/solver/studies/methodStability';
import { amplificationMatrix } from '../../src/solver/studies/hhtStability';
import { generalizedAlphaParameters, newmarkFromAlphas } from '../../src/solver/integrators/methods/generalizedAlpha';
import { jiXingGamma, jiXingParameters, jiXingStabilityBoundary } from '../../src/solver/integrators/methods/jiXing';
import { hhtParameters } from '../../src/solver/integrators/newmark';
import { observedOrder } from '../../src/solver/studies/errorMeasures';

const RHOS = [0, 0.3, 0.5, 2 / 3, 0.9, 1];
/** Ωh standing for "h → ∞"; at ρ∞ = 0 generalized-α's triple root 0 moves as (Ωh)^(−2/3), hence 4 digits. */
const HUGE = 1e9;
const RHO_METHODS: FamilyMethodName[] = ['generalized-alpha', 'lie-group', 'ji-xing'];

describe('spectral radius at Ωh → ∞ equals ρ∞', () => {
  for (const method of RHO_METHODS) {
    it(method, () => {
      for (const rho of RHOS) {
        expect(methodOscillatorResponse(method, rho, HUGE).spectralRadius).toBeCloseTo(rho, 4);
      }
    });
  }
});

describe('second order: relative period error shrinks as (Ωh)²', () => {
  for (const method of RHO_METHODS) {
    it(method, () => {
      for (const rho of [0, 2 / 3, 1]) {
        const e1 = Math.abs(methodOscillatorResponse(method, rho, 0.02).periodError);
        const e2 = Math.abs(methodOscillatorResponse(method, rho, 0.01).periodError);
        expect(observedOrder(0.02, e1, 0.01, e2)).toBeCloseTo(2, 1);
        // and the damping 1 − ρ at small Ωh is of higher order than the period error (≥ 3 in Ωh)
        const d1 = 1 - methodOscillatorResponse(method, rho, 0.02).spectralRadius;
        const d2 = 1 - methodOscillatorResponse(method, rho, 0.01).spectralRadius;
        if (rho < 1) expect(observedOrder(0.02, d1, 0.01, d2)).toBeGreaterThan(2.9);
      }
    });
  }
});

describe('generalized-α with αm = 0 and HHT parameters is HHT', () => {
  it('amplification matrices agree to round-off', () => {
    for (const alpha of [-1 / 3, -0.3, -0.2, -0.05, 0]) {
      const { beta, gamma } = hhtParameters(alpha);
      const p = { alphaM: 0, alphaF: -alpha, beta, gamma };
      for (const w of [0.01, 0.3, 1, 10, 1e3]) {
        const ga = generalizedAlphaAmplification(p, w), hht = amplificationMatrix(alpha, w);
        for (let k = 0; k < 9; k++) expect(Math.abs(ga[k] - hht[k])).toBeLessThan(1e-14 * Math.max(1, Math.abs(hht[k])));
      }
    }
  });

  it('Chung–Hulbert γ, β follow from αm, αf (γ = ½ − αm + αf, β = ¼(γ + ½)²)', () => {
    const p = generalizedAlphaParameters(2 / 3);
    expect(p.alphaM).toBeCloseTo(0.2, 14);
    expect(p.alphaF).toBeCloseTo(0.4, 14);
    expect(p.gamma).toBeCloseTo(0.7, 14);
    expect(p.beta).toBeCloseTo(0.36, 14);
    expect(newmarkFromAlphas(0, 0.2).gamma).toBeCloseTo(hhtParameters(-0.2).gamma, 14);
    expect(newmarkFromAlphas(0, 0.2).beta).toBeCloseTo(hhtParameters(-0.2).beta, 14);
  });
});

describe('Ji–Xing composite', () => {
  const grid = Array.from({ length: 400 }, (_, k) => 10 ** (-3 + (k * 9) / 399));

  it('the run-the-formulas amplification matches the derived closed form R(iΩh)', () => {
    for (const rho of RHOS) {
      const p = jiXingParameters(rho);
      const g = p.gamma;
      for (const y of [0.01, 0.5, 2, 50]) {
        // R(z) = −(ρ∞γ³z³ + (6γ² − 12γ + 4)z² − (12γ − 8)z + 8)/(γz − 2)³ at z = iy
        const numRe = -((6 * g * g - 12 * g + 4) * -(y * y) + 8), numIm = -(-rho * g ** 3 * y ** 3 - (12 * g - 8) * y);
        const dRe = -2, dIm = g * y; // (γz − 2)
        const d2Re = dRe * dRe - dIm * dIm, d2Im = 2 * dRe * dIm;
        const d3Re = d2Re * dRe - d2Im * dIm, d3Im = d2Re * dIm + d2Im * dRe;
        const closed = Math.hypot(numRe, numIm) / Math.hypot(d3Re, d3Im);
        expect(methodOscillatorResponse('ji-xing', rho, y).spectralRadius).toBeCloseTo(closed, 12);
        // The amplification matrix has determinant |R|² (a complex-conjugate pair for an oscillator).
        const m = jiXingAmplification(p, y);
        expect(m[0] * m[3] - m[1] * m[2]).toBeCloseTo(closed * closed, 12);
      }
    }
  });

  it('is A-stable (ρ ≤ 1 for every Ωh) at the chosen γ and at the boundary γ_A, not below it', () => {
    for (const rho of RHOS) {
      for (const gamma of [jiXingGamma(rho), jiXingStabilityBoundary(rho)]) {
        const p = jiXingParameters(rho, gamma);
        for (const y of grid) expect(spectralRadius2(jiXingAmplification(p, y))).toBeLessThanOrEqual(1 + 1e-12);
      }
      if (rho === 1) continue; // at ρ∞ = 1 the lost y² term leaves |R| = 1 … only the y⁶ term decides
      const below = jiXingParameters(rho, jiXingStabilityBoundary(rho) - 0.01);
      expect(Math.max(...grid.map((y) => spectralRadius2(jiXingAmplification(below, y))))).toBeGreaterThan(1 + 1e-6);
    }
  });

  it('the three sub-steps share one Newton matrix: θ₃ = γ/2', () => {
    for (const rho of RHOS) {
      const p = jiXingParameters(rho);
      expect(p.theta3).toBe(p.gamma / 2);
      expect(p.theta0 + p.theta1 + p.theta2 + p.theta3).toBeCloseTo(1, 14);
    }
  });
});

function spectralRadius2(m: Float64Array): number {
  const tr = m[0] + m[3], det = m[0] * m[3] - m[1] * m[2];
  const disc = tr * tr / 4 - det;
  if (disc < 0) return Math.sqrt(det);
  return Math.max(Math.abs(tr / 2 + Math.sqrt(disc)), Math.abs(tr / 2 - Math.sqrt(disc)));
}
