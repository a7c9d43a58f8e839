import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import '../../src/scenario/custom';
import { defaultState, defaultStateOf, readCustomModel } from '../../src/scenario/registry';
import { parseStudyArgs } from '../../src/scenario/studyArgs';
import { CONVERGENCE_DEFAULTS } from '../../src/scenario/studyDefaults';
import {
  cancelStudy, checkStudy, commandText, defaultTexts, followScenario, resultCsv, setStudyKind, stabilityFor, startStudy, studyArgv, studyStore, type StudyResult,
} from '../../src/app/studies';
import { previousNote } from '../../src/app/components/StudiesPanel';
import { logDomain, positiveRange } from '../../src/app/plotData';
import { convergenceRows, orderLabels, sweepComponent, sweepRows } from '../../src/app/studyPlot';
import type { ConvergencePoint } from '../../src/solver/studies/convergenceStudy';

describe('studies panel settings', () => {
  it('its defaults are the `sim study` defaults of each scenario (the paper figures)', () => {
    for (const scenario of ['spin', 'heavy-top', 'v8-crank'] as const) {
      for (const kind of ['convergence', 'alpha-sweep'] as const) {
        const state = defaultState(scenario);
        const fromPanel = parseStudyArgs(studyArgv(kind, state, defaultTexts(kind, { scenario: scenario })));
        const bare = parseStudyArgs([kind, '--scenario', scenario]);
        expect(fromPanel).toEqual(bare);
      }
    }
    expect(defaultTexts('convergence', { scenario: 'heavy-top' })['--steps']).toBe(CONVERGENCE_DEFAULTS['heavy-top'].steps.join(','));
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
      const fromPanel = parseStudyArgs(studyArgv('stability', defaultState(scenario), defaultTexts('stability', { scenario: scenario })));
      expect(fromPanel).toEqual(parseStudyArgs(['stability', '--scenario', scenario]));
    }
    const state = { ...defaultState('heavy-top'), methods: ['modified' as const, 'ji-xing' as const], alpha: -0.1, rho: 0.5 };
    const argv = studyArgv('stability', state, defaultTexts('stability', { scenario: 'heavy-top' }));
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
    studyStore.setState({ kind: 'convergence', texts: { ...defaultTexts('convergence', { scenario: 'heavy-top' }), '--ref-h': '1e-3' } });
    const checked = checkStudy(defaultState('heavy-top'));
    expect('error' in checked && checked.error).toMatch(/--ref-h 0\.001 must be smaller than every step/);
  });
});

/** The double pendulum of docs/examples as the page holds it once opened: its state at the defaults, with its text. */
function userModel(url?: string) {
  const text = readFileSync(resolve(__dirname, '../../docs/examples/double-pendulum.json'), 'utf8');
  const read = readCustomModel(text);
  if (!read?.ok) throw new Error('the example model does not read');
  return { text, def: read.def, state: defaultStateOf(read.def, { text, ...(url ? { url } : {}) }) };
}

describe('studies of a user model', () => {
  it('the command names the model by a link that carries it; it parses to the options of `sim study --model FILE`', () => {
    const { text, state } = userModel();
    for (const kind of ['convergence', 'alpha-sweep', 'rho-sweep', 'stability'] as const) {
      const s = kind === 'rho-sweep' ? { ...state, methods: ['generalized-alpha', 'ji-xing'] as const } : state;
      const argv = studyArgv(kind, s, defaultTexts(kind, state));
      expect(argv.slice(1, 3)).toEqual(['--url', expect.stringMatching(/^\?v=1&scenario=custom&model-data=[\w-]+$/)]);
      const fromPanel = parseStudyArgs(argv);
      const fromFile = parseStudyArgs([kind, '--model', 'double-pendulum.json', '--methods', s.methods.join(',')], { modelFiles: new Map([['double-pendulum.json', { ok: true, text }]]) });
      if (fromPanel.kind !== 'run' || fromFile.kind !== 'run') throw new Error(JSON.stringify([fromPanel, fromFile]));
      expect({ ...fromPanel.options, modelSource: '' }).toEqual({ ...fromFile.options, modelSource: '' });
      expect(fromPanel.options).toMatchObject({ scenario: 'custom', model: { text } });
    }
    // A link has `&`: the shell must not see it, so the argument is quoted.
    expect(commandText(studyArgv('stability', state, defaultTexts('stability', state)))).toMatch(/^sim study stability --url '\?v=1&scenario=custom&model-data=[\w-]+' --methods classical,modified --h-range /);
  });

  it('a hosted model is named by its URL, and the page hands its text to the parser (no second fetch)', () => {
    const { state } = userModel('https://example.org/models/double-pendulum.json');
    const argv = studyArgv('alpha-sweep', state, defaultTexts('alpha-sweep', state));
    expect(argv.slice(1, 3)).toEqual(['--url', '?v=1&scenario=custom&model=https%3A%2F%2Fexample.org%2Fmodels%2Fdouble-pendulum.json']);
    studyStore.setState({ kind: 'alpha-sweep', texts: defaultTexts('alpha-sweep', state) });
    const checked = checkStudy(state);
    expect('options' in checked && checked.options).toMatchObject({ scenario: 'custom', h: 0.0005, tEnd: 10, model: { url: 'https://example.org/models/double-pendulum.json' } });
  });

  it('its defaults come from its run: steps h … h/10, a modified reference at h/100, t_end cut to a million reference steps', () => {
    const { state } = userModel();
    expect(defaultTexts('convergence', state)).toMatchObject({
      '--steps': '0.0005,0.00025,0.0001,0.00005', '--alpha': '-0.05', '--t-end': '5', '--sample-dt': '0.0005', '--ref-h': '0.000005', '--ref-alpha': '-0.05',
    });
    expect(defaultTexts('alpha-sweep', state)).toMatchObject({ '--h': '0.0005', '--t-end': '10' });
    expect(defaultTexts('stability', state)).toMatchObject({ '--h-range': '0.00005,0.05', '--t-end': '5' });
    // The panel follows the model on screen: another model's settings are replaced by this one's defaults.
    setStudyKind('alpha-sweep', defaultState('spin'));
    followScenario(state);
    expect(studyStore.getState().texts['--h']).toBe('0.0005');
  });

  it('a stability result speaks for the user model it ran, not for another user model', () => {
    const { state, text } = userModel();
    const parsed = parseStudyArgs(['stability', '--model', 'a.json'], { modelFiles: new Map([['a.json', { ok: true, text }]]) });
    if (parsed.kind !== 'run' || parsed.options.kind !== 'stability') throw new Error('no stability options');
    const point = { method: 'modified' as const, parameter: -0.05, hMax: 1e-2, hFail: 2e-2, omega: 5, omegaH: 0.05, energyRatio: 0, constraintError: 0, failureMode: 'newton' as const, failureTime: 1, failure: 'x', stableAbove: NaN, runs: 9, ladder: [] };
    const result = { kind: 'stability' as const, options: parsed.options, points: [point] };
    expect(stabilityFor(result, state, 'modified')?.hMax).toBe(1e-2);
    const other = { ...state, model: { text: text.replace('"Double pendulum"', '"Another pendulum"') } };
    expect(stabilityFor(result, other, 'modified')).toBeNull();
  });
});

describe('the last finished table', () => {
  it('stays while a new study runs, and when it fails or is cancelled; the panel says which it is', () => {
    const parsed = parseStudyArgs(['alpha-sweep', '--scenario', 'spin', '--alpha-steps', '2']);
    if (parsed.kind !== 'run' || parsed.options.kind !== 'alpha-sweep') throw new Error('unexpected');
    const result: StudyResult = { kind: 'alpha-sweep', options: parsed.options, points: [] };
    const spin = defaultState('spin');
    studyStore.setState({ kind: 'alpha-sweep', texts: defaultTexts('alpha-sweep', spin), phase: 'done', result, error: null });
    // Starting a study keeps the table, and so does cancelling it (workers that never answer stand in for the pool).
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    vi.stubGlobal('Worker', class { postMessage() {} terminate() {} });
    try {
      startStudy(spin);
      expect(studyStore.getState()).toMatchObject({ phase: 'running', result });
      cancelStudy();
      expect(studyStore.getState()).toMatchObject({ phase: 'cancelled', result });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(previousNote(result, 'running', spin)).toBe('Previous result: it stays until the study now running finishes.');
    expect(previousNote(result, 'failed', spin)).toBe('The last study failed; this is the previous result.');
    expect(previousNote(result, 'cancelled', spin)).toBe('The last study was cancelled; this is the previous result.');
    expect(previousNote(result, 'done', spin)).toBeNull();
    expect(previousNote(result, 'done', defaultState('heavy-top'))).toBe('Previous result. It is a study of scenario spin, not of the model on screen.');
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
    expect(sweepComponent(defaultState('heavy-top').values)).toBe('y');
    expect(sweepComponent(defaultState('v8-crank').values)).toBe('x');
    // A model without an initial spin (a user's pendulum turning about z): the component the runs end with.
    const point = (finalOmega: [number, number, number]) => ({ method: 'modified' as const, alpha: -0.1, finalOmega, energyError: 0, failure: null });
    expect(sweepComponent({ L: [1] }, [point([0, 0, -0.6]), point([NaN, NaN, NaN]), point([0.01, 0, 0.5])])).toBe('z');
    expect(sweepComponent({ L: [1] })).toBe('x');
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
