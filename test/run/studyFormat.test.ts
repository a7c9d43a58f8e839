import { describe, expect, it } from 'vitest';
import { parseStudyArgs, type AlphaSweepOptions, type ConvergenceOptions, type StabilityOptions } from '../../src/scenario/studyArgs';
import { ALPHA_SWEEP_COLUMNS, CONVERGENCE_COLUMNS, formatAlphaSweep, formatConvergence, formatStability, STABILITY_COLUMNS } from '../../src/run/studyFormat';
import type { StabilityPoint } from '../../src/solver/studies/stabilityStudy';
import { progressLines } from '../../src/cli/study';
import type { AlphaSweepPoint, ConvergencePoint } from '../../src/solver/studies/convergenceStudy';

function parsed<T>(argv: string[]): T {
  const command = parseStudyArgs(argv);
  if (command.kind !== 'run') throw new Error(JSON.stringify(command));
  return command.options as T;
}

const CONVERGENCE_POINTS: ConvergencePoint[] = [
  { method: 'classical', h: 0.01, omegaError: 0.5, positionError: 0.25, omegaOrder: NaN, positionOrder: NaN, failure: null },
  { method: 'classical', h: 0.005, omegaError: NaN, positionError: NaN, omegaOrder: NaN, positionOrder: NaN, failure: 't = 0.5: Newton did not converge, "singular"' },
  { method: 'modified', h: 0.01, omegaError: 1e-7, positionError: 2e-8, omegaOrder: NaN, positionOrder: NaN, failure: null },
  { method: 'modified', h: 0.005, omegaError: 2.5e-8, positionError: 5e-9, omegaOrder: 2, positionOrder: 2, failure: null },
];

const SWEEP_POINTS: AlphaSweepPoint[] = [
  { method: 'modified', alpha: -1 / 3, finalOmega: [15, 0, 0], energyError: -1e-3, failure: null },
  { method: 'classical', alpha: 0, finalOmega: [NaN, NaN, NaN], energyError: NaN, failure: 't = 0.04: diverged' },
];

const STABILITY_POINTS: StabilityPoint[] = [
  {
    method: 'modified', parameter: -0.2, hMax: 1.81e-3, hFail: 1.83e-3, omega: 74.4, omegaH: 0.1347, energyRatio: -1e-6, constraintError: 1e-15,
    failureMode: 'multiplier-oscillation', failureTime: 0.99, failure: 'the constraint multipliers oscillate, growing', stableAbove: NaN, runs: 19, ladder: [],
  },
  {
    method: 'lie-group', parameter: 2 / 3, hMax: 0.01, hFail: NaN, omega: 75, omegaH: 0.75, energyRatio: 0, constraintError: 1e-14,
    failureMode: null, failureTime: NaN, failure: null, stableAbove: NaN, runs: 10, ladder: [],
  },
];

describe('study output', () => {
  it('stability CSV and JSON: one row per method, empty cells where nothing failed', () => {
    const options = parsed<StabilityOptions>(['stability', '--scenario', 'heavy-top', '--methods', 'modified,lie-group']);
    const csv = formatStability(options, STABILITY_POINTS).split('\n');
    expect(csv[0]).toBe(STABILITY_COLUMNS.join(','));
    expect(csv[1]).toBe('modified,-0.2,0.00181,0.00183,74.4,0.1347,-0.000001,1e-15,multiplier-oscillation,0.99,"the constraint multipliers oscillate, growing",,19');
    expect(csv[2]).toBe(`lie-group,${2 / 3},0.01,,75,0.75,0,1e-14,,,,,10`);
    const json = JSON.parse(formatStability({ ...options, format: 'json' }, STABILITY_POINTS));
    expect(json).toMatchObject({ study: 'stability', scenario: 'heavy-top', hRange: [1e-4, 5e-2], tEnd: 1, rtol: 0.02, bounds: { energy: 1, constraint: 1e-6 } });
    expect(json.rows[1]).toEqual(['lie-group', 2 / 3, 0.01, null, 75, 0.75, 0, 1e-14, null, null, null, null, 10]);
  });

  it('convergence CSV: the header, one row per run, empty cells where there is no value, failures quoted', () => {
    const options = parsed<ConvergenceOptions>(['convergence', '--scenario', 'spin']);
    expect(formatConvergence(options, CONVERGENCE_POINTS)).toBe(
      [
        CONVERGENCE_COLUMNS.join(','),
        'classical,0.01,0.5,,0.25,,',
        'classical,0.005,,,,,"t = 0.5: Newton did not converge, ""singular"""',
        'modified,0.01,1e-7,,2e-8,,',
        'modified,0.005,2.5e-8,2,5e-9,2,',
        '',
      ].join('\n'),
    );
  });

  it('convergence JSON: the settings, columns and rows with null for no value', () => {
    const options = parsed<ConvergenceOptions>(['convergence', '--scenario', 'spin', '--format', 'json']);
    const json = JSON.parse(formatConvergence(options, CONVERGENCE_POINTS));
    expect(json).toMatchObject({
      study: 'convergence', scenario: 'spin', params: { J: [1, 2, 2], M: [5, 0, 0], omega0: [10, 0, 0] },
      methods: ['classical', 'modified'], alpha: -0.3, tEnd: 1, sampleDt: 0.01, reference: options.reference, steps: options.steps,
      columns: [...CONVERGENCE_COLUMNS],
    });
    expect(json.rows[0]).toEqual(['classical', 0.01, 0.5, null, 0.25, null, null]);
    expect(json.rows[1].slice(2, 6)).toEqual([null, null, null, null]);
    expect(json.rows[1][6]).toMatch(/^t = 0\.5: /);
  });

  it('alpha-sweep CSV and JSON', () => {
    const csv = parsed<AlphaSweepOptions>(['alpha-sweep', '--scenario', 'spin', '--alphas', '-0.3,0']);
    expect(formatAlphaSweep(csv, SWEEP_POINTS)).toBe(
      [ALPHA_SWEEP_COLUMNS.join(','), `modified,${-1 / 3},15,0,0,-0.001,`, 'classical,0,,,,,t = 0.04: diverged', ''].join('\n'),
    );
    const json = JSON.parse(formatAlphaSweep({ ...csv, format: 'json' }, SWEEP_POINTS));
    expect(json).toMatchObject({ study: 'alpha-sweep', scenario: 'spin', alphas: [-0.3, 0], h: 0.01, tEnd: 10, columns: [...ALPHA_SWEEP_COLUMNS] });
    expect(json.rows).toEqual([
      ['modified', -1 / 3, 15, 0, 0, -0.001, null],
      ['classical', 0, null, null, null, null, 't = 0.04: diverged'],
    ]);
  });

  it('progress: one line per run as it starts, the reference named with its settings, then the total time', () => {
    const lines: string[] = [];
    let clock = 0;
    const options = parsed<ConvergenceOptions>(['convergence', '--scenario', 'spin']);
    const progress = progressLines((line) => lines.push(line), options, () => clock);
    progress(0, 3, 'reference');
    clock = 1500;
    progress(1, 3, 'classical, h = 0.01');
    progress(2, 3, 'modified, h = 0.01');
    clock = 2000;
    progress(3, 3, 'done');
    expect(lines).toEqual([
      'study: 1/3 reference (modified, α = 0, h = 0.0001) (0.0 s elapsed)\n',
      'study: 2/3 classical, h = 0.01 (1.5 s elapsed)\n',
      'study: 3/3 modified, h = 0.01 (1.5 s elapsed)\n',
      'study: 3/3 done in 2.0 s\n',
    ]);
  });
});
