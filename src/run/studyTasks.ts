/**
 * A study as independent tasks, for a pool of workers (Web Workers in the page, worker
 * threads in `sim study`). A study (solver/studies/convergenceStudy.ts) is a list of runs that do not
 * depend on each other; `studyJob` turns validated study options into one task per run — plain data a
 * worker can receive — and the function that assembles the results into the study's points.
 * `runStudyPool` hands the tasks to the workers it is given and keeps the results by task index, so
 * the points are those of the single-threaded study to the bit, whatever order the runs finish in.
 * No Node or browser API here: the workers are the caller's.
 */
import {
  checkReference, convergencePoints, convergenceRuns, finalSample, primarySeries, ReferenceRunFailed,
  sweepPoint, sweepRuns,
  type AlphaSweepPoint, type ConvergencePoint, type FinalSample, type PrimarySeries, type RhoSweepPoint, type StudyProgress,
  type StudyRun,
} from '../solver/studies/convergenceStudy';
import type { FamilyRunSettings } from '../solver/studies/familyRuns';
import { getScenario, isScenarioId, readCustomModel } from '../scenario/registry';
import { formatNumber } from '../scenario/validate';
import type { ParamValues, ScenarioId } from '../scenario/types';
import type { ModelDocument } from '../modelfile/schema';
import type { AlphaSweepOptions, ConvergenceOptions, DampingScanOptions, RhoSweepOptions, StabilityOptions, StudyOptions } from '../scenario/studyArgs';
import { dampingScanPoints, dampingScanRuns, type DampingScanPoint } from '../solver/studies/dampingScan';
import {
  classifyStabilityRun, DEFAULT_STABILITY_BOUNDS, refinementSteps, scanSteps, stabilityPoint, stabilityRounds, stabilityRun, studyParameter,
  type StabilityBounds, type StabilityOutcome, type StabilityPoint,
} from '../solver/studies/stabilityStudy';
import type { FamilyMethodName } from '../solver/studies/methodStability';
import { buildFromDocument } from '../scenario/build';

/** One run of a study as a worker receives it: the model to build, the settings, and what to keep of it. */
export interface StudyTask {
  readonly scenario: ScenarioId;
  /**
   * The user's model when scenario is 'custom': its document as read and checked where the study was set up (the
   * page, `sim study`), so a worker compiles it without the reader and its schema library.
   */
  readonly model?: ModelDocument;
  readonly values: ParamValues;
  readonly settings: FamilyRunSettings;
  /**
   * 'series': the primary body's samples (convergence); 'final': the last row only (α sweep); 'stability': the run
   * classified against `bounds` (stabilityStudy.ts).
   */
  readonly keep: 'series' | 'final' | 'stability';
  readonly bounds?: StabilityBounds;
}

export type TaskResult = PrimarySeries | FinalSample | StabilityOutcome;

export type StudyPoints =
  | { readonly kind: 'convergence'; readonly points: ConvergencePoint[] }
  | { readonly kind: 'alpha-sweep'; readonly points: AlphaSweepPoint[] }
  | { readonly kind: 'rho-sweep'; readonly points: RhoSweepPoint[] }
  | { readonly kind: 'stability'; readonly points: StabilityPoint[] }
  | { readonly kind: 'damping-scan'; readonly points: DampingScanPoint[] };

/** Tasks run together, with the labels progress shows. */
export interface StudyStage {
  readonly tasks: readonly StudyTask[];
  readonly labels: readonly string[];
}

/**
 * A study split into tasks, with the labels its progress shows and the assembly of its results. The tasks of a
 * stage are independent; a study of several stages (the stability study's refinement) says what runs next from
 * the results so far, deterministically, so the pool computes what one thread computes.
 */
export interface StudyJob<P = StudyPoints> extends StudyStage {
  /** Runs at most (a staged study's progress total), default tasks.length. */
  readonly expectedTasks?: number;
  /** Throws if the study cannot go on after task `index` (a failed convergence reference). */
  check(index: number, result: TaskResult): void;
  /** The next stage from the results of every task so far (by task index over all stages), or null: done. */
  nextStage?(results: readonly TaskResult[]): StudyStage | null;
  /** The study's points (or a part's results) from every task's result, by task index. */
  assemble(results: readonly TaskResult[]): P;
}

/** The document of the study's user model, read where the study is set up (the reader is loaded there: the study was parsed with it). */
function modelDocument(options: StudyOptions): ModelDocument | undefined {
  if (!options.model) return undefined;
  const read = readCustomModel(options.model.text);
  if (!read?.ok) throw new Error('study: the model of the study does not read here');
  return read.def.document;
}

/** A task of the study's model (shipped, or the user's by its document) with these settings. */
export function studyTaskOf(options: StudyOptions, settings: FamilyRunSettings, keep: StudyTask['keep'], bounds?: StabilityBounds): StudyTask {
  const model = modelDocument(options);
  return {
    scenario: options.scenario, ...(model ? { model } : {}), values: options.values, settings, keep,
    ...(bounds ? { bounds } : {}),
  };
}

function tasksOf(options: StudyOptions, runs: readonly StudyRun[], keep: StudyTask['keep']): StudyTask[] {
  return runs.map(({ settings }) => studyTaskOf(options, settings, keep));
}

/** The tasks of a sweep over α or ρ∞: the runs of sweepRuns, in their order. */
function sweepJob(options: AlphaSweepOptions | RhoSweepOptions): StudyJob {
  const key = options.kind === 'alpha-sweep' ? 'alpha' : 'rho';
  const values = options.kind === 'alpha-sweep' ? options.alphas : options.rhos;
  const runs = sweepRuns(key, options.methods, values, options.h, options.tEnd);
  return {
    tasks: tasksOf(options, runs, 'final'),
    labels: runs.map((r) => r.label),
    check: () => {},
    assemble: (results) => ({ kind: options.kind, points: runs.map((run, k) => sweepPoint(key, run, results[k] as FinalSample)) }) as StudyPoints,
  };
}

/**
 * The stability study in stages: the scan of every method, then each round's refinement steps
 * (stabilityStudy.ts refinementSteps) of the methods whose bracket is still wide, until none is.
 */
export function stabilityJob(options: StabilityOptions): StudyJob {
  const { methods, hRange, tEnd, rtol, bounds } = options;
  const owners: FamilyMethodName[] = [];
  const stage = (steps: readonly { method: FamilyMethodName; h: number }[]): StudyStage => {
    const runs = steps.map(({ method, h }) => stabilityRun(method, options, h, tEnd));
    owners.push(...steps.map((s) => s.method));
    return { tasks: runs.map(({ settings }) => studyTaskOf(options, settings, 'stability', bounds)), labels: runs.map((r) => r.label) };
  };
  const outcomesOf = (results: readonly TaskResult[], method: FamilyMethodName) =>
    results.filter((_, k) => owners[k] === method) as StabilityOutcome[];
  const scan = scanSteps(hRange[0], hRange[1]);
  const first = stage(methods.flatMap((method) => scan.map((h) => ({ method, h }))));
  return {
    ...first,
    expectedTasks: methods.length * (scan.length + 3 * stabilityRounds(rtol)),
    check: () => {},
    nextStage: (results) => {
      const next = methods.flatMap((method) => refinementSteps(outcomesOf(results, method), rtol).map((h) => ({ method, h })));
      return next.length > 0 ? stage(next) : null;
    },
    assemble: (results) => ({
      kind: 'stability',
      points: methods.map((method) => stabilityPoint(method, studyParameter(method, options), outcomesOf(results, method))),
    }),
  };
}

/** The damping scan: one stability-classified run per method and grid value, in dampingScanRuns order; one stage. */
function dampingScanJob(options: DampingScanOptions): StudyJob {
  const runs = dampingScanRuns(options);
  return {
    tasks: runs.map(({ run }) => studyTaskOf(options, run.settings, 'stability', options.bounds)),
    labels: runs.map(({ run }) => run.label),
    check: () => {},
    assemble: (results) => ({ kind: 'damping-scan', points: dampingScanPoints(runs, results as StabilityOutcome[]) }),
  };
}

/** The tasks of a study: the runs of convergenceRuns, sweepRuns, the stability study's stages or the damping scan, in their order. */
export function studyJob(options: StudyOptions): StudyJob {
  if (options.kind === 'stability') return stabilityJob(options);
  if (options.kind === 'damping-scan') return dampingScanJob(options);
  if (options.kind !== 'convergence') return sweepJob(options);
  const { methods, alpha, rho, steps, tEnd, sampleDt, reference } = options;
  const settings = { methods, alpha, rho, steps, tEnd, sampleDt, reference };
  const runs = convergenceRuns(settings);
  return {
    tasks: tasksOf(options, runs, 'series'),
    labels: runs.map((r) => r.label),
    check: (index, result) => { if (index === 0) checkReference(result as PrimarySeries); },
    assemble: (results) => ({ kind: 'convergence', points: convergencePoints(settings, results as PrimarySeries[]) }),
  };
}

/** The document a task runs: the user's model it carries, or a shipped model's file. */
function taskDocument(task: StudyTask): ModelDocument {
  if (task.model !== undefined) return task.model;
  if (!isScenarioId(task.scenario)) throw new Error(`study task: no scenario '${task.scenario}'`);
  return getScenario(task.scenario).document;
}

/** Executes one task in this thread (what every worker of the pool does). */
export function runStudyTask(task: StudyTask): TaskResult {
  const model = buildFromDocument(taskDocument(task), task.values).model;
  if (task.keep === 'stability') return classifyStabilityRun(model, task.settings, task.bounds ?? DEFAULT_STABILITY_BOUNDS);
  return task.keep === 'series' ? primarySeries(model, task.settings) : finalSample(model, task.settings);
}

/** The buffers of a result, to transfer rather than copy it between threads (a stability outcome is a few numbers). */
export function resultBuffers(result: TaskResult): ArrayBuffer[] {
  if ('stable' in result) return [];
  const arrays = 'row' in result ? (result.row ? [result.row] : []) : [result.t, result.omega, result.coordinates];
  return arrays.map((a) => a.buffer as ArrayBuffer);
}

/** Page or `sim study` → a pool worker (a Web Worker or a worker thread): execute task `index` of study `id`. */
export interface StudyTaskRequest {
  readonly kind: 'run-task';
  readonly id: number;
  readonly index: number;
  readonly task: StudyTask;
}

/** Pool worker → caller: the task's result (its arrays transferred), or why it threw. */
export type StudyTaskReply =
  | { readonly kind: 'task-done'; readonly id: number; readonly index: number; readonly result: TaskResult }
  | { readonly kind: 'task-failed'; readonly id: number; readonly index: number; readonly reason: string };

/**
 * What every pool worker does with a request: executes the task and posts the reply with the buffers
 * to transfer. A run that fails is a result (its row carries the failure); only an exception (say, a
 * model that cannot be built) is 'task-failed'.
 */
export function handleStudyTask({ id, index, task }: StudyTaskRequest, post: (reply: StudyTaskReply, transfer: ArrayBuffer[]) => void): void {
  let result: TaskResult;
  try {
    result = runStudyTask(task);
  } catch (error) {
    post({ kind: 'task-failed', id, index, reason: error instanceof Error ? error.message : String(error) }, []);
    return;
  }
  post({ kind: 'task-done', id, index, result }, resultBuffers(result));
}

/** A worker of the pool: runs one task at a time; rejects if the task threw or the worker died. */
export interface TaskWorker {
  run(task: StudyTask, index: number): Promise<TaskResult>;
}

/** The caller's side of one pool worker: a TaskWorker whose one task in flight is settled by `receive` or `died`. */
export interface TaskChannel {
  readonly worker: TaskWorker;
  /** A reply from the worker (replies of another study are ignored). */
  receive(reply: StudyTaskReply): void;
  /** The worker stopped (an uncaught error, or its thread exited): the task in flight fails with `reason`. */
  died(reason: string): void;
}

/** A TaskChannel for study `id` that sends its requests with `send` (postMessage of a Web Worker or a worker thread). */
export function taskChannel(id: number, send: (request: StudyTaskRequest) => void): TaskChannel {
  let waiting: { resolve: (r: TaskResult) => void; reject: (e: Error) => void } | null = null;
  const settle = (outcome: { result: TaskResult } | { reason: string }) => {
    const w = waiting;
    waiting = null;
    if (w && 'result' in outcome) w.resolve(outcome.result);
    else if (w && 'reason' in outcome) w.reject(new Error(outcome.reason));
  };
  return {
    worker: {
      run: (task, index) => new Promise<TaskResult>((resolve, reject) => {
        waiting = { resolve, reject };
        send({ kind: 'run-task', id, index, task });
      }),
    },
    receive: (reply) => {
      if (reply.id === id) settle(reply.kind === 'task-done' ? { result: reply.result } : { reason: reply.reason });
    },
    died: (reason) => settle({ reason }),
  };
}

/** A task starting or ending on pool worker `lane` (the index of its worker), for timelines (bench:studies). */
export interface TaskEvent {
  readonly index: number;
  readonly lane: number;
  readonly phase: 'start' | 'end';
}

/** Newton solves per step of each method (the Ji–Xing composite solves three sub-steps). */
function solvesPerStep(method: FamilyRunSettings['method']): number {
  return method === 'ji-xing' ? 3 : 1;
}

/** A task's expected cost in Newton solves (fixed steps: t_end / h steps); only its rank matters. */
export function taskCost(task: StudyTask): number {
  return (task.settings.tEnd / task.settings.h) * solvesPerStep(task.settings.method);
}

/**
 * The order the pool starts the tasks in: dearest first (longest-processing-time-first), ties in task
 * order, so the reference run of a convergence study, the longest, starts first and the short runs fill
 * the gaps at the end instead of one long run starting last (Fig. 9: pooled 104 s → about the 85 s of the
 * reference on two threads).
 */
export function startOrder(tasks: readonly StudyTask[]): number[] {
  return tasks.map((_, k) => k).sort((a, b) => taskCost(tasks[b]) - taskCost(tasks[a]) || a - b);
}

/**
 * Runs the job's tasks on the workers, each worker taking the next task as soon as it is free, in
 * startOrder. `progress(k, total, label)` reports the k-th task to start (k = 0, 1, …) with its label,
 * and (total, total, 'done') at the end; `observe` sees every task start and end with its index and
 * lane. The results are kept by task index, so the points equal the single-threaded study's. Rejects on
 * the first task that throws or fails its check; the caller then terminates the workers.
 */
export async function runStudyPool<P>(
  job: StudyJob<P>, workers: readonly TaskWorker[], progress: StudyProgress = () => {}, observe: (event: TaskEvent) => void = () => {},
): Promise<P> {
  const results: TaskResult[] = [];
  let expected = job.expectedTasks ?? job.tasks.length;
  let stage: StudyStage | null = job;
  while (stage) {
    const base = results.length;
    expected = Math.max(expected, base + stage.tasks.length);
    await runStage(job, stage, base, results, workers, (k, label) => progress(base + k, expected, label), observe);
    stage = job.nextStage?.(results) ?? null;
  }
  progress(results.length, results.length, 'done');
  return job.assemble(results);
}

/**
 * One stage on the workers, in startOrder; results land at base + task index. Rejects on the first task that throws
 * or fails its check; the caller then terminates the workers.
 */
async function runStage(
  job: StudyJob<unknown>, stage: StudyStage, base: number, results: TaskResult[], workers: readonly TaskWorker[],
  progress: (started: number, label: string) => void, observe: (event: TaskEvent) => void,
): Promise<void> {
  const total = stage.tasks.length;
  const order = startOrder(stage.tasks);
  let next = 0;
  let stopped = false;
  const lane = async (worker: TaskWorker, laneIndex: number) => {
    while (!stopped && next < total) {
      const started = next++;
      const index = base + order[started];
      progress(started, stage.labels[order[started]]);
      observe({ index, lane: laneIndex, phase: 'start' });
      try {
        results[index] = await worker.run(stage.tasks[order[started]], index);
        observe({ index, lane: laneIndex, phase: 'end' });
        job.check(index, results[index]);
      } catch (error) {
        stopped = true;
        throw error;
      }
    }
  };
  await Promise.all(workers.map(lane));
}

/** The reference run as messages name it: `modified, α = -0.1, h = 1e-6` or `lie-group, ρ∞ = 0.6666666666666666, h = 5e-6`. */
export function referenceText(reference: ConvergenceOptions['reference']): string {
  const { method, alpha, rho, h } = reference;
  const parameter = alpha !== undefined ? `α = ${formatNumber(alpha)}` : `ρ∞ = ${formatNumber(rho ?? NaN)}`;
  return `${method}, ${parameter}, h = ${formatNumber(h)}`;
}

/** Why a study gave no points, as the page and `sim study` say it: the failed reference named with its settings. */
export function studyFailureText(options: StudyOptions, error: unknown): string {
  if (error instanceof ReferenceRunFailed && options.kind === 'convergence') {
    return `the reference run (${referenceText(options.reference)}) failed at ${error.failure}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** How many workers a study needs on a machine with `cores` cores: one per task (of its first stage) at most, at least one. */
export function poolSize(cores: number, job: StudyStage): number {
  return Math.max(1, Math.min(Math.floor(cores) || 1, job.tasks.length));
}
