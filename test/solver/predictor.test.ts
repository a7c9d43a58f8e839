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

  it("'auto' chooses the order and predicts as comparing all five orders' max-norm errors does, to the bit", () => {
    // The comparison the kernel's choice replaced: every order's error over every component, sums in this order.
    const reference = (x: Float64Array, h: Float64Array[], available: number): { order: number; out: Float64Array } => {
      let e2 = 0, e3 = 0, e4 = 0, e5 = 0, e6 = 0;
      for (let i = 0; i < x.length; i++) {
        const [a, b, c, d, e, g5, g] = h.map((v) => v[i]), xi = x[i];
        e2 = Math.max(e2, Math.abs(3 * a - 3 * b + c - xi));
        e3 = Math.max(e3, Math.abs(4 * a - 6 * b + 4 * c - d - xi));
        e4 = Math.max(e4, Math.abs(5 * a - 10 * b + 10 * c - 5 * d + e - xi));
        e5 = Math.max(e5, Math.abs(6 * a - 15 * b + 20 * c - 15 * d + 6 * e - g5 - xi));
        e6 = Math.max(e6, Math.abs(7 * a - 21 * b + 35 * c - 35 * d + 21 * e - 7 * g5 + g - xi));
      }
      const errors = [e2, e3, e4, e5, e6];
      let order = 2, best = e2;
      for (let p = 3; p <= Math.min(6, available); p++) if (errors[p - 2] < best) { order = p; best = errors[p - 2]; }
      const weights = [[3, -3, 1], [4, -6, 4, -1], [5, -10, 10, -5, 1], [6, -15, 20, -15, 6, -1], [7, -21, 35, -35, 21, -7, 1]][order - 2];
      const out = x.map((xi, i) => weights.reduce((sum, w, j) => (j === 0 ? w * xi : sum + w * h[j - 1][i]), 0));
      return { order, out };
    };
    const bits = (v: Float64Array) => Array.from(new Uint32Array(Float64Array.from(v).buffer));
    let seed = 7;
    const random = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647 - 0.5; };
    const sequences: ((k: number, i: number) => number)[] = [
      (k, i) => Math.sin(0.3 * k + i) + 1e-9 * random(), // smooth, with noise at the history's round-off
      (k, i) => Math.sin((0.05 + 0.2 * i) * k) * (1 + i), // components of different frequencies and sizes
      (k, i) => (k - 2) ** (i % 7) + i, // polynomials: several orders exact, errors tied at zero
      (k, i) => i % 3, // constants: every order exact
      (k, i) => (k % 2 === 0 ? 1 : -1) * 1e-3 + k * k * (i + 1), // alternating noise on a parabola
      (k, i) => (k % 9 < 4 ? Math.cos(k) : k * k * 1e-2) * (i % 2 ? 1 : -3), // a switch every few steps
      () => random(), // no structure: the best order moves from step to step
    ];
    for (const size of [1, 3, 11, 119]) {
      for (const [s, value] of sequences.entries()) {
        const predictor = new ExtrapolatingPredictor(size, 'auto'), out = new Float64Array(size);
        const past: Float64Array[] = [];
        for (let k = 0; k < 40; k++) {
          const x = Float64Array.from({ length: size }, (_, i) => value(k, i));
          predictor.predict(0.1, x, out);
          if (past.length >= 4) {
            const history = Array.from({ length: 7 }, (_, j) => past[j] ?? new Float64Array(size));
            const expected = reference(x, history, past.length - 1);
            expect(predictor.lastOrder, `size ${size}, sequence ${s}, step ${k}`).toBe(expected.order);
            expect(bits(out), `size ${size}, sequence ${s}, step ${k}`).toEqual(bits(expected.out));
          }
          predictor.push(x);
          past.unshift(x);
          past.length = Math.min(past.length, 7);
        }
      }
    }
  });
});
