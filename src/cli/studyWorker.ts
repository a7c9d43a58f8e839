/**
 * Worker-thread entry of `sim study`'s pool (./studyPool.ts): executes one study task per message with
 * the page's study-worker handler (run/studyTasks.ts handleStudyTask) and posts the result back, its
 * arrays copied, not transferred: in Node 20 the first detached ArrayBuffer of an isolate (a transfer
 * detaches the sender's buffer) makes every later typed-array access of that isolate check for detachment,
 * and the thread's next runs take 2–3× as long (measured: `npm run bench:detach`). The copy costs a memcpy of
 * the result. Its own entry point, so that a bundled `sim` ships it as a second file
 * (esbuild src/cli/sim.ts src/cli/studyWorker.ts --bundle --outdir=…).
 */
import { parentPort } from 'node:worker_threads';
import { handleStudyTask, type StudyTaskRequest } from '../run/studyTasks';

const port = parentPort;
if (!port) throw new Error('studyWorker.ts is a worker-thread entry, not a program');
port.on('message', (request: StudyTaskRequest) => handleStudyTask(request, (reply) => port.postMessage(reply)));
