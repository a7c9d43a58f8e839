/**
 * The equations removed as dependent at the initial configuration (model/prepare.ts, SPEC §8) still hold along
 * the exact motion; a run watches how well they hold at its samples and reports the largest residual.
 */
import type { Constraint } from './types';
import { maxAbs } from '../linalg/dense';

export class RemovedEquationsMonitor {
  /** Largest |C| of the removed equations seen at a sample so far (0 when none were removed). */
  largestResidual = 0;
  /** Time of that sample, s. */
  timeOfLargest = 0;
  private readonly values: Float64Array;
  private readonly rows: number;

  constructor(readonly constraints: readonly Constraint[]) {
    this.rows = constraints.reduce((n, c) => n + c.rows, 0);
    this.values = new Float64Array(this.rows);
  }

  /** Number of removed equations. */
  get count(): number { return this.rows; }

  observe(q: Float64Array, t: number): void {
    if (this.rows === 0) return;
    let row = 0;
    for (const c of this.constraints) { c.evaluate(q, t, this.values, row); row += c.rows; }
    const r = maxAbs(this.rows, this.values);
    if (r > this.largestResidual) { this.largestResidual = r; this.timeOfLargest = t; }
  }
}
