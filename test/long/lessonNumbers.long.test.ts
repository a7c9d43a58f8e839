/**
 * The numbers each lesson step says aloud, measured on the step's own link with `sim --url` (the app runs the same
 * bits, SPEC §4), in the units its plot shows: ω in rad/s, the energy drift in % of |E₀| (E − E₀ − W in J on the
 * V8, whose E₀ is near zero), the α sweep's ωx at 10 s. A narration that drifts from its run fails here.
 */
import { describe, expect, it } from 'vitest';
import { placeFrequencies } from '../../src/app/damping';
import { NUMERICAL_DAMPING } from '../../src/app/lessons/lessons';
import { decodeShareQuery } from '../../src/scenario/url';
import { sim } from '../cli/spawnSim';

interface Run {
  readonly columns: string[];
  readonly rows: number[][];
  readonly failure: { readonly time: number } | null;
}

/** Step `n`'s link run by `sim --url` with one method, as JSON. */
async function runStep(n: number, method: string, ...extra: string[]): Promise<Run> {
  const { stdout, code } = await sim('--url', `?${NUMERICAL_DAMPING.steps[n - 1].query}`, '--method', method, '--format', 'json', ...extra);
  expect([0, 3], `step ${n} ${method}`).toContain(code);
  const json = JSON.parse(stdout) as Run;
  return { columns: json.columns, rows: json.rows, failure: json.failure ?? null };
}

function column(run: Run, name: string): number[] {
  const k = run.columns.indexOf(name);
  return run.rows.map((r) => r[k]);
}

const last = (values: readonly number[]) => values[values.length - 1];
/** The energy drift the lower plot shows: (E − E₀ − W)/|E₀| in %. */
const driftPercent = (run: Run) => column(run, 'energy_error').map((e) => (100 * e) / Math.abs(column(run, 'energy')[0]));
const said = (n: number) => NUMERICAL_DAMPING.steps[n - 1].say.join(' ');

describe('the lesson says what its runs show', () => {
  it('step 1: exact ωx 10 → 20 rad/s, modified on it, classical fails at t = 1.28 s', async () => {
    const [classical, modified] = await Promise.all([runStep(1, 'classical'), runStep(1, 'modified')]);
    const omega = column(modified, 'omega_x');
    expect(omega[0]).toBe(10);
    expect(last(omega)).toBeCloseTo(20, 9);
    expect(classical.failure?.time).toBe(1.28);
    expect(said(1)).toContain('from 10 to 20 rad/s');
    expect(said(1)).toContain(`fails at t = ${classical.failure!.time.toFixed(2)} s`);
  });

  it('step 2: classical ωy 150 → 83 rad/s in 10 s and 67 % of the energy lost; modified keeps 150 rad/s', async () => {
    const [classical, modified] = await Promise.all([runStep(2, 'classical', '--sample-dt', '0.1'), runStep(2, 'modified', '--sample-dt', '0.1')]);
    expect(last(column(classical, 't'))).toBe(10);
    expect(said(2)).toContain(`slows it to ${last(column(classical, 'omega_y')).toFixed(0)} rad/s in 10 s`);
    expect(said(2)).toContain(`keeps ${last(column(modified, 'omega_y')).toFixed(0)} rad/s`);
    expect(said(2)).toContain(`loses ${(-last(driftPercent(classical))).toFixed(0)} % of the energy`);
  });

  it('step 3: the α sweep, ωx at 10 s: modified 59.9 to 60 rad/s at every α, classical 18 to 31 rad/s', async () => {
    const { stdout } = await sim('study', 'alpha-sweep', '--url', `?${NUMERICAL_DAMPING.steps[2].query}`, '--alpha-steps', '11');
    const rows = stdout.trim().split('\n').slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(22);
    const omegas = (method: string) => rows.filter((r) => r[0] === method && r[2] !== '').map((r) => Number(r[2]));
    const modified = omegas('modified');
    expect(modified).toHaveLength(11);
    for (const w of modified) expect(['59.9', '60.0']).toContain(w.toFixed(1));
    expect(said(3)).toContain(`gives ${Math.min(...modified).toFixed(1)} to ${Math.max(...modified).toFixed(0)} rad/s at every α`);
    const classical = omegas('classical');
    expect(said(3)).toContain(`classical HHT only ${Math.min(...classical).toFixed(0)} to ${Math.max(...classical).toFixed(0)} rad/s`);
    expect(said(3)).toContain('11 values of α');
    // The two runs nearest α = 0 fail (the "more" says where).
    expect(rows.filter((r) => r[0] === 'classical' && r[2] === '').map((r) => Number(r[1]))).toEqual([-1 / 30, 0].map((a) => expect.closeTo(a, 12)));
  });

  it('step 4: ρ∞ = 0.54 at α = −0.3; at the run frequencies 8.6 and 11 rad/s ρ is still 1.000', () => {
    const { state } = decodeShareQuery(NUMERICAL_DAMPING.steps[3].query);
    expect(said(4)).toContain(`down to ${((1 + state.alpha) / (1 - state.alpha)).toFixed(2)} for the fastest`);
    for (const f of placeFrequencies([8.6, 11], state.alpha, state.h, Math.round(state.tEnd / state.h))) {
      expect(f.spectralRadius.toFixed(3)).toBe('1.000');
      expect(said(4)).toContain(`${f.omega} `);
    }
  });

  it('step 5: the V8 crank levels off at 237 rad/s (classical), reaches 686 rad/s at 9 s (modified); classical loses about 6200 J', async () => {
    const [classical, modified] = await Promise.all([runStep(5, 'classical', '--sample-dt', '0.5'), runStep(5, 'modified', '--sample-dt', '0.5')]);
    expect(last(column(classical, 't'))).toBe(9);
    const levelled = column(classical, 'omega_x');
    // Level: under 1 % more in the last 2 s (modified gains 160 rad/s meanwhile).
    expect(last(levelled) / levelled[levelled.length - 5]).toBeLessThan(1.01);
    expect(said(5)).toContain(`levels off at ${last(levelled).toFixed(0)} rad/s`);
    expect(said(5)).toContain(`reaches ${last(column(modified, 'omega_x')).toFixed(0)} rad/s at 9 s`);
    expect(said(5)).toContain(`loses about ${(Math.round(-last(column(classical, 'energy_error')) / 100) * 100).toFixed(0)} J`);
  });

  it('step 6: generalized-α and the Lie group keep ωy at 150 rad/s; classical loses 67 rad/s', async () => {
    const runs = await Promise.all(['classical', 'generalized-alpha', 'lie-group'].map((m) => runStep(6, m, '--sample-dt', '0.1')));
    const [classical, genAlpha, lie] = runs.map((r) => last(column(r, 'omega_y')));
    expect(Math.abs(genAlpha - 150)).toBeLessThan(1e-3);
    expect(lie).toBe(150);
    expect(said(6)).toContain('keep ωy at 150 rad/s');
    expect(NUMERICAL_DAMPING.steps[5].more).toContain(`classical HHT loses ${(150 - classical).toFixed(0)} rad/s`);
  });

  it('step 7: the governor shaft at about 6 rad/s; classical energy drift −0.18 % in 10 s, the other three within 0.02 %', async () => {
    const runs = await Promise.all(['classical', 'modified', 'generalized-alpha', 'lie-group'].map((m) => runStep(7, m)));
    const shaft = column(runs[0], 'omega_shaft');
    expect(shaft[0]).toBeCloseTo(2 * Math.PI, 12);
    // It swings between 5 and 6.3 rad/s as the balls move in and out (the "more").
    expect(Math.min(...shaft)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...shaft)).toBeLessThan(6.3);
    expect(said(7)).toContain('about 6 rad/s');
    const classical = driftPercent(runs[0]);
    // Falls steadily: each second lower than the one before.
    const perSecond = classical.filter((_, i) => i % 200 === 0);
    for (let k = 1; k < perSecond.length; k++) expect(perSecond[k]).toBeLessThan(perSecond[k - 1]);
    expect(said(7)).toContain(`falls steadily to ${last(classical).toFixed(2).replace('-', '−')} % in 10 s`);
    for (const run of runs.slice(1)) expect(Math.max(...driftPercent(run).map(Math.abs))).toBeLessThan(0.02);
    expect(said(7)).toContain('within 0.02 %');
  });
});
