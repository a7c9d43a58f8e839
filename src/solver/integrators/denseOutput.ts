/**
 * Dense output for error-controlled runs: the state anywhere inside the last accepted step [t_n, t_{n+1}],
 * so steps may run past sample times. Positions by the cubic Hermite interpolant through (q_n, q̇_n) and
 * (q_{n+1}, q̇_{n+1}); velocities by its time derivative. Order: on data from one smooth curve the error is
 * O(h⁴) in q and O(h³) in q̇ (a third-order interpolant; test/solver/denseOutput.test.ts measures both). HHT's
 * q_{n+1} and q̇_{n+1} agree with one smooth curve only to O(h³) per step (Newmark's β, γ differ from the
 * trapezoidal ¼, ½), so on a run the interpolated q̇ (and ω) is second order, O(h²), as the method itself —
 * sampling does not lower the run's order, but its error constant is larger than at the step ends
 * (measured on the spin: about 10× at the same tolerance).
 */
export class DenseOutput {
  /** State at the start of the step being taken. */
  private readonly q0: Float64Array;
  private readonly qd0: Float64Array;
  private t0 = 0;

  constructor(readonly n: number) {
    this.q0 = new Float64Array(n);
    this.qd0 = new Float64Array(n);
  }

  /** Records the state at t_n before a step is attempted. */
  begin(q: Float64Array, qd: Float64Array, t: number): void {
    this.q0.set(q);
    this.qd0.set(qd);
    this.t0 = t;
  }

  /**
   * q(t), q̇(t) for t ∈ [t_n, t_{n+1}] from the step's end state (q1, q̇1 at t1) into qOut, qdOut.
   * @example dense.begin(q, qd, t); (step to t1); dense.evaluate(q, qd, t1, tSample, qs, qds);
   */
  evaluate(q1: Float64Array, qd1: Float64Array, t1: number, t: number, qOut: Float64Array, qdOut: Float64Array): void {
    hermite(this.n, this.q0, this.qd0, this.t0, q1, qd1, t1, t, qOut, qdOut);
  }
}

/** Cubic Hermite interpolant of (x0, v0) at t0 and (x1, v1) at t1 and its derivative at t, entries [0, n). */
export function hermite(
  n: number, x0: Float64Array, v0: Float64Array, t0: number, x1: Float64Array, v1: Float64Array, t1: number,
  t: number, xOut: Float64Array, vOut: Float64Array,
): void {
  const h = t1 - t0;
  const s = (t - t0) / h, s2 = s * s, s3 = s2 * s;
  const a0 = 2 * s3 - 3 * s2 + 1, b0 = (s3 - 2 * s2 + s) * h, a1 = 3 * s2 - 2 * s3, b1 = (s3 - s2) * h;
  const da0 = (6 * s2 - 6 * s) / h, db0 = 3 * s2 - 4 * s + 1, da1 = -da0, db1 = 3 * s2 - 2 * s;
  for (let i = 0; i < n; i++) {
    xOut[i] = a0 * x0[i] + b0 * v0[i] + a1 * x1[i] + b1 * v1[i];
    vOut[i] = da0 * x0[i] + db0 * v0[i] + da1 * x1[i] + db1 * v1[i];
  }
}
