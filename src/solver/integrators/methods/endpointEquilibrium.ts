/**
 * What generalized-α (Arnold & Brüls 2007) and the Ji–Xing composite (Ji & Xing 2023, A.6-A.7) share: the
 * equations of motion hold at the new time point τ with no force weighting,
 *   R = M(q_τ) q̈_τ + C_q(q_τ)ᵀ λ_τ − Q(q_τ, q̇_τ, τ),   C(q_τ, τ) = 0                       (A.6)
 * and the Newton matrix of that residual (A.7), given ∂q_τ/∂q̈_τ = p I (positionSensitivity) and ∂q̇_τ/∂q̈_τ:
 *   [ M + ((M q̈)_q + (C_qᵀλ)_q − Q_q) p − Q_q̇ ∂q̇/∂q̈ ,  C_qᵀ ;  C_q ,  0 ]  (constraint rows scaled by 1/p).
 * A subclass gives the kinematics q_τ(q̈_τ), q̇_τ(q̈_τ) and the −Q_ė ∂ė/∂ë block of its velocity update.
 * Only the quadratic-velocity term depends on ė: Q_e ∋ −f2 with the model's f2 = 8 Lᵀ L L̇ᵀ J L ė (Sherif Eq. 9).
 */
import type { AssembledSystem } from '../../model/assembly';
import type { MatrixAccumulator } from '../../linalg/accumulator';
import { COORDS_PER_BODY } from '../../model/types';
import { BODY_BLOCKS, RATE_DERIVATIVE_OFFSET } from '../../model/assembly';
import { modifiedVelocityJacobian } from '../newmark';
import type { Method, StepState } from '../method';
import { ExtrapolatingPredictor, type PredictorMemory } from '../predictor';

export abstract class EndpointEquilibriumMethod implements Method {
  abstract readonly name: string;
  abstract readonly stageCount: number;
  abstract readonly parameters: Readonly<Record<string, number>>;
  readonly qNew: Float64Array;
  readonly qdNew: Float64Array;
  protected readonly n: number;
  protected readonly m: number;
  private readonly block2 = new Float64Array(16);

  constructor(protected readonly system: AssembledSystem) {
    this.n = system.n;
    this.m = system.m;
    this.qNew = system.kernelVector(this.n);
    this.qdNew = system.kernelVector(this.n);
  }

  abstract initialize(state: StepState): void;
  abstract beginStage(state: StepState, h: number, stage: number): void;
  abstract predict(state: StepState, h: number, stage: number, qddNew: Float64Array, lambdaNew: Float64Array): void;
  abstract positionSensitivity(h: number, stage: number): number;
  abstract newtonMatrixKey(h: number, stage: number): number;
  abstract updateKinematics(state: StepState, h: number, qddNew: Float64Array): void;
  abstract endStage(state: StepState, h: number, stage: number, qddNew: Float64Array, lambdaNew: Float64Array): void;
  abstract accept(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array): void;
  abstract reject(): void;
  abstract positionErrorFactor(h: number): number;
  abstract positionErrorEstimate(state: StepState, h: number, qddNew: Float64Array, out: Float64Array): number;
  abstract velocityErrorFactor(h: number): number;
  abstract velocityErrorEstimate(state: StepState, h: number, qddNew: Float64Array, out: Float64Array): number;
  /** The time τ of the current stage for a step from state.t of size h. */
  protected abstract stageTime(state: StepState, h: number): number;
  /** Adds −Q_q̇ ∂q̇_τ/∂q̈_τ at the current iterate. */
  protected abstract addVelocityJacobian(h: number, qddNew: Float64Array, acc: MatrixAccumulator): void;

  /** Ji & Xing A.6 / Arnold & Brüls Eq. 11a at the iterate, and C(q_τ) in rows [n, n+m). */
  residual(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array, out: Float64Array): void {
    this.updateKinematics(state, h, qddNew);
    const tau = this.stageTime(state, h);
    const { system, n } = this;
    system.updateConstraintJacobianAndValues(this.qNew, tau, out, n);
    system.forceTerms(this.qNew, this.qdNew, tau, lambdaNew, qddNew, 1, null, 0, out);
  }

  /** Ji & Xing A.7 (Arnold & Brüls Eq. 16) at the iterate of the last `residual` call. */
  jacobian(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array, acc: MatrixAccumulator): void {
    const { system } = this;
    const stage = this.currentStage;
    const p = this.positionSensitivity(h, stage);
    const tau = this.stageTime(state, h);
    system.addMassMatrix(this.qNew, 1, acc);
    system.addMassStiffness(this.qNew, qddNew, p, acc);
    system.addMultiplierStiffness(this.qNew, tau, lambdaNew, p, acc);
    system.addForceStiffness(this.qNew, this.qdNew, tau, -p, acc);
    this.addVelocityJacobian(h, qddNew, acc);
    // Dampers: −Q_q̇ ∂q̇/∂q̈, the stage's velocity sensitivity (exact for the plain updates, leading order for Eq. 34's).
    if (system.hasVelocityDependentLoads) system.addForceDamping(this.qNew, this.qdNew, tau, -this.velocityErrorFactor(h), acc);
    system.addJacobianBlocks(acc, this.n);
  }

  /** The stage the kinematics currently act for (0 for one-stage methods). */
  protected currentStage = 0;

  /** −Q_ė ∂ė/∂ë = (∂f2/∂ė) · v I₄ for a plain Newmark-type velocity update q̇ = … + v q̈. */
  protected addPlainVelocityJacobian(v: number, acc: MatrixAccumulator): void {
    const { system } = this;
    const rate = system.velocityRateDerivatives(this.qNew, this.qdNew);
    for (let b = 0; b < system.bodyCount; b++) {
      const oe = b * COORDS_PER_BODY + 3, r = BODY_BLOCKS * b + RATE_DERIVATIVE_OFFSET;
      for (let a = 0; a < 4; a++) {
        for (let c = 0; c < 4; c++) acc.add(oe + a, oe + c, v * rate[r + 4 * a + c]);
      }
    }
  }

  /**
   * −Q_ė ∂ė/∂ë for the modified update ė = Lᵀ(e)w + v (I − e eᵀ) ë with ∂e/∂ë = p I: Sherif Eq. 69 with
   * h²β → p and hγ → v (per body, w at history[3b..3b+3)).
   */
  protected addModifiedVelocityJacobian(p: number, v: number, history: Float64Array, qddNew: Float64Array, acc: MatrixAccumulator): void {
    const { system, block2 } = this;
    const rate = system.velocityRateDerivatives(this.qNew, this.qdNew);
    for (let b = 0; b < system.bodyCount; b++) {
      const oe = b * COORDS_PER_BODY + 3, r = BODY_BLOCKS * b + RATE_DERIVATIVE_OFFSET;
      modifiedVelocityJacobian(1, p, v, history, 3 * b, this.qNew, qddNew, oe, block2);
      for (let a = 0; a < 4; a++) {
        for (let c = 0; c < 4; c++) {
          let s = 0;
          for (let k = 0; k < 4; k++) s += rate[r + 4 * a + k] * block2[4 * k + c];
          acc.add(oe + a, oe + c, s);
        }
      }
    }
  }
}

/** Step ratios h/h_{n−1} below this (or above its inverse) give no velocity error estimate. */
const MIN_STEP_RATIO = 0.25;

/**
 * What a method remembers of earlier steps: Newton's starting values by extrapolation of q̈ and λ (Negrut
 * Sect. 3.5) and q̈_{n−1}, h_{n−1} for the velocity error estimate. `push` when a step is accepted.
 */
export class StepHistory {
  private readonly qddPredictor: ExtrapolatingPredictor;
  private readonly lambdaPredictor: ExtrapolatingPredictor;
  private readonly qddPrevious: Float64Array;
  private hPrevious = NaN;

  /** `into`: the model whose kernel memory may hold the predictors' history (see ExtrapolatingPredictor). */
  constructor(n: number, m: number, predictorOrder: 0 | 1 | 2, into?: PredictorMemory) {
    this.qddPredictor = new ExtrapolatingPredictor(n, predictorOrder, into);
    this.lambdaPredictor = new ExtrapolatingPredictor(m, predictorOrder, into);
    this.qddPrevious = new Float64Array(n);
  }

  reset(): void { this.qddPredictor.reset(); this.lambdaPredictor.reset(); this.hPrevious = NaN; }

  predict(state: StepState, h: number, qddNew: Float64Array, lambdaNew: Float64Array): void {
    this.qddPredictor.predict(h, state.qdd, qddNew);
    this.lambdaPredictor.predict(h, state.lambda, lambdaNew);
  }

  /** Records the state at t_n of a step of size h that is being accepted. */
  push(state: StepState, h: number): void {
    this.qddPredictor.push(state.qdd);
    this.lambdaPredictor.push(state.lambda);
    this.qddPrevious.set(state.qdd);
    this.hPrevious = h;
  }

  /**
   * Velocity error estimate c·h³·q⁗ from the divided difference of q̈_{n+1}, q̈_n, q̈_{n−1}:
   * d = (q̈_{n+1} − q̈_n) − (h/h_{n−1})(q̈_n − q̈_{n−1}) ≈ q⁗ h(h + h_{n−1})/2 into out, so c·h³·q⁗ ≈ c·h·d·2h/(h + h_{n−1}):
   * returns the factor |c|·h·2h/(h + h_{n−1}) (a time, as d is an acceleration), O(h³) on a smooth q̈. Without
   * the factor h the estimate was O(h²) on smooth motion and, below h ≈ 2e-5 s on the heavy top, level with
   * the q̈ noise of the index-3 solve (round-off and Newton's stop amplified by 1/(βh²)), which no smaller step
   * lowers: the step fell to h_min (docs/stability-and-tolerance.md, "The estimate against h").
   * Without an earlier step d = q̈_{n+1} − q̈_n with factor |c|·h, an over-estimate. When h/h_{n−1} is outside
   * [¼, 4] there is no estimate (factor 0), as for HHT: after a sliver step shortened to land on a sample time,
   * differences of q̈ are round-off, not error.
   */
  velocityErrorEstimate(c: number, state: StepState, h: number, qddNew: Float64Array, out: Float64Array): number {
    const n = out.length, qdd = state.qdd, hp = this.hPrevious;
    if (!(hp > 0)) {
      for (let i = 0; i < n; i++) out[i] = qddNew[i] - qdd[i];
      return Math.abs(c) * h;
    }
    const r = h / hp;
    if (!(r >= MIN_STEP_RATIO && r <= 1 / MIN_STEP_RATIO)) {
      out.fill(0);
      return 0;
    }
    for (let i = 0; i < n; i++) out[i] = qddNew[i] - qdd[i] - r * (qdd[i] - this.qddPrevious[i]);
    return (Math.abs(c) * 2 * h * h) / (h + hp);
  }
}
