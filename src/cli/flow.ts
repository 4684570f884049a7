/**
 * Flow control between a worker thread and the main thread: a worker counts the characters
 * of output it has posted and the main thread has not yet written, in memory both threads
 * share, and stops while there are too many. Kept apart from worker.ts, which starts a
 * worker's loop when it is loaded in a worker thread, so that the main thread can import it.
 */
import type { UnitSettings } from './unit.js';

/**
 * A worker stops scanning while more than this many characters of its output are
 * still waiting to be written: enough to keep going while an earlier unit finishes,
 * little enough that a slow early unit cannot make the others pile up gigabytes.
 * It stops where it is, with `Atomics.wait`, not at its next `await`: a part with
 * millions of URLs is matched in one synchronous call, and an `await` there came only
 * after the whole part was posted (two 31 MB messages of dense URLs at `-j 2`: 1 GB of
 * RSS, the second file's records all queued behind the first).
 */
export const MAX_UNWRITTEN_CHARS = 8 * 1024 * 1024;

/**
 * What a worker is started with: the units' settings, and one shared counter of the
 * characters it has posted that the main thread has not yet written ({@link wroteFor}).
 */
export interface WorkerStart {
  settings: UnitSettings;
  unwritten: SharedArrayBuffer;
}

/** A new shared counter of unwritten characters, for a {@link WorkerStart}. */
export function createUnwritten(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

/** The main thread has written `size` characters of a worker's output: the worker may go on. */
export function wroteFor(unwritten: SharedArrayBuffer, size: number): void {
  const counter = new Int32Array(unwritten);
  Atomics.sub(counter, 0, size);
  Atomics.notify(counter, 0);
}

