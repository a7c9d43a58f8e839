/**
 * Error-controlled stepping around any `Method` (Negrut Sects. 3.1-3.4): Newton stops by the rate rule
 * (rateBasedStop.ts), a step is accepted when its local error e ≤ ε, and the next step is
 * h_new = s h (e/ε)^(−1/3) (Negrut Eq. 37, local error O(h³)). A rejected step, a failed Newton solve and a
 * step the run's `StepCheck` vetoes (the multiplier-oscillation monitor) are retried smaller; the run fails
 * only when the step would fall below h_min. Steps land exactly on the `target` time of each attempt; with
 * dense output (denseOutput.ts) the caller may pass t_end as target and sample inside steps.
 */
import { exactCbrt } from './exactCbrt';
import type { ImplicitStepper } from './implicitStepper';
import { RateBasedStopPolicy } from './rateBasedStop';

/** Safety factor of the step-size selection (Negrut Eq. 37b). */
export const STEP_SAFETY = 0.9;
/** Limits on how much one step may grow or shrink the next. */
export const MAX_STEP_GROWTH = 2;
export const MAX_STEP_SHRINK = 0.2;
/** Accepted steps during which proposals stay below 0.9 × the last rejected step. */
export const REJECTION_MEMORY = 20;
/** Smallest factor by which the velocity error may shrink the step after an accepted step. */
export const VELOCITY_MIN_FACTOR = 0.5;
/** Accepted steps the velocity error cuts no step after one of its cuts did not lower it (doubling, see velocityStepFactor). */
export const VELOCITY_HOLD_STEPS = REJECTION_MEMORY;
export const MAX_VELOCITY_HOLD = 64 * VELOCITY_HOLD_STEPS;
/** Shrink factor after a Newton failure or a vetoed step (no error ratio to scale by). */
export const RETRY_SHRINK = 0.25;

/** The loosest tolerance a run may ask for (the link and flag bound); the velocity tolerance equals ε there. */
export const LOOSEST_TOLERANCE = 0.1;
/**
 * The velocity tolerance never goes below this: HHT's O(h²) velocity estimate meets the q̈ round-off of the index-3
 * solve at ≈ 7e-9 near h = 1.6e-6 s on the heavy top, and generalized-α's O(h³) one at 4e-10 … 8e-9
 * (docs/stability-and-tolerance.md, "The estimate against h"); below it the step control ratcheted h down towards
 * h_min (ε_v = 1e-9: millions of steps per 0.1 s).
 */
export const VELOCITY_TOLERANCE_FLOOR = 3e-9;

/**
 * The tolerance of the local velocity error under the 'position-velocity' norm: ε (ε/ε_max)^{1/4}, ε_max =
 * LOOSEST_TOLERANCE, at least VELOCITY_TOLERANCE_FLOOR. HHT-I3's velocities converge at first order on jointed
 * Euler-parameter models (SPEC §5), so bounding the O(h²) local velocity error by ε itself (error per step) makes
 * steps ∝ ε^(−1/2) and the ω error fall only ≈ 2.7× per decade of ε (measured on the heavy top, e_ω ∝ h^0.9);
 * ε^(5/4) makes steps ∝ ε^(−5/8) and the ω error fall ≈ 3.5× per decade (docs/stability-and-tolerance.md).
 * Square roots only (correctly rounded), so every engine computes the same value.
 */
export function velocityTolerance(tolerance: number): number {
  return Math.max(VELOCITY_TOLERANCE_FLOOR, tolerance * Math.sqrt(Math.sqrt(tolerance / LOOSEST_TOLERANCE)));
}

/**
 * Which local errors the tolerance controls. 'position' (share links of schema v1): e_q of Negrut Eq. 34 decides
 * acceptance and the next step. 'position-velocity' (the default of schema v2, `sim --error-norm`): acceptance as
 * before, and the next step is chosen from e_q and e_q̇/ε_v, e_q̇ the weighted RMS of the method's velocity error
 * estimate and ε_v = velocityTolerance(ε), so that the tolerance governs the velocity (hence ω) error. e_q̇ steers
 * but does not reject: right after a step change HHT's velocity error is O(h·|h − h_{n−1}|) (the shifted q̈_n
 * belongs to the old step), which no smaller retry removes. The velocity norm also lands on sample times without
 * sliver steps (stepTowards), lets a landing step's own velocity error shrink the next step, and stops Newton at
 * the round-off of the scaled system (rateBasedStop.ts atRoundOff); the position norm keeps its v1 behaviour bit
 * for bit, so links of schema v1 reproduce their rows.
 */
export type ErrorNorm = 'position' | 'position-velocity';

export interface AdaptiveSettings {
  /** Local error tolerance ε. */
  readonly tolerance: number;
  readonly hMin: number;
  readonly hMax: number;
  readonly errorNorm: ErrorNorm;
}

/**
 * A last look at a solved step before it is accepted; a reason vetoes it. A vetoed step is rejected, the
 * method is restarted from the last accepted q, q̇ (fresh consistent q̈, λ: the veto is for a parasitic
 * oscillation carried in them) and the step is retried smaller.
 */
export interface StepCheck {
  assess(lambdaNew: Float64Array, h: number): string | null;
  /** The assessed step was accepted. */
  commit(): void;
  /** The method was restarted: forget what was seen so far. */
  restart(): void;
}

/** Why the last attempt was not accepted. */
export type RejectionCause = 'newton' | 'error' | 'check';

export class AdaptiveStepper {
  /** The proposal for the next step. */
  hNext: number;
  /** Size of the last attempted step. */
  hLast = 0;
  /** Attempts not accepted (error test, Newton failure, check). */
  stepsRejected = 0;
  /**
   * Accepted steps after which the error control would have taken a step of h_max or longer: the cap (the sample
   * interval, run/plan.ts), not the tolerance, set the next step. Counted only; it changes no step.
   */
  stepsCapped = 0;
  /** Restarts after a vetoed step. */
  restarts = 0;
  /** Newton iterations of the last attempt. */
  lastIterations = 0;
  /** Error ratio e/ε of the last solved attempt. */
  lastErrorRatio = NaN;
  /** Cause and reason of the last rejection. */
  rejectionCause: RejectionCause = 'error';
  rejectionReason = '';
  private readonly policy: RateBasedStopPolicy;
  /** The bound of the velocity error ratio (velocityTolerance); only the 'position-velocity' norm reads it. */
  private readonly velocityTolerance: number;
  /** Velocity error ratio of the last accepted step, and the cut (< 1) it asked for its successor, else 1. */
  private velocityRatio = NaN;
  private velocityCut = 1;
  /** Accepted steps left during which the velocity error cuts no step, and the next hold's length (velocityStepFactor). */
  private velocityHold = 0;
  private velocityHoldLength = VELOCITY_HOLD_STEPS;
  private readonly direction: Float64Array;
  private justRejected = false;
  /** The current attempt was shortened to divide the way to the target into equal steps (stepTowards). */
  private shortened = false;
  /** Upper bound on proposals after a rejection, kept for REJECTION_MEMORY accepted steps. */
  private rejectedCap = Infinity;
  private capSteps = 0;

  constructor(
    readonly stepper: ImplicitStepper, readonly settings: AdaptiveSettings, h0: number, private readonly check?: StepCheck,
  ) {
    this.hNext = h0;
    this.policy = new RateBasedStopPolicy(stepper.weights, settings.errorNorm === 'position-velocity');
    this.policy.tolerance = settings.tolerance;
    this.velocityTolerance = this.policy.velocityTolerance = velocityTolerance(settings.tolerance);
    this.direction = new Float64Array(stepper.system.n);
  }

  /**
   * One attempt towards `target`: a step of hNext, or exactly target − t if hNext nearly reaches it.
   * 'accepted': the stepper is at the new time (exactly `target` if the step reached it); 'rejected': retry;
   * 'failed': the step would fall below h_min (rejectionReason says why it was rejected).
   */
  attempt(target: number): 'accepted' | 'rejected' | 'failed' {
    const { stepper, settings } = this;
    const remaining = target - stepper.t;
    const h = this.stepTowards(remaining);
    this.hLast = h;
    const ratio = this.solve(h);
    if (!(ratio <= 1)) return this.rejected(h, ratio);
    // The velocity error steers the next step only (ErrorNorm); read it before accept moves the state.
    const velocityFactor = this.settings.errorNorm === 'position' ? Infinity : this.velocityStepFactor(h);
    stepper.accept(h);
    this.check?.commit();
    stepper.t = h === remaining ? target : stepper.t;
    this.proposeAfterAccept(h, ratio, velocityFactor, h === remaining || this.shortened);
    return 'accepted';
  }

  /**
   * The step of an attempt `remaining` before the target: the target whole if the proposal nearly reaches it,
   * else the proposal. 'position' (links of schema v1) takes the proposal even when a sliver remains; the
   * 'position-velocity' norm divides what is left into k = ⌈remaining / proposal⌉ equal steps instead, since a
   * sliver step (h ≪ h_{n−1}) carries q̈ round-off amplified by 1/(βh²) into Newton and into the velocity error
   * estimate and can stall both.
   */
  private stepTowards(remaining: number): number {
    this.shortened = false;
    if (this.hNext >= remaining * (1 - 1e-9)) return remaining;
    if (this.settings.errorNorm === 'position') return Math.min(this.hNext, remaining);
    const step = remaining / Math.ceil(remaining / this.hNext);
    this.shortened = step < this.hNext;
    return step;
  }

  /** Solves a step of size h; the error ratio e/ε (> 1 or NaN: reject), NaN if Newton failed, Infinity if vetoed. */
  private solve(h: number): number {
    const { stepper } = this;
    if (!stepper.solve(h, this.policy)) {
      this.lastIterations = stepper.driver.iterations;
      this.rejectionCause = 'newton';
      this.rejectionReason = stepper.driver.failureReason;
      return NaN;
    }
    this.lastIterations = stepper.driver.iterations;
    const ratio = (this.lastErrorRatio = this.localError(h) / this.settings.tolerance);
    if (!(ratio <= 1)) { // NaN counts as too large
      this.rejectionCause = 'error';
      this.rejectionReason = 'local error above the tolerance';
      return ratio;
    }
    const veto = this.check?.assess(stepper.lambdaNew, h) ?? null;
    if (veto) {
      this.rejectionCause = 'check';
      this.rejectionReason = veto;
      return Infinity;
    }
    return ratio;
  }

  /** e_q of the solved step: the weighted RMS of the method's position error estimate (Negrut Eqs. 25, 34). */
  localError(h: number): number {
    const { stepper, direction } = this;
    return stepper.method.positionErrorEstimate(stepper, h, stepper.qddNew, direction) * stepper.weights.positionRms(direction);
  }

  /**
   * The step factor the velocity error asks for: s (ε_v/e_q̇)^(1/2) (e_q̇ = O(h²) per step, see the methods'
   * velocityErrorEstimate), at most MAX_STEP_GROWTH and at least VELOCITY_MIN_FACTOR, since a step change itself
   * adds velocity error and repeated deep cuts would drive h to where round-off dominates q̈.
   * The estimate does not always respond to h: index-3 HHT corrects the position residual C(q_n) within one step,
   * so q̈ ∝ C/(βh²) and e_q̇ ∝ C/h grows as h shrinks for a while, and the index-3 generalized-α's q̈ carries an
   * O(1) start-up oscillation whose differences no step removes. So every cut by s is judged on the next step:
   * when it did not lower e_q̇ at least to s·e, the velocity error cuts no further for a hold of
   * VELOCITY_HOLD_STEPS accepted steps, doubled after each cut that fails again (at most MAX_VELOCITY_HOLD) and
   * reset by one that works. The position error steers meanwhile. Below the crossover where the round-off of q̈
   * (∝ 1/h) outweighs the truncation error no smaller step lowers e_q̇; VELOCITY_TOLERANCE_FLOOR keeps ε_v above it.
   */
  private velocityStepFactor(h: number): number {
    const ratio = this.velocityError(h) / this.velocityTolerance;
    const previous = this.velocityRatio;
    this.velocityRatio = ratio;
    const lastCut = this.velocityCut;
    this.velocityCut = 1;
    if (!(ratio > 0)) return MAX_STEP_GROWTH; // no estimate
    if (lastCut < 1 && previous > 0) {
      if (ratio < lastCut * previous) {
        this.velocityHoldLength = VELOCITY_HOLD_STEPS;
      } else {
        this.velocityHold = this.velocityHoldLength;
        this.velocityHoldLength = Math.min(MAX_VELOCITY_HOLD, 2 * this.velocityHoldLength);
      }
    }
    const factor = Math.max(VELOCITY_MIN_FACTOR, Math.min(MAX_STEP_GROWTH, STEP_SAFETY / Math.sqrt(ratio)));
    if (this.velocityHold > 0) {
      this.velocityHold--;
      return Math.max(1, factor);
    }
    if (factor < 1) this.velocityCut = factor;
    return factor;
  }

  /** e_q̇ of the solved step: the weighted RMS of the method's velocity error estimate (ErrorWeights.velocity). */
  velocityError(h: number): number {
    const { stepper, direction } = this;
    return stepper.method.velocityErrorEstimate(stepper, h, stepper.qddNew, direction) * stepper.weights.velocityRms(direction);
  }

  private rejected(h: number, ratio: number): 'rejected' | 'failed' {
    this.stepper.reject();
    this.stepsRejected++;
    this.justRejected = true;
    this.rejectedCap = Math.min(this.rejectedCap, 0.9 * h);
    this.capSteps = REJECTION_MEMORY;
    const { hMin } = this.settings;
    if (h <= hMin) return 'failed';
    if (this.rejectionCause === 'check') this.restartMethod();
    const byError = this.rejectionCause === 'error' && Number.isFinite(ratio);
    const factor = byError ? Math.max(MAX_STEP_SHRINK, STEP_SAFETY * exactCbrt(1 / ratio)) : RETRY_SHRINK;
    this.hNext = Math.max(hMin, Math.min(h * factor, 0.9 * h));
    return 'rejected';
  }

  /** Restarts the method from the last accepted q, q̇ (ImplicitStepper.restart) and the check with it. */
  private restartMethod(): void {
    this.stepper.restart();
    this.check?.restart();
    this.restarts++;
  }

  /** h_new = s h (e/ε)^(−1/3) (Negrut Eq. 37) within the growth limits, h_max and the post-rejection cap. */
  private proposeAfterAccept(h: number, ratio: number, velocityFactor: number, reachedTarget: boolean): void {
    const { hMin, hMax } = this.settings;
    const growth = Math.min(velocityFactor, ratio > 0 ? STEP_SAFETY * exactCbrt(1 / ratio) : MAX_STEP_GROWTH);
    // No growth right after a rejection: the error was just seen to grow faster than h³ (avoids accept/reject cycles).
    const limit = this.justRejected ? 1 : MAX_STEP_GROWTH;
    this.justRejected = false;
    // After a rejection, stay below the rejected size for a while: the error grew faster than h³ there.
    const cap = this.capSteps-- > 0 ? this.rejectedCap : Infinity;
    if (this.capSteps <= 0) this.rejectedCap = Infinity;
    const factor = Math.min(limit, growth);
    const proposal = Math.max(hMin, Math.min(hMax, cap, h * factor));
    // A step shortened to reach the target does not shrink the next one, unless (velocity norm) its own error
    // asks for a smaller step still.
    const shrinkAsked = this.settings.errorNorm !== 'position' && factor < 1;
    const kept = reachedTarget && !shrinkAsked ? this.hNext : 0;
    if (Math.max(h * factor, kept) >= hMax) this.stepsCapped++;
    this.hNext = reachedTarget && !shrinkAsked ? Math.max(proposal, Math.min(this.hNext, hMax)) : proposal;
  }
}
