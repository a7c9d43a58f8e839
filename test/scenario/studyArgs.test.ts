import { describe, expect, it } from 'vitest';
import { parseStudyArgs, type AlphaSweepOptions, type ConvergenceOptions, type StudyOptions } from '../../src/scenario/studyArgs';
import { CONVERGENCE_DEFAULTS, evenAlphas, MAX_STUDY_STEPS, stabilityDefaults } from '../../src/scenario/studyDefaults';
import { defaultState, getScenario, SCENARIO_IDS } from '../../src/scenario/registry';
import { MAX_STEPS } from '../../src/scenario/validate';

function options(argv: string[]): StudyOptions {
  const command = parseStudyArgs(argv);
  if (command.kind !== 'run') throw new Error(`expected a run, got ${JSON.stringify(command)}`);
  return command.options;
}

function convergence(...argv: string[]): ConvergenceOptions {
  const o = options(['convergence', ...argv]);
  if (o.kind !== 'convergence') throw new Error('expected a convergence study');
  return o;
}

function sweep(...argv: string[]): AlphaSweepOptions {
  const o = options(['alpha-sweep', ...argv]);
  if (o.kind !== 'alpha-sweep') throw new Error('expected an alpha sweep');
  return o;
}

function errorMessage(argv: string[]): string {
  const command = parseStudyArgs(argv);
  if (command.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(command)}`);
  return command.issue.message;
}

describe('parseStudyArgs: convergence', () => {
  it('defaults to the heavy top as in paper Fig. 2: α = −0.2, four steps, t_end 1, reference modified α = −0.1, h = 1e-6', () => {
    expect(convergence()).toEqual({
      kind: 'convergence',
      scenario: 'heavy-top',
      values: defaultState('heavy-top').values,
      methods: ['classical', 'modified'],
      tEnd: 1,
      format: 'csv',
      progress: false,
      alpha: -0.2,
      steps: [1e-3, 5e-4, 1e-4, 5e-5],
      sampleDt: 1e-3,
      reference: { method: 'modified', alpha: -0.1, h: 1e-6 },
      totalSteps: 1_000_000 + 2 * (1000 + 2000 + 10_000 + 20_000),
    });
  });

  it('takes per-scenario defaults: V8 as Fig. 9, spin against the exact α = 0 modified reference', () => {
    expect(convergence('--scenario', 'v8-crank')).toMatchObject({
      alpha: -0.3, steps: [1e-3, 5e-4, 1e-4, 5e-5], tEnd: 9, reference: { method: 'modified', alpha: -0.1, h: 1e-5 },
    });
    const spin = convergence('--scenario', 'spin');
    expect(spin).toMatchObject({ alpha: -0.3, reference: { method: 'modified', alpha: 0 } });
    expect(Math.max(...spin.steps)).toBe(1e-2);
    expect(Math.min(...spin.steps)).toBe(1e-3);
    const { alpha, steps, tEnd, sampleDt, reference } = CONVERGENCE_DEFAULTS.spin;
    expect(spin).toMatchObject({ alpha, steps, tEnd, sampleDt, reference });
  });

  it('reads every flag, --flag=value included, and --progress', () => {
    const o = convergence(
      '--scenario=spin', '--alpha', '-0.1', '--methods', 'modified', '--steps', '0.01,0.005', '--t-end', '0.1',
      '--sample-dt=0.01', '--ref-h', '0.001', '--ref-alpha', '-0.05', '--ref-method', 'classical', '--format', 'json', '--progress',
    );
    expect(o).toMatchObject({
      scenario: 'spin', alpha: -0.1, methods: ['modified'], steps: [0.01, 0.005], tEnd: 0.1, sampleDt: 0.01,
      reference: { method: 'classical', alpha: -0.05, h: 0.001 }, format: 'json', progress: true,
      totalSteps: 100 + 10 + 20,
    });
  });

  it('takes scenario, parameters, methods, t and alpha from --url; --set works as in sim', () => {
    const o = convergence('--url', '?scenario=spin&methods=classical&alpha=-0.1&h=0.05&t=0.5&tol=1e-3&J=1,2,2.5');
    expect(o).toMatchObject({ scenario: 'spin', methods: ['classical'], alpha: -0.1, tEnd: 0.5 });
    expect(o.values.J).toEqual([1, 2, 2.5]);
    expect(o.steps).toEqual(CONVERGENCE_DEFAULTS.spin.steps); // the link's h is not a study setting
    const s = convergence('--scenario', 'spin', '--set', 'M=1,0,0', '--set', 'alpha=-0.2', '--set', 't=2', '--url', 'J=1,1,1', '--alpha', '-0.3');
    expect(s).toMatchObject({ alpha: -0.3, tEnd: 2 });
    expect(s.values).toMatchObject({ M: [1, 0, 0], J: [1, 1, 1] });
  });

  it.each([
    [['--scenario', 'moon'], '--scenario moon is not a known scenario (spin, heavy-top, v8-crank, pendulum, n-four-bar, andrews, bricard, flyball-governor)'],
    [['--alpha', '0.1'], '--alpha 0.1 is outside [-1/3, 0]'],
    [['--ref-alpha', '-0.5'], '--ref-alpha -0.5 is outside [-1/3, 0]'],
    [['--ref-method', 'rk4'], '--ref-method rk4 is not a method (classical or modified or generalized-alpha or lie-group or ji-xing)'],
    [['--methods', 'classical,rk4'], "--methods classical,rk4: 'rk4' is not a method (use classical or modified or generalized-alpha or lie-group or ji-xing)"],
    [['--steps', '1e-3,abc'], "--steps 1e-3,abc: 'abc' is not a finite number"],
    [['--steps', '1e-3,-1e-4'], "--steps 1e-3,-1e-4: '-1e-4' must be a positive number of seconds"],
    [['--steps', '1e-3,'], '--steps 1e-3,: an entry is empty'],
    [['--steps', '1e-3,0.001'], '--steps 1e-3,0.001: 0.001 is given twice'],
    [['--steps', '3e-4'], '--sample-dt 0.001 (study default) is not a whole multiple of the step 0.0003 in --steps 3e-4'],
    [['--sample-dt', '0.0015'], '--sample-dt 0.0015 is not a whole multiple of the step 0.001 in --steps 0.001,0.0005,0.0001,0.00005 (study default)'],
    [['--t-end', '0.0105'], '--t-end 0.0105 is not a whole multiple of --sample-dt 0.001 (study default): every run must end on a common sample'],
    [['--t-end', '0.01', '--sample-dt', '0.02'], '--sample-dt 0.02 is larger than --t-end 0.01'],
    [['--ref-h', '5e-5'], '--ref-h 0.00005 must be smaller than every step; --steps 0.001,0.0005,0.0001,0.00005 (study default) includes 0.00005'],
    [['--ref-h', '2e-3', '--steps', '2e-3', '--sample-dt', '2e-3'], '--ref-h 0.002 must be smaller than every step; --steps 2e-3 includes 0.002'],
    [['--ref-h', '3e-6'], '--sample-dt 0.001 (study default) is not a whole multiple of --ref-h 0.000003'],
    [['--ref-h', '1e-8', '--t-end', '1'], '--ref-h 1e-8 with --t-end 1 needs 100000000 steps per run; the limit is 20000000'],
    [['--t-end', '0'], '--t-end 0 must be a positive number of seconds'],
    [['--h', '0.01'], 'unknown option --h (see --help)'],
    [['--alphas', '-0.1'], 'unknown option --alphas (see --help)'],
    [['--set', 'h=0.01'], '--set h=0.01: a convergence study takes its step sizes from --steps'],
    [['--set', 'tol=1e-4'], '--set tol=1e-4: studies run with fixed steps (leave tol out)'],
    [['--set', 'bogus=1'], "--set bogus=1: 'bogus' is not a parameter of scenario heavy-top (parameters: m, J, xcm, g, omega0)"],
    [['--progress=1'], '--progress takes no value (see --help)'],
    [['--format', 'xml'], '--format xml is not a format (csv or json)'],
    [['--steps'], '--steps needs a value (see --help)'],
  ])('rejects convergence %j', (argv, message) => {
    expect(errorMessage(['convergence', ...argv])).toBe(message);
  });

  it('keeps the whole study within the work limit and says where the work goes', () => {
    const message = errorMessage(['convergence', '--steps', '2e-6,1e-6,5e-7,4e-7,2.5e-7,2e-7,1.25e-7', '--ref-h', '1e-7', '--t-end', '2']);
    expect(message).toBe(
      `the study needs 112000000 steps in all (reference 20000000, runs 92000000); the limit is ${MAX_STUDY_STEPS} (5 × ${MAX_STEPS}): ` +
        'use a larger --ref-h, fewer or larger --steps, or a shorter --t-end',
    );
  });

  it('accepts decimal step lists that divide DT only up to rounding (0.0003 · 10 = 0.003)', () => {
    expect(convergence('--scenario', 'spin', '--steps', '0.0003,0.0006', '--sample-dt', '0.003', '--ref-h', '0.0001', '--t-end', '0.03').steps).toEqual([
      0.0003, 0.0006,
    ]);
  });
});

describe('parseStudyArgs: alpha-sweep', () => {
  it('defaults to 11 α from −1/3 to 0, both methods, the scenario h and t_end (V8: 15 s as Fig. 10)', () => {
    const o = sweep();
    expect(o).toMatchObject({ scenario: 'heavy-top', methods: ['classical', 'modified'], h: 1e-4, tEnd: 10, format: 'csv', progress: false });
    expect(o.alphas).toEqual(evenAlphas(11));
    expect(o.alphas).toHaveLength(11);
    expect(o.alphas[0]).toBe(-1 / 3);
    expect(o.alphas[1]).toBe(-0.3);
    expect(Object.is(o.alphas[10], 0)).toBe(true);
    expect(o.totalSteps).toBe(22 * 100_000);
    expect(sweep('--scenario', 'v8-crank')).toMatchObject({ h: 1e-4, tEnd: 15 });
    expect(sweep('--scenario', 'spin')).toMatchObject({ h: 0.01, tEnd: 10 });
  });

  it('reads --alphas, --alpha-steps (the later one wins), --h, --t-end, --methods', () => {
    const o = sweep('--scenario', 'spin', '--alphas', '-0.3,-0.1,0', '--h', '0.005', '--t-end', '0.5', '--methods', 'classical');
    expect(o).toMatchObject({ alphas: [-0.3, -0.1, 0], h: 0.005, tEnd: 0.5, methods: ['classical'], totalSteps: 300 });
    expect(sweep('--alphas', '-0.1', '--alpha-steps', '4').alphas).toEqual([-1 / 3, -2 / 9, -1 / 9, 0]);
    expect(sweep('--alpha-steps', '4', '--alphas', '-0.1').alphas).toEqual([-0.1]);
  });

  it('takes h and t from --url, not alpha', () => {
    expect(sweep('--url', '?scenario=spin&alpha=-0.1&h=0.02&t=1')).toMatchObject({ scenario: 'spin', h: 0.02, tEnd: 1, alphas: evenAlphas(11) });
    expect(sweep('--scenario', 'spin', '--set', 'h=0.02')).toMatchObject({ h: 0.02 });
  });

  it.each([
    [['--alphas', '-0.1,0.1'], "--alphas -0.1,0.1: '0.1' is outside [-1/3, 0]"],
    [['--alphas', '-0.4'], "--alphas -0.4: '-0.4' is outside [-1/3, 0]"],
    [['--alphas', 'x'], "--alphas x: 'x' is not a finite number"],
    [['--alpha-steps', '1'], '--alpha-steps 1 must be a whole number from 2 to 1000'],
    [['--alpha-steps', '2.5'], '--alpha-steps 2.5 must be a whole number from 2 to 1000'],
    [['--alpha-steps', '1e9'], '--alpha-steps 1e9 must be a whole number from 2 to 1000'],
    [['--h', '0'], '--h 0 must be a positive number of seconds'],
    [['--h', '20'], '--h 20 is larger than --t-end 10 (study default)'],
    [['--h', '1e-7'], '--h 1e-7 with --t-end 10 (study default) needs 100000000 steps per run; the limit is 20000000'],
    [
      ['--h', '1e-6', '--t-end', '5'],
      `the study needs 110000000 steps in all (22 runs of 5000000); the limit is ${MAX_STUDY_STEPS} (5 × ${MAX_STEPS}): ` +
        'use fewer α values or methods, a larger --h, or a shorter --t-end',
    ],
    [['--alpha', '-0.1'], 'unknown option --alpha (see --help)'],
    [['--set', 'alpha=-0.1'], '--set alpha=-0.1: the α sweep chooses α itself (use --alphas or --alpha-steps)'],
    [['--steps', '0.01'], 'unknown option --steps (see --help)'],
  ])('rejects alpha-sweep %j', (argv, message) => {
    expect(errorMessage(['alpha-sweep', ...argv])).toBe(message);
  });
});

describe('parseStudyArgs: stability', () => {
  function stability(...argv: string[]) {
    const o = options(['stability', ...argv]);
    if (o.kind !== 'stability') throw new Error('expected a stability study');
    return o;
  }

  it('defaults per scenario from its model file (a range where the methods meet their limits), both HHT methods at the scenario α', () => {
    expect(stability('--scenario', 'heavy-top')).toMatchObject({
      scenario: 'heavy-top', methods: ['classical', 'modified'], alpha: -0.2, hRange: [1e-4, 0.05], tEnd: 1, rtol: 0.02,
      bounds: { energy: 1, constraint: 1e-6 },
    });
    expect(stability('--scenario', 'spin')).toMatchObject({ hRange: [1e-3, 1], tEnd: 10, alpha: -0.3 });
    expect(stability('--scenario', 'v8-crank')).toMatchObject({ hRange: [5e-4, 0.05], tEnd: 9 });
    expect(stability('--scenario', 'andrews')).toMatchObject({ hRange: [1e-5, 0.01], tEnd: 0.03 });
  });

  it('every shipped model states its stability range; a model without one gets round steps from its own h', () => {
    for (const id of SCENARIO_IDS) expect(getScenario(id).document.studies?.stability, id).toBeDefined();
    const def = getScenario('andrews');
    const bare = { ...def, defaultH: 1e-5, document: { ...def.document, studies: undefined } };
    // 1e-5 / 10 · 1000 is 0.0010000000000000002 in binary floating point: the default is rounded to 3 digits.
    expect(stabilityDefaults(bare)).toMatchObject({ hRange: [1e-6, 1e-3], tEnd: 0.03 });
  });

  it('reads every flag, each method with its own parameter; --url gives alpha and rho, not h', () => {
    const o = stability(
      '--scenario', 'spin', '--methods', 'classical,ji-xing', '--alpha', '0', '--rho-inf', '0.5', '--h-range', '0.002,0.05', '--t-end', '3',
      '--rtol', '0.1', '--energy-bound', '0.5', '--constraint-bound', '1e-8',
    );
    expect(o).toMatchObject({ methods: ['classical', 'ji-xing'], alpha: 0, rho: 0.5, hRange: [0.002, 0.05], tEnd: 3, rtol: 0.1, bounds: { energy: 0.5, constraint: 1e-8 } });
    expect(stability('--url', 'v=1&scenario=spin&alpha=-0.1&h=0.05&t=2')).toMatchObject({ alpha: -0.1, tEnd: 2, hRange: [1e-3, 1] });
    expect(stability('--scenario', 'spin', '--h-range', '0.01,100', '--t-end', '2').hRange).toEqual([0.01, 2]);
  });

  it('names bad input: the range, the tolerance, a bound, h, a parameter no method takes, the work', () => {
    expect(errorMessage(['stability', '--h-range', '0.01'])).toBe('--h-range 0.01 needs two step sizes LO,HI, got 1');
    expect(errorMessage(['stability', '--h-range', '0.01,0.001'])).toBe('--h-range 0.01,0.001: LO must be smaller than HI');
    expect(errorMessage(['stability', '--rtol', '2'])).toBe('--rtol 2 must be a positive number of at most 1');
    expect(errorMessage(['stability', '--energy-bound', '0'])).toBe('--energy-bound 0 must be a positive number');
    expect(errorMessage(['stability', '--set', 'h=0.01'])).toBe('--set h=0.01: a stability study chooses h itself (use --h-range)');
    expect(errorMessage(['stability', '--set', 'norm=position'])).toBe('--set norm=position: studies run with fixed steps (leave norm out)');
    expect(errorMessage(['stability', '--methods', 'lie-group', '--alpha', '-0.1'])).toMatch(/^--alpha -0\.1: lie-group takes --rho-inf, not HHT α/);
    expect(errorMessage(['stability', '--scenario', 'v8-crank', '--h-range', '1e-7,1e-2', '--t-end', '9'])).toMatch(/^--h-range 1e-7,1e-2 with --t-end 9 needs 90000000 steps per run/);
    expect(errorMessage(['stability', '--scenario', 'v8-crank', '--h-range', '1e-6,1e-2', '--t-end', '9'])).toMatch(/^the study needs \d+ steps in all/);
  });
});

describe('parseStudyArgs: subcommands', () => {
  it('answers --help anywhere, and names a missing or unknown study', () => {
    expect(parseStudyArgs(['--help']).kind).toBe('help');
    expect(parseStudyArgs(['convergence', '--alpha', '9', '--help']).kind).toBe('help');
    // The list of studies in these messages names every subcommand.
    expect(errorMessage([])).toBe('study needs a subcommand: convergence or alpha-sweep or rho-sweep or stability or damping-scan (see sim study --help)');
    expect(errorMessage(['sweep'])).toBe("'sweep' is not a study (convergence or alpha-sweep or rho-sweep or stability or damping-scan; see sim study --help)");
  });

  it('never throws on hostile arguments', () => {
    const hostile = ['convergence', '--set', '__proto__=1', '--steps', ',,,', '--url', '%', '--alphas', '\u0000', '--steps', '1,'.repeat(5000)];
    for (let k = 0; k < hostile.length; k++) expect(() => parseStudyArgs(hostile.slice(k))).not.toThrow();
    expect(errorMessage(['convergence', '--steps', '1e-3,'.repeat(2000)])).toMatch(/^--steps 1e-3,1e-3.*…: at most 1000 entries, got 2001$/);
    expect(errorMessage(['convergence', '--set', '__proto__=1'])).toMatch(/'__proto__' is not a parameter/);
  });
});

describe('parseStudyArgs: damping scan', () => {
  function scan(...argv: string[]) {
    const o = options(['damping-scan', ...argv]);
    if (o.kind !== 'damping-scan') throw new Error('expected a damping scan');
    return o;
  }

  it('runs all five methods at the model\'s own step, α every 0.01 and ρ∞ every 0.05, with the stability study\'s bounds', () => {
    const o = scan('--scenario', 'spin');
    expect(o.methods).toEqual(['classical', 'modified', 'generalized-alpha', 'lie-group', 'ji-xing']);
    expect(o.h).toBe(0.01);
    expect(o.tEnd).toBe(10);
    expect([o.alphaStep, o.rhoStep]).toEqual([0.01, 0.05]);
    expect(o.bounds).toEqual({ energy: 1, constraint: 1e-6 });
    // 35 α values for each HHT method, 21 ρ∞ values for each of the others, 1,000 steps a run.
    expect(o.totalSteps).toBe((2 * 35 + 3 * 21) * 1000);
  });

  it('takes a link\'s h and model parameters, and refuses α or ρ∞ (the scan chooses them)', () => {
    const o = scan('--url', 'v=1&scenario=heavy-top&h=1e-3&alpha=-0.1&t=1', '--methods', 'modified');
    expect([o.scenario, o.h, o.tEnd, o.methods]).toEqual(['heavy-top', 1e-3, 1, ['modified']]);
    expect(errorMessage(['damping-scan', '--set', 'alpha=-0.1'])).toContain('the damping scan chooses α and ρ∞ itself');
    expect(errorMessage(['damping-scan', '--alpha', '-0.1'])).toMatch(/--alpha/);
  });

  it('takes grid steps 1/n only', () => {
    expect(scan('--scenario', 'spin', '--alpha-step', '0.02').alphaStep).toBe(0.02);
    expect(errorMessage(['damping-scan', '--scenario', 'spin', '--alpha-step', '0.03'])).toContain('--alpha-step 0.03 must be 1/n for a whole n');
    expect(errorMessage(['damping-scan', '--scenario', 'spin', '--rho-step', '0.6'])).toContain('--rho-step 0.6 must be 1/n');
  });
});
