// Boots a TypeScript module in a worker thread (tsx's loader), so a test can run code that might hang where
// it can be terminated: workerData.file is the module to run.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.file, import.meta.url);
