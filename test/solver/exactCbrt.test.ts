/**
 * exactCbrt: the cube root from correctly rounded operations only, so the adaptive step sizes —
 * and with them a run's final row — are the same bits in Node and in every browser.
 */
import { describe, expect, it } from 'vitest';
import { exactCbrt } from '../../src/solver/integrators/exactCbrt';
import { mulberry32 } from '../support/prng';

/** Relative error allowed against Math.cbrt: a couple of ulps. */
const CBRT_TOL = 4.5e-16;

describe('exactCbrt', () => {
  it('is exact on perfect cubes and keeps the sign, zeros and non-finite values', () => {
    for (const r of [1, 2, 3, 10, 0.5, 0.125, 1e-5, 12345]) {
      expect(exactCbrt(r * r * r)).toBe(r);
      expect(exactCbrt(-r * r * r)).toBe(-r);
    }
    expect(Object.is(exactCbrt(0), 0)).toBe(true);
    expect(Object.is(exactCbrt(-0), -0)).toBe(true);
    expect(exactCbrt(Infinity)).toBe(Infinity);
    expect(exactCbrt(Number.NaN)).toBeNaN();
  });

  it('agrees with Math.cbrt to a few ulps over the whole double range', () => {
    const random = mulberry32(20261124);
    let worst = 0;
    for (let k = 0; k < 20_000; k++) {
      const x = (random() - 0.5) * 10 ** Math.floor(600 * random() - 300);
      if (x === 0) continue;
      const ref = Math.cbrt(x);
      worst = Math.max(worst, Math.abs(exactCbrt(x) - ref) / Math.abs(ref));
    }
    expect(worst).toBeLessThanOrEqual(CBRT_TOL);
  });
});
