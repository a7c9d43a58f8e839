/**
 * V8 crank drive, long windows (Sherif Sect. 9.2, Figs. 8-9): the paper's qualitative result over 9 s and the
 * accuracy against a fine reference over 1 s. Moved from test/solver/v8Crank.test.ts (fast suite)
 * with the same assertions; the [0, 1] s runs at α = −0.3, h = 1e-4 are the first second of the 9 s runs
 * (a fixed-step run's rows do not depend on t_end), so each is computed once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paperModel } from '../support/paperModel';
import { runV8 } from '../solver/v8Runs';

describe('V8, α = −0.3, h = 1e-4, t ∈ [0, 9] (paper Fig. 8)', () => {
  const model = paperModel('v8-crank');
  const rows: Record<string, number[][]> = {};
  const final: Record<string, number> = {};
  const worstConstraint: Record<string, number> = {};
  const omegaAt: Record<string, number[]> = {};
  beforeAll(() => {
    for (const method of ['classical', 'modified'] as const) {
      const run = runV8(model, method, -0.3, 1e-4, 9);
      expect(run.result.status).toBe('finished');
      rows[method] = run.rows;
      final[method] = run.rows[run.rows.length - 1][1];
      worstConstraint[method] = Math.max(...run.rows.map((r) => r[3]));
      omegaAt[method] = [3, 6, 9].map((t) => run.rows[Math.round(t / 0.01)][1]);
    }
  }, 600_000);

  it('the classical crank speed ends well below the modified one (measured ratio 0.35; asserted < 0.5)', () => {
    expect(final.classical / final.modified).toBeLessThan(0.5);
    expect(final.modified).toBeGreaterThan(600);
  });

  it('the modified crank keeps accelerating under the constant torque, the classical one stalls', () => {
    const [m3, m6, m9] = omegaAt.modified, [c3, c6, c9] = omegaAt.classical;
    expect(m9 - m6).toBeGreaterThan(0.8 * (m6 - m3));
    expect(c9 - c6).toBeLessThan(0.5 * (c6 - c3));
  });

  it('position constraints stay at Newton tolerance over the whole run', () => {
    expect(worstConstraint.classical).toBeLessThan(1e-12);
    expect(worstConstraint.modified).toBeLessThan(1e-12);
  });

  it('modified (α = −0.3, h = 1e-4) stays within 1e-4 rad/s of a fine reference (α = −0.1, h = 1e-5) over [0, 1]; classical does not', () => {
    const ref = runV8(model, 'modified', -0.1, 1e-5, 1).rows;
    const firstSecond = (r: number[][]) => r.slice(0, ref.length);
    const deviation = (r: number[][]) => Math.max(...r.map((row, i) => Math.abs(row[1] - ref[i][1])));
    const modified = deviation(firstSecond(rows.modified));
    const classical = deviation(firstSecond(rows.classical));
    expect(modified).toBeLessThan(1e-4); // measured 5.8e-5 rad/s at ω(1 s) = 40.5 rad/s
    expect(classical).toBeGreaterThan(100 * modified); // measured 5.7e-2 rad/s
  }, 300_000);
});
