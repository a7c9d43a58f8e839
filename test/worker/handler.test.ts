import { describe, expect, it } from 'vitest';
import { createSimulation } from '../../src/run/simulation';
import { SAMPLE_WIDTH, Simulation, type RunStatus, type SampleSink } from '../../src/solver/simulate';
import { defaultState, getScenario } from '../../src/scenario/registry';
import { COORDS_PER_BODY } from '../../src/solver/model/types';
import { COLUMN } from '../../src/app/plotData';
import { ADAPTIVE_SAMPLES, EXPORT_INTERVALS } from '../../src/run/plan';
import {
  createRunHandler,
  expectedSamples,
  nextSliceSteps,
  runSettingsFor,
  SLICE_MS,
  type HandlerEnv,
  type SimulationLike,
} from '../../src/worker/handler';
import { defaultMinStep } from '../../src/scenario/validate';
import { HEAD_SAMPLES, SERIES_WIDTH, transferablesOf, type StartMessage, type WorkerToMain } from '../../src/worker/protocol';
import { prepareRun } from '../../src/worker/prepare';
import { customScenarioDef } from '../../src/scenario/custom';
import { readCustomModel, shippedDocument } from '../../src/scenario/registry';
import { DOUBLE_PENDULUM, FOUR_BAR } from '../support/customModels';
import { buildScenarioModel } from '../../src/scenario/build';
import { sceneModelOf } from '../../src/scenario/sceneModel';

/** A simulation of ω_x = 10 + 5t on a grid of h, failing at step `failAt` if given. */
class FakeSimulation implements SimulationLike {
  stepsDone = 0;
  readonly stepsRejected = 0;
  failure: { time: number; reason: string } | null = null;
  readonly totalSteps: number;
  private started = false;
  private readonly row = new Float64Array(SAMPLE_WIDTH);
  private readonly q = new Float64Array(COORDS_PER_BODY);

  constructor(readonly h: number, tEnd: number, readonly failAt = Infinity) {
    this.totalSteps = Math.round(tEnd / h);
  }

  advance(maxSteps: number, sink: SampleSink): RunStatus {
    if (this.failure) return 'failed';
    if (!this.started) {
      this.started = true;
      this.emit(sink);
    }
    const end = Math.min(this.totalSteps, this.stepsDone + maxSteps);
    while (this.stepsDone < end) {
      if (this.stepsDone + 1 >= this.failAt) {
        this.failure = { time: this.stepsDone * this.h, reason: 'Newton did not converge' };
        return 'failed';
      }
      this.stepsDone++;
      this.emit(sink);
    }
    return this.stepsDone === this.totalSteps ? 'finished' : 'running';
  }

  private emit(sink: SampleSink): void {
    const t = this.stepsDone * this.h;
    this.row.fill(0);
    this.row[0] = t;
    this.row[1] = 10 + 5 * t;
    this.q[3] = Math.cos(t);
    this.q[4] = Math.sin(t);
    sink(this.row, this.q);
  }
}

/** A hand-driven environment: tasks run only when the test says so. */
function harness(prepare: HandlerEnv['prepare']) {
  const messages: WorkerToMain[] = [];
  const tasks: Array<() => void> = [];
  let clock = 0;
  const env: HandlerEnv = {
    post: (message, transfer) => {
      // Transfer lists must not repeat a buffer (postMessage throws on that).
      expect(new Set(transfer).size).toBe(transfer.length);
      messages.push(message);
    },
    now: () => clock,
    schedule: (task) => tasks.push(task),
    prepare,
  };
  const handle = createRunHandler(env);
  return {
    handle,
    messages,
    /** Runs queued tasks, each advancing the clock by `msPerTask`, until none is left or `limit`. */
    runTasks(limit = Infinity, msPerTask = 5) {
      let n = 0;
      while (tasks.length > 0 && n < limit) {
        const task = tasks.shift()!;
        const before = clock;
        task();
        if (clock === before) clock += msPerTask;
        n++;
      }
      return n;
    },
    pending: () => tasks.length,
  };
}

/** A start message as the page sends it: a shipped scenario with its model file, a user's model with its text. */
function start(runId: number, extra: Partial<StartMessage> = {}): StartMessage {
  const document = extra.model ? {} : { document: shippedDocument(extra.scenario ?? 'spin') };
  return { kind: 'start', runId, scenario: 'spin', values: {}, method: 'modified', alpha: -0.1, h: 0.001, tEnd: 10, ...document, ...extra };
}

/** prepareRun as the worker calls it, with the user-model reader its chunk brings. */
const prepareInWorker: HandlerEnv['prepare'] = (message, settings) => prepareRun(message, settings, customScenarioDef);

function collect(messages: WorkerToMain[], runId: number) {
  const chunks = messages.filter((m): m is Extract<WorkerToMain, { kind: 'chunk' }> => m.kind === 'chunk' && m.runId === runId);
  const series = (c: number) => {
    const all: number[] = [];
    for (const chunk of chunks) all.push(...chunk.series[c]);
    return all;
  };
  const rows: number[] = [];
  const poses: number[] = [];
  const exportRows: number[] = [];
  for (const chunk of chunks) {
    rows.push(...chunk.rows);
    poses.push(...chunk.poses);
    for (const x of chunk.exportRows) exportRows.push(x);
  }
  const heads = chunks.filter((c) => c.head.length > 0).map((c) => c.head);
  return { chunks, series, rows, poses, exportRows, heads };
}

describe('worker run handler', () => {
  it('streams started, chunks and done, with bounded decimated series and poses', () => {
    const { handle, messages, runTasks } = harness(() => ({ simulation: new FakeSimulation(0.001, 10), coordinates: COORDS_PER_BODY }));
    handle(start(1, { maxPoints: 500 }));
    expect(messages[0]).toMatchObject({ kind: 'started', runId: 1, totalSteps: 10_000, coordinates: 7, width: SAMPLE_WIDTH });
    runTasks();
    const last = messages[messages.length - 1];
    expect(last.kind).toBe('done');
    if (last.kind !== 'done') return;
    expect(Array.from(last.finalRow.subarray(0, 2))).toEqual([10, 60]);
    const { chunks, series, rows, poses } = collect(messages, 1);
    expect(chunks.length).toBeGreaterThan(1);
    const omega = series(1);
    expect(omega.length / 2).toBeLessThanOrEqual(500);
    expect(omega.slice(0, 2)).toEqual([0, 10]);
    expect(omega.slice(-2)).toEqual([10, 60]);
    expect(rows.length / SAMPLE_WIDTH).toBeLessThanOrEqual(501);
    expect(rows.length / SAMPLE_WIDTH).toBe(poses.length / COORDS_PER_BODY);
    expect(rows.slice(-SAMPLE_WIDTH)[0]).toBe(10);
    // Poses belong to the rows' times.
    for (let i = 0; i < rows.length / SAMPLE_WIDTH; i += 37) expect(poses[i * 7 + 3]).toBeCloseTo(Math.cos(rows[i * SAMPLE_WIDTH]), 15);
    // The final progress says everything was done.
    expect(last.progress).toMatchObject({ stepsDone: 10_000, totalSteps: 10_000, time: 10 });
  });

  it('adapts slices to about SLICE_MS of work', () => {
    expect(nextSliceSteps(100, SLICE_MS)).toBe(100);
    expect(nextSliceSteps(100, SLICE_MS * 2)).toBe(50);
    expect(nextSliceSteps(100, 0.001)).toBe(400);
    expect(nextSliceSteps(100, 0)).toBe(400);
    expect(nextSliceSteps(1, 1000)).toBe(1);
  });

  it('stops at a cancel between slices and acknowledges it once', () => {
    const { handle, messages, runTasks, pending } = harness(() => ({ simulation: new FakeSimulation(1e-4, 100), coordinates: 7 }));
    handle(start(3));
    runTasks(3);
    handle({ kind: 'cancel', runId: 3 });
    handle({ kind: 'cancel', runId: 3 });
    runTasks();
    expect(pending()).toBe(0);
    const kinds = messages.map((m) => m.kind);
    expect(kinds.filter((k) => k === 'cancelled')).toHaveLength(1);
    expect(kinds).not.toContain('done');
    expect(kinds[kinds.length - 1]).toBe('cancelled');
  });

  it('ignores a cancel for another run id', () => {
    const { handle, messages, runTasks } = harness(() => ({ simulation: new FakeSimulation(0.01, 1), coordinates: 7 }));
    handle(start(5));
    handle({ kind: 'cancel', runId: 4 });
    runTasks();
    expect(messages.map((m) => m.kind)).not.toContain('cancelled');
    expect(messages[messages.length - 1].kind).toBe('done');
  });

  it('a new start cancels the run in flight', () => {
    const { handle, messages, runTasks } = harness(() => ({ simulation: new FakeSimulation(1e-4, 100), coordinates: 7 }));
    handle(start(1));
    runTasks(2);
    handle(start(2, { tEnd: 0.01 }));
    runTasks();
    expect(messages.find((m) => m.kind === 'cancelled')?.runId).toBe(1);
    expect(messages.filter((m) => m.runId === 1 && m.kind === 'done')).toHaveLength(0);
    expect(messages[messages.length - 1]).toMatchObject({ kind: 'done', runId: 2 });
  });

  it('reports a solver failure with time and reason, after the samples so far', () => {
    const { handle, messages, runTasks } = harness(() => ({ simulation: new FakeSimulation(0.01, 10, 250), coordinates: 7 }));
    handle(start(7));
    runTasks();
    const last = messages[messages.length - 1];
    expect(last).toMatchObject({ kind: 'failed', runId: 7, reason: 'Newton did not converge' });
    if (last.kind !== 'failed') return;
    expect(last.time).toBeCloseTo(2.49, 12);
    expect(last.finalRow[0]).toBeCloseTo(2.49, 12);
    const { series } = collect(messages, 7);
    expect(series(1).slice(-2)[0]).toBeCloseTo(2.49, 12);
  });

  it('reports a model that cannot be built as a failure, not a crash', () => {
    const { handle, messages } = harness(() => {
      throw new Error('J violates the triangle inequality');
    });
    handle(start(9));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: 'failed', runId: 9, time: 0, reason: 'J violates the triangle inequality' });
  });

  it('reports an exception thrown by the solver as a failure', () => {
    const broken: SimulationLike = {
      stepsDone: 0,
      stepsRejected: 0,
      totalSteps: 10,
      failure: null,
      advance: () => {
        throw new RangeError('matrix is singular');
      },
    };
    const { handle, messages, runTasks } = harness(() => ({ simulation: broken, coordinates: 7 }));
    handle(start(11));
    runTasks();
    expect(messages[messages.length - 1]).toMatchObject({ kind: 'failed', reason: 'matrix is singular' });
  });

  it('lists each buffer of a message once for transfer', () => {
    const { handle, messages, runTasks } = harness(() => ({ simulation: new FakeSimulation(0.01, 1), coordinates: 7 }));
    handle(start(1));
    runTasks();
    for (const m of messages) {
      const buffers = transferablesOf(m);
      expect(new Set(buffers).size).toBe(buffers.length);
    }
  });

  it('samples every step of a fixed-step run, and ADAPTIVE_SAMPLES times an adaptive one', () => {
    const fixed = runSettingsFor(start(1, { h: 1e-4, tEnd: 10 }));
    expect(fixed).toEqual({ method: 'modified', alpha: -0.1, h: 1e-4, tEnd: 10, sampleEvery: 1 });
    expect(expectedSamples(fixed)).toBe(100_001);
    const adaptive = runSettingsFor(start(1, { h: 1e-4, tEnd: 10, tolerance: 1e-6 }));
    expect(adaptive).toMatchObject({ tolerance: 1e-6, hMin: defaultMinStep(10) });
    expect(adaptive.sampleEvery * adaptive.h).toBeCloseTo(10 / ADAPTIVE_SAMPLES, 15);
    expect(expectedSamples(adaptive)).toBe(ADAPTIVE_SAMPLES + 1);
    // An initial step above tEnd / ADAPTIVE_SAMPLES is the sample interval itself.
    const coarse = runSettingsFor(start(1, { h: 0.01, tEnd: 1, tolerance: 1e-3 }));
    expect(coarse.sampleEvery).toBe(1);
    expect(expectedSamples(coarse)).toBe(101);
    // The last whole interval ends on tEnd, not a rounding error before it.
    for (const [h, tEnd] of [[1e-4, 0.5], [1e-3, 2], [1e-4, 9], [3e-5, 0.7], [7e-6, 0.3]]) {
      const s = runSettingsFor(start(1, { h, tEnd, tolerance: 1e-4 }));
      expect(ADAPTIVE_SAMPLES * (s.sampleEvery * s.h)).toBeGreaterThanOrEqual(tEnd);
      expect(s.sampleEvery * s.h).toBeCloseTo(tEnd / ADAPTIVE_SAMPLES, 12);
    }
  });

  it('runs an adaptive heavy top: samples on the sample grid, steps and rejections reported', () => {
    const def = getScenario('heavy-top');
    const values = defaultState('heavy-top').values;
    const prepare: HandlerEnv['prepare'] = (msg, settings) => {
      const model = buildScenarioModel(def, msg.values);
      return { simulation: createSimulation(model, settings), coordinates: model.bodies.length * COORDS_PER_BODY };
    };
    const { handle, messages, runTasks } = harness(prepare);
    handle(start(1, { scenario: 'heavy-top', values, alpha: -0.2, h: 1e-4, tEnd: 0.5, tolerance: 1e-5 }));
    runTasks();
    const done = messages[messages.length - 1];
    expect(done.kind).toBe('done');
    if (done.kind !== 'done') return;
    expect(done.finalRow[0]).toBe(0.5);
    expect(done.progress.stepsDone).toBeGreaterThan(0);
    expect(done.progress.stepsRejected).toBeGreaterThanOrEqual(0);
    const { rows, series } = collect(messages, 1);
    expect(rows.length / SAMPLE_WIDTH).toBe(ADAPTIVE_SAMPLES + 1);
    // The step column is the step actually taken: positive and never above the sample interval.
    const h = series(COLUMN.h);
    for (let i = 1; i < h.length; i += 2) {
      expect(h[i]).toBeGreaterThan(0);
      expect(h[i]).toBeLessThanOrEqual(0.5 / ADAPTIVE_SAMPLES + 1e-15);
    }
  });

  it('runs the real spin scenario and ends on the same final row as a direct Simulation', () => {
    const state = { ...defaultState('spin'), tEnd: 2 };
    const def = getScenario('spin');
    const prepare: HandlerEnv['prepare'] = (msg, settings) => {
      const model = buildScenarioModel(def, msg.values);
      return { simulation: createSimulation(model, settings), coordinates: model.bodies.length * COORDS_PER_BODY };
    };
    const { handle, messages, runTasks } = harness(prepare);
    handle(start(1, { values: state.values, alpha: state.alpha, h: state.h, tEnd: state.tEnd, method: 'modified' }));
    runTasks();
    const done = messages[messages.length - 1];
    expect(done.kind).toBe('done');
    if (done.kind !== 'done') return;
    let direct = new Float64Array(0);
    const sim = new Simulation(buildScenarioModel(def, state.values), { method: 'modified', alpha: state.alpha, h: state.h, tEnd: state.tEnd, sampleEvery: 1 });
    while (sim.advance(1000, (row) => (direct = row.slice())) === 'running');
    expect(Array.from(done.finalRow)).toEqual(Array.from(direct));
  });

  it('keeps the samples of the CSV grid for export: every step up to EXPORT_INTERVALS, then every k-th (k = 1, 2, 5 × 10ⁿ) and the last', () => {
    const { handle, messages, runTasks } = harness(() => ({ simulation: new FakeSimulation(0.001, 10), coordinates: 7 }));
    handle(start(1, { maxPoints: 100 }));
    runTasks();
    expect(messages[0]).toMatchObject({ kind: 'started', exportStride: 1 });
    const { exportRows, heads } = collect(messages, 1);
    expect(exportRows.length / SAMPLE_WIDTH).toBe(10_001);
    for (let i = 0; i < 10_001; i += 997) expect(exportRows[i * SAMPLE_WIDTH]).toBeCloseTo(i * 0.001, 12);
    // The first HEAD_SAMPLES samples, row and pose each, sent once.
    expect(heads).toHaveLength(1);
    expect(heads[0].length).toBe(HEAD_SAMPLES * (SAMPLE_WIDTH + 7));
    expect(heads[0][SAMPLE_WIDTH + 7]).toBe(0.001);

    const long = harness(() => ({ simulation: new FakeSimulation(1e-5, 2.5), coordinates: 7 }));
    long.handle(start(2, { h: 1e-5, tEnd: 2.5 }));
    long.runTasks();
    // The export is on the sample grid `sim --sample-dt 0.0005` writes (k = 50 for
    // 250,000 steps), no longer every step up to 200,000 rows (then the stride was 2).
    const stride = 50;
    expect(long.messages[0]).toMatchObject({ kind: 'started', exportStride: stride });
    const kept = collect(long.messages, 2).exportRows;
    const times = kept.filter((_, k) => k % SAMPLE_WIDTH === 0);
    expect(times.length).toBe(5001);
    expect(times.length).toBeLessThanOrEqual(EXPORT_INTERVALS + 1);
    expect(times[1]).toBeCloseTo(stride * 1e-5, 12);
    expect(times[times.length - 1]).toBeCloseTo(2.5, 12);
  });

  it('streams the invariant monitors of a real heavy top (prepareRun) alongside the samples', () => {
    const values = defaultState('heavy-top').values;
    const { handle, messages, runTasks } = harness(prepareInWorker);
    handle(start(1, { scenario: 'heavy-top', values, alpha: -0.2, h: 1e-3, tEnd: 0.2 }));
    runTasks();
    expect(messages[0]).toMatchObject({ kind: 'started', primaryBody: 0 });
    expect(messages[messages.length - 1].kind).toBe('done');
    const { chunks, series } = collect(messages, 1);
    expect(chunks[0].series).toHaveLength(SERIES_WIDTH);
    const lz = series(COLUMN.angular_momentum_z);
    expect(lz[1]).toBeCloseTo(0.234375 * -4.61538 - 15 * 4.61538, 8);
    const norm = series(COLUMN.euler_norm_drift);
    expect(norm.length / 2).toBe(201);
    for (let i = 1; i < norm.length; i += 2) expect(norm[i]).toBeLessThan(1e-13);
    const velocity = series(COLUMN.velocity_constraint_error);
    expect(Math.max(...velocity.filter((_, k) => k % 2 === 1))).toBeGreaterThan(0);
  });

  it('runs a user model of the start message: its outputs after the fixed series, full rows for export, the rest as before', () => {
    const { handle, messages, runTasks } = harness(prepareInWorker);
    handle(start(1, { scenario: 'custom', model: { text: DOUBLE_PENDULUM }, values: { L: [1], m: [1] }, h: 1e-3, tEnd: 0.1 }));
    runTasks();
    const started = messages[0];
    expect(started).toMatchObject({ kind: 'started', width: SAMPLE_WIDTH + 4, primaryBody: 0 });
    if (started.kind !== 'started') return;
    expect(started.facts.outputs.map((o) => o.name)).toEqual(['x_tip', 'y_tip', 'elbow angle', 'elbow rate']);
    expect(started.facts.preparation).toEqual({ moved: [], removed: [] });
    const done = messages[messages.length - 1];
    expect(done).toMatchObject({ kind: 'done', removed: { count: 0 } });
    if (done.kind !== 'done') return;
    expect(done.finalRow).toHaveLength(SAMPLE_WIDTH + 4);
    const { chunks, series, rows, exportRows, heads } = collect(messages, 1);
    expect(chunks[0].series).toHaveLength(SERIES_WIDTH + 4);
    // The 3D view's rows and the head keep SAMPLE_WIDTH per row; the export rows are the full rows.
    expect(rows.length % SAMPLE_WIDTH).toBe(0);
    expect(heads[0].length).toBe(HEAD_SAMPLES * (SAMPLE_WIDTH + 14));
    const width = SAMPLE_WIDTH + 4;
    expect(exportRows.length).toBe(101 * width);
    // Every step is on the export grid here: the output series are the export rows' output columns.
    for (let k = 0; k < 4; k++) {
      const pairs = series(SERIES_WIDTH + k);
      expect(pairs.length).toBe(2 * 101);
      for (let i = 0; i < 101; i++) {
        // The export rows write t as the clean grid time (0.009, not 0.009000000000000001).
        expect(pairs[2 * i]).toBeCloseTo(exportRows[i * width], 15);
        expect(pairs[2 * i + 1]).toBe(exportRows[i * width + SAMPLE_WIDTH + k]);
      }
    }
    expect(Array.from(done.finalRow)).toEqual(exportRows.slice(-width));
  });

  it("sends the 3D view's scene of a user model with 'started' (the page never compiles a user's text), and none for a shipped model", () => {
    const user = harness(prepareInWorker);
    const values = { L: [1.5], m: [1] };
    user.handle(start(1, { scenario: 'custom', model: { text: DOUBLE_PENDULUM }, values, h: 1e-3, tEnd: 0.01 }));
    const started = user.messages[0];
    if (started.kind !== 'started') throw new Error(`expected 'started', got ${started.kind}`);
    const read = readCustomModel(DOUBLE_PENDULUM);
    if (!read?.ok) throw new Error('the test model does not read');
    // At the run's values (L = 1.5 m), not the model's defaults: the same scene the page drew when it compiled it.
    expect(started.scene).toEqual(sceneModelOf(read.def, values));
    expect(started.scene!.bodies).toHaveLength(2);
    expect(started.scene).not.toEqual(sceneModelOf(read.def, { L: [1], m: [1] }));

    const shipped = harness(prepareInWorker);
    shipped.handle(start(1, { scenario: 'heavy-top', values: defaultState('heavy-top').values, tEnd: 0.01 }));
    const shippedStarted = shipped.messages[0];
    expect(shippedStarted.kind).toBe('started');
    expect('scene' in shippedStarted).toBe(false);
  });

  it('ends the 3D view rows of a model with outputs on the last sample, SAMPLE_WIDTH values per row like the others', () => {
    // 101 samples kept every third (stride ⌈101 / 40⌉ = 3): the last sample, index 100, is not one of them, so it is added.
    const { handle, messages, runTasks } = harness(prepareInWorker);
    handle(start(1, { scenario: 'custom', model: { text: DOUBLE_PENDULUM }, values: { L: [1], m: [1] }, h: 1e-3, tEnd: 0.1, maxPoints: 40 }));
    runTasks();
    expect(messages[messages.length - 1].kind).toBe('done');
    const { rows, poses } = collect(messages, 1);
    expect(rows.length % SAMPLE_WIDTH).toBe(0);
    const count = rows.length / SAMPLE_WIDTH;
    expect(poses.length).toBe(count * 14);
    // The last row is the run's end: what the playback reads as the end of what can be played.
    expect(rows[(count - 1) * SAMPLE_WIDTH]).toBeCloseTo(0.1, 12);
    for (let i = 1; i < count; i++) expect(rows[i * SAMPLE_WIDTH]).toBeGreaterThan(rows[(i - 1) * SAMPLE_WIDTH]);
  });

  it('says what the assembly of a user model did and how its removed equations held', () => {
    const read = readCustomModel(FOUR_BAR);
    if (!read?.ok) throw new Error('the four-bar does not read');
    const { handle, messages, runTasks } = harness(prepareInWorker);
    handle(start(1, { scenario: 'custom', model: { text: FOUR_BAR }, values: {}, h: 1e-3, tEnd: 0.05 }));
    runTasks();
    const started = messages[0];
    if (started.kind !== 'started') throw new Error(started.kind);
    expect(started.facts.preparation.removed).toEqual([{ constraint: 'D', rows: 3, prescribed: false }]);
    expect(started.facts.preparation.moved.map((m) => m.body)).toEqual(['crank', 'coupler', 'rocker']);
    const done = messages[messages.length - 1];
    if (done.kind !== 'done') throw new Error(done.kind);
    expect(done.removed.count).toBe(3);
    expect(done.removed.largest).toBeLessThan(1e-9);
  });

  it('a user model that does not read fails the run with a reason (never a crash)', () => {
    const { handle, messages, runTasks } = harness(prepareInWorker);
    handle(start(1, { scenario: 'custom', model: { text: '{"format": "hht-model/1"}' }, values: {}, h: 1e-3, tEnd: 0.05 }));
    runTasks();
    expect(messages).toEqual([expect.objectContaining({ kind: 'failed', reason: 'the model does not read (open it in the editor to see why)' })]);
  });

  it('a shipped scenario runs from the model file its start message carries, and only from the file of that id', () => {
    const values = defaultState('heavy-top').values;
    const run = (message: StartMessage) => {
      const { handle, messages, runTasks } = harness(prepareInWorker);
      handle(message);
      runTasks();
      return messages;
    };
    const carried = run(start(1, { scenario: 'heavy-top', values, h: 1e-3, tEnd: 0.01 }));
    expect(carried[carried.length - 1].kind).toBe('done');
    const { document: _, ...without } = start(1, { scenario: 'heavy-top', values, h: 1e-3, tEnd: 0.01 });
    expect(run(without)).toEqual([expect.objectContaining({ kind: 'failed', reason: 'unknown scenario heavy-top' })]);
    const wrongFile = start(1, { scenario: 'heavy-top', values, h: 1e-3, tEnd: 0.01, document: shippedDocument('spin') });
    expect(run(wrongFile)).toEqual([expect.objectContaining({ kind: 'failed', reason: 'unknown scenario heavy-top' })]);
  });
});
