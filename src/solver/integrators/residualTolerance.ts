/**
 * The Newton stop of fixed-step runs: converged when ‖Δq̈‖∞ ≤ accelerationTolerance · (1 + ‖q̈‖∞), or when the
 * position correction it implies, βh²‖Δq̈‖∞, is ≤ positionTolerance · (1 + ‖q‖∞) (NewtonSettings).
 *
 * Near a singular configuration (the N-four-bar's rockers passing the horizontal, SPEC §8 A02) neither can be
 * met: the Newton matrix is nearly singular, the rounding of C(q) (ε·‖q‖) reaches q̈ amplified by 1/(βh²) and by
 * the inverse of the small singular value, and the corrections stop shrinking at that floor (measured on the
 * 81-body N-four-bar at h = 2e-3: βh²‖Δq̈‖ ≈ 1e-12 m for 20 iterations, ‖q‖ = 40 m; at h = 1.25e-4 with N = 2
 * they cycle between 1.3e-5 and 5.2e-5 in q̈). Iterating further cannot reduce them, so a solve whose corrections
 * have stayed above STALL_RATIO of the smallest one so far for STALL_ITERATIONS iterations in a row, while moving
 * the positions by less than STALL_POSITION_TOLERANCE · (1 + ‖q‖∞), is accepted: the positions are then settled
 * far below any accuracy a run is judged by. A solve that converges by the two tests above never reaches this rule.
 */
import { maxAbs } from '../linalg/dense';
import type { ConvergencePolicy, NewtonIterate } from './convergencePolicy';

/** A correction larger than this share of the smallest one so far has made no progress. */
export const STALL_RATIO = 0.5;
/** Consecutive corrections without progress before the floor is accepted. */
export const STALL_ITERATIONS = 3;
/** Largest position change per correction, relative to 1 + ‖q‖∞, accepted as the round-off floor. */
export const STALL_POSITION_TOLERANCE = 1e-10;

export class ResidualTolerancePolicy implements ConvergencePolicy {
  private smallest = Infinity;
  private stalled = 0;

  constructor(readonly accelerationTolerance: number, readonly positionTolerance: number) {}

  begin(): void {
    this.smallest = Infinity;
    this.stalled = 0;
  }

  converged(it: NewtonIterate): boolean {
    const dq = it.accelerationIncrement;
    const positions = 1 + maxAbs(it.n, it.positions);
    const position = it.positionSensitivity * dq;
    if (dq <= this.accelerationTolerance * (1 + maxAbs(it.n, it.qddNew)) || position <= this.positionTolerance * positions) return true;
    this.stalled = dq > STALL_RATIO * this.smallest ? this.stalled + 1 : 0;
    this.smallest = Math.min(this.smallest, dq);
    return this.stalled >= STALL_ITERATIONS && position <= STALL_POSITION_TOLERANCE * positions;
  }
}
