/**
 * The one Newton driver for every `Method`: iterates on x = [q̈_{n+1}; λ_{n+1}], scales the constraint rows by
 * 1/positionSensitivity (Negrut Eqs. 12-13), keeps the factorised Newton matrix across iterations and steps
 * (modified Newton) and refreshes it when the method's matrix key changes, when convergence slows, or after a
 * step that needed many iterations. When to stop is the `ConvergencePolicy`'s decision.
 */
import type { NewtonLinearSolver } from '../linalg/newtonSolver';
import type { ConvergencePolicy, NewtonIterate } from './convergencePolicy';
import type { Method, StepState } from './method';
import type { PredictorOrder } from './predictor';
import { maxAbs } from '../linalg/dense';

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
   * Fixed-step runs: a solve whose matrix was factorised at its first iterate may stop after that one correction when
   * the contraction rate of an earlier such solve says the error it leaves meets the tolerances (residualTolerance.ts).
   */
  readonly firstCorrectionStop: boolean;
  /**
   * Order of the polynomial extrapolation of q̈ and λ that starts Newton (Negrut Sect. 3.5):
   * 0 = previous step's values, 1 = linear, 2 = quadratic (used once enough equal steps exist), 'auto' =
   * the extrapolation of order 2 … 10 that would have predicted the last step best (predictor.ts). Methods whose
   * files take only 0–2 (generalized-α) get 'auto' as 2 (methodRegistry.ts).
   */
  readonly predictorOrder: PredictorOrder;
}

export const DEFAULT_NEWTON: NewtonSettings = {
  maxIterations: 25,
  accelerationTolerance: 1e-10,
  positionTolerance: 1e-14,
  reuseFactorization: true,
  refreshRate: 0.25,
  refreshAfterIterations: 3,
  firstCorrectionStop: true,
  predictorOrder: 'auto',
};

/**
 * The driver's vector arithmetic per iteration: where its vectors live and the loops over them. `plainNewtonVectors`
 * runs them in JavaScript; a stepper's run as kernels on vectors in the model's memory (kernelNewtonVectors.ts,
 * kernels/assembly/newtonVectors.ts), with the same numbers.
 */
export interface NewtonVectors {
  /** A zeroed vector of this length (the unknowns, the right-hand side). */
  vector(length: number): Float64Array;
  /** x[from .. to) *= s. */
  scaleRange(x: Float64Array, from: number, to: number, s: number): void;
  /**
   * x[0 .. n + m) += d[0 .. n + m); into out[0 .. 4): max |d| over [0, n) and over [n, n + m), max |x| over [0, n)
   * after the addition, max |positions| over [0, n) (each NaN if one of its entries is).
   */
  correct(n: number, m: number, d: Float64Array, x: Float64Array, positions: Float64Array, out: Float64Array): void;
}

/** x[0..count) += d[offset ..] and returns max |d| over those entries (NaN if one is NaN): one pass. */
function addAndMaxAbs(count: number, d: Float64Array, offset: number, x: Float64Array, xOffset: number): number {
  let largest = 0, nan = false;
  for (let i = 0; i < count; i++) {
    const v = d[offset + i];
    x[xOffset + i] += v;
    const a = Math.abs(v);
    if (!(a <= largest)) {
      if (a !== a) nan = true;
      else largest = a;
    }
  }
  return nan ? NaN : largest;
}

/** NewtonVectors on any Float64Array, in JavaScript. */
export const plainNewtonVectors: NewtonVectors = {
  vector: (length) => new Float64Array(length),
  scaleRange(x, from, to, s) { for (let i = from; i < to; i++) x[i] *= s; },
  correct(n, m, d, x, positions, out) {
    out[0] = addAndMaxAbs(n, d, 0, x, 0);
    out[1] = addAndMaxAbs(m, d, n, x, n);
    out[2] = maxAbs(n, x);
    out[3] = maxAbs(n, positions);
  },
};

/** The iterate view handed to the policy; one object per driver, updated in place (no allocation per step). */
class Iterate implements NewtonIterate {
  iteration = 0;
  accelerationIncrement = 0;
  accelerationScale = 0;
  positionScale = 0;
  positionSensitivity = 0;
  factoredAt = 0;
  constructor(
    readonly n: number, readonly m: number, readonly qddNew: Float64Array, readonly lambdaNew: Float64Array,
    readonly increment: Float64Array, readonly positions: Float64Array,
  ) {}
}

export class NewtonDriver {
  /** The unknowns x = [q̈_{n+1}; λ_{n+1}] and views of its two parts. */
  readonly unknowns: Float64Array;
  readonly qddNew: Float64Array;
  readonly lambdaNew: Float64Array;
  /** Newton iterations and factorisations since construction. */
  totalIterations = 0;
  totalFactorizations = 0;
  /** Iterations of the last solve (on failure: where it stopped). */
  iterations = 0;
  /** Why the last solve failed. */
  failureReason = '';
  private readonly size: number;
  private readonly rhs: Float64Array;
  private readonly iterate: Iterate;
  /** The last correction's norms (NewtonVectors.correct). */
  private readonly norms: Float64Array;
  /** Matrix key of the current factorisation (NaN: none). */
  private factoredKey = NaN;
  /** Iterations of the last converged solve (for the refresh rule). */
  private lastIterations = 0;

  /** `vectors` makes the unknowns and the right-hand side and loops over them (the stepper's: in the model's kernel memory). */
  constructor(
    private readonly n: number, private readonly m: number, readonly linear: NewtonLinearSolver,
    readonly settings: NewtonSettings, private readonly method: Method,
    private readonly vectors: NewtonVectors = plainNewtonVectors,
  ) {
    this.size = n + m;
    if (linear.size !== this.size) throw new Error('linear solver size does not match the system');
    this.unknowns = vectors.vector(this.size);
    this.qddNew = this.unknowns.subarray(0, n);
    this.lambdaNew = this.unknowns.subarray(n);
    this.rhs = vectors.vector(this.size);
    this.norms = vectors.vector(4);
    this.iterate = new Iterate(n, m, this.qddNew, this.lambdaNew, this.rhs, method.qNew);
  }

  /** The method's residual at (q̈_{n+1}, λ_{n+1}) with the constraint rows scaled (Negrut Eq. 13) into out. */
  scaledResidual(
    state: StepState, h: number, stage: number, qddNew: Float64Array, lambdaNew: Float64Array, out: Float64Array,
  ): void {
    this.method.residual(state, h, qddNew, lambdaNew, out);
    this.vectors.scaleRange(out, this.n, this.size, 1 / this.method.positionSensitivity(h, stage));
  }

  /**
   * Solves stage `stage` of a step of size h from the unknowns' current values (the predictor's).
   * True when the policy accepted an iterate; false with `failureReason` otherwise.
   */
  solve(state: StepState, h: number, stage: number, policy: ConvergencePolicy): boolean {
    const { n, m, linear, rhs, unknowns, qddNew, lambdaNew, settings, iterate, vectors, norms } = this;
    const key = this.method.newtonMatrixKey(h, stage);
    iterate.positionSensitivity = this.method.positionSensitivity(h, stage);
    policy.begin(this.method, h, stage);
    let needFactor = !settings.reuseFactorization || this.factoredKey !== key
      || this.lastIterations > (policy.refreshAfterIterations ?? settings.refreshAfterIterations);
    let previous = Infinity;
    iterate.factoredAt = 0;
    for (let it = 1; it <= settings.maxIterations; it++) {
      this.totalIterations++;
      this.iterations = it;
      this.scaledResidual(state, h, stage, qddNew, lambdaNew, rhs);
      if (needFactor) {
        if (!this.factor(state, h, key)) return this.fail('the Newton matrix is singular');
        needFactor = !settings.reuseFactorization;
        iterate.factoredAt = it;
      }
      linear.solve(rhs, true);
      vectors.correct(n, m, rhs, unknowns, this.method.qNew, norms);
      const dq = norms[0];
      if (!Number.isFinite(dq) || !Number.isFinite(norms[1])) {
        this.factoredKey = NaN;
        return this.fail('Newton produced non-finite values');
      }
      iterate.iteration = it;
      iterate.accelerationIncrement = dq;
      iterate.accelerationScale = norms[2];
      iterate.positionScale = norms[3];
      if (policy.converged(iterate)) {
        this.lastIterations = it;
        return true;
      }
      // Modified Newton converges linearly; a slow rate means the factors are too old: refresh them.
      if (dq > settings.refreshRate * previous) needFactor = true;
      previous = dq;
    }
    this.factoredKey = NaN;
    return this.fail(`Newton did not converge in ${settings.maxIterations} iterations`);
  }

  /** Assembles the Newton matrix at the current iterate and factorises it. */
  private factor(state: StepState, h: number, key: number): boolean {
    const { linear } = this;
    linear.zero();
    this.method.jacobian(state, h, this.qddNew, this.lambdaNew, linear.accumulator);
    this.totalFactorizations++;
    if (!linear.factor()) {
      this.factoredKey = NaN;
      return false;
    }
    this.factoredKey = key;
    return true;
  }

  private fail(reason: string): false {
    this.failureReason = reason;
    return false;
  }
}
