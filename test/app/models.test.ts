/**
 * Where a user's model comes into the page (src/app/models.ts, store.ts): a link (inline or hosted), a file, the
 * editor; a lesson step of any model; the output picker's choice as a link key and its chart; nothing typed lost.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, openCustomScenario, resetApp, selectScenario, setOutput, shareQueryFor } from '../../src/app/store';
import { MODEL_STORAGE_KEY, modelStore, modelTitle, openLink, openModel, setModelText } from '../../src/app/models';
import { openLessonStep } from '../../src/app/lessons/lessonStore';
import { applyWorkerMessage, beginRun, clearResults, results } from '../../src/app/runs';
import { chartView } from '../../src/app/chartViews';
import { getScenario, readCustomModel, scenarioOf } from '../../src/scenario/registry';
import { encodeModelData } from '../../src/scenario/modelData';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { SERIES_WIDTH } from '../../src/worker/protocol';
import { DOUBLE_PENDULUM, MISSPELT_BODY } from '../support/customModels';

/** A localStorage for Node: the page keeps the editor's text there. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  resetApp();
  clearResults();
  modelStore.setState({ open: false, text: '', issues: [], url: undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a user model in the page', () => {
  it('an inline link opens the model; the link of the page carries it back, with the output chosen', async () => {
    await openLink(`?v=1&scenario=custom&model-data=${encodeModelData(DOUBLE_PENDULUM)}&L=2&output=y_tip`);
    const { state, notice, view } = appStore.getState();
    expect(notice).toBeNull();
    expect(state).toMatchObject({ scenario: 'custom', model: { text: DOUBLE_PENDULUM }, values: { L: [2], m: [1] } });
    expect(view.output).toBe('y_tip');
    // Code that knows the state by its id sees the model that runs.
    expect(getScenario('custom')).toBe(scenarioOf(state));
    expect(shareQueryFor(false)).toBe(`v=1&scenario=custom&L=2&output=y_tip&model-data=${encodeModelData(DOUBLE_PENDULUM)}`);
    // The editor shows the link's model, but a link never overwrites the text kept from before.
    expect(modelStore.getState().text).toBe(DOUBLE_PENDULUM);
    expect(localStorage.getItem(MODEL_STORAGE_KEY)).toBeNull();
    setOutput(null);
    selectScenario('spin');
    expect(appStore.getState().state.model).toBeUndefined();
    expect(shareQueryFor(false)).toBe('v=1&scenario=spin');
  });

  it('a hosted link is fetched; a failure is named, and the page keeps the default scenario', async () => {
    const url = 'https://models.example/pendulum.json';
    const fetch = vi.fn(async (requested: string) => (requested === url ? new Response(DOUBLE_PENDULUM) : new Response('no', { status: 404, statusText: 'Not Found' })));
    vi.stubGlobal('fetch', fetch);
    await openLink(`?v=1&scenario=custom&model=${encodeURIComponent(url)}`);
    expect(appStore.getState().state.model).toEqual({ text: DOUBLE_PENDULUM, url });
    expect(shareQueryFor(false)).toBe(`v=1&scenario=custom&model=${encodeURIComponent(url)}`);
    // Back to the same link: not fetched again.
    await openLink(`?v=1&scenario=custom&model=${encodeURIComponent(url)}`);
    expect(fetch).toHaveBeenCalledTimes(1);
    await openLink(`?v=1&scenario=custom&model=${encodeURIComponent('https://models.example/gone.json')}`);
    expect(appStore.getState().state.scenario).toBe('heavy-top');
    expect(appStore.getState().notice?.issues).toEqual([{ key: 'model', message: 'model=https://models.example/gone.json: the server answered HTTP 404 Not Found' }]);
    expect(appStore.getState().loading).toBeNull();
  });

  it('a model with a mistake goes to the editor with its mistakes, the text kept; the fixed text runs', async () => {
    const failed = await openModel({ text: MISSPELT_BODY }, 'typo.json');
    expect(failed.ok).toBe(false);
    expect(modelStore.getState()).toMatchObject({ open: true, text: MISSPELT_BODY, issues: [{ path: 'joints[1].bodies[1]' }] });
    expect(appStore.getState().notice).toEqual({ source: 'model', issues: [{ key: 'model', message: 'typo.json: joints[1].bodies[1]: no body named "lowr"; did you mean "lower"?' }] });
    expect(localStorage.getItem(MODEL_STORAGE_KEY)).toBe(MISSPELT_BODY);
    expect(appStore.getState().state.scenario).toBe('heavy-top');
    setModelText(DOUBLE_PENDULUM);
    expect(localStorage.getItem(MODEL_STORAGE_KEY)).toBe(DOUBLE_PENDULUM);
    expect(modelTitle(modelStore.getState().text)).toBe('Double pendulum');
    expect((await openModel({ text: modelStore.getState().text }, 'the editor')).ok).toBe(true);
    expect(appStore.getState().state.model).toEqual({ text: DOUBLE_PENDULUM });
    expect(appStore.getState().notice).toBeNull();
  });

  it('a lesson step may use any model: a shipped one, or one carried by its link', async () => {
    const lesson = {
      id: 'own-model', title: 'Your own mechanism',
      steps: [
        { title: 'Spin', query: 'v=1&scenario=spin', say: [], more: '', highlight: { testId: 'charts' } },
        { title: 'A double pendulum', query: `v=1&scenario=custom&t=2&model-data=${encodeModelData(DOUBLE_PENDULUM)}`, say: [], more: '', highlight: { testId: 'charts' } },
      ],
    };
    await openLessonStep(lesson, 2);
    expect(appStore.getState().state).toMatchObject({ scenario: 'custom', tEnd: 2, model: { text: DOUBLE_PENDULUM } });
    await openLessonStep(lesson, 1);
    expect(appStore.getState().state.scenario).toBe('spin');
  });

  it('a user model\'s results stay drawable after the page opens a shipped model or another link, until the next run replaces them', async () => {
    const read = readCustomModel(DOUBLE_PENDULUM);
    if (!read?.ok) throw new Error('the test model does not read');
    openCustomScenario(read.def, { text: DOUBLE_PENDULUM });
    const runId = beginRun();
    const facts = { outputs: [{ name: 'x_tip', unit: 'm' }], constraints: 2, preparation: { moved: [], removed: [] }, warnings: [] };
    const series = Array.from({ length: SERIES_WIDTH + 1 }, () => new Float64Array(0));
    series[2] = Float64Array.of(0, 0.5, 1, 0.25);
    series[SERIES_WIDTH] = Float64Array.of(0, 1, 1, 0.9);
    for (const method of ['classical', 'modified'] as const) {
      applyWorkerMessage({ kind: 'started', runId, method, totalSteps: 1, coordinates: 14, width: SAMPLE_WIDTH + 1, facts, exportStride: 1, primaryBody: 0 });
      applyWorkerMessage({
        kind: 'chunk', runId, method, series, rows: new Float64Array(2 * SAMPLE_WIDTH).fill(0.5), poses: new Float64Array(28), exportRows: new Float64Array(0),
        head: new Float64Array(0), progress: { time: 1, stepsDone: 1, totalSteps: 1, stepsRejected: 0, elapsedMs: 1 },
      });
    }
    const draw = () => {
      const { state } = appStore.getState();
      return (['omega', 'output', 'difference', 'energy'] as const).map((kind) => chartView(kind, 'modified', ['classical', 'modified'], 'y', results.current, state, 'modified HHT', { output: 'x_tip' }));
    };
    const before = draw();
    // The Model menu: a shipped model with an exact solution (the spin's would be the difference plot's reference).
    selectScenario('spin');
    expect(getScenario('custom')).toBeUndefined();
    const after = draw();
    expect(after.map((v) => v.data)).toEqual(before.map((v) => v.data));
    expect(after[0]).toMatchObject({ exact: false, yLabel: 'ωy (rad/s)' });
    expect(after[1].yLabel).toBe('x_tip (m)');
    // Back to a link of a shipped model, then to another user model's link: the same results, the same pictures.
    await openLink('?v=1&scenario=pendulum');
    expect(draw().map((v) => v.data)).toEqual(before.map((v) => v.data));
    await openLink(`?v=1&scenario=custom&model-data=${encodeModelData(DOUBLE_PENDULUM.replace('Double pendulum', 'Another'))}`);
    expect(draw().map((v) => v.seriesName)).toEqual(before.map((v) => v.seriesName));
  });

  it('the output picker\'s chart: the chosen output of the run, its unit on the axis', () => {
    const read = readCustomModel(DOUBLE_PENDULUM);
    if (!read?.ok) throw new Error('the test model does not read');
    openCustomScenario(read.def, { text: DOUBLE_PENDULUM });
    const runId = beginRun();
    const facts = { outputs: [{ name: 'x_tip', unit: 'm' }, { name: 'y_tip', unit: 'm' }], constraints: 0, preparation: { moved: [], removed: [] }, warnings: [] };
    applyWorkerMessage({ kind: 'started', runId, method: 'modified', totalSteps: 2, coordinates: 14, width: SAMPLE_WIDTH + 2, facts, exportStride: 1, primaryBody: 0 });
    const series = Array.from({ length: SERIES_WIDTH + 2 }, () => new Float64Array(0));
    series[SERIES_WIDTH + 1] = Float64Array.of(0, -1, 1, -1.5, 2, -1.25);
    applyWorkerMessage({
      kind: 'chunk', runId, method: 'modified', series, rows: new Float64Array(SAMPLE_WIDTH), poses: new Float64Array(14), exportRows: new Float64Array(0),
      head: new Float64Array(0), progress: { time: 2, stepsDone: 2, totalSteps: 2, stepsRejected: 0, elapsedMs: 1 },
    });
    expect(appStore.getState().modelFacts).toEqual(facts);
    const view = chartView('output', 'modified', ['modified'], 'x', results.current, appStore.getState().state, 'modified HHT', { output: 'y_tip' });
    expect(view.yLabel).toBe('y_tip (m)');
    expect(view.seriesName).toBe('modified HHT y_tip');
    expect(view.data.map((p) => p.v)).toEqual([-1, -1.5, -1.25]);
    expect(chartView('output', 'modified', ['modified'], 'x', results.current, appStore.getState().state, 'modified HHT', { output: 'nothing' }).data).toEqual([]);
  });
});
