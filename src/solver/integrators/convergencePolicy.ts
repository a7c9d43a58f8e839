/**
 * When may Newton stop? One policy object per run, asked after every Newton correction. Two implementations:
 * residualTolerance.ts (fixed-step runs) and rateBasedStop.ts (Negrut's rule for error-controlled runs).
 * A further policy (e.g. a fixed-step stop tied to the local error estimate) is one new file implementing
 * this interface; the driver does not change.
 */
import type { Method } from './method';

/** What a policy may look at after Newton correction number `iteration` of a solve. */
export interface NewtonIterate {
  readonly iteration: number;
  readonly n: number;
  readonly m: number;
  /** The unknowns after the correction: q̈_{n+1} (length n) and λ_{n+1} (length m). */
  readonly qddNew: Float64Array;
  readonly lambdaNew: Float64Array;
  /** The correction just applied: Δq̈ in [0, n), Δλ in [n, n+m). */
  readonly increment: Float64Array;
  /** ‖Δq̈‖∞ of this correction. */
  readonly accelerationIncrement: number;
  /** ‖q̈_{n+1}‖∞ after this correction. */
  readonly accelerationScale: number;
  /** q_{n+1} at the iterate the residual was evaluated at (before this correction), and its ‖·‖∞. */
  readonly positions: Float64Array;
  readonly positionScale: number;
  /** ∂q_{n+1}/∂q̈_{n+1} (HHT: βh²), so that a Δq̈ moves q by positionSensitivity · Δq̈. */
  readonly positionSensitivity: number;
  /**
   * The iteration of this solve at which the Newton matrix of this correction was factorised (1: at the solve's first
   * iterate, so that the first correction is a full Newton step), or 0 when it is an earlier solve's matrix.
   */
  readonly factoredAt: number;
}

export interface ConvergencePolicy {
  /**
   * When set, the driver refactors at the start of a step after a solve that needed more iterations than this
   * (instead of NewtonSettings.refreshAfterIterations): a policy that can stop after one full Newton step gains
   * from a fresh matrix whenever the last step needed more.
   */
  readonly refreshAfterIterations?: number;
  /** Called before the first iteration of each Newton solve (one per stage) with the step size. */
  begin(method: Method, h: number, stage: number): void;
  /** True when Newton may stop after this correction. */
  converged(iterate: NewtonIterate): boolean;
}
