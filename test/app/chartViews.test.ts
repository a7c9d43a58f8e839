import { describe, expect, it } from 'vitest';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { defaultState, getScenario } from '../../src/scenario/registry';
import type { ScenarioState } from '../../src/scenario/types';
import { beforeBlowUp, BLOW_UP_SAMPLES, chartQuantity, chartSummary, chartsShown, chartView, failureMarkText, LOWER_PLOT_LABELS, referencePoints } from '../../src/app/chartViews';
import { COLUMN } from '../../src/app/plotData';
import type { MethodResults } from '../../src/app/runs';
import { LOWER_PLOTS } from '../../src/app/store';
import { Float64Builder } from '../../src/run/float64Builder';
import { SERIES_WIDTH } from '../../src/worker/protocol';

/** Results whose series c holds the (t, value) pairs given for it. */
function fakeResults(pairs: Partial<Record<keyof typeof COLUMN, number[]>>): MethodResults {
  const series = Array.from({ length: SERIES_WIDTH }, () => new Float64Builder());
  for (const [name, values] of Object.entries(pairs)) series[COLUMN[name as keyof typeof COLUMN]].append(values!);
  const rows = new Float64Builder();
  const row = new Array(SAMPLE_WIDTH).fill(0);
  row[COLUMN.energy] = 10;
  rows.append(row);
  return {
    runId: 1, state: defaultState('heavy-top'), def: getScenario('heavy-top'), totalSteps: 2, coordinates: 7, primaryBody: 0, facts: { outputs: [], constraints: 0, preparation: { moved: [], removed: [] }, warnings: [] }, width: SAMPLE_WIDTH, series, rows, poses: new Float64Builder(),
    exportRows: new Float64Builder(), exportStride: 1, head: new Float64Array(0), finalRow: null, finalPose: null,
  };
}

describe('chart views of the lower plots', () => {
  const res = fakeResults({
    euler_norm_drift: [0, 0, 1, 1e-15, 2, 4e-15],
    constraint_error: [0, 1e-14, 1, 2e-14, 2, 0],
    velocity_constraint_error: [0, 0, 1, 1e-6, 2, 3e-6],
    angular_momentum_z: [0, -70, 1, -69.9, 2, -69.5],
    euler_velocity: [0, 0, 1, 2e-12, 2, 5e-9],
    energy_error: [0, 0, 1, -1, 2, -2],
  });
  const view = (kind: Parameters<typeof chartView>[0]) => chartView(kind, 'modified', ['modified'], 'y', { modified: res }, res.state, 'modified HHT');

  it('labels every lower plot', () => {
    for (const kind of LOWER_PLOTS) expect(LOWER_PLOT_LABELS[kind]).toBeTruthy();
  });

  it('plots the Euler-norm drift with eᵀė and both constraint residuals on log axes, zeros left out', () => {
    const norm = view('norm');
    expect(norm.ticks).toBeDefined();
    expect(norm.second).toMatchObject({ axis: 'left', name: 'velocity-level |eᵀė|' });
    expect(norm.data).toEqual([{ t: 0 }, { t: 1, v: 1e-15, w: 2e-12 }, { t: 2, v: 4e-15, w: 5e-9 }]);
    expect(norm.domain[1]).toBeGreaterThanOrEqual(5e-9);
    const constraints = view('constraints');
    expect(constraints.second).toMatchObject({ axis: 'left' });
    expect(constraints.data).toEqual([{ t: 0, v: 1e-14 }, { t: 1, v: 2e-14, w: 1e-6 }, { t: 2, w: 3e-6 }]);
    // One domain for both lines.
    expect(constraints.domain[0]).toBeLessThanOrEqual(1e-14);
    expect(constraints.domain[1]).toBeGreaterThanOrEqual(3e-6);
  });

  it('plots L_z − L_z(0) and the energy drift in per cent of |E0|', () => {
    expect(view('momentum').data.map((p) => p.v)).toEqual([0, -69.9 + 70, -69.5 + 70]);
    expect(view('energy').data.map((p) => p.v)).toEqual([0, -10, -20]);
  });

  it('summarises a chart in one sentence of key numbers', () => {
    expect(chartSummary(view('energy'))).toBe('modified HHT energy drift ((E−E₀−W)/|E₀| (%)), t = 0 … 2 s: from 0 to -20, min -20, max 0.');
    expect(chartSummary(view('constraints'))).toContain('velocity |C_q q̇ + C_t| max 0.000003');
    expect(chartSummary(chartView('norm', 'classical', ['classical'], 'y', {}, res.state, 'classical HHT'))).toBe('classical HHT Euler-norm drift: no data yet.');
  });
});

describe('chart view of a model output with a reference curve', () => {
  /** Results of the flyball governor whose output s (series SERIES_WIDTH) holds the pairs given. */
  function governorResults(state: ScenarioState, pairs: number[]): MethodResults {
    const res = fakeResults({});
    const series = [...res.series, new Float64Builder(), new Float64Builder()];
    series[SERIES_WIDTH].append(pairs);
    const facts = { ...res.facts, outputs: [{ name: 's', unit: 'm' }, { name: 'omega_shaft', unit: 'rad/s' }] };
    return { ...res, state, def: getScenario(state.scenario), facts, series };
  }
  const view = (state: ScenarioState, output: string) => {
    const res = governorResults(state, [0, 0.5, 1, 0.6]);
    return chartView('output', 'modified', ['modified'], 'z', { modified: res }, state, 'modified HHT', { output });
  };

  it('gives the model file\'s curve of s up to t_end, on the run\'s axis', () => {
    const state = defaultState('flyball-governor');
    const points = getScenario('flyball-governor').outputReferences!.s.points!;
    const v = view(state, 's');
    expect(v.reference).toEqual(points.map(([t, value]) => ({ t, v: value })));
    const values = points.map((p) => p[1]);
    expect(v.domain[0]).toBeLessThanOrEqual(Math.min(...values));
    expect(v.domain[1]).toBeGreaterThanOrEqual(Math.max(...values));
    // A shorter run: the curve stops at its end.
    const short = view({ ...state, tEnd: 2 }, 's').reference!;
    expect(short[short.length - 1].t).toBe(2);
    expect(short.length).toBe(points.filter(([t]) => t <= 2).length);
  });

  it('gives none for an output without one, or once a parameter differs from its default', () => {
    const state = defaultState('flyball-governor');
    expect(view(state, 'omega_shaft').reference).toBeNull();
    expect(view({ ...state, values: { ...state.values, K: [4e5] } }, 's').reference).toBeNull();
    expect(referencePoints(defaultState('heavy-top'), getScenario('heavy-top'), 'anything')).toBeNull();
  });
});

describe('axes of a failed run', () => {
  // Classical HHT on the free spin at α = 0 (lesson step 1): ωx oscillates about 10 + 5t, then the last two samples blow up.
  const omega = [10, 12, 11, 13, 12, 14, 13, 15, 14, 16, 15, 17, -3.3, 837.5];
  const pairs = omega.flatMap((v, i) => [i * 0.1, v]);
  const failed = fakeResults({ omega_x: pairs, energy_error: pairs });
  const good = fakeResults({ omega_x: omega.flatMap((_, i) => [i * 0.1, 10 + 0.5 * i]), energy_error: omega.flatMap((_, i) => [i * 0.1, 0]) });
  const view = (failedMethods: ('classical' | 'modified')[], method: 'classical' | 'modified' = 'modified') =>
    chartView('omega', method, ['classical', 'modified'], 'x', { classical: failed, modified: good }, failed.state, 'HHT', { failed: failedMethods });

  it('leaves the blow-up of the last samples off the shared axis, so the other run stays readable', () => {
    expect(view([]).domain[1]).toBeGreaterThanOrEqual(837.5);
    const trimmed = view(['classical']);
    expect(trimmed.domain[1]).toBeLessThan(30);
    expect(trimmed.domain[0]).toBeGreaterThan(-3.3);
    expect(trimmed.offScale).toBeUndefined();
    const own = view(['classical'], 'classical');
    expect(own.offScale).toBe(true);
    // The blown-up samples are still plotted (clipped at the axis), not dropped.
    expect(own.data.map((p) => p.v)).toContain(837.5);
  });

  it('keeps a growth seen over many samples, and every point of a run that finished', () => {
    const growing = Array.from({ length: 20 }, (_, i) => ({ t: i, v: 2 ** i }));
    expect(beforeBlowUp(growing, false)).toHaveLength(growing.length - BLOW_UP_SAMPLES);
    // On a log axis a doubling per sample is a straight line: nothing is left off.
    expect(beforeBlowUp(growing, true)).toBe(growing);
    const pts = omega.map((v, i) => ({ t: i, v }));
    expect(beforeBlowUp(pts, false).map((p) => p.v)).toEqual(omega.slice(0, -2));
    expect(beforeBlowUp(pts.slice(0, 5), false)).toHaveLength(5);
  });

  it('says when the run failed on its marker', () => {
    expect(failureMarkText(1.28)).toBe('fails at t = 1.28 s');
  });
});

describe('what the time charts show (the page and its PNG export alike)', () => {
  const view = { component: 'y' as const, output: 'beta', lower: 'difference' as const };
  const andrews = defaultState('andrews');

  it('plots a model output the running model has, in ω\'s place', () => {
    const shown = chartsShown({ state: andrews, view, modelFacts: { outputs: [{ name: 'beta' }, { name: 'Theta' }] } });
    expect(shown).toEqual({ methods: andrews.methods, component: 'y', output: 'beta', lower: 'difference', exact: false });
  });

  it('plots ω where the model has no such output (or its facts are not known yet), and knows an exact solution', () => {
    expect(chartsShown({ state: andrews, view, modelFacts: null }).output).toBeNull();
    expect(chartsShown({ state: defaultState('spin'), view: { ...view, output: null }, modelFacts: { outputs: [] } }).exact).toBe(true);
  });

  it('names each chart\'s quantity as `sim` names its column or the model its output', () => {
    expect(chartQuantity('omega', 'z')).toBe('omega_z');
    expect(chartQuantity('difference', 'x')).toBe('omega_x');
    expect(chartQuantity('output', 'y', 'beta')).toBe('beta');
    expect(LOWER_PLOTS.filter((p) => p !== 'difference').map((p) => chartQuantity(p, 'y'))).toEqual(['energy_error', 'h', 'euler_norm_drift', 'constraint_error', 'angular_momentum_z']);
  });
});
