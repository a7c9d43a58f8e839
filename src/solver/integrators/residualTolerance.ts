/**
 * The Newton stop of fixed-step runs: converged when ‖Δq̈‖∞ ≤ accelerationTolerance · (1 + ‖q̈‖∞), or when the
 * position correction it implies, βh²‖Δq̈‖∞, is ≤ positionTolerance · (1 + ‖q‖∞) (NewtonSettings).
 */
import { maxAbs } from '../linalg/dense';
import type { ConvergencePolicy, NewtonIterate } from './convergencePolicy';

export class ResidualTolerancePolicy implements ConvergencePolicy {
  constructor(readonly accelerationTolerance: number, readonly positionTolerance: number) {}

  begin(): void {}

  converged(it: NewtonIterate): boolean {
    const dq = it.accelerationIncrement;
    return dq <= this.accelerationTolerance * (1 + maxAbs(it.n, it.qddNew))
      || it.positionSensitivity * dq <= this.positionTolerance * (1 + maxAbs(it.n, it.positions));
  }
}
