/**
 * The typed message protocol between the page and a simulation worker (one worker per
 * compared method). Discriminated on `kind`; every reply carries the `runId` of the start
 * message so the page can drop replies of stale runs. Numeric payloads are Float64Arrays
 * sent as transferables.
 */
import { INVARIANT_COLUMNS, SAMPLE_COLUMNS } from '../solver/sampleColumns';
import type { ErrorNorm, FailureCause } from '../solver/simulate';
import type { RunMethod } from '../scenario/methods';
import type { CustomModel, ParamValues, ScenarioId } from '../scenario/types';
import type { ModelDocument } from '../modelfile/schema';
import type { ModelFacts } from '../run/modelFacts';
import type { RemovedResidual } from '../scenario/preparationText';
import type { SceneModel } from '../scenario/sceneModel';

/**
 * Columns of the decimated series: the sample columns (SAMPLE_COLUMNS, as `sim` writes them), then
 * the invariant monitors evaluated at the same sample times (INVARIANT_COLUMNS), at fixed indices; then
 * one series per output of the model (SERIES_WIDTH + k for output k), as many as `started.facts.outputs`.
 */
export const SERIES_COLUMNS = [...SAMPLE_COLUMNS, ...INVARIANT_COLUMNS] as const;
export const SERIES_WIDTH = SERIES_COLUMNS.length;

/** Samples at the start of a run sent whole (row and pose): t = 0 and the first step (theory overlay). */
export const HEAD_SAMPLES = 2;

/** Page → worker: start a run (a running one is cancelled first). */
export interface StartMessage {
  readonly kind: 'start';
  readonly runId: number;
  readonly scenario: ScenarioId;
  /** The user's model when scenario is 'custom': its text, exactly as the link carries it. */
  readonly model?: CustomModel;
  /** The shipped model's file when scenario names one (the worker carries no model files of its own). */
  readonly document?: ModelDocument;
  readonly values: ParamValues;
  readonly method: RunMethod;
  /** HHT α (used by classical and modified). */
  readonly alpha: number;
  /** ρ∞ (used by generalized-alpha, lie-group, ji-xing); absent: DEFAULT_RHO. */
  readonly rho?: number;
  readonly h: number;
  readonly tEnd: number;
  /** Adaptive step size with this local error tolerance (then `h` is the initial step); absent: fixed step. */
  readonly tolerance?: number;
  /** Adaptive only: which local errors the tolerance controls; absent: DEFAULT_ERROR_NORM. */
  readonly errorNorm?: ErrorNorm;
  /** Bound on points per decimated series and on poses/rows kept (default MAX_SERIES_POINTS). */
  readonly maxPoints?: number;
}

/** Page → worker: stop the run with this id (ignored if it is not the current one). */
export interface CancelMessage {
  readonly kind: 'cancel';
  readonly runId: number;
}

export type MainToWorker = StartMessage | CancelMessage;

/**
 * Progress of a run; `elapsedMs` is wall time since the start message was handled. For an
 * adaptive run `totalSteps` is an estimate (steps done + time left / current step).
 */
export interface RunProgress {
  readonly time: number;
  /** Accepted steps. */
  readonly stepsDone: number;
  readonly totalSteps: number;
  /** Steps rejected by the error test or retried after a Newton failure (adaptive runs). */
  readonly stepsRejected: number;
  /** Accepted steps whose successor the step cap limited (adaptive runs; RunSimulation.stepsCapped); absent: 0. */
  readonly stepsCapped?: number;
  /** Newton iterations over all steps so far, rejected ones included (`sim --format json`'s newtonIterations); absent: unknown. */
  readonly newtonIterations?: number;
  readonly elapsedMs: number;
}

/** Worker → page: the run is set up (sizes the page needs to read chunks). */
export interface StartedMessage {
  readonly kind: 'started';
  readonly runId: number;
  readonly method: RunMethod;
  readonly totalSteps: number;
  /** Coordinates per pose (7 per body). */
  readonly coordinates: number;
  /** Values per full sample row (`exportRows`, `finalRow`): SAMPLE_WIDTH, then one per model output. */
  readonly width: number;
  /** The model's output columns, what its assembly did (bodies moved, equations removed), its warnings. */
  readonly facts: ModelFacts;
  /** Every exportStride-th sample (the plan's sample grid, src/run/plan.ts) and the last are kept in `exportRows`; 1: every sample. */
  readonly exportStride: number;
  /** The body whose ω the samples report (its pose is at primaryBody · 7 in each pose). */
  readonly primaryBody: number;
  /** A user's model: what the 3D view draws of it at the run's values (the page does not compile a user's text). */
  readonly scene?: SceneModel;
}

/**
 * Worker → page: data decided since the previous chunk.
 * - `series[c]` (c = 1 … SERIES_WIDTH − 1 + outputs, index 0 unused and empty): min/max-decimated (t, value)
 *   pairs, interleaved, of column c (SERIES_COLUMNS order, then the model's outputs).
 * - `rows`: the SAMPLE_COLUMNS of sample rows (SAMPLE_WIDTH each) at uniformly spaced sample times (bounded, for
 *   the 3D view, the read-outs and the difference plot).
 * - `poses`: coordinates q (`coordinates` each) at the same times as `rows`.
 * - `exportRows`: full sample rows (`width` each: SAMPLE_COLUMNS, then the outputs, as `sim` writes them) on the
 *   run plan's sample grid (every exportStride-th sample), for CSV export.
 * - `head`: the first HEAD_SAMPLES samples as (SAMPLE_WIDTH row, pose) pairs, in the chunk where they are complete; else empty.
 */
export interface ChunkMessage {
  readonly kind: 'chunk';
  readonly runId: number;
  readonly method: RunMethod;
  readonly series: Float64Array[];
  readonly rows: Float64Array;
  readonly poses: Float64Array;
  readonly exportRows: Float64Array;
  readonly head: Float64Array;
  readonly progress: RunProgress;
}

/** Worker → page: progress without new data (cheap, frequent). */
export interface ProgressMessage {
  readonly kind: 'progress';
  readonly runId: number;
  readonly method: RunMethod;
  readonly progress: RunProgress;
}

/** Worker → page: the run reached tEnd. `finalRow` is the exact last sample row (`width` values). */
export interface DoneMessage {
  readonly kind: 'done';
  readonly runId: number;
  readonly method: RunMethod;
  readonly finalRow: Float64Array;
  readonly finalPose: Float64Array;
  readonly progress: RunProgress;
  /** How well the equations removed as redundant held (count 0: none were removed). */
  readonly removed: RemovedResidual;
}

/** Worker → page: the solver (or model set-up) failed; the samples sent so far stay valid. */
export interface FailedMessage {
  readonly kind: 'failed';
  readonly runId: number;
  readonly method: RunMethod;
  /** Time of the last good state, s. */
  readonly time: number;
  readonly reason: string;
  /** What stopped the run (solver/simulate.ts FailureCause); absent when the run could not be set up. */
  readonly cause?: FailureCause;
  /** Last good sample row (`width` values), or empty if none was computed. */
  readonly finalRow: Float64Array;
  readonly progress: RunProgress;
  /** How well the removed equations held until the failure; absent when the model could not be built. */
  readonly removed?: RemovedResidual;
}

/** Worker → page: the run was cancelled and no further message of it will come. */
export interface CancelledMessage {
  readonly kind: 'cancelled';
  readonly runId: number;
  readonly method: RunMethod;
  readonly progress: RunProgress;
}

export type WorkerToMain =
  | StartedMessage
  | ChunkMessage
  | ProgressMessage
  | DoneMessage
  | FailedMessage
  | CancelledMessage;

/**
 * Worker → page, once, when the worker's code has loaded (it is sent before any reply to a run): from then on a
 * run it owes an answer to is timed by the page (src/app/workerWatch.ts); the download before it is not.
 */
export interface ReadyMessage {
  readonly kind: 'ready';
}

/** The buffers of a message that can be transferred instead of copied. */
export function transferablesOf(message: WorkerToMain): ArrayBuffer[] {
  switch (message.kind) {
    case 'chunk':
      return [
        ...message.series.map((s) => s.buffer as ArrayBuffer),
        message.rows.buffer as ArrayBuffer,
        message.poses.buffer as ArrayBuffer,
        message.exportRows.buffer as ArrayBuffer,
        message.head.buffer as ArrayBuffer,
      ];
    case 'done':
      return [message.finalRow.buffer as ArrayBuffer, message.finalPose.buffer as ArrayBuffer];
    case 'failed':
      return [message.finalRow.buffer as ArrayBuffer];
    default:
      return [];
  }
}
