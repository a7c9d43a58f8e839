/**
 * The Newton stop of fixed-step runs: converged when ‖Δq̈‖∞ ≤ accelerationTolerance · (1 + ‖q̈‖∞), or when the
 * position correction it implies, βh²‖Δq̈‖∞, is ≤ positionTolerance · (1 + ‖q‖∞) (NewtonSettings).
 *
 * A solve whose Newton matrix was factorised at its first iterate makes a full Newton step with its first correction
 * Δq̈₁; the error it leaves is about θ/(1−θ)‖Δq̈₁‖ (Negrut Eq. 42) with the contraction rate θ = ‖Δq̈₂‖/‖Δq̈₁‖
 * (Eq. 43). Negrut's rule needs the second correction to measure θ; with `firstCorrectionStop` (the default) θ is
 * taken from an earlier such solve at the same step size and stage, scaled up by ‖Δq̈₁‖/‖Δq̈₁‖_then when the first
 * correction is larger (after a full Newton step the error grows with the square of the one before it) — the start of
 * Hairer & Wanner's stop for simplified Newton (Solving ODEs II, Sect. IV.8: η₀ from the previous step) — and the
 * solve stops when that estimate meets FIRST_CORRECTION_SAFETY times the two tolerances. Every RATE_CHECK_EVERY-th
 * such solve, and any without a usable rate, runs on to its second correction and measures θ anew. The driver then
 * refactorises after a step that needed more than two corrections (REFRESH_AFTER_ITERATIONS). On the V8 crank late
 * in its run a first correction of 1e-6 relative to ‖q̈‖ leaves about 1e-12 (θ ≈ 1e-6): the second residual and
 * solve only confirmed that.
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
import type { ConvergencePolicy, NewtonIterate } from './convergencePolicy';
import type { Method } from './method';

/** A correction larger than this share of the smallest one so far has made no progress. */
export const STALL_RATIO = 0.5;
/** Consecutive corrections without progress before the floor is accepted. */
export const STALL_ITERATIONS = 3;
/** Largest position change per correction, relative to 1 + ‖q‖∞, accepted as the round-off floor. */
export const STALL_POSITION_TOLERANCE = 1e-10;

/**
 * The estimated error left after a first correction must meet this share of the tolerances: the ordinary test
 * stops a solve when its last correction meets them, which leaves about θ times that (θ ≈ 0.03–0.2 on a reused
 * matrix); with the share at 1 the runs' errors grew measurably (a spin at α = 0 off its exact line by 1.01e-13
 * where the tests ask < 1e-13, Ji–Xing's spin 1.9e-7 off where they ask < 1e-8); at 0.01 every test holds as before.
 */
export const FIRST_CORRECTION_SAFETY = 0.01;
/** Of the solves that start on a fresh matrix, every this many runs on to measure the contraction rate anew. */
export const RATE_CHECK_EVERY = 8;
/**
 * With the first-correction stop, the matrix is refactorised at the start of a step after any solve that needed more
 * than this many corrections. A solve on a fresh matrix often needs one; on the factors of earlier steps, two while
 * the motion is slow. After one (the first setting: the heavy top 2.40 → 1.13 Newton iterations per step for 0.13
 * factorisations) the V8 crank refactorised every other step; after two, with the WebAssembly kernels (α = −0.3,
 * h = 1e-4, 9 s), it keeps its factors through the solves that need two: modified 1.61 → 1.98 iterations and 0.47
 * → 0.27 factorisations per step, classical 1.48 → 1.97 and 0.48 → 0.17, 3–6 % less CPU time; the heavy top at
 * h = 1e-5 1.13 → 1.85 and 0.13 → 0.009, 10 % less; the other shipped models' `sim` runs 1–33 % less (the heavy top's
 * default run 3 % more).
 */
export const REFRESH_AFTER_ITERATIONS = 2;

/** The contraction rate measured on an earlier solve that started on a fresh matrix, and where it was measured. */
interface FreshRate {
  rate: number;
  firstCorrection: number;
  h: number;
}

export class ResidualTolerancePolicy implements ConvergencePolicy {
  private smallest = Infinity;
  private stalled = 0;
  /** This solve's step size, stage and first correction. */
  private h = NaN;
  private stage = 0;
  private firstCorrection = NaN;
  /** Per stage: the last measured rate of a solve on a fresh matrix (one object per stage, updated in place); and how many such solves there were. */
  private readonly rates: FreshRate[] = [];
  private freshSolves = 0;

  readonly refreshAfterIterations: number | undefined;

  /** firstCorrectionStop: a solve may stop after a full Newton step (above); off, only on a correction's own size. */
  constructor(readonly accelerationTolerance: number, readonly positionTolerance: number, readonly firstCorrectionStop = false) {
    this.refreshAfterIterations = firstCorrectionStop ? REFRESH_AFTER_ITERATIONS : undefined;
  }

  begin(_method?: Method, h = NaN, stage = 0): void {
    this.smallest = Infinity;
    this.stalled = 0;
    this.h = h;
    this.stage = stage;
  }

  converged(it: NewtonIterate): boolean {
    const dq = it.accelerationIncrement;
    const positions = 1 + it.positionScale;
    const accelerations = 1 + it.accelerationScale;
    if (this.firstCorrectionStop && it.factoredAt === 1) {
      if (it.iteration === 1) {
        this.firstCorrection = dq;
        const left = this.errorAfterFirst(dq) / FIRST_CORRECTION_SAFETY;
        if (left <= this.accelerationTolerance * accelerations || it.positionSensitivity * left <= this.positionTolerance * positions) return true;
      } else if (it.iteration === 2 && this.firstCorrection > 0) {
        const measured = (this.rates[this.stage] ??= { rate: NaN, firstCorrection: NaN, h: NaN });
        measured.rate = dq / this.firstCorrection;
        measured.firstCorrection = this.firstCorrection;
        measured.h = this.h;
      }
    }
    const position = it.positionSensitivity * dq;
    if (dq <= this.accelerationTolerance * accelerations || position <= this.positionTolerance * positions) return true;
    this.stalled = dq > STALL_RATIO * this.smallest ? this.stalled + 1 : 0;
    this.smallest = Math.min(this.smallest, dq);
    return this.stalled >= STALL_ITERATIONS && position <= STALL_POSITION_TOLERANCE * positions;
  }

  /**
   * θ/(1−θ)·Δ₁ with θ the rate of this stage's last measured solve at this h, scaled by Δ₁/Δ₁_then when larger;
   * Infinity (go on) without such a rate, when it is not below 1, or on every RATE_CHECK_EVERY-th solve.
   */
  private errorAfterFirst(firstCorrection: number): number {
    const measured = this.rates[this.stage];
    if (++this.freshSolves % RATE_CHECK_EVERY === 0 || measured === undefined || measured.h !== this.h) return Infinity;
    const rate = measured.rate * Math.max(1, firstCorrection / measured.firstCorrection);
    return rate < 1 ? (rate / (1 - rate)) * firstCorrection : Infinity;
  }
}
