/**
 * A worker thread's entry: runs the worker's loop (`worker-loop.ts`). From the command's
 * CommonJS bundle and V8 code cache when the build made one for this Node, as the main
 * thread runs the command (`code-cache.ts`): the cache holds the readers', the scanner's
 * and the records' code, which the worker then does not compile from source at their
 * first calls; else from the ES module.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadCommand } from './code-cache.js';
import type { WorkerStart } from './flow.js';

if (parentPort) {
  const serveUnits = loadCommand(new URL('..', import.meta.url))?.serveUnits ?? (await import('./worker-loop.js')).serveUnits;
  serveUnits(parentPort, workerData as WorkerStart);
}
