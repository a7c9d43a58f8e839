/**
 * The fixed-step Newton stop (integrators/residualTolerance.ts): the two tolerance tests, and the round-off floor
 * of a nearly singular Newton matrix (the N-four-bar's horizontal rockers, SPEC §8 A02) accepted only when the
 * corrections have stalled and move the positions by a negligible amount.
 */
import { describe, expect, it } from 'vitest';
import { ResidualTolerancePolicy, STALL_ITERATIONS, STALL_POSITION_TOLERANCE } from '../../src/solver/integrators/residualTolerance';
import type { NewtonIterate } from '../../src/solver/integrators/convergencePolicy';

/** Iterates of one solve with the given ‖Δq̈‖∞ sequence; q̈ ~ 10, ‖q‖∞ = 40, βh² = 1e-6. */
function iterates(corrections: readonly number[]): NewtonIterate[] {
  const qdd = Float64Array.of(10, -3), q = Float64Array.of(40, 1);
  return corrections.map((dq, k) => ({
    iteration: k + 1, n: 2, m: 0, qddNew: qdd, lambdaNew: new Float64Array(0), increment: Float64Array.of(dq, 0),
    accelerationIncrement: dq, positions: q, positionSensitivity: 1e-6,
  }));
}

/** The iteration at which the policy stops (1-based), or 0 if it never does. */
function stopsAt(policy: ResidualTolerancePolicy, corrections: readonly number[]): number {
  policy.begin();
  const list = iterates(corrections);
  for (const it of list) if (policy.converged(it)) return it.iteration;
  return 0;
}

describe('fixed-step Newton stop', () => {
  const policy = new ResidualTolerancePolicy(1e-10, 1e-14);

  it('stops when the correction is below the acceleration or the position tolerance', () => {
    expect(stopsAt(policy, [1, 1e-3, 1e-6, 1e-12])).toBe(4); // 1e-12 ≤ 1e-10 · 11
    expect(stopsAt(policy, [1, 1e-3, 1e-7])).toBe(3); // 1e-7 · 1e-6 ≤ 1e-14 · 41
    expect(stopsAt(policy, [1, 1e-3, 1e-6, 3e-6])).toBe(0); // 3e-6 · 1e-6 > 1e-14 · 41, one stall only
  });

  it('accepts a round-off floor: corrections that stall above half the smallest one, each moving q by < 1e-10 (1 + |q|)', () => {
    // The cycle measured on the N-four-bar near a horizontal rocker: 1.3e-5 … 5.2e-5 in q̈.
    const floor = [7e-4, 1.55e-4, 4.4e-5, 3.9e-5, 4.5e-5, 1.3e-5, 2.6e-5, 5.2e-5, 1.3e-5, 3.9e-5];
    const at = stopsAt(policy, floor);
    expect(at).toBeGreaterThan(STALL_ITERATIONS);
    expect(at).toBe(9);
  });

  it('keeps iterating while the corrections still shrink, and never accepts a stall that moves q by more than the floor', () => {
    // Linear convergence at rate 0.4: each correction below half the smallest before it, so no stall is counted.
    expect(stopsAt(policy, [1, 0.4, 0.16, 0.064, 0.0256])).toBe(0);
    const big = (STALL_POSITION_TOLERANCE * 41) / 1e-6 * 10; // ten times the accepted position change
    expect(stopsAt(policy, [big, big, big, big, big, big])).toBe(0);
  });
});
