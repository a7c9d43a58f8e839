/**
 * What classical and modified HHT share (Sherif Eqs. 59-69, Negrut Eqs. 10-14): the parameters, the residual
 *   R = 1/(1+α) (M q̈)_{n+1} + (C_qᵀλ − Q)_{n+1} − α/(1+α) (C_qᵀλ − Q)_n      (Sherif Eq. 62)
 * with its Newton matrix (Eq. 65), the Newmark position update (Eq. 59), the predictor and the error
 * estimates. A subclass says how q̇_{n+1} is formed (Eq. 60 or Eq. 34) and adds −Q_q̇ J₁ (Eq. 67 or 69).
 * q_{n+1}, q̇_{n+1} and the residual's force and inertia terms are computed by WebAssembly kernels on vectors in the
 * model's memory (kernels/assembly/bodies.ts, AssembledSystem.forceTerms).
 */
import type { AssembledSystem } from '../../model/assembly';
import type { MatrixAccumulator } from '../../linalg/accumulator';
import type { Method, StepState } from '../method';
import { copyVector } from '../../linalg/dense';
import { ExtrapolatingPredictor, type PredictorOrder } from '../predictor';

/** HHT parameters from α (Sherif Eq. 19): β = (1−α)²/4, γ = (1−2α)/2. The only place they are computed. */
export function hhtParameters(alpha: number): { beta: number; gamma: number } {
  return { beta: 0.25 * (1 - alpha) * (1 - alpha), gamma: 0.5 * (1 - 2 * alpha) };
}

/**
 * β − 1/(6(1+α)): the constant of the local position error δq ≈ (β − 1/(6(1+α))) h² x, x = q̈_{n+1} − q̈_n
 * (Negrut Eqs. 24-25). For the modified method the Euler parameters follow the same position formula
 * (Sherif Eq. 33 = Eq. 17) and Sherif Sect. 8 gives the same orders, so the same estimate is used.
 */
export function hhtErrorConstant(alpha: number): number {
  return hhtParameters(alpha).beta - 1 / (6 * (1 + alpha));
}

/** Step ratios h/h_{n−1} below this (or above its inverse) give no velocity error estimate. */
const MIN_STEP_RATIO = 0.25;

export abstract class HhtMethod implements Method {
  abstract readonly name: string;
  readonly stageCount = 1;
  readonly beta: number;
  readonly gamma: number;
  readonly parameters: Readonly<Record<string, number>>;
  readonly qNew: Float64Array;
  readonly qdNew: Float64Array;
  protected readonly n: number;
  private readonly m: number;
  /** (C_qᵀλ − Q)_n, the old force term of Eq. 62. */
  private readonly forceOld: Float64Array;
  /** 1 when the Euler parameters take the modified velocity update (Sherif Eq. 34), 0 for Eq. 60. */
  protected abstract readonly modifiedVelocity: number;
  /** w of Sherif Eq. 75 per body (3 each), fixed during Newton (used by the modified update only). */
  protected readonly history: Float64Array;
  private readonly qddPredictor: ExtrapolatingPredictor;
  private readonly lambdaPredictor: ExtrapolatingPredictor;
  /** q̈_{n−1} and h_{n−1} for the velocity error estimate (NaN: no earlier step). */
  private readonly qddPrevious: Float64Array;
  private hPrevious = NaN;
  private readonly errorConstant: number;

  constructor(protected readonly system: AssembledSystem, readonly alpha: number, predictorOrder: PredictorOrder) {
    ({ beta: this.beta, gamma: this.gamma } = hhtParameters(alpha));
    this.parameters = { alpha, beta: this.beta, gamma: this.gamma };
    const n = (this.n = system.n);
    this.m = system.m;
    this.qNew = system.kernelVector(n);
    this.qdNew = system.kernelVector(n);
    this.forceOld = system.kernelVector(n);
    this.history = system.kernelVector(3 * system.bodyCount);
    this.qddPrevious = new Float64Array(n);
    this.qddPredictor = new ExtrapolatingPredictor(n, predictorOrder, system);
    this.lambdaPredictor = new ExtrapolatingPredictor(this.m, predictorOrder, system);
    this.errorConstant = hhtErrorConstant(alpha);
  }

  initialize(state: StepState): void {
    this.computeForceTerm(state.q, state.qd, state.t, state.lambda, this.forceOld);
    this.qddPredictor.reset();
    this.lambdaPredictor.reset();
    this.hPrevious = NaN;
  }

  beginStage(_state: StepState, _h: number, _stage: number): void {}

  /** Starts Newton from the extrapolated q̈_{n+1}, λ_{n+1} (Negrut Sect. 3.5). */
  predict(state: StepState, h: number, _stage: number, qddNew: Float64Array, lambdaNew: Float64Array): void {
    this.qddPredictor.predict(h, state.qdd, qddNew);
    this.lambdaPredictor.predict(h, state.lambda, lambdaNew);
  }

  positionSensitivity(h: number): number { return this.beta * h * h; }

  newtonMatrixKey(h: number): number { return h; }

  /** q_{n+1} (Eq. 59) and q̇_{n+1} (Eq. 60, or Eq. 34 for the modified method's Euler parameters) from q̈_{n+1}. */
  updateKinematics(state: StepState, h: number, qddNew: Float64Array): void {
    this.system.hhtKinematics(h, this.beta, this.gamma, this.modifiedVelocity, state, qddNew, this.history, this.qNew, this.qdNew);
  }

  /** Sherif Eq. 62 at (q̈_{n+1}, λ_{n+1}), and C(q_{n+1}) in rows [n, n+m). */
  residual(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array, out: Float64Array): void {
    const tNew = state.t + h;
    const { n, alpha, system } = this;
    const massScale = 1 / (1 + alpha), oldWeight = alpha / (1 + alpha);
    if (system.hhtResidual(
      h, this.beta, this.gamma, this.modifiedVelocity, state, qddNew, this.history, this.qNew, this.qdNew, lambdaNew, this.forceOld,
      massScale, oldWeight, tNew, out,
    )) return;
    this.updateKinematics(state, h, qddNew);
    system.updateConstraintJacobianAndValues(this.qNew, tNew, out, n);
    system.forceTerms(this.qNew, this.qdNew, tNew, lambdaNew, qddNew, massScale, this.forceOld, oldWeight, out);
  }

  /**
   * Newton matrix of Sherif Eq. 65 with the constraint rows scaled as in Negrut Eq. 12:
   * [ M/(1+α) + ((Mq̈)_q/(1+α) + (C_qᵀλ)_q − Q_q) βh² − Q_q̇ J₁ , C_qᵀ ; C_q , 0 ].
   * Into the stepper's sparse LU by the kernels of kernels/assembly/newton.ts (AssembledSystem.hhtNewtonMatrix),
   * else entry by entry through acc.
   */
  jacobian(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array, acc: MatrixAccumulator): void {
    const { alpha, beta, system } = this;
    const qn = this.qNew, qdn = this.qdNew, tNew = state.t + h;
    if (system.hhtNewtonMatrix(
      h, beta, this.gamma, alpha, this.modifiedVelocity, qn, qdn, qddNew, lambdaNew, this.history, tNew, -this.velocityErrorFactor(h), acc,
    )) return;
    const bh2 = beta * h * h;
    system.addMassMatrix(qn, 1 / (1 + alpha), acc);
    system.addMassStiffness(qn, qddNew, bh2 / (1 + alpha), acc);
    system.addMultiplierStiffness(qn, tNew, lambdaNew, bh2, acc);
    system.addForceStiffness(qn, qdn, tNew, -bh2, acc);
    this.addVelocityJacobian(h, qddNew, acc);
    // Dampers: −Q_q̇ ∂q̇/∂q̈ with ∂q̇/∂q̈ = γh (Eq. 60; Eq. 34's leading term on the Euler parameters).
    if (system.hasVelocityDependentLoads) system.addForceDamping(qn, qdn, tNew, -this.velocityErrorFactor(h), acc);
    system.addJacobianBlocks(acc, this.n);
  }

  endStage(): void {}

  accept(state: StepState, h: number, _qddNew: Float64Array, lambdaNew: Float64Array): void {
    this.advanceHistory(state, h);
    // C_q from the last residual evaluation, at q_{n+1} before Newton's last correction, which moved q by the
    // stop's βh²‖Δq̈‖ (≤ 1e-14 (1 + ‖q‖) or βh² · 1e-10 (1 + ‖q̈‖)): recomputing it here cost a third of a
    // residual per step and changes (C_qᵀλ)_{n+1} below round-off of the step's error.
    this.system.forceTerms(this.qNew, this.qdNew, state.t + h, lambdaNew, null, 0, null, 0, this.forceOld);
  }

  /** updateKinematics and accept, the kinematics and the force term in one kernel call when the system can (AssembledSystem.hhtAccept). */
  acceptStep(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array): void {
    if (this.system.hhtAccept(
      h, this.beta, this.gamma, this.modifiedVelocity, state, qddNew, this.history, this.qNew, this.qdNew, lambdaNew, this.forceOld,
      state.t + h,
    )) {
      this.advanceHistory(state, h);
      return;
    }
    this.updateKinematics(state, h, qddNew);
    this.accept(state, h, qddNew, lambdaNew);
  }

  /** The predictors' histories and q̈_{n−1}, h_{n−1} of the velocity error estimate take the state at t_n. */
  private advanceHistory(state: StepState, h: number): void {
    this.qddPredictor.push(state.qdd);
    this.lambdaPredictor.push(state.lambda);
    copyVector(this.n, state.qdd, this.qddPrevious);
    this.hPrevious = h;
  }

  reject(): void {}

  positionErrorFactor(h: number): number {
    return Math.abs(this.errorConstant) * h * h;
  }

  /** d = q̈_{n+1} − q̈_n (Negrut Eq. 25). */
  positionErrorEstimate(state: StepState, h: number, qddNew: Float64Array, out: Float64Array): number {
    for (let i = 0; i < this.n; i++) out[i] = qddNew[i] - state.qdd[i];
    return this.positionErrorFactor(h);
  }

  /** γh: Newmark's velocity update (Sherif Eq. 60; Eq. 34 to leading order) moves q̇ by γh Δq̈. */
  velocityErrorFactor(h: number): number {
    return this.gamma * h;
  }

  /**
   * Local error of the Newmark velocity update (Sherif Eq. 60) on the computed q̈ sequence, by Taylor expansion:
   * δq̇ ≈ (γ − ½) h² q⃛ + (γ/2 − 1/6) h³ q⁗, with q⃛ ≈ x/h, x = q̈_{n+1} − q̈_n, and q⁗ from the divided difference
   * of x and x_{n−1} = q̈_n − q̈_{n−1}: out = (γ − ½) x + (γ/2 − 1/6) (2h/(h + h_{n−1})) (x − (h/h_{n−1}) x_{n−1}),
   * factor h. HHT's shift of q̈ cancels the first term at a constant step for a smooth q̈ = f(t); it does not at
   * the start, after a step change, nor for the Euler parameters' constraint forces, so the estimate keeps it:
   * conservative, and it makes the ω error proportional to the tolerance (docs/accuracy.md table). The second term is
   * omitted on the first step (no x_{n−1}). When h/h_{n−1} is outside [¼, 4] there is no estimate (factor 0):
   * after a sliver step shortened to land on a sample time, q̈_n and λ_n carry round-off amplified by 1/(βh²)
   * and differences of q̈ are noise, not error.
   */
  velocityErrorEstimate(state: StepState, h: number, qddNew: Float64Array, out: Float64Array): number {
    const { gamma, n } = this;
    const first = gamma - 0.5, second = gamma / 2 - 1 / 6;
    const hp = this.hPrevious, r = h / hp;
    if (!(hp > 0)) {
      for (let i = 0; i < n; i++) out[i] = first * (qddNew[i] - state.qdd[i]);
      return h;
    }
    if (!(r >= MIN_STEP_RATIO && r <= 1 / MIN_STEP_RATIO)) {
      out.fill(0);
      return 0;
    }
    const w = (second * 2 * h) / (h + hp);
    for (let i = 0; i < n; i++) {
      const x = qddNew[i] - state.qdd[i];
      out[i] = first * x + w * (x - r * (state.qdd[i] - this.qddPrevious[i]));
    }
    return h;
  }

  /** Adds −Q_q̇ ∂q̇_{n+1}/∂q̈_{n+1} at the current iterate (Sherif Eq. 65's J₁ term). */
  protected abstract addVelocityJacobian(h: number, qddNew: Float64Array, acc: MatrixAccumulator): void;

  /** out = C_qᵀ λ − Q(q, q̇, t) (recomputes C_q). */
  private computeForceTerm(q: Float64Array, qd: Float64Array, t: number, lambda: Float64Array, out: Float64Array): void {
    this.system.updateConstraintJacobian(q, t);
    this.system.forceTerms(q, qd, t, lambda, null, 0, null, 0, out);
  }
}
