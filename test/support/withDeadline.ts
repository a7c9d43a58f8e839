/**
 * Runs a TypeScript module in a worker thread and waits for its answers with a deadline, so a test of code that
 * might never end (a reader that loops for minutes) fails with a message instead of hanging the runner: on the
 * deadline the thread is terminated. The module answers each message it receives (parentPort) with one message.
 */
import { Worker } from 'node:worker_threads';
import { resolve } from 'node:path';

const BOOT = resolve(__dirname, 'tsWorker.mjs');

/** A worker thread that runs `file` (a .ts module) and answers requests one at a time. */
export class DeadlineWorker<Request, Answer> {
  private worker: Worker | null = null;

  constructor(private readonly file: string) {}

  private started(): Worker {
    this.worker ??= new Worker(BOOT, { workerData: { file: this.file } });
    return this.worker;
  }

  /**
   * The answer to `request`, or 'timeout' when none came within `deadlineMs` (the thread is then terminated and
   * the next request starts a fresh one). Module loading counts against the first request's deadline.
   */
  ask(request: Request, deadlineMs: number): Promise<Answer | 'timeout'> {
    const worker = this.started();
    return new Promise((done, fail) => {
      const finish = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      const onMessage = (answer: Answer) => { finish(); done(answer); };
      const onError = (error: Error) => { finish(); this.worker = null; fail(error); };
      const timer = setTimeout(() => {
        finish();
        this.worker = null;
        void worker.terminate();
        done('timeout');
      }, deadlineMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(request);
    });
  }

  /** Ends the thread (call when done). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
