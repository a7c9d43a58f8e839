/**
 * Detects the weak instability of HHT with α = 0 on index-3 constraints: the multipliers pick up a
 * (−1)ⁿ oscillation that grows from step to step (Cardona & Géradin 1989, Sherif ref. [9]).
 * Signature: consecutive increments Δλ_n = λ_n − λ_{n−1} point in opposite directions and grow,
 * for `window` steps in a row, until the oscillation is a visible part of λ.
 */
import type { AssembledSystem } from '../model/assembly';

export class MultiplierOscillationMonitor {
  private readonly previous: Float64Array;
  private readonly increment: Float64Array;
  private previousIncrementNorm = 0;
  private steps = 0;
  private streak = 0;

  constructor(system: AssembledSystem, readonly window = 40, readonly relativeSize = 1e-2) {
    this.previous = new Float64Array(system.m);
    this.increment = new Float64Array(system.m);
  }

  /** Feeds the multipliers after a step; returns a reason when the oscillation is established. */
  observe(lambda: Float64Array): string | null {
    const { previous, increment } = this;
    let dot = 0, norm2 = 0, scale2 = 0;
    for (let i = 0; i < lambda.length; i++) {
      const d = lambda[i] - previous[i];
      dot += d * increment[i];
      norm2 += d * d;
      scale2 += lambda[i] * lambda[i];
      increment[i] = d;
      previous[i] = lambda[i];
    }
    const norm = Math.sqrt(norm2);
    const alternatingAndGrowing = this.steps >= 2 && dot < 0 && norm > this.previousIncrementNorm;
    this.streak = alternatingAndGrowing ? this.streak + 1 : 0;
    this.previousIncrementNorm = norm;
    this.steps++;
    if (this.streak >= this.window && norm > this.relativeSize * Math.sqrt(scale2)) {
      return 'the joint multipliers oscillate with alternating sign and growing amplitude '
        + '(weak instability of HHT with α = 0 on index-3 constraints); use α < 0';
    }
    return null;
  }
}
