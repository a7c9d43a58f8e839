import { beforeEach, describe, expect, it } from 'vitest';
import { silenceReason, WorkerWatch, WORKER_SILENCE_MS } from '../../src/app/workerWatch';
import { applyWorkerMessage, beginRun, clearResults, failStoppedWorker, results } from '../../src/app/runs';
import { appStore, resetApp } from '../../src/app/store';
import { SAMPLE_WIDTH } from '../../src/solver/sampleColumns';
import { SERIES_WIDTH } from '../../src/worker/protocol';

describe('a worker that stops answering', () => {
  it('is found once it has owed an answer for longer than the limit, counted from its last message', () => {
    const watch = new WorkerWatch(30_000);
    const owes = () => true;
    watch.heard('classical', 0);
    watch.heard('modified', 0);
    expect(watch.silent(30_000, owes)).toEqual([]);
    watch.heard('modified', 29_000);
    expect(watch.silent(30_001, owes)).toEqual(['classical']);
    expect(watch.silent(59_001, owes)).toEqual(['classical', 'modified']);
  });

  it('owes nothing while its run is not in flight or its code is still loading', () => {
    const watch = new WorkerWatch(1000);
    watch.heard('classical', 0);
    expect(watch.silent(5000, () => false)).toEqual([]);
    // Its code loaded at 4.5 s ('ready' counts as a message): the second from then on is what counts.
    watch.heard('classical', 4500);
    expect(watch.silent(5000, () => true)).toEqual([]);
    expect(watch.silent(5501, () => true)).toEqual(['classical']);
    watch.forget('classical');
    expect(watch.silent(99_000, () => true)).toEqual([]);
  });

  it('says how long the page waited', () => {
    expect(WORKER_SILENCE_MS).toBe(30_000);
    expect(silenceReason(WORKER_SILENCE_MS)).toBe('the solver stopped answering after 30 s');
    expect(silenceReason(1500)).toBe('the solver stopped answering after 1.5 s');
  });
});

describe('the run of a worker that stopped', () => {
  beforeEach(() => {
    resetApp();
    clearResults();
  });

  const progress = (time: number) => ({ time, stepsDone: time * 100, totalSteps: 1000, stepsRejected: 0, elapsedMs: 5 });

  /** A run of both methods whose classical worker sent `samples` rows (t = 0, 0.01, …) before it fell silent. */
  function runWithSamples(samples: number): number {
    const runId = beginRun();
    const facts = { outputs: [], constraints: 1, preparation: { moved: [], removed: [] }, warnings: [] };
    applyWorkerMessage({ kind: 'started', runId, method: 'classical', totalSteps: 1000, coordinates: 7, width: SAMPLE_WIDTH, facts, exportStride: 1, primaryBody: 0 });
    const rows = new Float64Array(samples * SAMPLE_WIDTH);
    for (let i = 0; i < samples; i++) rows[i * SAMPLE_WIDTH] = i / 100;
    applyWorkerMessage({
      kind: 'chunk', runId, method: 'classical', series: Array.from({ length: SERIES_WIDTH }, () => Float64Array.of(0, 150)), rows, poses: new Float64Array(samples * 7),
      exportRows: rows.slice(), head: new Float64Array(0), progress: progress((samples - 1) / 100),
    });
    return runId;
  }

  it('fails with the reason at the time it had reached; its samples stay for the plots and the exports', () => {
    runWithSamples(5);
    failStoppedWorker('classical', 'the solver stopped answering after 30 s');
    const run = appStore.getState().runs.classical;
    expect(run.phase).toBe('failed');
    expect(run.failure).toEqual({ time: 0.04, reason: 'the solver stopped answering after 30 s', worker: true });
    expect(run.reason).toBe('failed at t = 0.04 s: the solver stopped answering after 30 s');
    expect(results.current.classical!.rows.length).toBe(5 * SAMPLE_WIDTH);
    expect(results.current.classical!.exportRows.length).toBe(5 * SAMPLE_WIDTH);
    // The other method's run goes on.
    expect(appStore.getState().runs.modified.phase).toBe('pending');
  });

  it('ends a run still starting (no answer at all), and leaves a run that has ended alone', () => {
    beginRun();
    failStoppedWorker('modified', 'the solver stopped answering after 30 s');
    expect(appStore.getState().runs.modified).toMatchObject({ phase: 'failed', failure: { time: 0, worker: true } });
    const finished = appStore.getState().runs.modified;
    failStoppedWorker('modified', 'again');
    expect(appStore.getState().runs.modified).toBe(finished);
  });
});
