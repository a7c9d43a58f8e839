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
  private errorFactor = NaN;
  private previousWeighted = Infinity;

  constructor(private readonly weights: ErrorWeights) {}

  begin(method: Method, h: number): void {
    this.errorFactor = method.positionErrorFactor(h) / Math.sqrt(this.weights.n);
    this.previousWeighted = Infinity;
  }

  converged(it: NewtonIterate): boolean {
    const weighted = this.weights.positionNorm(it.increment);
    const rate = weighted / this.previousWeighted;
    this.previousWeighted = weighted;
    return weighted === 0
      || (it.iteration >= 2 && rate < 1 && (rate / (1 - rate)) * this.errorFactor * weighted <= CORRECTOR_ACCURACY * this.tolerance);
  }
}
