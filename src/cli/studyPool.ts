/**
 * `sim study`'s pool: the study's runs (run/studyTasks.ts) on worker threads, one per core
 * (os.availableParallelism()), each executing ./studyWorker.ts. The points are those of the
 * single-threaded study to the bit (test/cli/studyPool.test.ts).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { StudyOptions } from '../scenario/studyArgs';
import type { StudyProgress } from '../solver/studies/convergenceStudy';
import { poolSize, runStudyPool, studyJob, taskChannel, type StudyJob, type StudyPoints, type TaskEvent, type TaskWorker } from '../run/studyTasks';

/**
 * The worker-thread entry beside the module at `base`: studyWorker.mjs or .js when `sim` is bundled
 * (the bundle's second entry), studyWorker.ts when it runs from source.
 */
export function studyWorkerEntry(base: string = import.meta.url): URL {
  for (const extension of ['mjs', 'js', 'ts']) {
    const entry = new URL(`./studyWorker.${extension}`, base);
    if (existsSync(entry)) return entry;
  }
  throw new Error(`no studyWorker.mjs, .js or .ts beside ${fileURLToPath(base)}`);
}

/**
 * A worker thread running `entry`. A bundled entry (.mjs, .js) runs as it is; a TypeScript one (`sim`
 * run from source by tsx) is imported after registering tsx's loader in the thread, because Node 20
 * does not carry tsx's loader over to worker threads.
 */
function startThread(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`, { eval: true });
}

/** A pool member: one task in flight, settled by its reply, or by the thread's error or exit. */
function threadWorker(thread: Worker): TaskWorker {
  const channel = taskChannel(0, (request) => thread.postMessage(request));
  thread.on('message', channel.receive);
  thread.on('error', (error) => channel.died(`a study thread stopped: ${error.message}`));
  thread.on('exit', (code) => channel.died(`a study thread exited with code ${code}`));
  return channel.worker;
}

export interface PoolOptions {
  /** Threads at most (default: one per core); never more than the study has runs. */
  readonly threads?: number;
  /** The worker-thread entry (default: studyWorkerEntry()). */
  readonly entry?: URL;
  /** Sees each task start and end on its thread (the bench's timeline). */
  readonly observe?: (event: TaskEvent) => void;
}

/** Runs the study on a pool of worker threads; rejects as the single-threaded study throws (ReferenceRunFailed). */
export async function runStudyInThreads(options: StudyOptions, progress: StudyProgress = () => {}, pool: PoolOptions = {}): Promise<StudyPoints> {
  return runJobInThreads(studyJob(options), progress, pool);
}

/** Runs a study's job (a whole study, or one part of it: ../run/studyShards.ts) on a pool of worker threads. */
export async function runJobInThreads<P>(job: StudyJob<P>, progress: StudyProgress = () => {}, pool: PoolOptions = {}): Promise<P> {
  const entry = pool.entry ?? studyWorkerEntry();
  const threads = Array.from({ length: poolSize(pool.threads ?? os.availableParallelism(), job) }, () => startThread(entry));
  try {
    return await runStudyPool(job, threads.map(threadWorker), progress, pool.observe);
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}
