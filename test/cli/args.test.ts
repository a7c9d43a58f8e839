import { describe, expect, it } from 'vitest';
import { parseSimArgs, type SimOptions } from '../../src/cli/args';
import { defaultState } from '../../src/scenario/registry';
import { MAX_STEPS } from '../../src/scenario/validate';

function options(argv: string[]): SimOptions {
  const command = parseSimArgs(argv);
  if (command.kind !== 'run') throw new Error(`expected a run, got ${JSON.stringify(command)}`);
  return command.options;
}

function errorMessage(argv: string[]): string {
  const command = parseSimArgs(argv);
  if (command.kind !== 'error') throw new Error(`expected an error, got ${command.kind}`);
  return command.issue.message;
}

describe('parseSimArgs', () => {
  it('fills every default: heavy-top, modified, the scenario run defaults, DT = h, csv', () => {
    const { plan, ...figures } = options([]);
    expect(plan.steps).toEqual({ kind: 'fixed', h: 1e-4, count: 100_000 });
    expect(figures).toEqual({
      scenario: 'heavy-top',
      method: 'modified',
      alpha: -0.2,
      h: 1e-4,
      tEnd: 10,
      sampleDt: 1e-4,
      sampleEvery: 1,
      values: defaultState('heavy-top').values,
      format: 'csv',
    });
    expect(options(['--scenario', 'spin'])).toMatchObject({ alpha: -0.3, h: 0.01, tEnd: 10 });
  });

  it('reads --flag value and --flag=value, negative numbers included', () => {
    const a = options(['--scenario', 'spin', '--alpha', '-0.1', '--h', '0.005', '--t-end', '1', '--method', 'classical']);
    const b = options(['--scenario=spin', '--alpha=-0.1', '--h=0.005', '--t-end=1', '--method=classical']);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ alpha: -0.1, h: 0.005, tEnd: 1, method: 'classical' });
  });

  it('reads --set vectors and scalars, and the link keys alpha, h, t, methods', () => {
    const o = options(['--set', 'omega0=0,100,-4', '--set', 'm=20', '--set', 'alpha=-0.05', '--set', 't=2', '--set', 'methods=classical']);
    expect(o.values.omega0).toEqual([0, 100, -4]);
    expect(o.values.m).toEqual([20]);
    expect(o).toMatchObject({ alpha: -0.05, tEnd: 2, method: 'classical' });
  });

  it('computes sampleEvery = round(DT / h), tolerating decimal rounding', () => {
    expect(options(['--scenario', 'spin', '--sample-dt', '0.03']).sampleEvery).toBe(3);
    expect(options(['--h', '1e-4', '--sample-dt', '0.01']).sampleEvery).toBe(100);
  });

  it('--url sets what the link sets; a one-method link selects the method', () => {
    const o = options(['--url', 'https://x.org/?v=1&scenario=spin&methods=classical&alpha=-0.1&J=1,2,2.5']);
    expect(o).toMatchObject({ scenario: 'spin', method: 'classical', alpha: -0.1, h: 0.01 });
    expect(o.values.J).toEqual([1, 2, 2.5]);
    expect(options(['--url', 'scenario=spin']).method).toBe('modified');
  });

  it('--url accepts and ignores the view-only keys embed=on and projector=on (SPEC §4)', () => {
    const plain = 'https://x.org/hht/?v=1&scenario=heavy-top&alpha=-0.1&t=0.3';
    const embedded = options(['--url', `${plain}&embed=on`]);
    expect(embedded).toEqual(options(['--url', plain]));
    expect(embedded).toMatchObject({ scenario: 'heavy-top', alpha: -0.1, tEnd: 0.3 });
    expect(options(['--url', `${plain}&projector=on&embed=on&component=x`])).toEqual(embedded);
  });

  it('later flags override --url; earlier flags survive where the link is silent', () => {
    const o = options(['--h', '0.02', '--alpha', '-0.05', '--url', '?scenario=spin&alpha=-0.1', '--set', 'J=1,1,1']);
    expect(o).toMatchObject({ scenario: 'spin', alpha: -0.1, h: 0.02 });
    expect(o.values.J).toEqual([1, 1, 1]);
    expect(options(['--url', 'scenario=spin&alpha=-0.1', '--alpha', '-0.2']).alpha).toBe(-0.2);
  });

  // An adaptive run's h_max and initial step no longer depend on the sample grid
  // (they were DT and DT / ceil(DT / h)); both default to the run plan's, as in the web app.
  it('--tol switches to adaptive stepping with h_min = t_end / MAX_STEPS and the cap h_max = max(h, DT) by default', () => {
    const o = options(['--scenario', 'spin', '--tol', '1e-6', '--sample-dt', '0.1']);
    expect(o).toMatchObject({ h: 0.01, sampleDt: 0.1, sampleEvery: 10, adaptive: { tolerance: 1e-6, errorNorm: 'position-velocity', hMin: 10 / MAX_STEPS, hMax: 0.1 } });
    expect(options(['--scenario', 'spin']).adaptive).toBeUndefined();
    const bounded = options(['--scenario', 'spin', '--tol=1e-4', '--h-min', '1e-5', '--h-max', '0.05', '--sample-dt', '0.1']);
    expect(bounded.adaptive).toEqual({ tolerance: 1e-4, errorNorm: 'position-velocity', hMin: 1e-5, hMax: 0.05 });
    expect(options(['--scenario', 'spin', '--tol', '1e-6', '--sample-dt', '0.001']).adaptive?.hMax).toBe(0.01);
  });

  it('--error-norm chooses what the tolerance controls; a v1 link\'s adaptive run keeps the position norm', () => {
    expect(options(['--scenario', 'spin', '--tol', '1e-6', '--error-norm', 'position']).adaptive?.errorNorm).toBe('position');
    expect(options(['--scenario', 'spin', '--set', 'tol=1e-6', '--set', 'norm=position']).adaptive?.errorNorm).toBe('position');
    expect(options(['--url', 'v=1&scenario=spin&tol=1e-3']).adaptive?.errorNorm).toBe('position');
    expect(options(['--url', 'v=2&scenario=spin&tol=1e-3']).adaptive?.errorNorm).toBe('position-velocity');
    expect(options(['--url', 'v=1&scenario=spin&tol=1e-3', '--error-norm', 'position-velocity']).adaptive?.errorNorm).toBe('position-velocity');
    expect(options(['--url', 'v=2&scenario=spin&tol=1e-3&norm=position']).adaptive?.errorNorm).toBe('position');
  });

  it('refuses a norm without a tolerance, and an unknown norm, naming them', () => {
    expect(parseSimArgs(['--scenario', 'spin', '--error-norm', 'position'])).toEqual({
      kind: 'error', issue: { key: '--error-norm', message: '--error-norm applies to adaptive runs only: give --tol too (or leave --error-norm out)' },
    });
    expect(parseSimArgs(['--tol', '1e-4', '--error-norm', 'velocity'])).toEqual({
      kind: 'error', issue: { key: '--error-norm', message: '--error-norm velocity is not an error norm (position or position-velocity)' },
    });
  });

  it('adaptive: the initial step is h as given, whatever DT; without --sample-dt the rows are the web app\'s', () => {
    const o = options(['--scenario', 'spin', '--tol', '1e-6', '--h', '0.03', '--sample-dt', '0.1']);
    expect(o.h).toBe(0.03);
    expect(o.sampleEvery * o.h).toBeCloseTo(0.1, 15);
    const web = options(['--scenario', 'spin', '--tol', '1e-6', '--h', '1e-4', '--t-end', '10']);
    expect(web).toMatchObject({ h: 1e-4, sampleDt: 10 / 1999, adaptive: { hMax: 10 / 1999 } });
  });

  it('reads tol from --set and --url; later flags override it', () => {
    expect(options(['--scenario', 'spin', '--set', 'tol=1e-5']).adaptive?.tolerance).toBe(1e-5);
    expect(options(['--url', '?scenario=spin&tol=1e-3']).adaptive?.tolerance).toBe(1e-3);
    expect(options(['--url', '?scenario=spin&tol=1e-3', '--tol', '1e-7']).adaptive?.tolerance).toBe(1e-7);
  });

  it('--help wins over everything else', () => {
    expect(parseSimArgs(['--alpha', '9', '--help']).kind).toBe('help');
  });

  it.each([
    [['--scenario', 'moon'], '--scenario moon is not a known scenario (spin, heavy-top, v8-crank, pendulum, n-four-bar, andrews, bricard, flyball-governor)'],
    [['--scenario', 'spin', '--set', 'm=1'], "--set m=1: 'm' is not a parameter of scenario spin (parameters: J, M, omega0)"],
    [['--alpha', 'NaN'], '--alpha NaN is not a finite number'],
    [['--alpha', '0.5'], '--alpha 0.5 is outside [-1/3, 0]'],
    [['--h', '0'], '--h 0 must be a positive number of seconds'],
    [['--h=-1e-3'], '--h -1e-3 must be a positive number of seconds'],
    [['--t-end', 'Infinity'], '--t-end Infinity is not a finite number'],
    [['--scenario', 'spin', '--h', '2', '--t-end', '1'], '--h 2 is larger than --t-end 1'],
    [['--h', '1e-8'], '--h 1e-8 with --t-end 10 needs 1000000000 steps; the limit is 20000000'],
    [['--scenario', 'spin', '--sample-dt', '0.015'], '--sample-dt 0.015 is not a whole multiple of --h 0.01'],
    [['--scenario', 'spin', '--sample-dt', '0.001'], '--sample-dt 0.001 is not a whole multiple of --h 0.01'],
    [['--scenario', 'spin', '--t-end', '0.05', '--sample-dt', '0.1'], '--sample-dt 0.1 is larger than --t-end 0.05'],
    [['--set', 'J=1,2'], '--set J=1,2: J needs 3 comma-separated numbers, got 2'],
    [['--set', 'J=1,1,5'], '--set J=1,1,5 violates the triangle inequality of principal inertias: Jx + Jy = 2 < Jz = 5'],
    [['--set', 'J'], '--set J must have the form NAME=VALUE'],
    [['--method', 'rk4'], '--method rk4 is not a method (classical or modified or generalized-alpha or lie-group or ji-xing)'],
    [['--format', 'xml'], '--format xml is not a format (csv or json)'],
    [['--alpha'], '--alpha needs a value (see --help)'],
    [['--frobnicate'], 'unknown option --frobnicate (see --help)'],
    [['spin'], "unexpected argument 'spin' (see --help)"],
    [['--url', 'scenario=spin&alpha=0.9'], '--url: alpha=0.9 is outside [-1/3, 0]'],
    [['--url', 'scenario=spin&bogus=1'], "--url: unknown key 'bogus' (scenario spin has parameters J, M, omega0)"],
    [['--url', 'scenario=heavy-top&m=20', '--scenario', 'spin'], "--url m=20: 'm' is not a parameter of scenario spin (parameters: J, M, omega0)"],
    [['--tol', '0.5'], '--tol 0.5: the local error tolerance must lie in [1e-12, 0.1] (leave it out for a fixed step)'],
    [['--tol', '0'], '--tol 0: the local error tolerance must lie in [1e-12, 0.1] (leave it out for a fixed step)'],
    [['--tol', 'NaN'], '--tol NaN is not a finite number'],
    [['--tol', '1e309'], '--tol 1e309 is not a finite number'],
    [['--set', 'tol=-1'], '--set tol=-1: the local error tolerance must lie in [1e-12, 0.1] (leave it out for a fixed step)'],
    [['--url', 'tol=1'], '--url: tol=1: the local error tolerance must lie in [1e-12, 0.1] (leave it out for a fixed step)'],
    [['--tol', '1e-6', '--h', '1e-8'], '--h 1e-8: the initial step is below the smallest step 5e-7 s allowed with --t-end 10 (limit 20000000 steps)'],
    [['--h-min', '1e-6'], '--h-min applies to adaptive runs only: give --tol too (or leave --h-min out)'],
    [['--h-max', '1e-2'], '--h-max applies to adaptive runs only: give --tol too (or leave --h-max out)'],
    [['--tol', '1e-6', '--h-min', '0'], '--h-min 0 must be a positive number of seconds'],
    [['--tol', '1e-6', '--h-max', '-1'], '--h-max -1 must be a positive number of seconds'],
    [['--tol', '1e-6', '--h-min', 'x'], '--h-min x is not a finite number'],
    [
      ['--tol', '1e-6', '--h-min', '1e-9'],
      '--h-min 1e-9 with --t-end 10 allows 10000000000 steps; the limit is 20000000 (use --h-min ≥ 5e-7)',
    ],
    [
      ['--tol', '1e-6', '--sample-dt', '0.01', '--h-min', '0.01', '--h-max', '0.001'],
      '--h-min 0.01 must be smaller than --h-max 0.001',
    ],
    [['--tol', '1e-6', '--h-min', '1e-3'], '--h 0.0001 (scenario default): the initial step is smaller than --h-min 0.001'],
    [['--tol', '1e-6', '--sample-dt', '0.01', '--h-min', '1e-3', '--h-max', '1e-3'], '--h-min 0.001 must be smaller than --h-max 0.001'],
    [
      ['--tol', '1e-6', '--sample-dt', '0.01', '--h-min', '1e-3'],
      '--h 0.0001 (scenario default): the initial step is smaller than --h-min 0.001',
    ],
    [
      ['--tol', '1e-6', '--sample-dt', '0.01', '--h', '0.005', '--h-max', '1e-3'],
      '--h 0.005: the initial step is larger than --h-max 0.001',
    ],
    [
      ['--scenario', 'spin', '--tol', '1e-6', '--sample-dt', '0.1', '--h', '0.03', '--h-min', '0.031', '--h-max', '0.05'],
      '--h 0.03: the initial step is smaller than --h-min 0.031',
    ],
    [
      ['--scenario', 'spin', '--tol', '1e-6', '--h', '0.03', '--h-min', '0.031'],
      '--sample-dt 0.03 (default max(--h, t_end / 1999)) is smaller than --h-min 0.031',
    ],
    [['--scenario', 'spin', '--tol', '1e-6', '--t-end', '0.05', '--sample-dt', '0.1'], '--sample-dt 0.1 is larger than --t-end 0.05'],
    [['--scenario', 'spin', '--tol', '1e-6', '--sample-dt', '1e-7'], '--sample-dt 1e-7 is smaller than --h-min 5e-7 (default t_end / MAX_STEPS)'],
  ])('rejects %j', (argv, message) => {
    expect(errorMessage(argv)).toBe(message);
  });

  it('never throws on hostile arguments', () => {
    const hostile = ['--set', '__proto__=1', '--set', '=', '--url', '%', '--alpha', '\u0000', '--set', 'J=' + '9,'.repeat(10_000)];
    for (let k = 0; k < hostile.length; k++) expect(() => parseSimArgs(hostile.slice(k))).not.toThrow();
    expect(errorMessage(['--set', '__proto__=1'])).toMatch(/'__proto__' is not a parameter/);
  });
});
