/**
 * The pool's lanes run at the same time: while the reference, task 0, is still in flight on
 * one worker, the other worker starts and finishes the remaining runs; no run waits for the reference.
 * The workers here are held by hand, so the order is the pool's, not a machine's timing.
 */
import { describe, expect, it } from 'vitest';
import { studyOptions } from './studyHelpers';
import { runStudyPool, runStudyTask, startOrder, studyJob, type TaskEvent, type TaskResult, type TaskWorker } from '../../src/run/studyTasks';

/** A worker whose tasks finish only when the test releases them (each result computed in-process). */
function heldWorker(held: Map<number, () => void>): TaskWorker {
  return {
    run: (task, index) => new Promise<TaskResult>((resolve) => held.set(index, () => resolve(runStudyTask(task)))),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the study pool runs its lanes concurrently', () => {
  it('the other runs start and finish on the second worker while the reference is still in flight', async () => {
    const options = studyOptions(['convergence', '--scenario', 'spin', '--t-end', '0.1', '--steps', '0.01,0.005', '--ref-h', '0.001']);
    const job = studyJob(options);
    const held = new Map<number, () => void>();
    const events: string[] = [];
    const observe = (e: TaskEvent) => events.push(`${e.phase} ${e.index} on ${e.lane}`);
    const study = runStudyPool(job, [heldWorker(held), heldWorker(held)], undefined, observe);
    // The pool starts the dearest runs first (startOrder): the reference, then the others by cost.
    const order = startOrder(job.tasks);
    expect(order[0]).toBe(0);
    await flush();
    expect(events).toEqual(['start 0 on 0', `start ${order[1]} on 1`]);
    for (const k of order.slice(1)) {
      held.get(k)!();
      await flush();
    }
    // Every run but the reference has ended on lane 1; the reference has not ended yet.
    expect(events.filter((e) => e.startsWith('end'))).toEqual(order.slice(1).map((k) => `end ${k} on 1`));
    expect(events).not.toContain('end 0 on 0');
    held.get(0)!();
    const points = await study;
    expect(events.at(-1)).toBe('end 0 on 0');
    expect(points.points).toHaveLength(job.tasks.length - 1);
  });
});
