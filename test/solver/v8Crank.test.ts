/**
 * V8 crank drive (Sherif Sect. 9.2): the energy balance and the α = 0 instability over short windows.
 * The paper's 9 s result (Fig. 8) and the accuracy against a fine reference are long checks:
 * test/long/v8Crank.long.test.ts (`npm run test:long`, part of `npm test`).
 */
import { describe, expect, it } from 'vitest';
import { paperModel } from '../support/paperModel';
import { runV8 } from './v8Runs';

const model = paperModel('v8-crank');

describe('V8 energy, t ∈ [0, 1]', () => {
  it('modified, α = −0.05: |E − E0 − W| ≤ 1e-4 J over 1 s (measured 7.2e-5 J; W = work of the crank torque)', () => {
    const { result, rows } = runV8(model, 'modified', -0.05, 1e-4, 1);
    expect(result.status).toBe('finished');
    expect(Math.max(...rows.map((r) => Math.abs(r[2])))).toBeLessThan(1e-4);
  }, 120_000);

  it('modified, α = 0: energy balance at round-off level (< 1e-6 J) until the index-3 oscillation stops the run', () => {
    const { result, rows } = runV8(model, 'modified', 0, 1e-4, 1);
    expect(result.status).toBe('failed');
    expect(result.failure!.reason).toMatch(/alternating sign/);
    expect(result.failure!.time).toBeLessThan(0.5); // measured 0.378 s
    expect(Math.max(...rows.map((r) => Math.abs(r[2])))).toBeLessThan(1e-6); // measured 8.8e-8 J
  }, 120_000);
});
