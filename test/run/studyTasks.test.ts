/**
 * A study on a pool (run/studyTasks.ts) gives the single-threaded study's points to the bit, whatever
 * order its runs finish in; progress, failed runs, a failed reference and the worker message handler.
 * The pool's workers here are in-process and finish in a scrambled order; test/cli/studyPool.test.ts
 * runs real worker threads.
 */
import { describe, expect, it } from 'vitest';
import { bits, studyOptions } from './studyHelpers';
import { getScenario } from '../../src/scenario/registry';
import { alphaSweep, convergenceStudy, ReferenceRunFailed } from '../../src/solver/studies/convergenceStudy';
import {
  handleStudyTask, poolSize, runStudyPool, runStudyTask, startOrder, studyFailureText, studyJob, taskChannel,
  type StudyTaskReply, type TaskWorker,
} from '../../src/run/studyTasks';
import { buildScenarioModel } from '../../src/scenario/build';

/**
 * In-process workers through the real message path (taskChannel → handleStudyTask, structured clone):
 * each task finishes after a delay that scrambles the completion order.
 */
function scrambledWorkers(count: number): TaskWorker[] {
  return Array.from({ length: count }, (_, w) => {
    const channel = taskChannel(1, (request) => {
      setTimeout(() => handleStudyTask(structuredClone(request), (reply) => channel.receive(structuredClone(reply))), ((request.index * 7 + w * 3) % 5) * 5);
    });
    return channel.worker;
  });
}

const CONVERGENCE = ['convergence', '--scenario', 'heavy-top', '--t-end', '0.1', '--steps', '1e-3,5e-4,2.5e-4', '--sample-dt', '1e-3', '--ref-h', '5e-5'];

describe('a study on a pool of workers', () => {
  it('convergence: the same points as convergenceStudy to the bit, progress as each run starts, dearest first', async () => {
    const options = studyOptions(CONVERGENCE);
    if (options.kind !== 'convergence') throw new Error('not a convergence study');
    const serial = convergenceStudy(buildScenarioModel(getScenario(options.scenario), options.values), options);
    const starts: string[] = [];
    const pooled = await runStudyPool(studyJob(options), scrambledWorkers(3), (done, total, label) => starts.push(`${done}/${total} ${label}`));
    expect(pooled.kind).toBe('convergence');
    expect(pooled.points).toHaveLength(6);
    expect(bits(pooled.points)).toEqual(bits(serial));
    // The pool starts the dearest runs first (startOrder), ties in the serial study's order.
    expect(starts).toEqual([
      '0/7 reference', '1/7 classical, h = 0.00025', '2/7 modified, h = 0.00025', '3/7 classical, h = 0.0005',
      '4/7 modified, h = 0.0005', '5/7 classical, h = 0.001', '6/7 modified, h = 0.001', '7/7 done',
    ]);
  });

  it('startOrder: dearest first by t_end / h × Newton solves per step (Ji–Xing three), ties in task order', () => {
    const options = studyOptions(['convergence', '--scenario', 'spin', '--methods', 'modified,ji-xing', '--t-end', '1', '--steps', '0.01,0.02', '--sample-dt', '0.02', '--ref-h', '0.001']);
    const { tasks, labels } = studyJob(options);
    expect(startOrder(tasks).map((k) => labels[k])).toEqual([
      'reference', 'ji-xing, h = 0.01', 'ji-xing, h = 0.02', 'modified, h = 0.01', 'modified, h = 0.02',
    ]);
  });

  it('α sweep with runs that fail: the same rows, failures included, as alphaSweep', async () => {
    // The heavy top at α = 0 diverges (SPEC §5); at −0.3 it runs.
    const options = studyOptions(['alpha-sweep', '--scenario', 'heavy-top', '--alphas', '-0.3,0', '--h', '1e-3', '--t-end', '2']);
    if (options.kind !== 'alpha-sweep') throw new Error('not an α sweep');
    const serial = alphaSweep(buildScenarioModel(getScenario(options.scenario), options.values), options.methods, options.alphas, options.h, options.tEnd);
    expect(serial.some((p) => p.failure !== null)).toBe(true);
    const pooled = await runStudyPool(studyJob(options), scrambledWorkers(2));
    expect(bits(pooled.points)).toEqual(bits(serial));
  });

  it('a failed reference rejects the study as the serial study throws, with the same text', async () => {
    const options = studyOptions(['convergence', '--scenario', 'heavy-top', '--t-end', '0.5', '--steps', '1e-3', '--sample-dt', '1e-3', '--ref-h', '1e-4', '--ref-alpha', '0']);
    const error = await runStudyPool(studyJob(options), scrambledWorkers(2)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReferenceRunFailed);
    expect(studyFailureText(options, error)).toMatch(/^the reference run \(modified, α = 0, h = 0\.0001\) failed at t = 0\.\d+: \S/);
  });

  it('a task that throws rejects the study with its message', async () => {
    const options = studyOptions(CONVERGENCE);
    const job = studyJob(options);
    const broken = { ...job, tasks: job.tasks.map((task, k) => (k === 2 ? { ...task, scenario: 'no-such-scenario' as never } : task)) };
    await expect(runStudyPool(broken, scrambledWorkers(2))).rejects.toThrow(/no-such-scenario/);
  });

  it('the worker handler transfers the result arrays and reports an exception as task-failed', () => {
    const [reference] = studyJob(studyOptions(CONVERGENCE)).tasks;
    const replies: [StudyTaskReply, ArrayBuffer[]][] = [];
    handleStudyTask({ kind: 'run-task', id: 4, index: 0, task: reference }, (reply, transfer) => replies.push([reply, transfer]));
    handleStudyTask({ kind: 'run-task', id: 4, index: 1, task: { ...reference, scenario: 'no-such-scenario' as never } }, (reply, transfer) => replies.push([reply, transfer]));
    const [[done, transfer], [failed, none]] = replies;
    expect(done.kind).toBe('task-done');
    if (done.kind !== 'task-done' || !('t' in done.result)) throw new Error('no series');
    expect(transfer).toEqual([done.result.t.buffer, done.result.omega.buffer, done.result.coordinates.buffer]);
    expect(bits(done.result)).toEqual(bits(runStudyTask(reference)));
    expect(failed).toMatchObject({ kind: 'task-failed', id: 4, index: 1 });
    expect(none).toEqual([]);
  });

  it('pool size: one worker per core, never more than the runs, at least one', () => {
    const job = studyJob(studyOptions(CONVERGENCE));
    expect([poolSize(2, job), poolSize(64, job), poolSize(0, job), poolSize(NaN, job)]).toEqual([2, 7, 1, 1]);
  });
});
