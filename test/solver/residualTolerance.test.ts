/**
 * The fixed-step Newton stop (integrators/residualTolerance.ts): the two tolerance tests, and the round-off floor
 * of a nearly singular Newton matrix (the N-four-bar's horizontal rockers, SPEC §8 A02) accepted only when the
 * corrections have stalled and move the positions by a negligible amount.
 */
import { describe, expect, it } from 'vitest';
import { RATE_CHECK_EVERY, REFRESH_AFTER_ITERATIONS, ResidualTolerancePolicy, STALL_ITERATIONS, STALL_POSITION_TOLERANCE } from '../../src/solver/integrators/residualTolerance';
import type { NewtonIterate } from '../../src/solver/integrators/convergencePolicy';

/** Iterates of one solve with the given ‖Δq̈‖∞ sequence; q̈ ~ 10, ‖q‖∞ = 40, βh² = 1e-6. */
function iterates(corrections: readonly number[], factoredAt = 0): NewtonIterate[] {
  const qdd = Float64Array.of(10, -3), q = Float64Array.of(40, 1);
  return corrections.map((dq, k) => ({
    iteration: k + 1, n: 2, m: 0, qddNew: qdd, lambdaNew: new Float64Array(0), increment: Float64Array.of(dq, 0),
    accelerationIncrement: dq, accelerationScale: 10, positions: q, positionScale: 40, positionSensitivity: 1e-6, factoredAt,
  }));
}

/** The iteration at which the policy stops (1-based), or 0 if it never does; factoredAt 1: a fresh matrix. */
function stopsAt(policy: ResidualTolerancePolicy, corrections: readonly number[], factoredAt = 0, h = 1e-3): number {
  policy.begin(undefined, h, 0);
  const list = iterates(corrections, factoredAt);
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

describe('fixed-step Newton stop after a full Newton step, on an earlier solve\'s rate (Negrut Eqs. 42-43)', () => {
  // Tolerance on q̈: 1e-10 · 11 = 1.1e-9, on the estimate FIRST_CORRECTION_SAFETY of it; no position tolerance.
  const fresh = 1;

  it('measures the rate on a fresh matrix\'s second correction, then stops after the first while θ/(1−θ)·Δ₁ meets the tolerance', () => {
    const policy = new ResidualTolerancePolicy(1e-10, 0, true);
    expect(stopsAt(policy, [1e-6, 1e-12], fresh)).toBe(2); // no rate yet: θ = 1e-6 measured
    let stopsAtFirst = 0;
    for (let k = 0; k < 2 * RATE_CHECK_EVERY; k++) if (stopsAt(policy, [1e-6, 1e-12], fresh) === 1) stopsAtFirst++;
    // 1e-6 · 1e-6 ≤ 0.01 · 1.1e-9; every RATE_CHECK_EVERY-th fresh solve runs on to measure the rate again.
    expect(stopsAtFirst).toBe(2 * RATE_CHECK_EVERY - 2);
  });

  it('runs on when the estimate misses the safety share, when the first correction is larger, at another h, or on a reused matrix', () => {
    const policy = new ResidualTolerancePolicy(1e-10, 0, true);
    expect(stopsAt(policy, [1e-6, 1e-10], fresh)).toBe(2); // θ = 1e-4 measured
    expect(stopsAt(policy, [1e-6, 1e-10], fresh)).toBe(2); // 1e-4 · 1e-6 = 1e-10 > 0.01 · 1.1e-9
    expect(stopsAt(policy, [1e-8, 1e-12], fresh)).toBe(1); // 1e-4 · 1e-8 = 1e-12 ≤ 1.1e-11
    expect(stopsAt(policy, [1e-8, 1e-12], fresh, 5e-4)).toBe(2); // no rate measured at this h
    expect(stopsAt(policy, [1e-8, 1e-12], 0)).toBe(2); // a reused matrix: the ordinary test only
    expect(stopsAt(new ResidualTolerancePolicy(1e-10, 0), [1e-8, 1e-12], fresh)).toBe(2); // the stop switched off
  });

  it('scales the measured rate up with a larger first correction (after a full Newton step the error goes with its square)', () => {
    const policy = new ResidualTolerancePolicy(1e-10, 0, true);
    expect(stopsAt(policy, [1e-8, 1e-14], fresh)).toBe(2); // θ = 1e-6 measured at Δ₁ = 1e-8
    // 1e-6 · 1e-5 = 1e-11 would meet 0.01 · 1.1e-9, but θ scaled by 1e-5/1e-8 is 1e-3: 1e-8 does not.
    expect(stopsAt(policy, [1e-5, 1e-8, 1e-11], fresh)).toBe(3);
    expect(stopsAt(policy, [1e-9 * 1.5, 1e-15], fresh)).toBe(1);
  });

  it('asks the driver to refactorise after a step that needed more than REFRESH_AFTER_ITERATIONS corrections, and only with the stop', () => {
    expect(new ResidualTolerancePolicy(1e-10, 0, true).refreshAfterIterations).toBe(REFRESH_AFTER_ITERATIONS);
    expect(new ResidualTolerancePolicy(1e-10, 0).refreshAfterIterations).toBeUndefined();
  });
});
