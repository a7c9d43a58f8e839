/**
 * Worker-thread side of test/support/withDeadline.ts for the model reader: reads each text it is sent as the page
 * and `sim` do (src/scenario/custom.ts: the reader, then the model's own defaults) and answers with the outcome
 * and the reader's CPU time.
 */
import { parentPort } from 'node:worker_threads';
import { customScenario } from '../../src/scenario/custom';

export interface ReadAnswer {
  readonly ok: boolean;
  readonly issues: readonly { readonly path: string; readonly message: string; readonly line: number; readonly column: number }[];
  /** CPU time of the read, ms. */
  readonly cpuMs: number;
}

parentPort!.on('message', (text: string) => {
  const start = process.cpuUsage();
  const result = customScenario(text);
  const spent = process.cpuUsage(start);
  const answer: ReadAnswer = {
    ok: result.ok,
    issues: result.ok ? [] : result.issues.map(({ path, message, line, column }) => ({ path, message, line, column })),
    cpuMs: (spent.user + spent.system) / 1000,
  };
  parentPort!.postMessage(answer);
});
