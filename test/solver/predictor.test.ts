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

  it('recording values without predicting builds the same table as predicting each step first', () => {
    const value = (k: number) => Float64Array.of(Math.sin(0.2 * k), Math.cos(0.7 * k) * 3, k * k);
    const both = new ExtrapolatingPredictor(3, 'auto'), pushOnly = new ExtrapolatingPredictor(3, 'auto');
    const a = new Float64Array(3), b = new Float64Array(3);
    pushOnly.predict(0.1, value(0), b); // sets the step size; the value is recorded again below (the history starts over)
    for (let k = 0; k < 20; k++) {
      both.predict(0.1, value(k), a);
      both.push(value(k)); // another vector with the same values: the table is advanced again, to the same bits
      pushOnly.push(value(k));
    }
    both.predict(0.1, value(20), a);
    pushOnly.predict(0.1, value(20), b);
    expect(Array.from(b)).toEqual(Array.from(a));
    expect(pushOnly.lastOrder).toBe(both.lastOrder);
  });

  it(`'auto' chooses the order and predicts as a plain difference table does (orders 2 … ${AUTO_MAX_ORDER}), to the bit`, () => {
    // The reference: the table ∇^0 … ∇^{AUTO_MAX_ORDER+1} of the last recorded value, one component at a time; order p's
    // error is ‖∇^{p+1} x_n‖∞, its prediction Σ_{k=p}^{0} ∇^k x_n from the highest difference down.
    const rows = AUTO_MAX_ORDER + 2;
    const tableOf = (x: Float64Array, previous: Float64Array[]) => {
      const t = [Float64Array.from(x)];
      for (let k = 1; k < rows; k++) t.push(t[k - 1].map((v, i) => v - previous[k - 1][i]));
      return t;
    };
    const reference = (t: Float64Array[], available: number): { order: number; out: Float64Array } => {
      let order = 2, best = NaN;
      for (let p = 2; p <= Math.min(AUTO_MAX_ORDER, available); p++) {
        const e = t[p + 1].reduce((m, v) => Math.max(m, Math.abs(v)), 0);
        if (p === 2 || e < best) { order = p; best = e; }
      }
      const out = t[0].map((_, i) => { let s = t[order][i]; for (let k = order - 1; k >= 0; k--) s += t[k][i]; return s; });
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
        let table = Array.from({ length: rows }, () => new Float64Array(size));
        for (let k = 0; k < 50; k++) {
          const x = Float64Array.from({ length: size }, (_, i) => value(k, i));
          predictor.predict(0.1, x, out);
          const next = tableOf(x, table);
          if (k >= 4) {
            const expected = reference(next, Math.min(k, AUTO_MAX_ORDER + 1) - 1);
            expect(predictor.lastOrder, `size ${size}, sequence ${s}, step ${k}`).toBe(expected.order);
            expect(bits(out), `size ${size}, sequence ${s}, step ${k}`).toEqual(bits(expected.out));
          }
          predictor.push(x);
          table = next;
        }
      }
    }
  });
});
