/**
 * The plot a model opens on (store.ts plottedOutput, shareQueryFor): a link without `output` plots the model's
 * default output (the benchmark models' reference output, with its grey reference curve), `output=omega` plots ω,
 * and the page's link leaves the default out; a model without a default output plots ω, as before.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appStore, currentShareQuery, openCustomScenario, openPreset, openShareQuery, plottedOutput, resetApp, selectScenario, setComponent, setOutput,
} from '../../src/app/store';
import { chartView, shownOutput } from '../../src/app/chartViews';
import { PRESETS } from '../../src/app/presets';
import { defaultState, readCustomModel } from '../../src/scenario/registry';
import { DOUBLE_PENDULUM } from '../support/customModels';
// Installs the user-model reader (the page loads it on first use).
import '../../src/scenario/custom';

beforeEach(() => resetApp());

const output = () => appStore.getState().view.output;

describe('the output a link plots', () => {
  it('a bare benchmark link plots the benchmark output and stays bare', () => {
    for (const [id, name] of [['pendulum', 'x_P1'], ['n-four-bar', 'x_B0'], ['andrews', 'beta'], ['bricard', 'x_P3'], ['flyball-governor', 's']]) {
      openShareQuery(`v=1&scenario=${id}`);
      expect(output(), id).toBe(name);
      expect(currentShareQuery(), id).toBe(`v=1&scenario=${id}`);
    }
  });

  it('ω on a model with a default output is written output=omega, and reads back as ω', () => {
    openShareQuery('v=1&scenario=andrews');
    setOutput(null);
    expect(currentShareQuery()).toBe('v=1&scenario=andrews&output=omega');
    resetApp();
    openShareQuery('v=1&scenario=andrews&output=omega');
    expect(output()).toBeNull();
    expect(currentShareQuery()).toBe('v=1&scenario=andrews&output=omega');
    // Choosing an ω component is choosing ω.
    openShareQuery('v=1&scenario=andrews');
    setComponent('z');
    expect(currentShareQuery()).toBe('v=1&scenario=andrews&component=z&output=omega');
  });

  it('another output round-trips; naming the default output is accepted and dropped from the page\'s link', () => {
    openShareQuery('v=1&scenario=andrews&output=Theta');
    expect(output()).toBe('Theta');
    expect(currentShareQuery()).toBe('v=1&scenario=andrews&output=Theta');
    openShareQuery('v=1&scenario=andrews&component=z&output=beta&preset=a03-andrews');
    expect(output()).toBe('beta');
    expect(currentShareQuery()).toBe(PRESETS['a03-andrews'].query);
  });

  it('a model without a default output plots ω, and output=omega changes nothing', () => {
    openShareQuery('v=1&scenario=heavy-top');
    expect(output()).toBeNull();
    openShareQuery('v=1&scenario=heavy-top&output=omega');
    expect(output()).toBeNull();
    expect(currentShareQuery()).toBe('v=1&scenario=heavy-top');
    expect(plottedOutput(undefined, defaultState('v8-crank'))).toBeNull();
    expect(plottedOutput('omega', defaultState('flyball-governor'))).toBeNull();
    expect(plottedOutput(undefined, defaultState('flyball-governor'))).toBe('s');
  });

  it('choosing a model from the menu opens on its default output; a preset on the benchmark output', () => {
    selectScenario('flyball-governor');
    expect(output()).toBe('s');
    expect(currentShareQuery()).toBe('v=1&scenario=flyball-governor');
    selectScenario('heavy-top');
    expect(output()).toBeNull();
    openPreset('a02-n-four-bar');
    expect(output()).toBe('x_B0');
    openPreset('governor-family');
    expect(output()).toBe('omega_shaft');
  });

  it('a user\'s model: its defaultOutput when it names one, else ω', () => {
    const plain = readCustomModel(DOUBLE_PENDULUM);
    if (!plain?.ok) throw new Error('the test model does not read');
    openCustomScenario(plain.def, { text: DOUBLE_PENDULUM });
    expect(output()).toBeNull();
    const text = DOUBLE_PENDULUM.replace('"outputs": [', '"defaultOutput": "elbow angle",\n  "outputs": [');
    const named = readCustomModel(text);
    if (!named?.ok) throw new Error('the test model with a default output does not read');
    openCustomScenario(named.def, { text });
    expect(output()).toBe('elbow angle');
    expect(currentShareQuery()).not.toContain('output=');
  });

  it('the upper plot of a bare benchmark link is the output with its reference curve', () => {
    openShareQuery('v=1&scenario=andrews');
    const { state, view } = appStore.getState();
    const outputs = state.scenario === 'andrews' ? [{ name: 'beta' }, { name: 'Theta' }, { name: 'x_F' }, { name: 'y_F' }] : [];
    const shown = shownOutput(view.output, outputs);
    expect(shown).toBe('beta');
    const chart = chartView('output', 'modified', ['classical', 'modified'], view.component, {}, state, 'modified HHT', { output: shown! });
    expect(chart.reference?.length).toBeGreaterThan(10);
    // A model without the output (another parameter set, a stale name) shows ω.
    expect(shownOutput('beta', [{ name: 'x_F' }])).toBeNull();
  });
});
