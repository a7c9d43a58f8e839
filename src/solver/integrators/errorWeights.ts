/**
 * The weights of the error norms (Negrut Eq. 35b): Y_i = max(1, max over the run of |q_i|), and the same for
 * the velocities q̇_i, so each entry is measured absolutely below 1 and relatively above.
 */
export class ErrorWeights {
  readonly position: Float64Array;
  readonly velocity: Float64Array;

  /** `vector`: where the weights live (a stepper's: the model's kernel memory, where it raises them in one call). */
  constructor(readonly n: number, vector: (length: number) => Float64Array = (length) => new Float64Array(length)) {
    this.position = vector(n).fill(1);
    this.velocity = vector(n).fill(1);
  }

  /** Forgets the run so far. */
  reset(): void {
    this.position.fill(1);
    this.velocity.fill(1);
  }

  /** Takes the accepted state's |q_i|, |q̇_i| into the maxima. */
  observe(q: Float64Array, qd: Float64Array): void {
    raiseTo(this.position, q);
    raiseTo(this.velocity, qd);
  }

  /** ‖x‖_q = (Σ (x_i / Y_i)²)^½ over the n coordinates (Negrut Eq. 35b without the 1/n). */
  positionNorm(x: Float64Array): number { return Math.sqrt(weightedSquares(this.n, x, this.position)); }

  /** The same with the velocity weights. */
  velocityNorm(x: Float64Array): number { return Math.sqrt(weightedSquares(this.n, x, this.velocity)); }

  /** (Σ (x_i / Y_i)² / n)^½: the root mean square of the weighted positions (Negrut Eq. 35b). */
  positionRms(x: Float64Array): number { return Math.sqrt(weightedSquares(this.n, x, this.position) / this.n); }

  /** The same with the velocity weights. */
  velocityRms(x: Float64Array): number { return Math.sqrt(weightedSquares(this.n, x, this.velocity) / this.n); }
}

function raiseTo(scale: Float64Array, x: Float64Array): void {
  for (let i = 0; i < scale.length; i++) {
    const a = Math.abs(x[i]);
    if (a > scale[i]) scale[i] = a;
  }
}

function weightedSquares(n: number, x: Float64Array, y: Float64Array): number {
  let s = 0;
  for (let i = 0; i < n; i++) { const v = x[i] / y[i]; s += v * v; }
  return s;
}
