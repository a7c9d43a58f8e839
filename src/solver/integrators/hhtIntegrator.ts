/**
 * The HHT step for the index-3 DAE of a rigid multibody system (Sherif Eqs. 59-69, Negrut Eqs. 10-14).
 * Unknowns per step: q̈_{n+1} and λ_{n+1}; residual
 *   R = 1/(1+α) (M q̈)_{n+1} + (C_qᵀλ − Q)_{n+1} − α/(1+α) (C_qᵀλ − Q)_n      (Sherif Eq. 62)
 *   C(q_{n+1}) / (βh²)                                                          (Negrut Eq. 13)
 * solved by Newton with the analytic Jacobian of Sherif Eq. 65. `classical` and `modified`
 * differ only in how ė_{n+1} is formed (Eq. 60 vs Eq. 34) and hence in J₁ (Eq. 67 vs Eq. 69).
 */
import { COORDS_PER_BODY } from '../model/types';
import type { AssembledSystem } from '../model/assembly';
import { maxAbs } from '../linalg/dense';
import { DenseNewtonSolver, type NewtonLinearSolver } from '../linalg/newtonSolver';
import type { MatrixAccumulator } from '../linalg/accumulator';
import { quadraticVelocityRateDerivative } from '../model/rigidBodyInertia';
import {
  hhtParameters, modifiedNewmarkVelocity, modifiedVelocityHistory, modifiedVelocityJacobian,
  newmarkPosition, newmarkVelocity,
} from './newmark';
import { eulerParameterRates } from '../rotation/eulerParameters';

export type IntegratorMethodName = 'classical' | 'modified';

export interface NewtonSettings {
  /** Maximum Newton iterations per step. */
  readonly maxIterations: number;
  /** Converged when ‖Δq̈‖∞ ≤ accelerationTolerance · (1 + ‖q̈‖∞) … */
  readonly accelerationTolerance: number;
  /** … or when the position correction βh²‖Δq̈‖∞ ≤ positionTolerance · (1 + ‖q‖∞). */
  readonly positionTolerance: number;
  /**
   * Modified Newton: keep the factorised Newton matrix across iterations and steps, and refactor only
   * when h changes or the corrections shrink by less than `refreshRate` per iteration.
   */
  readonly reuseFactorization: boolean;
  readonly refreshRate: number;
  /** Modified Newton: refactor at the start of a step when the previous step needed more iterations than this. */
  readonly refreshAfterIterations: number;
  /**
   * Order of the polynomial extrapolation of q̈ and λ that starts Newton (Negrut Sect. 3.5):
   * 0 = previous step's values, 1 = linear, 2 = quadratic (used once enough equal steps exist).
   */
  readonly predictorOrder: 0 | 1 | 2;
}

export const DEFAULT_NEWTON: NewtonSettings = {
  maxIterations: 25,
  accelerationTolerance: 1e-10,
  positionTolerance: 1e-14,
  reuseFactorization: true,
  refreshRate: 0.25,
  refreshAfterIterations: 3,
  predictorOrder: 2,
};

export type StepResult =
  /** errorRatio = e_q / ε (Negrut Eq. 34) when error control is on, else NaN. */
  | { readonly ok: true; readonly iterations: number; readonly errorRatio: number }
  /** rejected: Newton converged but the local error exceeded the tolerance (state unchanged). */
  | { readonly ok: false; readonly iterations: number; readonly reason: string; readonly rejected?: boolean; readonly errorRatio?: number };

/** Corrector accuracy relative to the local error tolerance (Negrut Eq. 39, c = 0.001). */
export const CORRECTOR_ACCURACY = 0.001;

export class HhtIntegrator {
  readonly beta: number;
  readonly gamma: number;
  /** State at t_n: coordinates, velocities, accelerations, multipliers. */
  readonly q: Float64Array;
  readonly qd: Float64Array;
  readonly qdd: Float64Array;
  readonly lambda: Float64Array;
  t = 0;
  /** Newton iterations since initialize(). */
  totalIterations = 0;
  /** Factorisations of the Newton matrix since initialize(). */
  totalFactorizations = 0;
  /** Step size of the current factorisation (NaN: none). */
  private factoredH = NaN;
  /** q̈ and λ of the two previous steps, for the predictor; valid while the step size stays `historyH`. */
  private readonly qddHistory: [Float64Array, Float64Array];
  private readonly lambdaHistory: [Float64Array, Float64Array];
  private historyCount = 0;
  private historyH = NaN;
  private lastIterations = 0;
  /** The success result, reused by every step so that a step allocates nothing (read it before the next step). */
  private readonly success: { ok: true; iterations: number; errorRatio: number } = { ok: true, iterations: 0, errorRatio: NaN };
  /** Y_i = max(1, max over the run of |q_i|): the error weights of Negrut Eq. 34. */
  private readonly coordinateScale: Float64Array;

  /** Unknowns of the current step and the implied q_{n+1}, q̇_{n+1}. */
  readonly qddNew: Float64Array;
  readonly lambdaNew: Float64Array;
  readonly qNew: Float64Array;
  readonly qdNew: Float64Array;

  private readonly n: number;
  private readonly m: number;
  private readonly size: number;
  private h = 0;
  private readonly forceOld: Float64Array;
  private readonly forceTmp: Float64Array;
  private readonly linear: NewtonLinearSolver;
  private readonly rhs: Float64Array;
  private readonly history: Float64Array;
  private readonly block: Float64Array = new Float64Array(16);
  private readonly block2: Float64Array = new Float64Array(16);
  private readonly scratch3 = new Float64Array(3);

  constructor(
    readonly system: AssembledSystem,
    readonly method: IntegratorMethodName,
    readonly alpha: number,
    readonly newton: NewtonSettings = DEFAULT_NEWTON,
    linearSolver?: NewtonLinearSolver,
  ) {
    ({ beta: this.beta, gamma: this.gamma } = hhtParameters(alpha));
    const n = (this.n = system.n);
    const m = (this.m = system.m);
    this.size = n + m;
    this.q = new Float64Array(n);
    this.qd = new Float64Array(n);
    this.qdd = new Float64Array(n);
    this.lambda = new Float64Array(m);
    this.qddNew = new Float64Array(n);
    this.lambdaNew = new Float64Array(m);
    this.qNew = new Float64Array(n);
    this.qdNew = new Float64Array(n);
    this.forceOld = new Float64Array(n);
    this.forceTmp = new Float64Array(n);
    this.coordinateScale = new Float64Array(n).fill(1);
    this.qddHistory = [new Float64Array(n), new Float64Array(n)];
    this.lambdaHistory = [new Float64Array(m), new Float64Array(m)];
    this.linear = linearSolver ?? new DenseNewtonSolver(this.size);
    if (this.linear.size !== this.size) throw new Error('linear solver size does not match the system');
    this.rhs = new Float64Array(this.size);
    this.history = new Float64Array(3 * system.bodyCount);
  }

  /**
   * Sets the state at t0 from positions and body velocities and computes consistent q̈, λ from the
   * acceleration-level equations [M C_qᵀ; C_q 0] [q̈; λ] = [Q; γ]. Returns false if that matrix is singular.
   */
  initialize(q0: Float64Array, qd0: Float64Array, t0: number): boolean {
    this.q.set(q0);
    this.qd.set(qd0);
    this.t = t0;
    this.coordinateScale.fill(1);
    this.updateScale();
    const { n, size, rhs, system } = this;
    const dense = new DenseNewtonSolver(size);
    system.addMassMatrix(this.q, 1, dense.accumulator);
    system.updateConstraintJacobian(this.q, t0);
    system.addJacobianBlocks(dense.accumulator, n);
    rhs.fill(0);
    system.addGeneralizedForces(this.q, this.qd, t0, 1, rhs, this.forceTmp);
    system.accelerationRhs(this.q, this.qd, t0, rhs.subarray(n));
    if (!dense.factor()) return false;
    dense.solve(rhs);
    this.qdd.set(rhs.subarray(0, n));
    this.lambda.set(rhs.subarray(n));
    this.computeForceTerm(this.q, this.qd, t0, this.lambda, this.forceOld);
    return true;
  }

  /** Builds per-step constants (h, and w of Eq. 75 for the modified method). */
  prepareStep(h: number): void {
    this.h = h;
    if (this.method !== 'modified') return;
    for (let b = 0; b < this.system.bodyCount; b++) {
      const oe = b * COORDS_PER_BODY + 3;
      modifiedVelocityHistory(h, this.gamma, this.q, this.qd, this.qdd, oe, this.history, 3 * b, this.scratch3);
    }
  }

  /** q_{n+1}, q̇_{n+1} from q̈_{n+1} (Eqs. 59-60, and Eq. 34 for Euler parameters if modified). */
  updateKinematics(qddNew: Float64Array): void {
    const { n, h, beta, gamma } = this;
    newmarkPosition(n, h, beta, this.q, this.qd, this.qdd, qddNew, this.qNew);
    if (this.method === 'classical') {
      newmarkVelocity(0, n, h, gamma, this.qd, this.qdd, qddNew, this.qdNew);
      return;
    }
    for (let b = 0; b < this.system.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      newmarkVelocity(c, 3, h, gamma, this.qd, this.qdd, qddNew, this.qdNew);
      modifiedNewmarkVelocity(h, gamma, this.history, 3 * b, this.qNew, qddNew, c + 3, this.qdNew);
    }
  }

  /** Residual of Sherif Eq. 62 and the scaled constraints (Negrut Eq. 13) at (q̈_{n+1}, λ_{n+1}) into out. */
  residual(qddNew: Float64Array, lambdaNew: Float64Array, out: Float64Array): void {
    this.updateKinematics(qddNew);
    const tNew = this.t + this.h;
    this.system.updateConstraintJacobian(this.qNew, tNew);
    this.writeResidual(qddNew, lambdaNew, tNew, out);
  }

  private writeResidual(qddNew: Float64Array, lambdaNew: Float64Array, tNew: number, out: Float64Array): void {
    const { n, alpha } = this;
    this.computeForceTermWithJacobian(this.qNew, this.qdNew, tNew, lambdaNew, out);
    const w = alpha / (1 + alpha);
    for (let i = 0; i < n; i++) out[i] -= w * this.forceOld[i];
    this.system.addMassTimes(this.qNew, qddNew, 1 / (1 + alpha), out);
    this.system.evaluateConstraints(this.qNew, tNew, out, n);
    const s = 1 / (this.beta * this.h * this.h);
    for (let i = n; i < n + this.m; i++) out[i] *= s;
  }

  /**
   * Newton matrix of Sherif Eq. 65 with the constraint rows scaled as in Negrut Eq. 12:
   * [ M/(1+α) + ((Mq̈)_q/(1+α) + (C_qᵀλ)_q − Q_q) βh² − Q_q̇ J₁ , C_qᵀ ; C_q , 0 ].
   * Expects residual() to have been called for the same q̈_{n+1} (it sets q_{n+1}, q̇_{n+1} and C_q).
   */
  jacobian(qddNew: Float64Array, lambdaNew: Float64Array, acc: MatrixAccumulator): void {
    const { alpha, beta, h, system } = this;
    const qn = this.qNew, qdn = this.qdNew, tNew = this.t + h;
    const bh2 = beta * h * h;
    system.addMassMatrix(qn, 1 / (1 + alpha), acc);
    system.addMassStiffness(qn, qddNew, bh2 / (1 + alpha), acc);
    system.addMultiplierStiffness(qn, tNew, lambdaNew, bh2, acc);
    system.addForceStiffness(qn, qdn, tNew, -bh2, acc);
    this.addVelocityTerm(qddNew, acc);
    system.addJacobianBlocks(acc, this.n);
  }

  /** −Q_q̇ J₁: only the quadratic-velocity terms depend on ė (Q_e ∋ −f2, so −Q_ė = ∂f2/∂ė). */
  private addVelocityTerm(qddNew: Float64Array, acc: MatrixAccumulator): void {
    const { h, gamma, beta, system } = this;
    for (let b = 0; b < system.bodyCount; b++) {
      const oe = b * COORDS_PER_BODY + 3;
      quadraticVelocityRateDerivative(system.inertiaOf(b), this.qNew, oe, this.qdNew, oe, this.block);
      if (this.method === 'classical') {
        for (let a = 0; a < 4; a++) {
          for (let c = 0; c < 4; c++) acc.add(oe + a, oe + c, h * gamma * this.block[4 * a + c]);
        }
        continue;
      }
      modifiedVelocityJacobian(h, beta, gamma, this.history, 3 * b, this.qNew, qddNew, oe, this.block2);
      for (let a = 0; a < 4; a++) {
        for (let c = 0; c < 4; c++) {
          let s = 0;
          for (let k = 0; k < 4; k++) s += this.block[4 * a + k] * this.block2[4 * k + c];
          acc.add(oe + a, oe + c, s);
        }
      }
    }
  }

  /** out = C_qᵀ λ − Q(q, q̇, t) (recomputes C_q). */
  private computeForceTerm(q: Float64Array, qd: Float64Array, t: number, lambda: Float64Array, out: Float64Array): void {
    this.system.updateConstraintJacobian(q, t);
    this.computeForceTermWithJacobian(q, qd, t, lambda, out);
  }

  /** out[0..n) = C_qᵀ λ − Q(q, q̇, t), using the Jacobian blocks already computed at q. */
  private computeForceTermWithJacobian(q: Float64Array, qd: Float64Array, t: number, lambda: Float64Array, out: Float64Array): void {
    out.fill(0, 0, this.n);
    this.system.addJacobianTransposeTimes(lambda, out);
    this.system.addGeneralizedForces(q, qd, t, -1, out, this.forceTmp);
  }

  /**
   * One HHT step of size h with Newton's method started from q̈_n, λ_n.
   * On success the state advances to t + h; on failure it is left at t.
   */
  /**
   * One HHT step of size h with Newton's method started from the predictor.
   * Without `tolerance`: fixed-step mode, Newton stops on the residual tolerances of `newton`.
   * With `tolerance` ε: Newton stops by the convergence-rate rule (Negrut Eq. 45) and the step is
   * accepted only if the composite local error e_q (Negrut Eqs. 25, 34) is ≤ ε.
   * On success the state advances to t + h; otherwise it is left at t.
   */
  step(h: number, tolerance?: number): StepResult {
    const { n, m, size, linear, rhs, qddNew, lambdaNew, newton } = this;
    this.prepareStep(h);
    this.predict(h);
    const bh2 = this.beta * h * h;
    const adaptive = tolerance !== undefined;
    // Negrut Eq. 45: stop when (ξ/(1−ξ))² ‖Δx‖²_q ≤ c² ψ_q / h⁴, i.e. ξ/(1−ξ) · e(Δx) ≤ c ε.
    const errorFactor = Math.abs(this.errorConstant()) * h * h / Math.sqrt(n);
    let needFactor = !newton.reuseFactorization || this.factoredH !== h
      || this.lastIterations > newton.refreshAfterIterations;
    let previous = Infinity;
    let previousWeighted = Infinity;
    for (let it = 1; it <= newton.maxIterations; it++) {
      this.totalIterations++;
      this.residual(qddNew, lambdaNew, rhs);
      if (needFactor) {
        if (!this.factorNewtonMatrix(h)) return { ok: false, iterations: it, reason: 'the Newton matrix is singular' };
        needFactor = !newton.reuseFactorization;
      }
      for (let i = 0; i < size; i++) rhs[i] = -rhs[i];
      linear.solve(rhs);
      for (let i = 0; i < n; i++) qddNew[i] += rhs[i];
      for (let i = 0; i < m; i++) lambdaNew[i] += rhs[n + i];
      const dq = maxAbs(n, rhs);
      const dl = maxAbs(m, rhs, n);
      if (!Number.isFinite(dq) || !Number.isFinite(dl)) {
        this.factoredH = NaN;
        return { ok: false, iterations: it, reason: 'Newton produced non-finite values' };
      }
      let converged: boolean;
      if (adaptive) {
        const weighted = this.weightedNorm(rhs);
        const rate = weighted / previousWeighted;
        converged = weighted === 0
          || (it >= 2 && rate < 1 && (rate / (1 - rate)) * errorFactor * weighted <= CORRECTOR_ACCURACY * tolerance);
        previousWeighted = weighted;
      } else {
        converged = dq <= newton.accelerationTolerance * (1 + maxAbs(n, qddNew))
          || bh2 * dq <= newton.positionTolerance * (1 + maxAbs(n, this.qNew));
      }
      if (converged) return this.finishStep(h, it, tolerance);
      // Modified Newton converges linearly; a slow rate means the factors are too old: refresh them.
      if (dq > newton.refreshRate * previous) needFactor = true;
      previous = dq;
    }
    this.factoredH = NaN;
    return {
      ok: false,
      iterations: newton.maxIterations,
      reason: `Newton did not converge in ${newton.maxIterations} iterations`,
    };
  }

  /** Accepts a converged step, or rejects it when its local error exceeds the tolerance. */
  private finishStep(h: number, iterations: number, tolerance?: number): StepResult {
    this.lastIterations = iterations;
    const errorRatio = tolerance === undefined ? NaN : this.localError(h) / tolerance;
    if (tolerance !== undefined && !(errorRatio <= 1)) { // NaN counts as too large
      return { ok: false, iterations, reason: 'local error above the tolerance', rejected: true, errorRatio };
    }
    this.accept(h);
    this.success.iterations = iterations;
    this.success.errorRatio = errorRatio;
    return this.success;
  }

  /**
   * β − 1/(6(1+α)): the constant of the local position error δq ≈ (β − 1/(6(1+α))) h² x, x = q̈_{n+1} − q̈_n
   * (Negrut Eqs. 24-25). For the modified method the Euler parameters follow the same position formula
   * (Sherif Eq. 33 = Eq. 17) and Sherif Sect. 8 gives the same orders, so the same estimate is used.
   */
  errorConstant(): number {
    return this.beta - 1 / (6 * (1 + this.alpha));
  }

  /** ‖x‖_q = (Σ (x_i / Y_i)²)^½ over the coordinates, Y_i = max(1, max_j |q_i,j|) (Negrut Eq. 35b). */
  private weightedNorm(x: Float64Array): number {
    let s = 0;
    for (let i = 0; i < this.n; i++) { const v = x[i] / this.coordinateScale[i]; s += v * v; }
    return Math.sqrt(s);
  }

  /** Composite local position error e_q of the converged step (Negrut Eqs. 25, 34). */
  localError(h: number): number {
    let s = 0;
    for (let i = 0; i < this.n; i++) {
      const v = (this.qddNew[i] - this.qdd[i]) / this.coordinateScale[i];
      s += v * v;
    }
    return Math.abs(this.errorConstant()) * h * h * Math.sqrt(s / this.n);
  }

  private updateScale(): void {
    for (let i = 0; i < this.n; i++) {
      const a = Math.abs(this.q[i]);
      if (a > this.coordinateScale[i]) this.coordinateScale[i] = a;
    }
  }

  /** Starts Newton from the extrapolated q̈_{n+1}, λ_{n+1} (Negrut Sect. 3.5). */
  private predict(h: number): void {
    if (h !== this.historyH) { this.historyCount = 0; this.historyH = h; }
    const order = Math.min(this.newton.predictorOrder, this.historyCount);
    extrapolate(order, this.qdd, this.qddHistory, this.qddNew);
    extrapolate(order, this.lambda, this.lambdaHistory, this.lambdaNew);
  }

  /** Assembles the Newton matrix at the current iterate and factorises it. */
  private factorNewtonMatrix(h: number): boolean {
    const { linear } = this;
    linear.zero();
    this.jacobian(this.qddNew, this.lambdaNew, linear.accumulator);
    this.totalFactorizations++;
    if (!linear.factor()) {
      this.factoredH = NaN;
      return false;
    }
    this.factoredH = h;
    return true;
  }

  /** Moves the state to t + h using the converged q̈_{n+1}, λ_{n+1}. */
  private accept(h: number): void {
    this.updateKinematics(this.qddNew);
    const tNew = this.t + h;
    const q1 = this.qddHistory[0], q2 = this.qddHistory[1], l1 = this.lambdaHistory[0], l2 = this.lambdaHistory[1];
    q2.set(q1); q1.set(this.qdd);
    l2.set(l1); l1.set(this.lambda);
    this.historyCount = Math.min(2, this.historyCount + 1);
    this.q.set(this.qNew);
    this.qd.set(this.qdNew);
    this.updateScale();
    this.qdd.set(this.qddNew);
    this.lambda.set(this.lambdaNew);
    this.t = tNew;
    this.computeForceTerm(this.q, this.qd, tNew, this.lambda, this.forceOld);
  }
}

/** out = x_n extrapolated from x_n, x_{n−1} = history[0], x_{n−2} = history[1] with the given order. */
function extrapolate(order: number, x: Float64Array, history: [Float64Array, Float64Array], out: Float64Array): void {
  const x1 = history[0], x2 = history[1];
  if (order === 0) { out.set(x); return; }
  if (order === 1) { for (let i = 0; i < x.length; i++) out[i] = 2 * x[i] - x1[i]; return; }
  for (let i = 0; i < x.length; i++) out[i] = 3 * x[i] - 3 * x1[i] + x2[i];
}

/** Initial coordinate and velocity vectors from the bodies' stated initial state (ė = ½ Lᵀ ω). */
export function initialStateVectors(system: AssembledSystem): { q: Float64Array; qd: Float64Array } {
  const q = new Float64Array(system.n);
  const qd = new Float64Array(system.n);
  const w = new Float64Array(3);
  system.model.bodies.forEach((b, i) => {
    const c = i * COORDS_PER_BODY;
    q.set(b.position, c);
    q.set(b.orientation, c + 3);
    qd.set(b.velocity, c);
    w.set(b.angularVelocity);
    eulerParameterRates(q, c + 3, w, 0, qd, c + 3);
  });
  return { q, qd };
}
