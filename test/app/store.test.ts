import { beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { defaultState } from '../../src/scenario/registry';
import { decodeShareQuery } from '../../src/scenario/url';
import {
  appStore,
  currentShareQuery,
  hasFieldIssues,
  openShareQuery,
  resetApp,
  resetField,
  selectScenario,
  setAlpha,
  setComponent,
  setField,
  setAdaptive,
  setLowerPlot,
  setMethods,
} from '../../src/app/store';
import { allFailedEnd, applyWorkerMessage, beginRun, clearResults, etaMs, flushRunUpdates, isBusy, markCancelled, results } from '../../src/app/runs';
import { SERIES_WIDTH, type WorkerToMain } from '../../src/worker/protocol';

beforeEach(() => {
  resetApp();
  clearResults();
});


/** A model without outputs that its assembly left as written. */
const NO_FACTS = { outputs: [], constraints: 0, preparation: { moved: [], removed: [] }, warnings: [] };
describe('store: form and scenario actions', () => {
  it('opens on the default heavy-top state with a clean link', () => {
    expect(appStore.getState().state).toEqual(defaultState('heavy-top'));
    expect(currentShareQuery()).toBe('v=1&scenario=heavy-top');
  });

  it('commits a valid field and the link shows only that change', () => {
    setField('t', '1');
    expect(appStore.getState().state.tEnd).toBe(1);
    expect(currentShareQuery()).toBe('v=1&scenario=heavy-top&t=1');
    setField('omega0', '0, 100, -4');
    expect(appStore.getState().state.values.omega0).toEqual([0, 100, -4]);
    expect(decodeShareQuery(currentShareQuery()).state).toEqual(appStore.getState().state);
  });

  it('marks invalid text at its field with the reason and never commits it', () => {
    const before = appStore.getState().state;
    setField('h', 'abc');
    expect(appStore.getState().fields.h.issue).toMatch(/'abc' is not a finite number/);
    expect(appStore.getState().state).toBe(before);
    setField('m', '-3');
    expect(appStore.getState().fields.m.issue).toMatch(/outside/);
    setField('J', '1, 2');
    expect(appStore.getState().fields.J.issue).toMatch(/needs 3 comma-separated numbers/);
    setField('alpha', '0.5');
    expect(appStore.getState().fields.alpha.issue).toMatch(/outside \[-1\/3, 0\]/);
    expect(appStore.getState().state).toBe(before);
    expect(hasFieldIssues()).toBe(true);
  });

  it('checks across fields: h larger than t, the step limit, the inertia triangle', () => {
    const before = appStore.getState().state;
    setField('t', '0.00001');
    expect(appStore.getState().fields.h.issue).toMatch(/larger than/);
    expect(appStore.getState().state).toBe(before);
    setField('t', '10');
    expect(hasFieldIssues()).toBe(false);
    setField('h', '1e-8');
    expect(appStore.getState().fields.h.issue).toMatch(/limit/);
    setField('h', '1e-4');
    setField('J', '1, 1, 5');
    expect(appStore.getState().fields.J.issue).toMatch(/triangle inequality/);
    expect(appStore.getState().state).toBe(before);
  });

  it('commits nothing while another field is invalid, then everything once fixed', () => {
    setField('h', 'x');
    setField('t', '2');
    expect(appStore.getState().state.tEnd).toBe(10);
    setField('h', '0.001');
    expect(appStore.getState().state).toMatchObject({ h: 0.001, tEnd: 2 });
  });

  it('does not replace the state when the value did not change (no rerun)', () => {
    const before = appStore.getState().state;
    setField('h', '1e-4');
    expect(appStore.getState().state).toBe(before);
  });

  it('resets a field to its default', () => {
    setField('m', '20');
    resetField('m');
    expect(appStore.getState().fields.m.text).toBe('15');
    expect(appStore.getState().state.values.m).toEqual([15]);
  });

  it('sets α from the slider and keeps methods in canonical order', () => {
    setAlpha(-1 / 3);
    expect(appStore.getState().state.alpha).toBe(-1 / 3);
    setMethods(['modified', 'classical']);
    expect(appStore.getState().state.methods).toEqual(['classical', 'modified']);
    setMethods(['modified']);
    expect(appStore.getState().state.methods).toEqual(['modified']);
    setMethods([]);
    expect(appStore.getState().state.methods).toEqual(['modified']);
  });

  it('switches scenario to its defaults, keeping the compared methods', () => {
    setMethods(['classical']);
    selectScenario('spin');
    const s = appStore.getState();
    expect(s.state).toEqual({ ...defaultState('spin'), methods: ['classical'] });
    expect(s.fields.M.text).toBe('5, 0, 0');
    expect(s.view.component).toBe('x');
  });

  it('opens a share link, and a bad link with specific issues and safe defaults', () => {
    openShareQuery('?v=1&scenario=spin&alpha=0&t=2&component=z');
    expect(appStore.getState().state).toMatchObject({ scenario: 'spin', alpha: 0, tEnd: 2 });
    expect(appStore.getState().view.component).toBe('z');
    expect(appStore.getState().notice).toBeNull();
    expect(currentShareQuery()).toBe('v=1&scenario=spin&alpha=0&t=2&component=z');

    openShareQuery('?v=1&scenario=spin&h=banana&zzz=1');
    const notice = appStore.getState().notice;
    expect(notice?.issues.map((i) => i.key)).toEqual(expect.arrayContaining(['h', 'zzz']));
    expect(appStore.getState().state.h).toBe(defaultState('spin').h);
  });

  it('puts a non-default ω component and lower plot in the link', () => {
    setComponent('x');
    expect(currentShareQuery()).toBe('v=1&scenario=heavy-top&component=x');
    setLowerPlot('steps');
    expect(currentShareQuery()).toBe('v=1&scenario=heavy-top&component=x&show=steps');
  });

  it('plots the V8 crank speed (ω_x) by default', () => {
    selectScenario('v8-crank');
    expect(appStore.getState().view.component).toBe('x');
  });

  it('switches to adaptive steps with the tolerance field, and back to a fixed step', () => {
    setAdaptive(true);
    let s = appStore.getState();
    expect(s.state.tolerance).toBe(1e-4);
    expect(s.view.lower).toBe('steps');
    expect(currentShareQuery()).toBe('v=2&scenario=heavy-top&tol=0.0001&show=steps');

    setField('tol', '1e-7');
    expect(appStore.getState().state.tolerance).toBe(1e-7);
    const before = appStore.getState().state;
    setField('tol', 'abc');
    expect(appStore.getState().fields.tol.issue).toMatch(/'abc' is not a finite number/);
    setField('tol', '1');
    expect(appStore.getState().fields.tol.issue).toMatch(/\[1e-12, 0.1\]/);
    expect(appStore.getState().state).toBe(before);

    // A fixed step ignores the tolerance text (and its problem) and drops tol from the link.
    setAdaptive(false);
    s = appStore.getState();
    expect(s.state.tolerance).toBeUndefined();
    expect('tolerance' in s.state).toBe(false);
    expect(hasFieldIssues()).toBe(false);
    expect(currentShareQuery()).toBe('v=1&scenario=heavy-top&show=steps');
  });

  it('opens an adaptive link in adaptive mode', () => {
    openShareQuery('?v=1&scenario=heavy-top&tol=1e-6&show=steps');
    const s = appStore.getState();
    expect(s.adaptive).toBe(true);
    expect(s.state.tolerance).toBe(1e-6);
    expect(s.fields.tol.text).toBe('0.000001');
    expect(s.view.lower).toBe('steps');
    expect(decodeShareQuery(currentShareQuery()).state).toEqual(s.state);
    openShareQuery('?v=1&scenario=heavy-top');
    expect(appStore.getState().adaptive).toBe(false);
  });
});

function row(t: number, omegaX: number): Float64Array {
  const r = new Float64Array(SAMPLE_WIDTH);
  r[0] = t;
  r[1] = omegaX;
  r[4] = 50;
  return r;
}

function chunk(runId: number, t: number): WorkerToMain {
  const series = Array.from({ length: SERIES_WIDTH }, (_, c) => (c === 0 ? new Float64Array(0) : Float64Array.of(t, c)));
  return {
    kind: 'chunk',
    runId,
    method: 'modified',
    series,
    rows: row(t, 10 + 5 * t),
    poses: Float64Array.of(0, 0, 0, 1, 0, 0, 0),
    exportRows: row(t, 10 + 5 * t),
    head: new Float64Array(0),
    progress: { time: t, stepsDone: t * 100, totalSteps: 1000, stepsRejected: 0, elapsedMs: t * 10 },
  };
}

describe('runs: applying worker messages', () => {
  it('tracks phases and data of the latest run and drops stale replies', () => {
    selectScenario('spin');
    const first = beginRun();
    expect(appStore.getState().runs.modified.phase).toBe('pending');
    expect(isBusy()).toBe(true);
    const second = beginRun();
    applyWorkerMessage({ kind: 'started', runId: first, method: 'modified', totalSteps: 1000, coordinates: 7, width: SAMPLE_WIDTH, facts: NO_FACTS, exportStride: 1, primaryBody: 0 });
    applyWorkerMessage(chunk(first, 1));
    expect(results.current.modified).toBeUndefined();

    applyWorkerMessage({ kind: 'started', runId: second, method: 'modified', totalSteps: 1000, coordinates: 7, width: SAMPLE_WIDTH, facts: NO_FACTS, exportStride: 1, primaryBody: 0 });
    expect(appStore.getState().runs.modified.phase).toBe('running');
    expect(results.current.modified).toBeUndefined(); // shown from the first chunk on
    applyWorkerMessage(chunk(second, 0));
    applyWorkerMessage(chunk(second, 5));
    const res = results.current.modified!;
    expect(res.rows.length).toBe(2 * SAMPLE_WIDTH);
    expect(Array.from(res.series[1].view())).toEqual([0, 1, 5, 1]);
    // Progress is shown at most every PLOT_INTERVAL_MS, together with the plots.
    const shown = appStore.getState().plotVersion;
    flushRunUpdates();
    expect(appStore.getState().plotVersion).toBe(shown + 1);
    expect(appStore.getState().runs.modified.progress?.time).toBe(5);
    expect(etaMs(appStore.getState().runs.modified.progress)).toBeCloseTo(50 * (500 / 500), 9);
    // No ETA from the first slices (set-up and warm-up).
    expect(etaMs({ time: 0.001, stepsDone: 16, totalSteps: 90_000, stepsRejected: 0, elapsedMs: 255 })).toBeNull();

    applyWorkerMessage({
      kind: 'done',
      runId: second,
      method: 'modified',
      finalRow: row(10, 60),
      finalPose: new Float64Array(7),
      progress: { time: 10, stepsDone: 1000, totalSteps: 1000, stepsRejected: 0, elapsedMs: 100 },
      removed: { count: 0, largest: 0, time: 0 },
    });
    expect(appStore.getState().runs.modified.phase).toBe('finished');
    expect(res.finalRow?.[1]).toBe(60);
    // Classical never answered: still pending, so the run as a whole is busy.
    expect(appStore.getState().runs.classical.phase).toBe('pending');
    expect(isBusy()).toBe(true);
  });

  it('keeps the results on screen when cancelled, and ignores later replies', () => {
    const runId = beginRun();
    applyWorkerMessage({ kind: 'started', runId, method: 'modified', totalSteps: 1000, coordinates: 7, width: SAMPLE_WIDTH, facts: NO_FACTS, exportStride: 1, primaryBody: 0 });
    applyWorkerMessage(chunk(runId, 1));
    expect(markCancelled()).toEqual(expect.arrayContaining(['modified', 'classical']));
    expect(appStore.getState().runs.modified.phase).toBe('cancelled');
    applyWorkerMessage(chunk(runId, 2));
    expect(results.current.modified!.rows.length).toBe(SAMPLE_WIDTH);
    expect(isBusy()).toBe(false);
  });

  it('shows a failure with its time and reason, keeping the samples so far', () => {
    const runId = beginRun();
    applyWorkerMessage({ kind: 'started', runId, method: 'classical', totalSteps: 1000, coordinates: 7, width: SAMPLE_WIDTH, facts: NO_FACTS, exportStride: 1, primaryBody: 0 });
    applyWorkerMessage({ ...chunk(runId, 1), method: 'classical' } as WorkerToMain);
    applyWorkerMessage({
      kind: 'failed',
      runId,
      method: 'classical',
      time: 0.25,
      reason: 'Newton did not converge',
      finalRow: row(0.25, 11),
      progress: { time: 0.25, stepsDone: 25, totalSteps: 1000, stepsRejected: 0, elapsedMs: 3 },
    });
    const run = appStore.getState().runs.classical;
    expect(run.phase).toBe('failed');
    expect(run.reason).toBe('failed at t = 0.25 s: Newton did not converge');
    expect(run.failure).toEqual({ time: 0.25, reason: 'Newton did not converge' });
    expect(results.current.classical!.finalRow?.[0]).toBe(0.25);
    expect(results.current.classical!.rows.length).toBe(SAMPLE_WIDTH);
  });

  it('zooms the time axis to the failures only when every compared method failed', () => {
    const runId = beginRun();
    const fail = (method: 'classical' | 'modified', time: number) =>
      applyWorkerMessage({
        kind: 'failed',
        runId,
        method,
        time,
        reason: 'the constraint multipliers oscillate with alternating sign',
        finalRow: new Float64Array(0),
        progress: { time, stepsDone: 1, totalSteps: 1000, stepsRejected: 0, elapsedMs: 1 },
      });
    fail('classical', 0.054);
    expect(allFailedEnd()).toBeNull();
    fail('modified', 0.0057);
    expect(allFailedEnd()).toBe(0.054);
  });

  it('drops the results of a method that is no longer compared', () => {
    let runId = beginRun();
    applyWorkerMessage({ kind: 'started', runId, method: 'classical', totalSteps: 10, coordinates: 7, width: SAMPLE_WIDTH, facts: NO_FACTS, exportStride: 1, primaryBody: 0 });
    applyWorkerMessage({ ...chunk(runId, 1), method: 'classical' } as WorkerToMain);
    expect(results.current.classical).toBeDefined();
    setMethods(['modified']);
    runId = beginRun();
    expect(results.current.classical).toBeUndefined();
    expect(appStore.getState().runs.classical.phase).toBe('idle');
  });
});
