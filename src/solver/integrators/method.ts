/**
 * The contract between an implicit time-integration method and the machinery that runs it
 * (STYLE habit 16; the shape of Chrono's ChTimestepper family and Exudyn's per-method settings objects).
 *
 * Who does what in one step t_n → t_n + h:
 * - `ImplicitStepper` (implicitStepper.ts) owns the state at t_n (q, q̇, q̈, λ), consistent start values and
 *   the per-stage loop; it knows no formula.
 * - `NewtonDriver` (newtonDriver.ts) iterates on the unknowns x = [q̈_{n+1}; λ_{n+1}], refreshes and reuses
 *   the factorised Newton matrix, and scales the constraint rows by 1/positionSensitivity (Negrut Eqs. 12-13).
 * - A `ConvergencePolicy` (convergencePolicy.ts) decides when Newton may stop.
 * - The `Method` below owns everything that makes one integrator differ from another: its parameters
 *   (HHT's α → β, γ are computed only in its file), the predictor that starts Newton, how q_{n+1} and
 *   q̇_{n+1} follow from the unknowns, the residual (including how inertia and force terms are weighted), its
 *   Newton matrix, any extra state (generalized-α's algorithmic acceleration a), its local error estimate,
 *   and, for composite methods, its sub-steps ("stages").
 * - `AdaptiveStepper` (adaptiveStepper.ts) wraps any method with error control and dense output.
 *
 * How to add a method (e.g. generalized-α, the Ji–Xing composite):
 * 1. One new file under src/solver/integrators/methods/ with a class implementing `Method`. Keep its
 *    parameters (e.g. αm, αf, β, γ from ρ∞) as readonly fields computed in the constructor, allocate all
 *    scratch there (no allocation per step), and cite the paper's equation numbers.
 *    - Extra state carried between steps (GA's a_n): a Float64Array of the method, set in `initialize`
 *      (a₀ = q̈₀) and advanced in `accept`; a rejected step never calls `accept`, so it leaves it untouched.
 *    - Own residual weighting (GA: M q̈_{n+1} + (C_qᵀλ − Q)_{n+1} at t_{n+1}, no old force term): write it in
 *      `residual` and its derivative in `jacobian`.
 *    - Sub-steps (Ji–Xing: two trapezoidal sub-steps, then the four-point backward formula): set
 *      `stageCount = 3`; `beginStage(stage)` picks the stage's formulas, `endStage` stores the stage result
 *      (e.g. f at t + γh), and `updateKinematics` / `residual` / `jacobian` act for the current stage. The
 *      driver runs one Newton solve per stage and reuses the factorisation while `newtonMatrixKey` is unchanged.
 * 2. One line in src/solver/integrators/methodNames.ts naming it and saying which parameters it takes, and one
 *    in methodRegistry.ts creating it.
 * Nothing else changes: the driver, the policies, the adaptive stepper and Simulation only see this interface.
 * A method whose unknowns are not [q̈; λ] on Euler parameters (the Lie-group method with rotation-vector
 * increments) is a separate stepper, not a `Method`.
 */
import type { MatrixAccumulator } from '../linalg/accumulator';

/** The state at t_n, owned by the stepper; a method reads it and never writes it. */
export interface StepState {
  readonly q: Float64Array;
  readonly qd: Float64Array;
  /** q̈_n as the method's own residual defined it (for HHT the shifted acceleration of Sherif Eq. 62). */
  readonly qdd: Float64Array;
  readonly lambda: Float64Array;
  readonly t: number;
}

/** The parameters a run gives to a method; each method reads only those it takes (SPEC §6). */
export interface MethodParameters {
  /** HHT α ∈ [−1/3, 0]. */
  readonly alpha: number;
  /** ρ∞ ∈ [0, 1], for the methods that take it (generalized-α, Lie group, Ji–Xing). */
  readonly rho?: number;
}

export interface Method {
  /** The registry name (`--method`, link `method=`). */
  readonly name: string;
  /** The method's parameters after derivation, for display and tests (e.g. { alpha, beta, gamma }). */
  readonly parameters: Readonly<Record<string, number>>;
  /** Newton solves per step: 1 for one-step methods, the number of sub-steps for a composite. */
  readonly stageCount: number;
  /** q_{n+1}, q̇_{n+1} implied by the iterate of the last `updateKinematics` (length n). */
  readonly qNew: Float64Array;
  readonly qdNew: Float64Array;

  /**
   * Called once the stepper has set consistent q, q̇, q̈, λ at t₀, and again on a restart (an error-controlled
   * run restarts after a vetoed step): set the method's own state from them and forget any history.
   */
  initialize(state: StepState): void;
  /** Per-stage constants that stay fixed during Newton (e.g. w of Sherif Eq. 75). */
  beginStage(state: StepState, h: number, stage: number): void;
  /** Writes Newton's starting iterate (q̈, λ) for the stage. */
  predict(state: StepState, h: number, stage: number, qddNew: Float64Array, lambdaNew: Float64Array): void;
  /**
   * ∂q_{n+1}/∂q̈_{n+1} as a scalar (HHT: βh²). The driver divides the constraint rows C(q_{n+1}) of the
   * residual by it (Negrut Eq. 13), so that the Newton matrix's constraint block is C_q.
   */
  positionSensitivity(h: number, stage: number): number;
  /** Identifies the Newton matrix's dependence on h and stage: the factors are reused while it is unchanged. */
  newtonMatrixKey(h: number, stage: number): number;
  /** q_{n+1}, q̇_{n+1} (into qNew, qdNew) from the unknown accelerations. */
  updateKinematics(state: StepState, h: number, qddNew: Float64Array): void;
  /**
   * Residual rows [0, n) of the dynamic equations and raw constraint values C(q_{n+1}) in rows [n, n+m),
   * unscaled (the driver scales them). Calls updateKinematics and leaves C_q at q_{n+1} in the system.
   */
  residual(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array, out: Float64Array): void;
  /**
   * Adds the Newton matrix of the scaled residual at the iterate of the last `residual` call:
   * rows [0, n) = ∂(dynamic rows)/∂(q̈, λ), rows [n, n+m) = C_q (the scaling makes ∂C/∂q̈ / sensitivity = C_q).
   */
  jacobian(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array, acc: MatrixAccumulator): void;
  /** After a stage's Newton solve converged (composite methods store the stage result here). */
  endStage(state: StepState, h: number, stage: number, qddNew: Float64Array, lambdaNew: Float64Array): void;
  /**
   * The step is accepted: q_{n+1}, q̇_{n+1} are in qNew, qdNew (from the final iterate). Advance the method's
   * own state (predictor history, force terms, GA's a). Called before the stepper overwrites `state`.
   */
  accept(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array): void;
  /**
   * Optional: `updateKinematics` then `accept` as one (a method that forms both in one kernel call); the stepper calls
   * it instead of the two when present.
   */
  acceptStep?(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array): void;
  /** The method's state at t_n is valid again after a rejected step or a failed Newton solve. */
  reject(): void;
  /**
   * The factor c of the local position error δq ≈ c · d with d = q̈_{n+1} − (a value known at t_n), so that a
   * Newton increment Δq̈ changes the estimate by c · Δq̈ (used by the rate-based stop, Negrut Eq. 45).
   * HHT: c = |β − 1/(6(1+α))| h² (Negrut Eqs. 24-25).
   */
  positionErrorFactor(h: number): number;
  /** Local position error of the step just solved: writes d (length n), returns positionErrorFactor(h). */
  positionErrorEstimate(state: StepState, h: number, qddNew: Float64Array, out: Float64Array): number;
  /**
   * ∂q̇_{n+1}/∂q̈_{n+1} as a scalar (HHT: γh): how far Newton's remaining error in q̈ moves the velocities.
   * The rate-based stop uses it when the error norm includes velocities.
   */
  velocityErrorFactor(h: number): number;
  /** Local velocity error of the step just solved, δq̇ ≈ c · d in the same form (c = 0: no estimate). */
  velocityErrorEstimate(state: StepState, h: number, qddNew: Float64Array, out: Float64Array): number;
}
