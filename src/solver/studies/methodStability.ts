/**
 * The undamped linear oscillator ẍ + Ω²x = 0 for every method of the family: amplification matrix over
 * one step, spectral radius and relative period error as functions of Ωh. Extends hhtStability.ts (HHT)
 * to generalized-α (Arnold & Brüls 2007, Eqs. 11-13; the Lie-group variant of Brüls, Cardona & Arnold
 * 2012 is the same scheme on a vector space, hence the same curve) and the Ji–Xing composite
 * (Ji & Xing 2023, A.3-A.5 on a linear system).
 */
import { eigenvalues3, oscillatorResponse as hhtOscillatorResponse, type OscillatorResponse } from './hhtStability';
import { generalizedAlphaParameters, type GeneralizedAlphaParameters } from '../integrators/methods/generalizedAlpha';
import { jiXingParameters, type JiXingParameters } from '../integrators/methods/jiXing';
import { atan2, hypot } from '../exactMath';

export type { OscillatorResponse };

/** Method names of SPEC §6 and the one parameter each takes (α for HHT, ρ∞ for the others). */
export type FamilyMethodName = 'classical' | 'modified' | 'generalized-alpha' | 'lie-group' | 'ji-xing';

/**
 * Amplification matrix (3×3, row-major) of index-3 generalized-α on the oscillator, state (x, h v, h² a)
 * with a the algorithmic acceleration:
 *   x₁ = x + hv + h²(½ − β) a + h²β a₁,  v₁ = v + h(1 − γ) a + hγ a₁,
 *   (1 − αm) a₁ + αm a = (1 − αf) ẍ₁ + αf ẍ₀,  ẍ = −Ω²x (the equation holds at t_{n+1}).
 */
export function generalizedAlphaAmplification(p: GeneralizedAlphaParameters, w: number): Float64Array {
  const { alphaM, alphaF, beta, gamma } = p;
  const w2 = w * w;
  const out = new Float64Array(9);
  for (let j = 0; j < 3; j++) {
    const x = j === 0 ? 1 : 0, v = j === 1 ? 1 : 0, a = j === 2 ? 1 : 0;
    // (1−αm) a₁ + αm a = −w²[(1−αf)(x + v + (½−β)a + βa₁) + αf x]
    const known = x + v + (0.5 - beta) * a;
    const a1 = (-alphaM * a - w2 * ((1 - alphaF) * known + alphaF * x)) / (1 - alphaM + w2 * (1 - alphaF) * beta);
    out[j] = known + beta * a1;
    out[3 + j] = v + (1 - gamma) * a + gamma * a1;
    out[6 + j] = a1;
  }
  return out;
}

/**
 * Amplification matrix (2×2, row-major) of the Ji–Xing composite on the oscillator, state (x, h v):
 * two trapezoidal sub-steps of length γh (A.3, A.4), then x₁ = x₀ + h Σθ_k v_k and v₁ = v₀ + h Σθ_k a_k
 * (A.5) with a_k = −Ω² x_k — built by running the formulas, not from the closed form R(z).
 */
export function jiXingAmplification(p: JiXingParameters, w: number): Float64Array {
  const out = new Float64Array(4);
  for (let j = 0; j < 2; j++) {
    const xs = [j === 0 ? 1 : 0, 0, 0, 0], vs = [j === 1 ? 1 : 0, 0, 0, 0]; // v in units of 1/h
    const s = p.gamma; // sub-step in units of h
    for (let k = 1; k <= 2; k++) {
      // trapezoid on x' = v, v' = −w²x over s: [1, −s/2; s w²/2, 1] [x₁; v₁] = [x + s v/2; v − s w² x/2]
      const rx = xs[k - 1] + 0.5 * s * vs[k - 1], rv = vs[k - 1] - 0.5 * s * w * w * xs[k - 1];
      const det = 1 + 0.25 * s * s * w * w;
      xs[k] = (rx + 0.5 * s * rv) / det;
      vs[k] = (rv - 0.5 * s * w * w * rx) / det;
    }
    const { theta0: t0, theta1: t1, theta2: t2, theta3: t3 } = p;
    // [1, −θ₃; θ₃w², 1] [x₃; v₃] = [x₀ + θ₀v₀ + θ₁v₁ + θ₂v₂; v₀ − w²(θ₀x₀ + θ₁x₁ + θ₂x₂)]
    const rx = xs[0] + t0 * vs[0] + t1 * vs[1] + t2 * vs[2];
    const rv = vs[0] - w * w * (t0 * xs[0] + t1 * xs[1] + t2 * xs[2]);
    const det = 1 + t3 * t3 * w * w;
    out[j] = (rx + t3 * rv) / det;
    out[2 + j] = (rv - t3 * w * w * rx) / det;
  }
  return out;
}

/** Spectral radius and period error of a 2×2 amplification matrix at Ωh = w. */
function response2(m: Float64Array, w: number): OscillatorResponse {
  const tr = m[0] + m[3], det = m[0] * m[3] - m[1] * m[2];
  const disc = tr * tr / 4 - det;
  if (disc >= 0) {
    const r = Math.max(Math.abs(tr / 2 + Math.sqrt(disc)), Math.abs(tr / 2 - Math.sqrt(disc)));
    return { spectralRadius: r, periodError: NaN };
  }
  const re = tr / 2, im = Math.sqrt(-disc);
  return { spectralRadius: hypot(re, im), periodError: w / atan2(im, re) - 1 };
}

/** Spectral radius and period error of a 3×3 amplification matrix at Ωh = w (principal complex pair). */
function response3(m: Float64Array, w: number): OscillatorResponse {
  let spectralRadius = 0;
  let principal: { re: number; im: number } | null = null;
  for (const r of eigenvalues3(m)) {
    const mod = hypot(r.re, r.im);
    spectralRadius = Math.max(spectralRadius, mod);
    if (r.im > 0 && (!principal || mod > hypot(principal.re, principal.im))) principal = r;
  }
  return { spectralRadius, periodError: principal ? w / atan2(principal.im, principal.re) - 1 : NaN };
}

/**
 * Spectral radius and relative period error of `method` at Ωh = w > 0; `parameter` is α for the HHT
 * methods (classical and modified coincide on the oscillator: no Euler parameters) and ρ∞ for the others.
 */
export function methodOscillatorResponse(method: FamilyMethodName, parameter: number, w: number): OscillatorResponse {
  switch (method) {
    case 'classical':
    case 'modified':
      return hhtOscillatorResponse(parameter, w);
    case 'generalized-alpha':
    case 'lie-group':
      return response3(generalizedAlphaAmplification(generalizedAlphaParameters(parameter), w), w);
    case 'ji-xing':
      return response2(jiXingAmplification(jiXingParameters(parameter), w), w);
  }
}
