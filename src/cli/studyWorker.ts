/**
 * Worker-thread entry of `sim study`'s pool (./studyPool.ts): executes one study task per message with
 * the page's study-worker handler (run/studyTasks.ts handleStudyTask) and posts the result back, its
 * arrays transferred. Its own entry point, so that a bundled `sim` ships it as a second file
 * (esbuild src/cli/sim.ts src/cli/studyWorker.ts --bundle --outdir=…).
 */
import { parentPort } from 'node:worker_threads';
import { handleStudyTask, type StudyTaskRequest } from '../run/studyTasks';

const port = parentPort;
if (!port) throw new Error('studyWorker.ts is a worker-thread entry, not a program');
port.on('message', (request: StudyTaskRequest) => handleStudyTask(request, (reply, transfer) => port.postMessage(reply, transfer)));
