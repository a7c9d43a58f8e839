/**
 * The damping scan (`sim study damping-scan`): its grids are exact decimals with the ends −1/3, 0 and 0, 1; each run
 * is the stability study's classification at one step; consecutive unstable grid values make one interval. Measured
 * on the spin (a free body, 1,000 steps a run): classical HHT's eᵀė mode stops it at α = 0 (1.28 s) and α = −0.05
 * (5.86 s) and nowhere below, modified HHT keeps eᵀė = 0 and runs at every α (SPEC §5).
 */
import { describe, expect, it } from 'vitest';
import { alphaGrid, dampingScanPoints, dampingScanRuns, gridDivisions, rhoGrid, unstableIntervals } from '../../src/solver/studies/dampingScan';
import { classifyStabilityRun, DEFAULT_STABILITY_BOUNDS, type StabilityOutcome } from '../../src/solver/studies/stabilityStudy';
import { paperModel } from '../support/paperModel';

describe('grids', () => {
  it('α from −1/3 to 0 in exact decimals; ρ∞ from 0 to 1', () => {
    const alphas = alphaGrid(0.01);
    expect(alphas.length).toBe(35);
    expect(alphas.slice(0, 3)).toEqual([-1 / 3, -0.33, -0.32]);
    expect(alphas.at(-1)).toBe(0);
    expect(Object.is(alphas.at(-1), 0)).toBe(true);
    expect(alphas).toContain(-0.07);
    expect(alphaGrid(1 / 30)).toEqual([-1 / 3, -0.3, -0.26666666666666666, -0.23333333333333334, -0.2, -1 / 6, -0.13333333333333333, -0.1, -0.06666666666666667, -0.03333333333333333, 0]);
    expect(rhoGrid(0.05)).toEqual(Array.from({ length: 21 }, (_, k) => k / 20));
    expect(rhoGrid(0.05)[3]).toBe(0.15);
  });

  it('takes steps 1/n only', () => {
    expect(gridDivisions(0.01)).toBe(100);
    expect(gridDivisions(0.05)).toBe(20);
    expect(gridDivisions(0.03)).toBeNaN();
  });
});

function outcome(stable: boolean, failureTime = NaN): StabilityOutcome {
  return { h: 1e-3, stable, mode: stable ? null : 'multiplier-oscillation', failureTime, failure: stable ? null : 'x', energyRatio: 0, constraintError: 0, omega: NaN };
}

describe('unstable intervals', () => {
  it('joins consecutive unstable grid values, in grid order, with their earliest failure', () => {
    const runs = dampingScanRuns({ methods: ['modified', 'ji-xing'], h: 1e-3, tEnd: 1, alphaStep: 0.1, rhoStep: 0.25, bounds: DEFAULT_STABILITY_BOUNDS });
    expect(runs.map((r) => [r.method, r.value])).toEqual([
      ['modified', -1 / 3], ['modified', -0.3], ['modified', -0.2], ['modified', -0.1], ['modified', 0],
      ['ji-xing', 0], ['ji-xing', 0.25], ['ji-xing', 0.5], ['ji-xing', 0.75], ['ji-xing', 1],
    ]);
    const stable = [true, true, true, false, false, false, true, true, false, false];
    const points = dampingScanPoints(runs, stable.map((s, k) => outcome(s, s ? NaN : 0.1 * (k + 1))));
    expect(unstableIntervals(points, 'modified')).toEqual([{ from: -0.1, to: 0, modes: ['multiplier-oscillation'], firstFailure: 0.4 }]);
    expect(unstableIntervals(points, 'ji-xing').map((i) => [i.from, i.to])).toEqual([[0, 0], [0.75, 1]]);
    expect(unstableIntervals(points, 'classical')).toEqual([]);
  });
});

describe('the spin, h = 0.01 s over 10 s', () => {
  it('classical HHT is unstable at α = −0.05 and 0 (the eᵀė mode), modified HHT at no α', () => {
    const model = paperModel('spin');
    const runs = dampingScanRuns({ methods: ['classical', 'modified'], h: 0.01, tEnd: 10, alphaStep: 0.05, rhoStep: 0.5, bounds: DEFAULT_STABILITY_BOUNDS });
    const points = dampingScanPoints(runs, runs.map(({ run }) => classifyStabilityRun(model, run.settings, DEFAULT_STABILITY_BOUNDS)));
    const classical = unstableIntervals(points, 'classical');
    expect(classical.map((i) => [i.from, i.to, i.modes])).toEqual([[-0.05, 0, ['euler-velocity']]]);
    expect(classical[0].firstFailure).toBeCloseTo(1.28, 10);
    expect(unstableIntervals(points, 'modified')).toEqual([]);
  });
});
