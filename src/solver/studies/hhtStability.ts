/**
 * HHT on the undamped linear oscillator ẍ + ω²x = 0 (Hilber–Hughes–Taylor 1977, with the force weighting
 * of Sherif Eq. 61): the amplification matrix over one step, its spectral radius and the relative period
 * error, as functions of Ωh = ωh. Shows where HHT damps: a fast spin puts the Euler parameters' own
 * oscillation (frequency |ω|/2) there.
 */
import { hhtParameters } from '../integrators/newmark';
import { acos, atan2, cbrt, cos, hypot, pow } from '../exactMath';

export interface OscillatorResponse {
  /** Largest eigenvalue modulus of the amplification matrix (1 = no damping). */
  readonly spectralRadius: number;
  /** (T_numerical − T)/T of the principal (oscillatory) root pair; NaN if that pair is real. */
  readonly periodError: number;
}

/** Amplification matrix A (3×3, row-major) with (x, hv, h²a)_{n+1} = A (x, hv, h²a)_n for Ωh = w. */
export function amplificationMatrix(alpha: number, w: number): Float64Array {
  const { beta, gamma } = hhtParameters(alpha);
  const w2 = w * w;
  const out = new Float64Array(9);
  for (let j = 0; j < 3; j++) {
    const x = j === 0 ? 1 : 0, v = j === 1 ? 1 : 0, a = j === 2 ? 1 : 0; // v = h·ẋ, a = h²·ẍ
    // a₁ + (1+α) w² x₁ − α w² x₀ = 0 with x₁ = x + v + (½ − β) a + β a₁
    const a1 = -w2 * (x + (1 + alpha) * (v + (0.5 - beta) * a)) / (1 + (1 + alpha) * w2 * beta);
    const x1 = x + v + (0.5 - beta) * a + beta * a1;
    const v1 = v + (1 - gamma) * a + gamma * a1;
    out[j] = x1; out[3 + j] = v1; out[6 + j] = a1;
  }
  return out;
}

/** Spectral radius and period error of HHT with parameter α at Ωh = w > 0. */
export function oscillatorResponse(alpha: number, w: number): OscillatorResponse {
  const roots = eigenvalues3(amplificationMatrix(alpha, w));
  let spectralRadius = 0;
  let principal: { re: number; im: number } | null = null;
  for (const r of roots) {
    const mod = hypot(r.re, r.im);
    spectralRadius = Math.max(spectralRadius, mod);
    if (r.im > 0 && (!principal || mod > hypot(principal.re, principal.im))) principal = r;
  }
  const periodError = principal ? w / atan2(principal.im, principal.re) - 1 : NaN;
  return { spectralRadius, periodError };
}

/** Eigenvalues of a real 3×3 matrix from its characteristic polynomial λ³ − c₂λ² + c₁λ − c₀ (Cardano/trig). */
export function eigenvalues3(m: Float64Array): { re: number; im: number }[] {
  const tr = m[0] + m[4] + m[8];
  const minors = m[0] * m[4] - m[1] * m[3] + m[0] * m[8] - m[2] * m[6] + m[4] * m[8] - m[5] * m[7];
  const det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
  // λ = y + tr/3 turns λ³ − tr λ² + minors λ − det into y³ + p y + q.
  const s = tr / 3;
  const p = minors - 3 * s * s;
  const q = -(2 * s * s * s - minors * s + det) ;
  // y³ + p y + q = 0 with q as computed: (y+s)³ − tr (y+s)² + minors (y+s) − det expanded.
  const disc = pow(q / 2, 2) + pow(p / 3, 3);
  if (disc > 0) {
    const sq = Math.sqrt(disc);
    const u = cbrt(-q / 2 + sq), v = cbrt(-q / 2 - sq);
    const re = -(u + v) / 2 + s, im = (Math.sqrt(3) / 2) * (u - v);
    return [{ re: u + v + s, im: 0 }, { re, im: Math.abs(im) }, { re, im: -Math.abs(im) }];
  }
  const r = Math.sqrt(Math.max(0, -p / 3));
  const phi = acos(Math.max(-1, Math.min(1, r === 0 ? 0 : (-q / 2) / (r * r * r)))) / 3;
  return [0, 1, 2].map((k) => ({ re: 2 * r * cos(phi - (2 * Math.PI * k) / 3) + s, im: 0 }));
}
