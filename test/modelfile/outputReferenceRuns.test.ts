/**
 * The reference curves shipped in the benchmark models (converged runs at h / 8) against a fresh run at each
 * model's defaults: within the library's 1e-3 (SPEC §8) at every point of the curve. The N-four-bar (81 bodies,
 * 20 s) is in test/long/outputReferences.long.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { HIGH_PRECISION } from '../../bench/libraryCases';
import { deviationFromShippedReference } from '../support/outputReferences';

describe('the shipped reference curves against a run at the defaults', () => {
  it.each([
    ['pendulum', 'x_P1'], ['andrews', 'beta'], ['bricard', 'x_P3'], ['flyball-governor', 's'],
  ] as const)('%s: %s within 1e-3 at every point', (id, output) => {
    const d = deviationFromShippedReference(id, output);
    expect(d.compared).toBeGreaterThan(100);
    expect(d.max).toBeLessThan(HIGH_PRECISION);
    // A converged curve: the run's own error, not a coarse table's, sets the deviation (docs/benchmarks.md).
    expect(d.max).toBeGreaterThan(0);
  }, 60_000);
});
