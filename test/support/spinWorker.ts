/**
 * Worker-thread side of withDeadline.test.ts: answers a number with its double, and never answers 'spin' (a loop
 * that does not end, as a reader with unbounded work would).
 */
import { parentPort } from 'node:worker_threads';

parentPort!.on('message', (request: number | 'spin') => {
  if (request === 'spin') for (;;);
  parentPort!.postMessage(request * 2);
});
