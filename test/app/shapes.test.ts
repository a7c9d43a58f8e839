import { describe, expect, it } from 'vitest';
import { boxWithInertia } from '../../src/scenario/shapes';

describe('boxWithInertia', () => {
  it('inverts the box inertia formulas', () => {
    expect(boxWithInertia(12, [2, 2, 2])).toEqual([1, 1, 1]);
    const [a, b, c] = boxWithInertia(3, [0.5, 0.3, 0.4]);
    expect((3 * (b * b + c * c)) / 12).toBeCloseTo(0.5, 12);
    expect((3 * (a * a + c * c)) / 12).toBeCloseTo(0.3, 12);
    expect((3 * (a * a + b * b)) / 12).toBeCloseTo(0.4, 12);
  });

  it('gives a flat side instead of NaN at the triangle limit', () => {
    expect(boxWithInertia(1, [1, 2, 1])[1]).toBe(0);
  });
});
