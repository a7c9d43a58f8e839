/**
 * Detects the weak instability of HHT with α = 0 on index-3 constraints: the multipliers pick up a
 * (−1)ⁿ oscillation that grows from step to step (Cardona & Géradin 1989, Sherif ref. [9]).
 * Signature: consecutive increments Δλ_n = λ_n − λ_{n−1} point in opposite directions and grow,
 * for `streakLength` steps in a row, until an increment exceeds |λ| itself.
 */
import type { AssembledSystem } from '../model/assembly';

/** Multipliers below this (relative to 1 + the largest |λ| seen) are round-off, never an oscillation. */
const ROUND_OFF_FLOOR = 1e-8;
/**
 * The constraint rows are scaled by 1/(βh²) (Negrut Eq. 13), so round-off in C(q) reaches λ amplified by
 * that factor: noise ≈ ε_machine · (mass scale) / (βh²). Increments below 1e4 × this are never flagged.
 */
const SCALED_ROUND_OFF = 1e4 * Number.EPSILON;

const OSCILLATION = 'the constraint multipliers oscillate with alternating sign and growing amplitude';

/**
 * What an HHT run at α can do about too little damping: α < 0 from α = 0, a more negative α below it (never "α < 0"
 * to a run that already has it), or a smaller h.
 */
export function hhtRemedy(alpha: number): string {
  return alpha < 0 ? 'use a more negative α or a smaller h' : 'use α < 0 or a smaller h';
}

/** The monitor's reason for an HHT run at α = 0 (α is HHT's knob for high-frequency damping). */
export const OSCILLATION_REASON = `${OSCILLATION} (the weak instability of HHT on index-3 constraints when α is too close to 0 for the step); ${hhtRemedy(0)}`;

/**
 * The damping parameter of a run, so that failure advice names the method's own knob (SPEC §6): HHT's α
 * (classical, modified) or ρ∞ (generalized-alpha, lie-group, ji-xing: smaller ρ∞ = more high-frequency damping).
 */
export type DampingParameter = { readonly alpha: number; readonly rho?: undefined } | { readonly rho: number };

/** HHT damps little above this α (−0.1); for the ρ∞ methods the same damping, ρ∞ = (1 + α)/(1 − α) ≈ 0.818. */
export const LOW_DAMPING_ALPHA = -0.1;
export const LOW_DAMPING_RHO = (1 + LOW_DAMPING_ALPHA) / (1 - LOW_DAMPING_ALPHA);

/** The monitor's reason with advice that fits the method: α < 0 for HHT, a smaller ρ∞ for the others. */
export function oscillationReason(p: DampingParameter): string {
  if (p.rho === undefined) return `${OSCILLATION} (the weak instability of HHT on index-3 constraints when α is too close to 0 for the step); ${hhtRemedy(p.alpha)}`;
  return `${OSCILLATION} (the index-3 instability of a method with little high-frequency damping) (ρ∞ = ${p.rho}); use a smaller ρ∞ or a smaller h`;
}

/**
 * Advice after a Newton failure without an established oscillation: when the method damps little (α > −0.1 or
 * ρ∞ > 0.818) index-3 constraints can still oscillate and diverge, so name the method's knob; else a smaller h.
 */
export function failureAdvice(p: DampingParameter): string {
  if (p.rho === undefined) {
    return p.alpha > LOW_DAMPING_ALPHA
      ? `with α = ${p.alpha} HHT damps little and index-3 constraints can oscillate and diverge: ${hhtRemedy(p.alpha)}`
      : 'try a smaller h';
  }
  return p.rho > LOW_DAMPING_RHO
    ? `with ρ∞ = ${p.rho} the method damps little and index-3 constraints can oscillate and diverge: use a smaller ρ∞ or a smaller h`
    : 'try a smaller h';
}

export class MultiplierOscillationMonitor {
  private previous: Float64Array;
  private increment: Float64Array;
  /**
   * The last assessed multipliers, their increment and the statistics they would give, until `commit` (which swaps
   * the arrays: no copy per step).
   */
  private pending: Float64Array;
  private pendingIncrement: Float64Array;
  private pendingNorm = 0;
  private pendingLargest = 0;
  private pendingStreak = 0;
  private previousIncrementNorm = 0;
  private largestNorm = 0;
  private steps = 0;
  private streak = 0;

  private readonly massScale: number;

  /** `reason`: the sentence returned once the oscillation is established (oscillationReason for the run's method). */
  constructor(
    system: AssembledSystem, private readonly beta: number, readonly reason: string = OSCILLATION_REASON,
    readonly streakLength = 40, readonly relativeSize = 1,
  ) {
    this.previous = new Float64Array(system.m);
    this.increment = new Float64Array(system.m);
    this.pending = new Float64Array(system.m);
    this.pendingIncrement = new Float64Array(system.m);
    this.massScale = 1 + Math.max(...system.masses, ...system.inertias);
  }

  /** True while increments have alternated and grown for at least a quarter of the streak length. */
  get oscillating(): boolean {
    return this.streak >= this.streakLength / 4;
  }

  /** Feeds the multipliers after a step of size h; returns a reason when the oscillation is established. */
  observe(lambda: Float64Array, h: number): string | null {
    const reason = this.assess(lambda, h);
    this.commit();
    return reason;
  }

  /**
   * Would a step of size h ending at these multipliers establish the oscillation? Changes nothing until
   * `commit`, so an error-controlled run can reject the step and retry it smaller (adaptiveStepper.ts).
   */
  assess(lambda: Float64Array, h: number): string | null {
    const { previous, pending, increment, pendingIncrement } = this;
    let dot = 0, norm2 = 0, scale2 = 0;
    for (let i = 0; i < lambda.length; i++) {
      const d = lambda[i] - previous[i];
      dot += d * increment[i];
      norm2 += d * d;
      scale2 += lambda[i] * lambda[i];
      pending[i] = lambda[i];
      pendingIncrement[i] = d;
    }
    const norm = Math.sqrt(norm2);
    const scale = Math.sqrt(scale2);
    const largest = Math.max(this.largestNorm, scale);
    const alternatingAndGrowing = this.steps >= 2 && dot < 0 && norm > this.previousIncrementNorm;
    const streak = alternatingAndGrowing ? this.streak + 1 : 0;
    this.pendingNorm = norm;
    this.pendingLargest = largest;
    this.pendingStreak = streak;
    const floor = Math.max(ROUND_OFF_FLOOR * (1 + largest), (SCALED_ROUND_OFF * this.massScale) / (this.beta * h * h));
    const significant = norm > this.relativeSize * scale && norm > floor;
    return streak >= this.streakLength && significant ? this.reason : null;
  }

  /**
   * The integrator restarted with fresh multipliers: start a new streak. The next increment is the restart's
   * jump, so it is not counted (steps = 1 until a second increment exists).
   */
  restart(): void {
    this.streak = 0;
    this.previousIncrementNorm = 0;
    this.steps = Math.min(this.steps, 1);
  }

  /** Takes the multipliers of the last `assess` as the accepted step's. */
  commit(): void {
    const previous = this.previous, increment = this.increment;
    this.previous = this.pending;
    this.pending = previous;
    this.increment = this.pendingIncrement;
    this.pendingIncrement = increment;
    this.largestNorm = this.pendingLargest;
    this.streak = this.pendingStreak;
    this.previousIncrementNorm = this.pendingNorm;
    this.steps++;
  }
}
