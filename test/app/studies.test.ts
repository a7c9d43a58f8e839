import { describe, expect, it } from 'vitest';
import { defaultState } from '../../src/scenario/registry';
import { parseStudyArgs } from '../../src/scenario/studyArgs';
import { CONVERGENCE_DEFAULTS } from '../../src/scenario/studyDefaults';
import { checkStudy, commandText, defaultTexts, resultCsv, stabilityFor, studyArgv, studyStore, type StudyResult } from '../../src/app/studies';
import { logDomain, positiveRange } from '../../src/app/plotData';
import { convergenceRows, orderLabels, sweepComponent, sweepRows } from '../../src/app/studyPlot';
import type { ConvergencePoint } from '../../src/solver/studies/convergenceStudy';

describe('studies panel settings', () => {
  it('its defaults are the `sim study` defaults of each scenario (the paper figures)', () => {
    for (const scenario of ['spin', 'heavy-top', 'v8-crank'] as const) {
      for (const kind of ['convergence', 'alpha-sweep'] as const) {
        const state = defaultState(scenario);
        const fromPanel = parseStudyArgs(studyArgv(kind, state, defaultTexts(kind, scenario)));
        const bare = parseStudyArgs([kind, '--scenario', scenario]);
        expect(fromPanel).toEqual(bare);
      }
    }
    expect(defaultTexts('convergence', 'heavy-top')['--steps']).toBe(CONVERGENCE_DEFAULTS['heavy-top'].steps.join(','));
  });

  it('passes the scenario parameters and methods as the command would, and shows that command', () => {
    const state = { ...defaultState('spin'), methods: ['modified' as const], values: { ...defaultState('spin').values, M: [3, 0, 0] } };
    const argv = studyArgv('alpha-sweep', state, { '--alpha-steps': '3', '--h': '', '--t-end': '1' });
    expect(argv).toEqual(['alpha-sweep', '--scenario', 'spin', '--methods', 'modified', '--set', 'M=3,0,0', '--alpha-steps', '3', '--t-end', '1']);
    expect(commandText(argv)).toBe('sim study alpha-sweep --scenario spin --methods modified --set M=3,0,0 --alpha-steps 3 --t-end 1');
    const parsed = parseStudyArgs(argv);
    expect(parsed.kind === 'run' && parsed.options.values.M).toEqual([3, 0, 0]);
  });

  it('the stability study runs the compared methods with the app’s α and ρ∞, its defaults those of `sim study stability`', () => {
    for (const scenario of ['spin', 'heavy-top', 'v8-crank'] as const) {
      const fromPanel = parseStudyArgs(studyArgv('stability', defaultState(scenario), defaultTexts('stability', scenario)));
      expect(fromPanel).toEqual(parseStudyArgs(['stability', '--scenario', scenario]));
    }
    const state = { ...defaultState('heavy-top'), methods: ['modified' as const, 'ji-xing' as const], alpha: -0.1, rho: 0.5 };
    const argv = studyArgv('stability', state, defaultTexts('stability', 'heavy-top'));
    expect(commandText(argv)).toBe(
      'sim study stability --scenario heavy-top --methods modified,ji-xing --alpha -0.1 --rho-inf 0.5 --h-range 0.0001,0.05 --t-end 1 --rtol 0.02 --energy-bound 1 --constraint-bound 0.000001',
    );
  });

  it('a stability result speaks for the state only with the same model and the method’s own parameter', () => {
    const parsed = parseStudyArgs(['stability', '--scenario', 'heavy-top', '--methods', 'classical,modified']);
    if (parsed.kind !== 'run' || parsed.options.kind !== 'stability') throw new Error('no stability options');
    const point = (method: 'classical' | 'modified') => ({
      method, parameter: -0.2, hMax: 1e-3, hFail: 2e-3, omega: 75, omegaH: 0.075, energyRatio: 0, constraintError: 0,
      failureMode: 'newton' as const, failureTime: 0.5, failure: 'x', stableAbove: NaN, runs: 12, ladder: [],
    });
    const result = { kind: 'stability' as const, options: parsed.options, points: [point('classical'), point('modified')] };
    const state = defaultState('heavy-top');
    expect(stabilityFor(result, state, 'modified')?.hMax).toBe(1e-3);
    expect(stabilityFor(result, { ...state, alpha: -0.1 }, 'modified')).toBeNull();
    expect(stabilityFor(result, { ...state, values: { ...state.values, m: [10] } }, 'modified')).toBeNull();
    expect(stabilityFor(result, defaultState('spin'), 'modified')).toBeNull();
    expect(stabilityFor(result, state, 'ji-xing')).toBeNull();
    expect(stabilityFor(null, state, 'modified')).toBeNull();
  });

  it('refuses bad settings with the command’s message', () => {
    studyStore.setState({ kind: 'convergence', texts: { ...defaultTexts('convergence', 'heavy-top'), '--ref-h': '1e-3' } });
    const checked = checkStudy(defaultState('heavy-top'));
    expect('error' in checked && checked.error).toMatch(/--ref-h 0\.001 must be smaller than every step/);
  });
});

describe('study plots', () => {
  const point = (method: 'classical' | 'modified', h: number, e: number, order: number): ConvergencePoint => ({
    method, h, omegaError: e, positionError: e / 10, omegaOrder: order, positionOrder: order, failure: null,
  });
  const points = [point('classical', 1e-3, 1, NaN), point('classical', 1e-4, 0.1, 1), point('modified', 1e-3, 1e-2, NaN), point('modified', 1e-4, NaN, NaN)];

  it('puts both methods on one log–log grid and labels each segment with its order', () => {
    expect(convergenceRows(points, 'omega')).toEqual([{ x: 1e-4, classical: 0.1 }, { x: 1e-3, classical: 1, modified: 1e-2 }]);
    const labels = orderLabels(points, 'omega');
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ method: 'classical', order: 1 });
    expect(labels[0].x).toBeCloseTo(Math.sqrt(1e-7), 15);
    // The study axes use the time plots' log domain (one copy): decades around the values.
    expect(logDomain(positiveRange([3e-4, 2e-2]))).toEqual([1e-4, 1e-1]);
    expect(logDomain(positiveRange([]))).toEqual([1e-6, 1]);
  });

  it('plots the α sweep’s final ω about the spin axis, or the energy error', () => {
    expect(sweepComponent('heavy-top', defaultState('heavy-top').values)).toBe('y');
    expect(sweepComponent('v8-crank', defaultState('v8-crank').values)).toBe('x');
    const sweep = [{ method: 'modified' as const, alpha: -0.1, finalOmega: [1, 2, 3] as const, energyError: -4, failure: null }];
    expect(sweepRows(sweep, 'omega', 'y')).toEqual([{ x: -0.1, modified: 2 }]);
    expect(sweepRows(sweep, 'energy', 'y')).toEqual([{ x: -0.1, modified: -4 }]);
  });

  it('exports the CSV `sim study` prints', () => {
    const parsed = parseStudyArgs(['convergence', '--scenario', 'spin']);
    if (parsed.kind !== 'run' || parsed.options.kind !== 'convergence') throw new Error('unexpected');
    const result: StudyResult = { kind: 'convergence', options: parsed.options, points };
    expect(resultCsv(result).split('\n')[0]).toBe('method,h,omega_error,omega_order,position_error,position_order,failure');
    expect(resultCsv(result).split('\n')[2]).toBe('classical,0.0001,0.1,1,0.01,1,');
  });
});
