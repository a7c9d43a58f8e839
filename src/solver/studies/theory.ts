/**
 * The papers' one-step closed forms for a single-axis rotation (identity start, ω' about x, μ = M_x/I_x),
 * evaluated for given α, h, ω', μ — the theory overlay of the `spin` scenario. Each returns the predicted
 * ω after one step (truncated series) or e0 (Eq. 41); `order` is the first neglected power of h.
 */
import { hhtParameters } from '../integrators/newmark';
import { pow } from '../exactMath';

export interface OneStepPrediction {
  readonly label: string;
  /** Which paper and equation. */
  readonly source: string;
  /** The formula in plain text (Unicode). */
  readonly formula: string;
  readonly value: number;
  /** Power of h of the first neglected term (Infinity: exact relation). */
  readonly order: number;
}

/** Sherif 2019 Eq. 28: classical HHT, ω = ω' + μh + ¼αω'³h² + μ c₃(α) ω'² h³ + O(h⁴). */
export function classicalOneStepOmega(alpha: number, h: number, omega: number, mu: number): OneStepPrediction {
  const c3 = (10 * pow(alpha, 4) + 3 * pow(alpha, 3) - 12 * pow(alpha, 2) + 11 * alpha - 4) / (16 * pow(alpha - 1, 2));
  return {
    label: 'classical ω₁', source: 'Sherif et al. 2019, Eq. 28',
    formula: "ω' + μh + ¼αω'³h² + μ (10α⁴+3α³−12α²+11α−4)/(16(α−1)²) ω'² h³",
    value: omega + mu * h + 0.25 * alpha * pow(omega, 3) * pow(h, 2) + mu * c3 * pow(omega, 2) * pow(h, 3),
    order: 4,
  };
}

/** Sherif 2019 Eq. 41: modified HHT, e0 = 1 − ω'²h²/8 − μω'h³/8 + O(h⁴). */
export function modifiedOneStepE0(h: number, omega: number, mu: number): OneStepPrediction {
  return {
    label: 'modified e₀', source: 'Sherif et al. 2019, Eq. 41',
    formula: "1 − ω'²h²/8 − μω'h³/8",
    value: 1 - (pow(omega, 2) * pow(h, 2)) / 8 - (mu * omega * pow(h, 3)) / 8,
    order: 4,
  };
}

/** Sherif 2019 Eqs. 42 + 41: modified HHT, ω = ω' + μh + μhγα(ω'²h²/8 + μω'h³/8) + O(h⁵). */
export function modifiedOneStepOmega(alpha: number, h: number, omega: number, mu: number): OneStepPrediction {
  const { gamma } = hhtParameters(alpha);
  return {
    label: 'modified ω₁', source: 'Sherif et al. 2019, Eqs. 42 and 41',
    formula: "ω' + μh + μhγα(1 − e₀),  1 − e₀ ≈ ω'²h²/8 + μω'h³/8",
    value: omega + mu * h + mu * h * gamma * alpha * ((pow(omega, 2) * pow(h, 2)) / 8 + (mu * omega * pow(h, 3)) / 8),
    order: alpha === 0 ? Infinity : 5,
  };
}

/** Short paper Eq. 6: constant spin (μ = 0); classical ω = ω' + ¼h²αω'³ + O(h⁴), modified exact. */
export function constantSpinOmega(method: 'classical' | 'modified', alpha: number, h: number, omega: number): OneStepPrediction {
  const classical = method === 'classical';
  return {
    label: `${method} ω₁, constant spin`, source: 'Sherif et al., short paper, Eq. 6',
    formula: classical ? "ω' + ¼αω'³h²" : "ω' (kept exactly)",
    value: classical ? omega + 0.25 * alpha * pow(omega, 3) * pow(h, 2) : omega,
    order: classical ? 4 : Infinity,
  };
}

/**
 * From rest under a torque (ω' = 0): ω = μh + c(α) μ³ h⁵ + O(h⁶). Short paper Eqs. 7 and 13 as corrected
 * here (docs/methods.md): classical c = (14α⁴ − 5α³ − 9α² + 13α − 5)/(64(α−1)²), modified c = α(1−2α)/64.
 */
export function fromRestOmega(method: 'classical' | 'modified', alpha: number, h: number, mu: number): OneStepPrediction {
  const c = method === 'classical'
    ? (14 * pow(alpha, 4) - 5 * pow(alpha, 3) - 9 * pow(alpha, 2) + 13 * alpha - 5) / (64 * pow(alpha - 1, 2))
    : (alpha * (1 - 2 * alpha)) / 64;
  return {
    label: `${method} ω₁ from rest`,
    source: method === 'classical' ? 'short paper Eq. 7 (corrected coefficient)' : 'short paper Eq. 13 (sign corrected)',
    formula: method === 'classical' ? 'μh + (14α⁴−5α³−9α²+13α−5)/(64(α−1)²) μ³h⁵' : 'μh + α(1−2α)/64 μ³h⁵',
    value: mu * h + c * pow(mu, 3) * pow(h, 5),
    order: 6,
  };
}
