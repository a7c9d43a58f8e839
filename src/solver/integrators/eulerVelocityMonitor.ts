/**
 * Watches the velocity-level Euler-parameter normalisation s = eᵀė of every body, which the index-3 form never
 * enforces (only eᵀe = 1 is a constraint row). With the plain Newmark update of ė (classical HHT, Sherif Eq. 18)
 * at α = 0, β = ¼, γ = ½ (the trapezoidal rule) the norm constraint alone leaves s a parasitic root −1; while the
 * body turns, e turns on the unit sphere at Ω = |ω|/2 and the rotation of the constraint normal from step to
 * step couples that root to the tangential velocity, splitting it into −(1 ± Ωh): s alternates in sign and grows
 * as exp(|ω|t/2) from round-off, whatever h (docs/stability-and-tolerance.md derives it), while the
 * multipliers stay at round-off (the mass matrix 4LᵀJL has no inertia along e). Newton fails once |s| is
 * O(|ė|). The modified update (Sherif Eq. 34) keeps s = 0 by construction (L e = 0 and I − eeᵀ).
 * The monitor only explains a failure; it never stops a run or changes a step.
 */
import { COORDS_PER_BODY } from '../model/types';
import type { DampingParameter } from './multiplierMonitor';

/** Steps in a row of alternating, growing increments of s before the mode counts as established. */
export const EULER_VELOCITY_STREAK = 20;
/** |s| / |ė| above which the mode is large enough to explain a failure (below it, s is round-off). */
export const EULER_VELOCITY_SIGNIFICANT = 1e-3;

/** The largest |eᵀė| over the bodies of a state (q, q̇ with 7 coordinates per body), 1/s. */
export function eulerVelocityResidual(bodyCount: number, q: Float64Array, qd: Float64Array): number {
  let largest = 0;
  for (let b = 0; b < bodyCount; b++) largest = Math.max(largest, Math.abs(eulerVelocity(b, q, qd)));
  return largest;
}

/** s = eᵀė of body b. */
function eulerVelocity(b: number, q: Float64Array, qd: Float64Array): number {
  const c = b * COORDS_PER_BODY + 3;
  return q[c] * qd[c] + q[c + 1] * qd[c + 1] + q[c + 2] * qd[c + 2] + q[c + 3] * qd[c + 3];
}

/**
 * Why a run failed when the mode was established: what grew, why, and what the user can do (the method's own knob,
 * or the modified method). Example: eulerVelocityReason({ alpha: 0 }, 0.39).
 */
export function eulerVelocityReason(p: DampingParameter, size: number): string {
  const what =
    `the velocity-level normalisation eᵀė = 0 of the Euler parameters, which the index-3 form does not enforce, ` +
    `grew step by step with alternating sign (with no damping, as exp(|ω|t/2)) to |eᵀė| = ${size.toPrecision(2)} 1/s; ` +
    'no joint is involved (the multipliers stay at round-off or merely follow eᵀė)';
  if (p.rho === undefined) {
    const more = p.alpha < 0 ? 'a more negative α' : 'α < 0';
    return `${what}; the plain Newmark update of ė damps this mode too little at α = ${p.alpha}: use ${more} (the faster the body turns, the more) or the modified method, whose update keeps eᵀė = 0`;
  }
  return `${what}; the method damps this mode too little at ρ∞ = ${p.rho}: use a smaller ρ∞ or a smaller h`;
}

export class EulerVelocityMonitor {
  private readonly previous: Float64Array;
  private readonly increment: Float64Array;
  private previousIncrementNorm = 0;
  private streak = 0;
  private steps = 0;
  /** max over bodies of |eᵀė| and of |eᵀė| / |ė| at the last observed step. */
  private size = 0;
  private relativeSize = 0;

  constructor(private readonly bodyCount: number) {
    this.previous = new Float64Array(bodyCount);
    this.increment = new Float64Array(bodyCount);
  }

  /** Takes the accepted state (q, q̇) after a step. */
  observe(q: Float64Array, qd: Float64Array): void {
    let dot = 0, norm2 = 0, size = 0, relative = 0;
    for (let b = 0; b < this.bodyCount; b++) {
      const s = eulerVelocity(b, q, qd);
      const d = s - this.previous[b];
      dot += d * this.increment[b];
      norm2 += d * d;
      this.increment[b] = d;
      this.previous[b] = s;
      size = Math.max(size, Math.abs(s));
      relative = Math.max(relative, Math.abs(s) / (eulerSpeed(b, qd) || 1));
    }
    const norm = Math.sqrt(norm2);
    this.streak = this.steps >= 2 && dot < 0 && norm > this.previousIncrementNorm ? this.streak + 1 : 0;
    this.previousIncrementNorm = norm;
    this.steps++;
    this.size = size;
    this.relativeSize = relative;
  }

  /** The method was restarted from an accepted state: increments start afresh. */
  restart(): void {
    this.streak = 0;
    this.previousIncrementNorm = 0;
    this.steps = Math.min(this.steps, 1);
  }

  /** Whether s has alternated and grown for EULER_VELOCITY_STREAK steps and is no longer round-off. */
  get growing(): boolean {
    return this.streak >= EULER_VELOCITY_STREAK && this.relativeSize > EULER_VELOCITY_SIGNIFICANT;
  }

  /** max |eᵀė| over the bodies at the last observed step, 1/s. */
  get residual(): number {
    return this.size;
  }
}

/** |ė| of body b. */
function eulerSpeed(b: number, qd: Float64Array): number {
  const c = b * COORDS_PER_BODY + 3;
  return Math.sqrt(qd[c] * qd[c] + qd[c + 1] * qd[c + 1] + qd[c + 2] * qd[c + 2] + qd[c + 3] * qd[c + 3]);
}
