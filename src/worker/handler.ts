/**
 * The worker's message handler as a pure function of its environment (post, clock, scheduler,
 * simulation factory), so the protocol logic runs in Node tests without a real Worker.
 *
 * A run advances the Simulation in slices of about SLICE_MS of work; between slices the
 * handler yields to the event loop, which is where a cancel or a new start is read. Every
 * sample goes through per-column min/max decimators and a uniform picker (rows and poses),
 * so what is kept and sent is bounded whatever the number of steps.
 */
import { SAMPLE_WIDTH, type FailureCause, type RunStatus, type SampleSink } from '../solver/simulate';
import { INVARIANT_COLUMNS } from '../solver/studies/invariants';
import type { ScenarioState } from '../scenario/types';
import type { SceneModel } from '../scenario/sceneModel';
import { Float64Builder } from '../run/float64Builder';
import { exportSampleDt, planRun, solverSettings, type RunPlan, type SolverSettings } from '../run/plan';
import { gridSink, type GridSampleSink } from '../run/sampleGrid';
import { removedResidualOf, type ModelFacts } from '../run/modelFacts';
import type { RemovedResidual } from '../scenario/preparationText';
import { MAX_SERIES_POINTS, MinMaxDecimator, UniformPicker } from './decimate';
import {
  HEAD_SAMPLES,
  SERIES_WIDTH,
  transferablesOf,
  type MainToWorker,
  type RunProgress,
  type StartMessage,
  type WorkerToMain,
} from './protocol';

/** Target wall time of one slice of solver work, ms: short enough that cancel is prompt. */
export const SLICE_MS = 20;
/**
 * Bound on the samples at which the invariant monitors are evaluated (every k-th sample): ten
 * times the plotted points keeps their envelope while costing a few per cent of a run, not a fifth.
 */
export const MAX_INVARIANT_SAMPLES = 20_000;

/** Minimum wall time between two data chunks, ms (the first chunk goes out at once). */
export const CHUNK_MS = 100;

/** What the handler needs of a running simulation (src/solver/simulate.ts Simulation). */
export interface SimulationLike {
  advance(maxSteps: number, sink: SampleSink): RunStatus;
  readonly failure: { readonly time: number; readonly reason: string; readonly cause?: FailureCause } | null;
  readonly stepsDone: number;
  readonly totalSteps: number;
  readonly stepsRejected: number;
  /** Accepted steps whose successor the step cap limited (adaptive runs); a stand-in may leave it out. */
  readonly stepsCapped?: number;
  /** Newton iterations over all steps so far; a stand-in may leave it out. */
  readonly totalIterations?: number;
  /** The equations removed as redundant and their largest residual so far (absent: none removed). */
  readonly removedEquations?: { readonly count: number; readonly largestResidual: number; readonly timeOfLargest: number };
}

/** The scenario state of a start message: its one method, and the run settings of the page. */
export function stateOfStart(start: StartMessage): ScenarioState {
  const { scenario, model, values, method, alpha, rho, h, tEnd, tolerance, errorNorm } = start;
  return {
    scenario, ...(model ? { model } : {}), values, methods: [method], alpha, h, tEnd,
    ...(rho !== undefined ? { rho } : {}), ...(tolerance !== undefined ? { tolerance } : {}),
    ...(tolerance !== undefined && errorNorm !== undefined ? { errorNorm } : {}),
  };
}

/**
 * The run plan of a start message (src/run/plan.ts): the app's CSV grid (exportSampleDt) for a fixed
 * step, the default sample grid of an adaptive run, exactly as `sim --url <link>` plans it.
 */
export function planOfStart(start: StartMessage): RunPlan {
  const state = stateOfStart(start);
  const planned = planRun(state, { sampleDt: exportSampleDt(state) });
  if (!planned.ok) throw new Error(planned.issue.message);
  return planned.plan;
}

/** Solver settings of a start message: its plan, every step of a fixed-step run emitted (all are plotted). */
export function runSettingsFor(start: StartMessage): SolverSettings {
  const plan = planOfStart(start);
  return solverSettings(plan, plan.methods[0], 'every-step');
}

/** Number of samples a run emits (t = 0 included), which sizes the decimation. */
export function expectedSamples(settings: SolverSettings): number {
  const { h, tEnd, sampleEvery } = settings;
  const tolerance = 'tolerance' in settings ? settings.tolerance : undefined;
  if (tolerance === undefined) return Math.ceil(Math.max(1, Math.round(tEnd / h)) / sampleEvery) + 1;
  return Math.ceil(tEnd / (sampleEvery * h) - 1e-9) + 1;
}

/** Writes the INVARIANT_COLUMNS values of the simulation's current state (q, time t) into out. */
export type InvariantProbe = (q: Float64Array, t: number, out: Float64Array) => void;

export interface PreparedRun {
  readonly simulation: SimulationLike;
  /** Length of q passed to the sink (7 per body). */
  readonly coordinates: number;
  /** Evaluated at every sample when given; its columns follow the sample columns in `series`. */
  readonly invariants?: InvariantProbe;
  /** Index of the body whose ω the samples report (default 0). */
  readonly primaryBody?: number;
  /** The model's outputs (one row value each after SAMPLE_WIDTH), its assembly and warnings (default: none). */
  readonly facts?: ModelFacts;
  /** What the 3D view draws of a user's model, compiled here so that the page never evaluates its text. */
  readonly scene?: SceneModel;
}

const NO_FACTS: ModelFacts = { outputs: [], constraints: 0, preparation: { moved: [], removed: [] }, warnings: [] };
const NOTHING_REMOVED: RemovedResidual = { count: 0, largest: 0, time: 0 };

export interface HandlerEnv {
  post(message: WorkerToMain, transfer: ArrayBuffer[]): void;
  /** Monotonic clock, ms. */
  now(): number;
  /** Runs `task` after pending messages have had a chance to be handled. */
  schedule(task: () => void): void;
  /** Builds the model and the Simulation for a start message (may throw on bad input). */
  prepare(start: StartMessage, settings: SolverSettings): PreparedRun;
}

interface ActiveRun {
  readonly start: StartMessage;
  readonly simulation: SimulationLike;
  readonly coordinates: number;
  readonly startedAt: number;
  readonly invariants: InvariantProbe | null;
  readonly invariantValues: Float64Array;
  readonly invariantPicker: UniformPicker;
  readonly decimators: MinMaxDecimator[];
  readonly picker: UniformPicker;
  /** Values per full sample row: SAMPLE_WIDTH, then the model's outputs. */
  readonly width: number;
  readonly rows: Float64Builder;
  readonly poses: Float64Builder;
  /** Every exportStride-th sample (the plan's sample grid) and the last go to `exportRows`. */
  readonly exportStride: number;
  readonly exportRows: Float64Builder;
  /** The first HEAD_SAMPLES samples as (row, pose) pairs, until sent. */
  readonly head: Float64Builder;
  readonly lastRow: Float64Array;
  /** The last sample as written on the sample grid (the last sample always is): the final row `sim` writes. */
  readonly lastGridRow: Float64Array;
  readonly lastPose: Float64Array;
  sink: SampleSink;
  samples: number;
  stepsPerSlice: number;
  lastChunkAt: number;
  chunksSent: number;
}

/** Creates the handler; feed it every message the worker receives. */
export function createRunHandler(env: HandlerEnv): (message: MainToWorker) => void {
  let current: ActiveRun | null = null;

  const send = (message: WorkerToMain) => env.post(message, transferablesOf(message));

  const progressOf = (run: ActiveRun): RunProgress => ({
    time: run.samples > 0 ? run.lastRow[0] : 0,
    stepsDone: run.simulation.stepsDone,
    totalSteps: run.simulation.totalSteps,
    stepsRejected: run.simulation.stepsRejected,
    stepsCapped: run.simulation.stepsCapped ?? 0,
    newtonIterations: run.simulation.totalIterations ?? 0,
    elapsedMs: env.now() - run.startedAt,
  });

  const sendChunk = (run: ActiveRun, final = false) => {
    run.lastChunkAt = env.now();
    run.chunksSent++;
    const headReady = run.head.length > 0 && (final || run.samples >= HEAD_SAMPLES);
    send({
      kind: 'chunk',
      runId: run.start.runId,
      method: run.start.method,
      series: run.decimators.map((d) => d.drain()),
      rows: run.rows.take(),
      poses: run.poses.take(),
      exportRows: run.exportRows.take(),
      head: headReady ? run.head.take() : new Float64Array(0),
      progress: progressOf(run),
    });
  };

  /**
   * Completes the decimated series and the uniform sample with the last sample: its SAMPLE_WIDTH standard columns,
   * as every row of `rows` (lastRow also holds the model's outputs, which belong to the export rows only).
   */
  const finishSeries = (run: ActiveRun) => {
    for (const d of run.decimators) d.finish();
    if (run.samples > 0 && !run.picker.lastKept) {
      run.rows.appendPrefix(run.lastRow, SAMPLE_WIDTH);
      run.poses.append(run.lastPose);
    }
  };

  const begin = (start: StartMessage) => {
    const startedAt = env.now();
    let plan: RunPlan;
    let settings: SolverSettings;
    let prepared: PreparedRun;
    try {
      plan = planOfStart(start);
      settings = solverSettings(plan, plan.methods[0], 'every-step');
      prepared = env.prepare(start, settings);
    } catch (error) {
      const progress: RunProgress = { time: 0, stepsDone: 0, totalSteps: 0, stepsRejected: 0, elapsedMs: env.now() - startedAt };
      send({ kind: 'failed', runId: start.runId, method: start.method, time: 0, reason: reasonOf(error), finalRow: new Float64Array(0), progress });
      return;
    }
    const { simulation, coordinates } = prepared;
    const facts = prepared.facts ?? NO_FACTS;
    const width = SAMPLE_WIDTH + facts.outputs.length;
    const maxPoints = start.maxPoints ?? MAX_SERIES_POINTS;
    const sampleCount = expectedSamples(settings);
    const run: ActiveRun = {
      start,
      simulation,
      coordinates,
      startedAt,
      invariants: prepared.invariants ?? null,
      invariantValues: new Float64Array(INVARIANT_COLUMNS.length),
      invariantPicker: new UniformPicker(sampleCount, MAX_INVARIANT_SAMPLES),
      // Column 0 is time itself: its decimator stays empty but keeps the indices aligned.
      decimators: Array.from({ length: SERIES_WIDTH + facts.outputs.length }, (_, c) => new MinMaxDecimator(c === 0 ? 0 : sampleCount, maxPoints)),
      picker: new UniformPicker(sampleCount, maxPoints),
      width,
      rows: new Float64Builder(SAMPLE_WIDTH * 256),
      poses: new Float64Builder(coordinates * 256),
      exportStride: plan.samples.every,
      exportRows: new Float64Builder(width * 1024),
      head: new Float64Builder(HEAD_SAMPLES * (SAMPLE_WIDTH + coordinates)),
      lastRow: new Float64Array(width),
      lastGridRow: new Float64Array(width),
      lastPose: new Float64Array(coordinates),
      sink: () => {},
      samples: 0,
      stepsPerSlice: 16,
      lastChunkAt: -Infinity,
      chunksSent: 0,
    };
    run.sink = gridSink(plan, 'every-step', sinkFor(run));
    current = run;
    send({
      kind: 'started', runId: start.runId, method: start.method, totalSteps: simulation.totalSteps, coordinates,
      width, facts, exportStride: run.exportStride, primaryBody: prepared.primaryBody ?? 0,
      ...(prepared.scene ? { scene: prepared.scene } : {}),
    });
    env.schedule(() => step(run));
  };

  const sinkFor = (run: ActiveRun): GridSampleSink => (row, q, gridRow) => {
    const t = row[0];
    for (let c = 1; c < SAMPLE_WIDTH; c++) run.decimators[c].push(t, row[c]);
    if (run.invariants && run.invariantPicker.next()) {
      run.invariants(q, t, run.invariantValues);
      for (let k = 0; k < run.invariantValues.length; k++) run.decimators[SAMPLE_WIDTH + k].push(t, run.invariantValues[k]);
    }
    // The model's outputs follow the fixed series (SERIES_WIDTH + k), so the fixed ones keep their indices.
    for (let k = SAMPLE_WIDTH; k < run.width; k++) run.decimators[SERIES_WIDTH - SAMPLE_WIDTH + k].push(t, row[k]);
    if (run.picker.next()) {
      run.rows.appendPrefix(row, SAMPLE_WIDTH);
      run.poses.appendPrefix(q, run.coordinates);
    }
    if (gridRow) {
      run.exportRows.append(gridRow);
      run.lastGridRow.set(gridRow);
    }
    if (run.samples < HEAD_SAMPLES) {
      run.head.appendPrefix(row, SAMPLE_WIDTH);
      run.head.appendPrefix(q, run.coordinates);
    }
    run.lastRow.set(row);
    run.lastPose.set(q.subarray(0, run.coordinates));
    run.samples++;
  };

  const step = (run: ActiveRun) => {
    if (current !== run) return; // cancelled or replaced while waiting
    const sliceStart = env.now();
    let status: RunStatus;
    let thrown: unknown = null;
    try {
      status = run.simulation.advance(run.stepsPerSlice, run.sink);
    } catch (error) {
      status = 'failed';
      thrown = error;
    }
    const sliceMs = env.now() - sliceStart;
    run.stepsPerSlice = nextSliceSteps(run.stepsPerSlice, sliceMs);

    if (status === 'running') {
      if (run.chunksSent === 0 || env.now() - run.lastChunkAt >= CHUNK_MS) sendChunk(run);
      env.schedule(() => step(run));
      return;
    }
    current = null;
    finishSeries(run);
    sendChunk(run, true);
    const progress = progressOf(run);
    const monitor = run.simulation.removedEquations;
    const removed = monitor ? removedResidualOf(monitor) : NOTHING_REMOVED;
    if (status === 'finished') {
      send({ kind: 'done', runId: run.start.runId, method: run.start.method, finalRow: run.lastGridRow.slice(), finalPose: run.lastPose.slice(), progress, removed });
      return;
    }
    const failure = run.simulation.failure;
    send({
      kind: 'failed',
      runId: run.start.runId,
      method: run.start.method,
      time: failure?.time ?? progress.time,
      reason: thrown !== null ? reasonOf(thrown) : failure?.reason ?? 'the solver stopped without a reason',
      ...(thrown === null && failure ? { cause: failure.cause } : {}),
      finalRow: run.samples > 0 ? run.lastRow.slice() : new Float64Array(0),
      progress,
      removed,
    });
  };

  return (message: MainToWorker) => {
    switch (message.kind) {
      case 'start': {
        const previous = current;
        if (previous) {
          current = null;
          send({ kind: 'cancelled', runId: previous.start.runId, method: previous.start.method, progress: progressOf(previous) });
        }
        begin(message);
        return;
      }
      case 'cancel': {
        const run = current;
        if (run && run.start.runId === message.runId) {
          current = null;
          send({ kind: 'cancelled', runId: run.start.runId, method: run.start.method, progress: progressOf(run) });
        }
        return;
      }
      default: {
        const never: never = message;
        throw new Error(`unknown message ${JSON.stringify(never)}`);
      }
    }
  };
}

/**
 * Steps for the next slice so it takes about SLICE_MS: scaled by the last slice's speed,
 * growing at most 4× at a time (a first slice may be slow while code warms up).
 */
export function nextSliceSteps(steps: number, sliceMs: number): number {
  if (!(sliceMs > 0)) return Math.min(steps * 4, 1 << 20);
  const factor = Math.min(4, Math.max(0.25, SLICE_MS / sliceMs));
  return Math.max(1, Math.min(1 << 20, Math.round(steps * factor)));
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
