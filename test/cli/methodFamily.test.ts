/**
 * The method family on the command line and in share links (SPEC §6). Every rule has a case:
 * each method takes its own parameter (α or ρ∞), a parameter no selected method takes is bad input (exit 2 /
 * a link notice), ρ∞ ∈ [0, 1], the Lie-group method runs with a fixed step only, two to four methods in a
 * link (one kept for earlier links), and every earlier link keeps its meaning.
 */
import { describe, expect, it } from 'vitest';
import { parseSimArgs } from '../../src/cli/args';
import { helpText } from '../../src/cli/help';
import { DEFAULT_RHO, RUN_METHODS } from '../../src/scenario/methods';
import { defaultState } from '../../src/scenario/registry';
import { validateState } from '../../src/scenario/state';
import { decodeShareQuery, encodeShareQuery } from '../../src/scenario/url';
import { METHOD_NAMES } from '../../src/solver/integrators/methodRegistry';
import { methodPlan, planRun, solverSettings } from '../../src/run/plan';
import { parseStudyArgs } from '../../src/scenario/studyArgs';
import { expectBadInput, sim } from './spawnSim';

function issueOf(argv: string[]): string {
  const command = parseSimArgs(argv);
  if (command.kind !== 'error') throw new Error(`expected an input error for ${argv.join(' ')}`);
  return command.issue.message;
}

function runOf(argv: string[]) {
  const command = parseSimArgs(argv);
  if (command.kind !== 'run') throw new Error(JSON.stringify(command));
  return command.options;
}

describe('method names', () => {
  it('are the registry methods plus the Lie-group stepper, in SPEC §6 order', () => {
    expect([...RUN_METHODS].sort()).toEqual([...METHOD_NAMES, 'lie-group'].sort());
    expect(RUN_METHODS).toEqual(['classical', 'modified', 'generalized-alpha', 'lie-group', 'ji-xing']);
  });
});

describe('sim: --method, --alpha, --rho-inf', () => {
  it('runs every method with its own parameter; ρ∞ defaults to 2/3', () => {
    for (const method of RUN_METHODS) {
      const o = runOf(['--scenario', 'spin', '--method', method]);
      expect(o.method).toBe(method);
      if (method === 'classical' || method === 'modified') expect([o.alpha, o.rho]).toEqual([-0.3, undefined]);
      else expect([o.alpha, o.rho]).toEqual([undefined, DEFAULT_RHO]);
    }
    expect(runOf(['--method', 'ji-xing', '--rho-inf', '0.25']).rho).toBe(0.25);
    expect(runOf(['--method', 'lie-group', '--set', 'rho=1/2']).rho).toBe(0.5);
  });

  it('refuses a parameter the method does not take, named as written, never converted', () => {
    expect(issueOf(['--method', 'generalized-alpha', '--alpha', '-0.1'])).toMatch(/^--alpha -0.1: generalized-alpha takes --rho-inf, not HHT α/);
    expect(issueOf(['--alpha', '-0.1', '--method', 'lie-group'])).toMatch(/^--alpha -0.1: lie-group takes --rho-inf/);
    expect(issueOf(['--rho-inf', '0.5'])).toMatch(/^--rho-inf 0.5: modified takes --alpha, not ρ∞/);
    expect(issueOf(['--method', 'classical', '--set', 'rho=0.5'])).toMatch(/^--set rho=0.5: classical takes alpha, not ρ∞/);
    expect(issueOf(['--method', 'ji-xing', '--set', 'alpha=-0.2'])).toMatch(/^--set alpha=-0.2: ji-xing takes rho, not HHT α/);
  });

  it('refuses ρ∞ outside [0, 1] or not a number', () => {
    expect(issueOf(['--method', 'ji-xing', '--rho-inf', '1.5'])).toMatch(/^--rho-inf 1.5 is outside \[0, 1\]/);
    expect(issueOf(['--method', 'ji-xing', '--rho-inf', '-0.1'])).toMatch(/^--rho-inf -0.1 is outside \[0, 1\]/);
    expect(issueOf(['--method', 'ji-xing', '--rho-inf', 'NaN'])).toMatch(/^--rho-inf NaN is not a finite number$/);
    expect(issueOf(['--method', 'ji-xing', '--rho-inf', ''])).toMatch(/^--rho-inf '?'?: a number is required/);
  });

  it('refuses lie-group with --tol (fixed step only), and an unknown method', () => {
    expect(issueOf(['--method', 'lie-group', '--tol', '1e-6'])).toMatch(/^--tol: lie-group runs with a fixed step only/);
    expect(issueOf(['--method', 'newmark'])).toMatch(/^--method newmark is not a method \(classical or modified or generalized-alpha or lie-group or ji-xing\)/);
    expect(runOf(['--method', 'generalized-alpha', '--tol', '1e-6']).adaptive?.tolerance).toBe(1e-6);
  });

  it('a comparison link runs --method with the link\'s parameter of that method', () => {
    const link = '?v=1&scenario=spin&methods=ji-xing,classical&alpha=-0.2&rho=0.4';
    expect([runOf(['--url', link]).method, runOf(['--url', link]).rho]).toEqual(['ji-xing', 0.4]);
    expect(runOf(['--url', link, '--method', 'classical']).alpha).toBe(-0.2);
    expect(runOf(['--url', '?scenario=spin&methods=classical,modified']).method).toBe('modified');
  });

  it('the help lists every method and --rho-inf', () => {
    const help = helpText();
    for (const method of RUN_METHODS) expect(help).toContain(method);
    expect(help).toContain('--rho-inf R');
  });

  it('exits 2 with one stderr line as a process', async () => {
    await expectBadInput([
      [['--method', 'generalized-alpha', '--alpha', '-0.1'], /^sim: --alpha -0.1: generalized-alpha takes --rho-inf/],
      [['--rho-inf', '2', '--method', 'lie-group'], /^sim: --rho-inf 2 is outside \[0, 1\]/],
      [['--method', 'lie-group', '--tol', '1e-5'], /^sim: --tol: lie-group runs with a fixed step only/],
    ]);
  });

  it('a ρ∞ method\'s solver failure exits 3 with advice about ρ∞, not HHT\'s α', async () => {
    // Ji–Xing at ρ∞ = 1 has no high-frequency damping left and fails on the heavy top's joint (SPEC §6).
    const failed = await sim('--scenario', 'heavy-top', '--method', 'ji-xing', '--rho-inf', '1', '--t-end', '0.2', '--h', '0.001', '--sample-dt', '0.1');
    expect(failed.code).toBe(3);
    const lines = failed.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sim: solver failed at t = .*\(ρ∞ = 1\); use a smaller ρ∞ or a smaller h$/);
    expect(lines[0]).not.toContain('α');
  });

  it('writes the SPEC §3 columns for a ρ∞ method, rho in the JSON head', async () => {
    const csv = await sim('--scenario', 'spin', '--method', 'lie-group', '--t-end', '0.05', '--h', '0.01');
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('t,omega_x,omega_y,omega_z,energy,energy_error,constraint_error,iterations,h');
    expect(lines).toHaveLength(7);
    // Lie group: the spin under a constant moment is exact, ω_x = 10 + 5t.
    expect(Number(lines[6].split(',')[1])).toBeCloseTo(10.25, 12);
    const json = await sim('--scenario', 'spin', '--method', 'ji-xing', '--rho-inf', '0.5', '--t-end', '0.02', '--h', '0.01', '--format', 'json');
    const head = JSON.parse(json.stdout);
    expect([head.method, head.rho, head.alpha]).toEqual(['ji-xing', 0.5, undefined]);
  });
});

describe('share links: methods=, rho=', () => {
  it('reads two to four methods in drawing order, and one (earlier links)', () => {
    expect(decodeShareQuery('methods=ji-xing,classical,lie-group,generalized-alpha').state.methods).toEqual(['ji-xing', 'classical', 'lie-group', 'generalized-alpha']);
    expect(decodeShareQuery('methods=modified').state.methods).toEqual(['modified']);
    const five = decodeShareQuery(`methods=${RUN_METHODS.join(',')}`);
    expect(five.issues.map((i) => i.message)).toEqual(['methods=classical,modified,generalized-alpha,lie…: at most 4 methods are compared at once, got 5']);
    expect(five.state.methods).toEqual(['classical', 'modified']);
  });

  it('a parameter no listed method takes is a named notice, the key falls back, nothing is converted', () => {
    const alpha = decodeShareQuery('scenario=spin&methods=generalized-alpha,lie-group&alpha=-0.1&rho=0.3');
    expect(alpha.issues.map((i) => [i.key, i.message])).toEqual([
      ['alpha', 'alpha=-0.1: generalized-alpha, lie-group take rho, not HHT α (HHT α is for classical, modified; each method is given its own parameter, never converted)'],
    ]);
    expect([alpha.state.alpha, alpha.state.rho]).toEqual([-0.3, 0.3]);
    const rho = decodeShareQuery('scenario=spin&rho=0.5');
    expect(rho.issues.map((i) => i.key)).toEqual(['rho']);
    expect(rho.state.rho).toBeUndefined();
    expect(rho.setKeys).not.toContain('rho');
  });

  it('bad ρ∞ and lie-group with tol are named notices', () => {
    for (const [text, pattern] of [['1.01', /^rho=1.01 is outside \[0, 1\]/], ['abc', /^rho=abc is not a finite number$/], ['', /^rho=: a number is required$/]] as const) {
      const decoded = decodeShareQuery(`methods=ji-xing&rho=${text}`);
      expect(decoded.issues).toHaveLength(1);
      expect(decoded.issues[0].message).toMatch(pattern);
      expect(decoded.state.rho).toBeUndefined();
    }
    const tol = decodeShareQuery('scenario=spin&methods=modified,lie-group&tol=1e-6');
    expect(tol.issues.map((i) => i.message)).toEqual(['tol: lie-group runs with a fixed step only (no local error estimate); leave tol out']);
    expect(tol.state.tolerance).toBeUndefined();
    expect(validateState({ ...defaultState('spin'), methods: ['lie-group'], tolerance: 1e-6 }).map((i) => i.key)).toEqual(['tol']);
    expect(validateState({ ...defaultState('spin'), methods: ['ji-xing'], rho: 2 }).map((i) => i.key)).toEqual(['rho']);
  });

  it('encodes each parameter only where a listed method takes it, and reads back the same state', () => {
    const state = { ...defaultState('heavy-top'), methods: ['generalized-alpha', 'ji-xing'] as const, alpha: -0.1, rho: 0.5 };
    const query = encodeShareQuery({ ...state, methods: [...state.methods] });
    expect(query).toBe('v=1&scenario=heavy-top&methods=generalized-alpha,ji-xing&rho=0.5');
    const back = decodeShareQuery(query);
    expect(back.issues).toEqual([]);
    expect([back.state.methods, back.state.rho]).toEqual([['generalized-alpha', 'ji-xing'], 0.5]);
    expect(encodeShareQuery({ ...defaultState('spin'), methods: ['classical', 'lie-group'], alpha: -0.2, rho: DEFAULT_RHO })).toBe('v=1&scenario=spin&methods=classical,lie-group&alpha=-0.2');
  });

  it('every earlier link keeps its meaning: no ρ∞, the same α for the HHT methods', () => {
    for (const link of ['scenario=spin&alpha=-0.1&t=0.5', 'scenario=heavy-top&methods=classical', 'scenario=v8-crank&methods=classical,modified&alpha=-0.3&tol=1e-4']) {
      const { state, issues } = decodeShareQuery(link);
      expect(issues).toEqual([]);
      expect(state.rho).toBeUndefined();
      const planned = planRun(state);
      if (!planned.ok) throw new Error(planned.issue.message);
      for (const m of planned.plan.methods) expect(m).toEqual({ method: m.method, alpha: state.alpha });
    }
  });

  it('the plan gives each method its own parameter and the solver settings carry it', () => {
    const { state } = decodeShareQuery('scenario=spin&methods=classical,generalized-alpha,lie-group&alpha=-0.2&rho=0.4&t=0.1');
    expect(state.methods.map((m) => methodPlan(m, state))).toEqual([
      { method: 'classical', alpha: -0.2 }, { method: 'generalized-alpha', rho: 0.4 }, { method: 'lie-group', rho: 0.4 },
    ]);
    const planned = planRun(state);
    if (!planned.ok) throw new Error(planned.issue.message);
    const [hht, ga, lie] = planned.plan.methods.map((m) => solverSettings(planned.plan, m));
    expect([hht.method, 'alpha' in hht && hht.alpha, 'rho' in hht ? hht.rho : undefined]).toEqual(['classical', -0.2, undefined]);
    expect([ga.method, 'rho' in ga && ga.rho]).toEqual(['generalized-alpha', 0.4]);
    expect(lie).toEqual({ method: 'lie-group', rhoInf: 0.4, h: 0.01, tEnd: 0.1, sampleEvery: 1 });
  });
});

describe('studies', () => {
  // Studies run the family (test/cli/familyStudies.test.ts), so the former refusal by name
  // ("studies run classical and modified HHT only so far") is gone; what stays refused by name is a ρ∞ method in
  // the α sweep (and an HHT method in the ρ∞ sweep), which would have no parameter to sweep.
  it('run any method in a convergence study; a sweep refuses by name a method that does not take its parameter', () => {
    for (const argv of [['convergence', '--methods', 'classical,ji-xing'], ['convergence', '--ref-method', 'generalized-alpha'], ['rho-sweep', '--methods', 'lie-group']]) {
      expect(parseStudyArgs(argv).kind).toBe('run');
    }
    const parsed = parseStudyArgs(['alpha-sweep', '--methods', 'lie-group']);
    expect(parsed.kind).toBe('error');
    if (parsed.kind === 'error') expect(parsed.issue.message).toMatch(/the alpha-sweep runs classical, modified only; lie-group takes the other parameter \(use rho-sweep\)$/);
  });
});
