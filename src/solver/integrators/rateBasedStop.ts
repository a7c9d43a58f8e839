/**
 * Negrut's Newton stop for error-controlled runs (Negrut Eqs. 41-45): with the observed contraction rate
 * ξ = ‖Δx_k‖/‖Δx_{k−1}‖ the remaining iteration error is about ξ/(1−ξ)‖Δx_k‖; stop when the local error it
 * would cause, ξ/(1−ξ) · e(Δx_k), is below c·ε (Eq. 45, c = CORRECTOR_ACCURACY of Eq. 39), where
 * e(Δx) = (error factor) · ‖Δq̈‖_q / √n is the method's position error estimate applied to the correction.
 */
import type { ConvergencePolicy, NewtonIterate } from './convergencePolicy';
import type { ErrorWeights } from './errorWeights';
import type { Method } from './method';

/** Corrector accuracy relative to the local error tolerance (Negrut Eq. 39, c = 0.001). */
export const CORRECTOR_ACCURACY = 0.001;

export class RateBasedStopPolicy implements ConvergencePolicy {
  /** The local error tolerance ε; set by the adaptive stepper. */
  tolerance = NaN;
  /**
   * The velocity error's tolerance ε_v (adaptiveStepper.ts velocityTolerance); set by the adaptive stepper when
   * velocities are included. The velocity effect of the remaining Newton error is held to CORRECTOR_ACCURACY · ε_v.
   */
  velocityTolerance = NaN;
  private errorFactor = NaN;
  private velocityFactor = 0;
  private previousWeighted = Infinity;

  /** includeVelocities: the run's error norm includes q̇ (ErrorNorm 'position-velocity'). */
  constructor(private readonly weights: ErrorWeights, private readonly includeVelocities = false) {}

  begin(method: Method, h: number): void {
    this.errorFactor = method.positionErrorFactor(h) / Math.sqrt(this.weights.n);
    this.velocityFactor = this.includeVelocities ? method.velocityErrorFactor(h) / Math.sqrt(this.weights.n) : 0;
    this.previousWeighted = Infinity;
  }

  /**
   * With velocities included, e(Δx) is the larger of the position effect of the correction over ε and its
   * velocity effect over ε_v, each in its own weights (Negrut Eq. 45 applied to each error the norm controls),
   * and the rate is measured on that combined ratio. Bounding the velocity effect by c·ε instead let Newton's
   * remaining error, up to 1000 times the step's velocity tolerance at ε = 1e-6, carry most of the ω error of a
   * Ji–Xing run (heavy top over 10 s at ε = 1e-6: |ω_y − 150| up to 0.018 rad/s, 1.7e-4 with ε_v;
   * docs/stability-and-tolerance.md).
   */
  converged(it: NewtonIterate): boolean {
    if (this.velocityFactor > 0) return this.convergedWithVelocities(it);
    const weighted = this.weights.positionNorm(it.increment);
    const rate = weighted / this.previousWeighted;
    this.previousWeighted = weighted;
    return weighted === 0
      || (it.iteration >= 2 && rate < 1 && (rate / (1 - rate)) * this.errorFactor * weighted <= CORRECTOR_ACCURACY * this.tolerance);
  }

  private convergedWithVelocities(it: NewtonIterate): boolean {
    const error = Math.max(
      (this.errorFactor * this.weights.positionNorm(it.increment)) / this.tolerance,
      (this.velocityFactor * this.weights.velocityNorm(it.increment)) / this.velocityTolerance,
    );
    const rate = error / this.previousWeighted;
    this.previousWeighted = error;
    return error === 0 || atRoundOff(it, this.weights)
      || (it.iteration >= 2 && rate < 1 && (rate / (1 - rate)) * error <= CORRECTOR_ACCURACY);
  }
}

/** Round-off units of the scaled Newton system below which a correction is noise (see atRoundOff). */
export const ROUND_OFF_UNITS = 8;

/**
 * Whether a correction is at the round-off of the scaled system: the constraint rows are C(q)/(βh²) (Negrut
 * Eq. 13), so C's rounding (about ε_machine × the largest position weight) reaches q̈ amplified by 1/(βh²); a
 * correction below ROUND_OFF_UNITS of that, plus the rounding of q̈ itself, cannot be reduced by iterating (the
 * rate stays near 1 and the rate rule would never stop). Asked only by the velocity norm, whose target
 * γh·Δq̈ ≤ 0.001 ε meets this floor for ε below about 1e-8.
 */
export function atRoundOff(it: NewtonIterate, weights: ErrorWeights): boolean {
  let scale = 1, qdd = 0;
  for (let i = 0; i < it.n; i++) {
    scale = Math.max(scale, weights.position[i]);
    qdd = Math.max(qdd, Math.abs(it.qddNew[i]));
  }
  return it.accelerationIncrement <= ROUND_OFF_UNITS * Number.EPSILON * (qdd + scale / it.positionSensitivity);
}
