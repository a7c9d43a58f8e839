/**
 * The N-four-bar's shipped reference curve (a converged run at h / 8, N = 40) against a fresh 20 s run at its
 * defaults: within the library's 1e-3 (SPEC §8) at every point of the curve.
 */
import { describe, expect, it } from 'vitest';
import { HIGH_PRECISION } from '../../bench/libraryCases';
import { deviationFromShippedReference } from '../support/outputReferences';

describe('the N-four-bar\'s shipped reference curve against a run at the defaults', () => {
  it('x_B0 within 1e-3 at every point over 20 s', () => {
    const d = deviationFromShippedReference('n-four-bar', 'x_B0');
    expect(d.compared).toBe(201);
    expect(d.max).toBeLessThan(HIGH_PRECISION);
  }, 600_000);
});
