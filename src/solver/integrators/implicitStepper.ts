/**
 * Runs any `Method` step by step: owns the state at t_n (q, q̇, q̈, λ), finds consistent start values, runs
 * the method's stages through the one `NewtonDriver`, and commits or discards the result. It knows no
 * integration formula. Fixed-step use: `step(h)`; error control wraps it (adaptiveStepper.ts) via
 * `solve` → (error test) → `accept` or `reject`.
 */
import type { AssembledSystem } from '../model/assembly';
import { copyVector } from '../linalg/dense';
import type { NewtonLinearSolver } from '../linalg/newtonSolver';
import { newtonSolverFor } from '../model/newtonStructure';
import type { ConvergencePolicy } from './convergencePolicy';
import { ErrorWeights } from './errorWeights';
import type { Method, StepState } from './method';
import { DEFAULT_NEWTON, NewtonDriver, type NewtonSettings } from './newtonDriver';
import { KernelNewtonVectors } from './kernelNewtonVectors';

/** The kernel acceptState's table: n, m and nine pointers (kernels/assembly/stepState.ts). */
const STATE_TABLE = 11;
import { ResidualTolerancePolicy } from './residualTolerance';

export type StepResult =
  /** errorRatio = e / ε when error control is on, else NaN. */
  | { readonly ok: true; readonly iterations: number; readonly errorRatio: number }
  /** rejected: Newton converged but the step failed a test of the caller's (state unchanged). */
  | { readonly ok: false; readonly iterations: number; readonly reason: string; readonly rejected?: boolean; readonly errorRatio?: number };

export class ImplicitStepper implements StepState {
  /** State at t_n: coordinates, velocities, accelerations, multipliers. */
  readonly q: Float64Array;
  readonly qd: Float64Array;
  readonly qdd: Float64Array;
  readonly lambda: Float64Array;
  t = 0;
  readonly driver: NewtonDriver;
  /** Y weights of the error norms, raised by every accepted state. */
  readonly weights: ErrorWeights;
  /** The Newton stop of `step(h)`: NewtonSettings' residual tolerances. */
  readonly residualPolicy: ResidualTolerancePolicy;
  /** The success result, reused by every step so that a step allocates nothing (read it before the next step). */
  private readonly success: { ok: true; iterations: number; errorRatio: number } = { ok: true, iterations: 0, errorRatio: NaN };
  /** The start system's solver and right-hand side, made on first use. */
  private startSolver: NewtonLinearSolver | null = null;
  private startRhs: Float64Array | null = null;
  /** The kernel acceptState's table (stateTable). */
  private readonly acceptTable: Int32Array | null;

  constructor(
    readonly system: AssembledSystem,
    readonly method: Method,
    readonly newton: NewtonSettings = DEFAULT_NEWTON,
    linearSolver?: NewtonLinearSolver,
  ) {
    const { n, m } = system;
    // In the model's kernel memory, with the driver's unknowns and right-hand side: the kernels read them in place.
    this.q = system.kernelVector(n);
    this.qd = system.kernelVector(n);
    this.qdd = system.kernelVector(n);
    this.lambda = system.kernelVector(m);
    this.weights = new ErrorWeights(n, (l) => system.kernelVector(l));
    // The stop after one full Newton step for one-stage methods only: on Ji–Xing's three sub-steps it let the heavy top's
    // ω_y, constant in the exact motion, drift 1.9e-6 rad/s over 0.5 s where it held 7e-9 (h = 1e-4).
    this.residualPolicy = new ResidualTolerancePolicy(
      newton.accelerationTolerance, newton.positionTolerance, newton.firstCorrectionStop && method.stageCount === 1,
    );
    this.driver = new NewtonDriver(n, m, linearSolver ?? newtonSolverFor(system, true), newton, method,
      new KernelNewtonVectors(system.kernelMemory, (l) => system.kernelVector(l)));
    this.acceptTable = this.stateTable();
  }

  /**
   * The table of the kernel acceptState (kernels/assembly/stepState.ts): n, m and the pointers of the vectors it moves,
   * or null when one of them is outside the model's memory (accept then copies in JavaScript).
   */
  private stateTable(): Int32Array | null {
    const { system, method, driver, weights } = this;
    const vectors = [method.qNew, method.qdNew, driver.unknowns, this.q, this.qd, this.qdd, this.lambda, weights.position, weights.velocity];
    const pointers = vectors.map((v) => system.kernelMemory.pointerOf(v));
    if (pointers.some((p) => p < 0) || system.kernelMemory.free < 4 * STATE_TABLE + 8) return null;
    const table = system.kernelMemory.i32(STATE_TABLE);
    table.set([system.n, system.m, ...pointers]);
    return table;
  }

  /** The unknowns of the current step (q̈_{n+1}, λ_{n+1}) and the implied q_{n+1}, q̇_{n+1}. */
  get qddNew(): Float64Array { return this.driver.qddNew; }
  get lambdaNew(): Float64Array { return this.driver.lambdaNew; }
  get qNew(): Float64Array { return this.method.qNew; }
  get qdNew(): Float64Array { return this.method.qdNew; }
  /** Newton iterations and factorisations since construction. */
  get totalIterations(): number { return this.driver.totalIterations; }
  get totalFactorizations(): number { return this.driver.totalFactorizations; }

  /**
   * Sets the state at t0 from positions and body velocities and computes consistent q̈, λ from the
   * acceleration-level equations [M C_qᵀ; C_q 0] [q̈; λ] = [Q; γ]. Returns false if that matrix is singular.
   */
  initialize(q0: Float64Array, qd0: Float64Array, t0: number): boolean {
    this.q.set(q0);
    this.qd.set(qd0);
    this.t = t0;
    this.weights.reset();
    this.weights.observe(this.q, this.qd);
    return this.restart();
  }

  /**
   * Starts the method afresh from the current q, q̇, t: consistent q̈, λ from the acceleration-level equations
   * and the method's own state from them, discarding its history (predictor, old force terms), and with it a
   * parasitic oscillation carried in q̈ and λ. Returns false if the matrix is singular (state then unchanged).
   */
  restart(): boolean {
    const { system, q, qd, t } = this;
    const { n, m } = system;
    const solver = (this.startSolver ??= newtonSolverFor(system));
    const rhs = (this.startRhs ??= new Float64Array(n + m));
    solver.zero();
    rhs.fill(0);
    system.addMassMatrix(q, 1, solver.accumulator);
    system.updateConstraintJacobian(q, t);
    system.addJacobianBlocks(solver.accumulator, n);
    system.addGeneralizedForces(q, qd, t, 1, rhs);
    system.accelerationRhs(q, qd, t, rhs.subarray(n));
    if (!solver.factor()) return false;
    solver.solve(rhs);
    this.qdd.set(rhs.subarray(0, n));
    this.lambda.set(rhs.subarray(n));
    this.method.initialize(this);
    return true;
  }

  /**
   * Solves a step of size h (every stage of the method) with the given Newton stop; the result waits in
   * qNew, qdNew, qddNew, lambdaNew for `accept` or `reject`. False (with driver.failureReason) if Newton failed;
   * the state at t_n is then unchanged.
   */
  solve(h: number, policy: ConvergencePolicy): boolean {
    const { method, driver } = this;
    for (let stage = 0; stage < method.stageCount; stage++) {
      method.beginStage(this, h, stage);
      method.predict(this, h, stage, driver.qddNew, driver.lambdaNew);
      if (!driver.solve(this, h, stage, policy)) {
        method.reject();
        return false;
      }
      method.endStage(this, h, stage, driver.qddNew, driver.lambdaNew);
    }
    return true;
  }

  /** Moves the state to t + h using the solved step. */
  accept(h: number): void {
    const { method, driver } = this;
    if (method.acceptStep) method.acceptStep(this, h, driver.qddNew, driver.lambdaNew);
    else {
      method.updateKinematics(this, h, driver.qddNew);
      method.accept(this, h, driver.qddNew, driver.lambdaNew);
    }
    if (this.acceptTable) this.system.kernelMemory.kernels.acceptState(this.acceptTable.byteOffset);
    else {
      const { n, m } = this.system;
      copyVector(n, method.qNew, this.q);
      copyVector(n, method.qdNew, this.qd);
      this.weights.observe(this.q, this.qd);
      copyVector(n, driver.qddNew, this.qdd);
      copyVector(m, driver.lambdaNew, this.lambda);
    }
    this.t += h;
  }

  /** Discards the solved step (state stays at t_n). */
  reject(): void { this.method.reject(); }

  /**
   * One fixed step of size h, Newton stopping on the residual tolerances of `newton`.
   * On success the state advances to t + h; on failure it is left at t.
   */
  step(h: number): StepResult {
    if (!this.solve(h, this.residualPolicy)) {
      return { ok: false, iterations: this.driver.iterations, reason: this.driver.failureReason };
    }
    this.accept(h);
    this.success.iterations = this.driver.iterations;
    this.success.errorRatio = NaN;
    return this.success;
  }
}
