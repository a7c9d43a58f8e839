/**
 * The method family in the app: the picker's rules, the ρ∞ field, line styles,
 * the difference plots of any selection, failure advice per method, the 3D view's overlaid ghosts
 * and the figure header's parameters.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { chartView } from '../../src/app/chartViews';
import { figureHeader, parameterLine } from '../../src/app/export/figureHeader';
import { failureAdvice, failureReason } from '../../src/app/failure';
import { adaptiveBlock, differenceCaption, methodDash, pickBlock, toggledMethods } from '../../src/app/methodInfo';
import { COLUMN } from '../../src/app/plotData';
import type { MethodResults } from '../../src/app/runs';
import { appStore, openShareQuery, resetApp, resetField, setAdaptive, setBodyArrangement, setField, setMethods, shareQueryFor } from '../../src/app/store';
import { METHOD_DASH, METHOD_LABELS } from '../../src/app/theme';
import { Float64Builder } from '../../src/run/float64Builder';
import { DEFAULT_RHO, RUN_METHODS, type RunMethod } from '../../src/scenario/methods';
import { defaultState, getScenario } from '../../src/scenario/registry';
import { decodeShareQuery } from '../../src/scenario/url';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { SERIES_WIDTH } from '../../src/worker/protocol';

describe('method picker rules', () => {
  it('toggles a method in SPEC §6 order, whatever the click order', () => {
    expect(toggledMethods(['classical', 'ji-xing'], 'generalized-alpha')).toEqual(['classical', 'generalized-alpha', 'ji-xing']);
    expect(toggledMethods(['classical', 'modified'], 'classical')).toEqual(['modified']);
  });

  it('disables the fifth method, the last one ticked and Lie-group with adaptive steps, saying why', () => {
    const four: RunMethod[] = ['classical', 'modified', 'generalized-alpha', 'ji-xing'];
    expect(pickBlock(four, 'lie-group', false)).toContain('4 methods are compared at most');
    expect(pickBlock(four, 'ji-xing', false)).toBeNull();
    expect(pickBlock(['modified'], 'modified', false)).toContain('at least one');
    expect(pickBlock(['classical', 'modified'], 'lie-group', true)).toContain('fixed step only');
    expect(pickBlock(['classical', 'modified'], 'lie-group', false)).toBeNull();
    expect(adaptiveBlock(['classical', 'lie-group'])).toContain('Lie-group');
    expect(adaptiveBlock(['classical', 'ji-xing'])).toBeNull();
  });

  it('labels the difference plot by what it subtracts', () => {
    expect(differenceCaption(['classical', 'modified'], false)).toBe('modified − classical');
    expect(differenceCaption(['modified', 'generalized-alpha', 'ji-xing'], false)).toBe('each − modified');
    expect(differenceCaption(['ji-xing'], false)).toBe('needs two methods');
    expect(differenceCaption(['ji-xing', 'lie-group'], true)).toBe('− exact');
  });

  it('gives every method its own line style, scaled with the line width', () => {
    const styles = RUN_METHODS.map((m) => methodDash(m, 1.6) ?? 'solid');
    expect(new Set(styles).size).toBe(RUN_METHODS.length);
    expect(methodDash('modified', 1.6)).toBe(METHOD_DASH.modified);
    expect(methodDash('modified', 3.2)).toBe('18 6');
    expect(methodDash('classical', 3.5)).toBeUndefined();
  });
});

describe('store: methods and ρ∞', () => {
  beforeEach(() => resetApp());

  it('commits ρ∞ from its field once a ρ∞ method is compared, and writes it to the link', () => {
    setMethods(['classical', 'generalized-alpha']);
    expect(appStore.getState().fields.rho.text).toBe('2/3');
    setField('rho', '0.5');
    expect(appStore.getState().state.rho).toBe(0.5);
    expect(shareQueryFor(false)).toContain('methods=classical,generalized-alpha&rho=0.5');
    setField('rho', '1.5');
    expect(appStore.getState().fields.rho.issue).toContain('outside [0, 1]');
    expect(appStore.getState().state.rho).toBe(0.5);
    resetField('rho');
    expect(appStore.getState().fields.rho).toEqual({ text: '2/3', issue: null });
    expect(appStore.getState().state.rho).toBe(DEFAULT_RHO);
    expect(shareQueryFor(false)).not.toContain('rho=');
  });

  it('a hidden parameter field never blocks a run: dropping the last ρ∞ method restores its text', () => {
    setMethods(['classical', 'ji-xing']);
    setField('rho', 'abc');
    expect(appStore.getState().fields.rho.issue).not.toBeNull();
    setMethods(['classical']);
    expect(appStore.getState().fields.rho).toEqual({ text: '2/3', issue: null });
    // α is not read while only ρ∞ methods are compared.
    setMethods(['generalized-alpha']);
    setField('alpha', '5');
    expect(appStore.getState().fields.alpha.issue).toBeNull();
    expect(appStore.getState().state.alpha).toBe(defaultState('heavy-top').alpha);
  });

  it('refuses Lie-group with adaptive steps instead of changing either', () => {
    setAdaptive(true);
    setMethods(['classical', 'lie-group']);
    expect(appStore.getState().state.methods).toEqual(['classical', 'modified']);
    expect(appStore.getState().adaptive).toBe(true);
  });

  it('keeps the overlaid arrangement in the link as a view key, which the run ignores', () => {
    setMethods(['classical', 'modified', 'ji-xing']);
    setBodyArrangement('overlaid');
    const query = shareQueryFor(false);
    expect(query).toContain('bodies=overlaid');
    const decoded = decodeShareQuery(query);
    expect(decoded.issues).toEqual([]);
    expect(decoded.setKeys).not.toContain('bodies');
    expect(decoded.state).toEqual(decodeShareQuery(query.replace('&bodies=overlaid', '')).state);
    resetApp();
    openShareQuery(query);
    expect(appStore.getState().view.bodies).toBe('overlaid');
    openShareQuery('v=1&bodies=sideways');
    expect(appStore.getState().view.bodies).toBe('side');
  });
});

/** Results of one method whose sample rows hold ω_y = values at t = 0, 1, 2, … */
function omegaRows(values: number[]): MethodResults {
  const rows = new Float64Builder();
  values.forEach((w, k) => {
    const row = new Array(SAMPLE_WIDTH).fill(0);
    row[0] = k;
    row[COLUMN.omega_y] = w;
    rows.append(row);
  });
  return {
    runId: 1, state: { ...defaultState('heavy-top'), methods: ['classical', 'modified', 'generalized-alpha'] }, def: getScenario('heavy-top'), totalSteps: 2, coordinates: 7, primaryBody: 0, facts: { outputs: [], constraints: 0, preparation: { moved: [], removed: [] }, warnings: [] }, width: SAMPLE_WIDTH,
    series: Array.from({ length: SERIES_WIDTH }, () => new Float64Builder()), rows, poses: new Float64Builder(),
    exportRows: new Float64Builder(), exportStride: 1, head: new Float64Array(0), finalRow: null, finalPose: null,
  };
}

describe('difference plots of any selection', () => {
  const methods: RunMethod[] = ['classical', 'modified', 'generalized-alpha'];
  const results = { classical: omegaRows([150, 140, 130]), modified: omegaRows([150, 150, 150]), 'generalized-alpha': omegaRows([150, 149, 148]) };

  it('plots each method minus the first, on one y axis, named truthfully', () => {
    const ga = chartView('difference', 'generalized-alpha', methods, 'y', results, results.classical.state, METHOD_LABELS['generalized-alpha']);
    expect(ga.data.map((p) => p.v)).toEqual([0, 9, 18]);
    expect(ga.seriesName).toBe('gen-α − classical ωy');
    const modified = chartView('difference', 'modified', methods, 'y', results, results.classical.state, METHOD_LABELS.modified);
    expect(modified.data.map((p) => p.v)).toEqual([0, 10, 20]);
    expect(modified.domain).toEqual(ga.domain);
    // The first method has no difference of its own.
    expect(chartView('difference', 'classical', methods, 'y', results, results.classical.state, 'classical').data).toEqual([]);
  });
});

describe('failure advice per method', () => {
  it('tells a ρ∞ method to lower ρ∞, never to change α', () => {
    const advice = failureAdvice({ alpha: 0, h: 1e-3, rho: 0.9 }, 'ji-xing');
    expect(advice).toBe('use a lower ρ∞ (e.g. ρ∞ = 0.5) or a smaller step (e.g. h = 0.0001 s)');
    expect(failureAdvice({ alpha: 0, h: 1e-3, rho: 0.3 }, 'generalized-alpha')).toBe('use a smaller step (e.g. h = 0.0001 s)');
    expect(failureAdvice({ alpha: 0, h: 1e-3 }, 'lie-group')).toContain('ρ∞ = 0.5');
    expect(failureAdvice({ alpha: 0, h: 1e-3 }, 'classical')).toContain('α < 0');
  });

  it('explains the index-3 instability in the method’s own parameter', () => {
    expect(failureReason({ alpha: -0.3, rho: 0.95 }, true, 'generalized-alpha')).toMatch(/ρ∞ this close to 1/);
    expect(failureReason({ alpha: 0, rho: 0.5 }, true, 'generalized-alpha')).toBeNull();
    expect(failureReason({ alpha: 0, rho: 0.5 }, true, 'ji-xing')).toMatch(/h·Ω/);
    expect(failureReason({ alpha: 0 }, true, 'modified')).toMatch(/At α = 0 HHT does not damp at all/);
    expect(failureReason({ alpha: 0, rho: 1 }, false, 'ji-xing')).toBeNull();
  });
});

describe('exported figure header of the family', () => {
  it('states ρ∞ for ρ∞ methods and α only when an HHT method is compared', () => {
    expect(parameterLine({ ...defaultState('heavy-top'), methods: ['generalized-alpha', 'ji-xing'] })).toBe('ρ∞ = 2/3 · h = 0.0001 s · t_end = 10 s');
    expect(parameterLine({ ...defaultState('heavy-top'), methods: ['classical', 'lie-group'], rho: 0.5 })).toBe('α = −0.2 · ρ∞ = 0.5 · h = 0.0001 s · t_end = 10 s');
  });

  it('carries each method’s line style into the legend', () => {
    const header = figureHeader({
      state: { ...defaultState('heavy-top'), methods: ['classical', 'ji-xing'] }, methodNames: METHOD_LABELS, methodColors: METHOD_LABELS,
      methodDashes: METHOD_DASH, exactColor: '#080', upperLabel: 'ωy', lowerLabel: 'energy drift', presetTitle: null, link: '', drawnLines: ['classical', 'ji-xing'],
    });
    expect(header.legend).toEqual([
      { name: 'classical HHT', color: 'classical HHT', dashed: false },
      { name: 'Ji–Xing composite', color: 'Ji–Xing composite', dashed: true, dash: METHOD_DASH['ji-xing'] },
    ]);
  });
});
