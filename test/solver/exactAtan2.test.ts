/**
 * exactAtan2 (src/solver/rotation/exactAtan2.ts): the same bits on every engine (IEEE-exact operations only), within
 * 5e-16 relative of Math.atan2 everywhere, and Math.atan2's special values.
 */
import { describe, expect, it } from 'vitest';
import { exactAtan2 } from '../../src/solver/rotation/exactAtan2';
import { mulberry32 } from '../support/prng';

describe('exactAtan2', () => {
  it('agrees with Math.atan2 to 5e-16 relative (two units in the last place) over random points of every quadrant and scale', () => {
    const rand = mulberry32(7);
    let worst = 0;
    for (let k = 0; k < 200_000; k++) {
      const scale = 10 ** (Math.floor(rand() * 40) - 20);
      const y = (rand() * 2 - 1) * scale * (rand() < 0.1 ? 1e-12 : 1);
      const x = (rand() * 2 - 1) * scale * (rand() < 0.1 ? 1e-12 : 1);
      const want = Math.atan2(y, x);
      const got = exactAtan2(y, x);
      const error = Math.abs(got - want) / Math.max(Math.abs(want), 1e-300);
      worst = Math.max(worst, error);
    }
    console.log(`exactAtan2: largest relative difference from Math.atan2 over 200,000 points: ${worst.toExponential(2)}`);
    expect(worst).toBeLessThan(5e-16);
  });

  it('is exact where the angle is a simple fraction of π, and keeps Math.atan2\'s special values', () => {
    expect(exactAtan2(1, 1)).toBe(Math.PI / 4);
    expect(exactAtan2(0, -1)).toBe(Math.PI);
    expect(exactAtan2(-0, -1)).toBe(-Math.PI);
    expect(exactAtan2(1, 0)).toBe(Math.PI / 2);
    expect(exactAtan2(-1, 0)).toBe(-Math.PI / 2);
    const special = [0, -0, 1, -1, Infinity, -Infinity, NaN, 5e-324, -5e-324, 1e308];
    for (const y of special) {
      for (const x of special) {
        const want = Math.atan2(y, x);
        const got = exactAtan2(y, x);
        if (Number.isNaN(want)) expect(got, `(${y}, ${x})`).toBeNaN();
        else if (want === 0 || !Number.isFinite(want) || Math.abs(want) === Math.PI / 2 || Math.abs(want) === Math.PI) expect(Object.is(got, want), `(${y}, ${x}): ${got} vs ${want}`).toBe(true);
        else expect(Math.abs(got - want), `(${y}, ${x})`).toBeLessThanOrEqual(4e-16 * Math.abs(want) + 1e-323);
      }
    }
  });
});
