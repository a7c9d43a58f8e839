/**
 * Newton's starting values (Negrut Sect. 3.5): the extrapolation of each order is exact on polynomials of
 * that degree, and 'auto' picks among the orders 2 … AUTO_MAX_ORDER the one that would have predicted the last
 * value best.
 */
import { describe, expect, it } from 'vitest';
import { AUTO_MAX_ORDER, ExtrapolatingPredictor, type PredictorOrder } from '../../src/solver/integrators/predictor';

/** Feeds x_0 … x_k (each a 2-vector from f) as a run of equal steps and returns the prediction of x_{k+1}. */
function predictAfter(order: PredictorOrder, f: (k: number) => number, k: number, h = 0.1): Float64Array {
  const p = new ExtrapolatingPredictor(2, order);
  const out = new Float64Array(2);
  const x = (j: number) => Float64Array.from([f(j), -2 * f(j)]);
  for (let j = 0; j < k; j++) {
    p.predict(h, x(j), out);
    p.push(x(j));
  }
  p.predict(h, x(k), out);
  return out;
}

describe('ExtrapolatingPredictor', () => {
  it('order 0, 1, 2 reproduce constants, lines and parabolas', () => {
    expect(Array.from(predictAfter(0, () => 3, 5))).toEqual([3, -6]);
    expect(Array.from(predictAfter(1, (k) => 2 * k + 1, 5))).toEqual([13, -26]);
    expect(Array.from(predictAfter(2, (k) => k * k - k, 5))).toEqual([30, -60]);
  });

  it("'auto' is exact on a cubic (it chooses the cubic extrapolation)", () => {
    const cubic = (k: number) => k * k * k - 2 * k;
    expect(Array.from(predictAfter('auto', cubic, 6))).toEqual([cubic(7), -2 * cubic(7)]);
    expect(predictAfter(2, cubic, 6)[0]).not.toBe(cubic(7));
  });

  it(`'auto' is exact on polynomials up to degree AUTO_MAX_ORDER = ${AUTO_MAX_ORDER} once the history holds enough points`, () => {
    for (let degree = 2; degree <= AUTO_MAX_ORDER; degree++) {
      const poly = (k: number) => (k - 1) ** degree + 3 * k;
      const k = degree + 3; // x_0 … x_k: the history x_{k−1} … x_{k−degree−1} and one more to choose by
      expect(Array.from(predictAfter('auto', poly, k)), `degree ${degree}`).toEqual([poly(k + 1), -2 * poly(k + 1)]);
    }
    const beyond = (k: number) => k ** (AUTO_MAX_ORDER + 1);
    expect(predictAfter('auto', beyond, AUTO_MAX_ORDER + 4)[0]).not.toBe(beyond(AUTO_MAX_ORDER + 5));
  });

  it("'auto' keeps the quadratic extrapolation where alternating noise in the history would make the cubic worse", () => {
    const noisy = (k: number) => k * k + 1e-3 * (k % 2 === 0 ? 1 : -1);
    expect(Array.from(predictAfter('auto', noisy, 6))).toEqual(Array.from(predictAfter(2, noisy, 6)));
  });

  it("'auto' uses lower orders until four equal steps exist, and starts over when h changes", () => {
    const cubic = (k: number) => k * k * k;
    expect(Array.from(predictAfter('auto', cubic, 3))).toEqual(Array.from(predictAfter(2, cubic, 3)));
    const p = new ExtrapolatingPredictor(1, 'auto');
    const out = new Float64Array(1);
    for (let j = 0; j < 6; j++) { p.predict(0.1, Float64Array.of(cubic(j)), out); p.push(Float64Array.of(cubic(j))); }
    p.predict(0.05, Float64Array.of(cubic(6)), out);
    expect(out[0]).toBe(cubic(6));
  });
});
