/**
 * The Theory tab: for every method of the family why it does or does not decay the spin (paragraphs,
 * key equations, parameters, measured numbers); and for the `spin` scenario the papers' one-step closed
 * forms (theory.ts) evaluated for the current α, h, ω′ = ω0_x and μ = M_x / J_x, next to the first step the
 * running simulation measured. Pure; tested in test/app/theoryRows.test.ts.
 */
import { SAMPLE_WIDTH } from '../solver/sampleColumns';
import type { IntegratorMethod } from '../solver/simulate';
import {
  classicalOneStepOmega,
  constantSpinOmega,
  fromRestOmega,
  modifiedOneStepE0,
  modifiedOneStepOmega,
  type OneStepPrediction,
} from '../solver/studies/theory';
import type { ScenarioState } from '../scenario/types';
import { RUN_METHODS, type RunMethod } from '../scenario/methods';
import { generalizedAlphaParameters } from '../solver/integrators/methods/generalizedAlpha';
import { jiXingParameters } from '../solver/integrators/methods/jiXing';
import { COLUMN } from './plotData';

/** What the first step of a run gave: ω_x before and after, and e0 of the primary body after. */
export interface MeasuredStep {
  readonly omegaBefore: number;
  readonly omegaAfter: number;
  readonly e0After: number;
}

/**
 * Reads the first step from a run's `head` (HEAD_SAMPLES × (row, pose), pose = `coordinates`
 * values with e0 at index 3 of the primary body 0); null if the run has no first step yet.
 */
export function measuredFirstStep(head: Float64Array, coordinates: number): MeasuredStep | null {
  const stride = SAMPLE_WIDTH + coordinates;
  if (head.length < 2 * stride) return null;
  return { omegaBefore: head[COLUMN.omega_x], omegaAfter: head[stride + COLUMN.omega_x], e0After: head[stride + SAMPLE_WIDTH + 3] };
}

/** Which formula a row shows (also the key of its rendered maths). */
export type FormulaKey = 'eq28' | 'eq41' | 'eq42' | 'eq6-classical' | 'eq6-modified' | 'eq7' | 'eq13';

export interface TheoryRow {
  readonly key: FormulaKey;
  readonly method: IntegratorMethod;
  readonly prediction: OneStepPrediction;
  /** The value before the step: ω′ for ω, 1 for e0. */
  readonly before: number;
  /** Why the formula does not describe this run (then nothing is compared), or null. */
  readonly notApplicable: string | null;
}

/** The inputs of the closed forms: α, h, ω′ and μ; `singleAxis` is false when ω0 or M has y/z parts. */
export interface TheoryInputs {
  readonly alpha: number;
  readonly h: number;
  readonly omega: number;
  readonly mu: number;
  readonly singleAxis: boolean;
}

export function theoryInputs(state: ScenarioState): TheoryInputs {
  const [wx, wy, wz] = state.values.omega0;
  const [mx, my, mz] = state.values.M;
  const jx = state.values.J[0];
  return { alpha: state.alpha, h: state.h, omega: wx, mu: mx / jx, singleAxis: wy === 0 && wz === 0 && my === 0 && mz === 0 };
}

/** Every closed form for the inputs; the short paper's special cases say when they do not apply. */
export function theoryRows({ alpha, h, omega, mu }: TheoryInputs): TheoryRow[] {
  const needsNoMoment = mu === 0 ? null : 'assumes M = 0 (constant spin)';
  const needsRest = omega === 0 ? null : 'assumes ω0 = 0 (start from rest)';
  return [
    { key: 'eq28', method: 'classical', prediction: classicalOneStepOmega(alpha, h, omega, mu), before: omega, notApplicable: null },
    { key: 'eq41', method: 'modified', prediction: modifiedOneStepE0(h, omega, mu), before: 1, notApplicable: null },
    { key: 'eq42', method: 'modified', prediction: modifiedOneStepOmega(alpha, h, omega, mu), before: omega, notApplicable: null },
    { key: 'eq6-classical', method: 'classical', prediction: constantSpinOmega('classical', alpha, h, omega), before: omega, notApplicable: needsNoMoment },
    { key: 'eq6-modified', method: 'modified', prediction: constantSpinOmega('modified', alpha, h, omega), before: omega, notApplicable: needsNoMoment },
    { key: 'eq7', method: 'classical', prediction: fromRestOmega('classical', alpha, h, mu), before: 0, notApplicable: needsRest },
    { key: 'eq13', method: 'modified', prediction: fromRestOmega('modified', alpha, h, mu), before: 0, notApplicable: needsRest },
  ];
}

/** The measured value a row compares with: e0 for Eq. 41, ω_x after the step otherwise. */
export function measuredValue(row: TheoryRow, step: MeasuredStep): number {
  return row.key === 'eq41' ? step.e0After : step.omegaAfter;
}

// ---------------------------------------------------------------------------------------------
// Why each method of the family does or does not decay the spin: a paragraph per
// method with its key equations (TheoryFormulas.tsx, FAMILY_FORMULAS), the parameters it runs with, and the
// measured numbers of docs/methods.md (spin ω_x(10), exact 60 rad/s; heavy top ω_y over 10 s, exact 150;
// heavy-top e_ω orders, t ∈ [0, 1]).

/** The key equations of the Theory tab's method paragraphs (rendered in TheoryFormulas.tsx). */
export type FamilyFormulaKey =
  | 'newmark-velocity'
  | 'spin-loss-model'
  | 'modified-velocity'
  | 'omega-newmark'
  | 'ga-acceleration'
  | 'ga-parameters'
  | 'lie-rotation'
  | 'lie-subgroup'
  | 'jx-backward'
  | 'jx-trapezoid';

export interface MethodTheory {
  /** Heading: the method and what it does to a spin. */
  readonly heading: string;
  /** Whether it keeps a steady spin (no decay beyond the linear damping ρ). */
  readonly keepsSpin: boolean;
  /** Why, in one paragraph, citing the papers' equation numbers. */
  readonly why: string;
  /** The key equations, each with its plain-text form (the accessible name) and its source. */
  readonly formulas: readonly { readonly key: FamilyFormulaKey; readonly plain: string; readonly source: string }[];
  /** Measured, as docs/methods.md states it. */
  readonly measured: string;
}

export const METHOD_THEORY: Readonly<Record<RunMethod, MethodTheory>> = {
  classical: {
    heading: 'Classical HHT: Newmark on the Euler parameters — decays the spin',
    keepsSpin: false,
    why:
      'HHT-I3 solves for the Euler-parameter accelerations ë and advances e and ė with Newmark’s formulas (Sherif Eqs. 17, 18, 20). A steady spin turns e around the unit sphere at Ω = |ω|/2, but Newmark’s straight-line update of ė leaves the tangent of eᵀe = 1; the constraint pulls e back and the part of ė that left is lost — the spin. One step of the single-axis spin gives Eq. 28, ω₁ = ω′ + μh + ¼αω′³h² + O(μh³): a relative loss ¼|α|(ωh)² per step, i.e. dω/dt = M/J + (α/4)hω³, which predicts ω_x(10) of the spin to four digits (checked here). It grows with ω², so fast rotors suffer most; at α = 0 an h³ term under a moment remains.',
    formulas: [
      { key: 'newmark-velocity', plain: 'ė_{n+1} = ė_n + h(1 − γ) ë_n + hγ ë_{n+1}', source: 'Sherif Eq. 18' },
      { key: 'spin-loss-model', plain: 'dω/dt = M/J + (α/4) h ω³', source: 'from Eq. 28' },
    ],
    measured: 'spin ω_x(10) = 18.815 rad/s of 60 (α = −0.3, h = 0.01); heavy top ω_y 150 → 83.05 rad/s in 10 s, energy −3661 J; e_ω orders 0.4–0.9 on the heavy top (no useful rate).',
  },
  modified: {
    heading: 'Modified HHT: ω integrated, Eqs. 41–42 — keeps the spin',
    keepsSpin: true,
    why:
      'Modified HHT keeps Eq. 17 for e but replaces Eq. 18: Newmark’s velocity formula is written for the angular velocity ω = 2Lė (Eq. 31) and mapped back with eᵀė = 0 (Eqs. 32–34), so ė stays in the tangent space and ω follows Newmark exactly as a vector would. For the single-axis spin Eq. 41 gives e₀ and Eq. 42 gives ω₁ = ω′ + μh + μhγα(1 − e₀): a free body’s constant spin (μ = 0) is kept exactly for every α, and with α = 0 the step is exact. What is left is HHT’s linear damping of high frequencies (the constraint oscillation) and an O(μh³) term under a moment. On a model with joints that damping is not optional: the index-3 constraint mode needs enough of it for the step, or the joint multipliers oscillate and the run stops — on the heavy top modified HHT needs α ≤ −0.05 at h = 1e-4 s (from α = −0.04 on it fails within 0.07 s) and α ≤ −0.15 at h = 1e-3 s (measured with sim study damping-scan; the α slider marks it).',
    formulas: [
      { key: 'modified-velocity', plain: 'ė_{n+1} = L_{n+1}ᵀ(L_n ė_n + h(1 − γ) L_n ë_n) + hγ(I₄ − e_{n+1}e_{n+1}ᵀ) ë_{n+1}', source: 'Sherif Eq. 34' },
      { key: 'omega-newmark', plain: 'ω_{n+1} = ω_n + h(1 − γ) ω̇_n + hγ ω̇_{n+1}', source: 'Eq. 31, what Eq. 34 enforces' },
    ],
    measured: 'spin ω_x(10) = 59.895 (α = −0.3), exact at α = 0; heavy top max |ω_y − 150| = 0.215 over 10 s; first order in ω on the heavy top (e_ω orders 0.87–0.96 for h ≤ 5e-4).',
  },
  'generalized-alpha': {
    heading: 'Generalized-α (Arnold–Brüls, index 3) on Euler parameters — a second-order lag',
    keepsSpin: false,
    why:
      'Chung–Hulbert generalized-α in the index-3 form of Arnold & Brüls (2007): the equations of motion hold at t_{n+1}, and an algorithmic acceleration a, filtered from q̈ by αm and αf (Eq. 11d), drives Newmark’s updates of q and q̇ (Eqs. 11b, 11c) — for the Euler parameters too, with the plain update. So the spin lags for the reason classical HHT’s does, but γ = ½ − αm + αf makes the update second order: the lag shrinks as h² (error ratio 4.1 when h halves) instead of staying. Sherif’s modified update does not carry over (tried here: with a in place of q̈ the spin grows without bound). With αm = 0 and αf = −α it is HHT on a constant mass matrix.',
    formulas: [
      { key: 'ga-acceleration', plain: '(1 − αm) a_{n+1} + αm a_n = (1 − αf) q̈_{n+1} + αf q̈_n', source: 'Arnold & Brüls Eq. 11d' },
      { key: 'ga-parameters', plain: 'αm = (2ρ∞ − 1)/(ρ∞ + 1), αf = ρ∞/(ρ∞ + 1), γ = ½ − αm + αf, β = ¼(γ + ½)²', source: 'Chung & Hulbert 1993' },
    ],
    measured: 'spin ω_x(10) = 56.82 at h = 0.01 and 59.23 at h = 0.005 (ρ∞ = 2/3); heavy top max |ω_y − 150| = 7.5e-4 over 10 s; e_ω orders 2.01–2.15.',
  },
  'lie-group': {
    heading: 'Lie-group generalized-α (Brüls, Cardona & Arnold): rotations on SO(3) — exact for the spin',
    keepsSpin: true,
    why:
      'The same generalized-α recurrences, but the unknowns are the body-fixed velocities (ẋ, Ω), and the rotation advances on SO(3) by a rotation-vector increment, e_{n+1} = e_n ⊗ exp(hΔΘ) (Brüls, Cardona & Arnold 2012, Eq. 11), never by adding to e. A spin about a fixed axis is a one-parameter subgroup: its increments all lie on that axis, commute and compose exactly, so the spin is kept to round-off at every ρ∞ and every h (even h = 0.5), and a constant angular acceleration is integrated exactly. On the linear oscillator (a vector space) it is generalized-α: the same curve in the Numerical damping tab.',
    formulas: [
      { key: 'lie-rotation', plain: 'e_{n+1} = e_n ⊗ exp(hΔΘ), ΔΘ = Ω_n + h(½ − β) a_n + hβ a_{n+1}', source: 'BCA 2012 Eq. 11' },
      { key: 'lie-subgroup', plain: 'exp(sω̃) exp(tω̃) = exp((s + t)ω̃)', source: 'one-parameter subgroup' },
    ],
    measured: 'spin ω_x(10) = 60 − 1.3e-12 (h = 0.01); heavy top ω_y = 150 to the last bit over 10 s; e_ω orders 2.00–2.01.',
  },
  'ji-xing': {
    heading: 'Ji–Xing composite: two trapezoidal sub-steps and a backward formula — keeps the spin',
    keepsSpin: true,
    why:
      'Each step takes two trapezoidal sub-steps of length γh with the modified Euler-parameter update (A.3, A.4: Sherif Eq. 34 with hγ → γh/2), then the four-point backward formula A.5 from t to t + h for positions and velocities, the Euler parameters again through the modified update. The θ’s and γ are derived in src/solver/integrators/methods/jiXing.ts (the paper takes them from another paper): consistency, second order, θ₃ = γ/2 so all sub-steps share one Newton matrix, R(∞) = −ρ∞, and γ = γ_A(ρ∞) + 0.1 — at the A-stability boundary γ_A the heavy top’s joint multiplier mode grows above h·Ω ≈ 0.10, at γ_A + 0.1 only above h·Ω ≈ 0.30. Every update acts on ω, as in modified HHT, so the spin is kept.',
    formulas: [
      { key: 'jx-trapezoid', plain: 'ė₁ = L₁ᵀ(L₀ė₀ + (γh/2)(L₀ë₀ + L₁ë₁))', source: 'A.3, A.4' },
      { key: 'jx-backward', plain: 'y_{t+h} = y_t + h(θ₀f_t + θ₁f_{t+γh} + θ₂f_{t+2γh} + θ₃f_{t+h})', source: 'A.5' },
    ],
    measured: 'spin ω_x(10) = 60 − 7e-10 (h = 0.01); heavy top max |ω_y − 150| = 1.5e-7 over 10 s; e_ω orders 2.00 down to h = 5e-5 (three Newton solves per step).',
  },
};

/** The parameters a method runs with, derived as the solver derives them. Example: 'ρ∞ = 0.6667: αm = 0.2, αf = 0.4, γ = 0.7, β = 0.36'. */
export function methodParameterLine(method: RunMethod, alpha: number, rho: number): string {
  const n = (x: number) => Number(x.toPrecision(4)).toString().replace('-', '−');
  if (method === 'classical' || method === 'modified') {
    return `α = ${n(alpha)}: β = (1 − α)²/4 = ${n((1 - alpha) ** 2 / 4)}, γ = (1 − 2α)/2 = ${n((1 - 2 * alpha) / 2)}, ρ∞ = ${n((1 + alpha) / (1 - alpha))}`;
  }
  if (method === 'ji-xing') {
    const p = jiXingParameters(rho);
    return `ρ∞ = ${n(rho)}: γ = ${n(p.gamma)}, θ₀ = ${n(p.theta0)}, θ₁ = ${n(p.theta1)}, θ₂ = ${n(p.theta2)}, θ₃ = γ/2 = ${n(p.theta3)}`;
  }
  const p = generalizedAlphaParameters(rho);
  return `ρ∞ = ${n(rho)}: αm = ${n(p.alphaM)}, αf = ${n(p.alphaF)}, γ = ${n(p.gamma)}, β = ${n(p.beta)}`;
}

/**
 * The methods in the order the Theory tab explains them: the compared ones first, in drawing order, then
 * the rest of the family (shown folded), so the lecturer's methods lead and every question stays answerable.
 */
export function theoryOrder(compared: readonly RunMethod[]): { readonly compared: RunMethod[]; readonly others: RunMethod[] } {
  return { compared: [...compared], others: RUN_METHODS.filter((m) => !compared.includes(m)) };
}

/**
 * What limits each method's step on a jointed model (and on the free spin), with the largest stable steps the
 * stability study measured (`sim study stability --methods classical,modified,generalized-alpha,lie-group,ji-xing`,
 * scenario defaults: heavy top α = −0.2, ρ∞ = 2/3, runs of 1 s; spin α = −0.3, runs of 10 s; V8 runs of 1 s;
 * docs/stability-and-tolerance.md). Ω is the frequency of the primary body's Euler parameters (|ω|/2 for a spin),
 * as the Numerical damping tab finds it. On the linear oscillator every method here is unconditionally stable.
 */
export const STEP_LIMITS: Readonly<Record<RunMethod, string>> = {
  classical:
    'Its numerical damping, which takes the spin, also holds the joint multiplier’s index-3 mode down: at α = −0.2 the heavy top runs 1 s at every step up to 0.01 s (h·Ω = 0.29, Ω already decayed to 29 rad/s), the spin at α = −0.3 up to h = 0.23 s (Newton fails above). Without damping it has two instabilities no linear analysis shows: at α = 0 the joint multiplier oscillates with sign (−1)ⁿ and grows (heavy top: stopped within 0.06 s at any h), and on a free body the unenforced eᵀė of the Euler parameters grows as exp(|ω|t/2) (spin: 1.28 s at h = 0.01, 1.77 s at h = 0.001 — a smaller h barely helps).',
  modified:
    'The modified update keeps eᵀė = 0, so only the joints’ index-3 mode is left to limit h: on the heavy top at α = −0.2 it runs 1 s up to h = 1.81e-3 s (h·Ω = 0.135, Ω = 74 rad/s); just above, the multiplier oscillation stops the run near its end (0.99 s), so a longer run has a somewhat lower limit. More damping (α towards −1/3) raises the limit, α = 0 fails at every h. On the free spin nothing oscillates: it runs 10 s up to h = 0.048 s; just above, Newton fails at 9.86 s as ω nears 60 rad/s (h·|ω|/2 ≈ 1.4).',
  'generalized-alpha':
    'Its plain Newmark update of ė lets the unenforced eᵀė drift as classical HHT’s does; ρ∞ = 2/3 damps that mode, but only up to a step: on the heavy top it runs 1 s up to h = 4.0e-3 s (h·Ω = 0.29), above which eᵀė grows until Newton fails (0.94 s); on the spin up to h = 0.018 s over 10 s. A smaller ρ∞ damps more.',
  'lie-group':
    'Rotations advance on SO(3) by rotation-vector increments: its unknowns carry no Euler-parameter normalisation and the only index-3 rows are the joints’. It ran every step tried: the heavy top up to h = 0.01 s (h·Ω = 0.79), the spin up to 1 s. Accuracy, not stability, limits its step.',
  'ji-xing':
    'Its modified sub-step updates keep eᵀė = 0, but they amplify the joint multiplier’s sign-alternating mode once h·Ω passes a limit set by γ (SPEC §6): with γ = γ_A + 0.1 the heavy top runs up to h = 1.89e-3 s (h·Ω = 0.147, Ω = 78 rad/s: 0.29 measured against the spin rate |ω| = 2Ω), where the multiplier oscillation stops it; at γ_A the limit is a third of that. On the spin it runs up to h = 0.090 s over 10 s.',
};
