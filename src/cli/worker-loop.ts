/**
 * A worker thread's loop: runs the units the main thread sends, one after another in the
 * order received, and posts their events back. It stops when the main thread has not
 * yet written what it sent (the output waits for earlier units), so memory stays
 * bounded however far ahead it is. Started by the worker's entry (`worker.ts`).
 */
import type { MessagePort } from 'node:worker_threads';
import type { MessageRange } from '../sources/read-input.js';
import { measureRange } from './ranges.js';
import { runUnit, type UnitEvent, type WorkUnit } from './unit.js';
import { MAX_UNWRITTEN_CHARS, type WorkerStart } from './flow.js';

/**
 * What the main thread sends a worker: a unit to run, or the message range of a `cut` unit
 * (none: leave the unit out), once the ranges before it are known (`schedule.ts`).
 */
export type ToWorker = { type: 'unit'; unit: WorkUnit } | { type: 'range'; seq: number; range?: MessageRange };

/** Events in one posted group at most: the main thread gets them while the worker goes on. */
const MAX_EVENTS_PER_POST = 256;

/** Serves the units the main thread posts to `port` (a worker's `parentPort`), with what the worker was started with. */
export function serveUnits(port: MessagePort, start: WorkerStart): void {
  const { settings, unwritten: shared } = start;
  const unwritten = new Int32Array(shared);
  const queue: WorkUnit[] = [];
  let running = false;

  // Events are posted in groups, once the thread's current work yields: a small file's
  // batch and done, and those of the next files, cost one message instead of several.
  let outbox: UnitEvent[] = [];
  let posting = false;
  const post = (): void => {
    posting = false;
    if (outbox.length === 0) return;
    port.postMessage(outbox);
    outbox = [];
  };
  const send = (event: UnitEvent): void => {
    outbox.push(event);
    const over = event.type === 'batch' && Atomics.add(unwritten, 0, event.size) + event.size > MAX_UNWRITTEN_CHARS;
    if (outbox.length >= MAX_EVENTS_PER_POST || over) post();
    else if (!posting) {
      posting = true;
      setImmediate(post);
    }
    if (!over) return;
    // Posted: the main thread writes it when its turn comes, and wakes this thread.
    for (let now = Atomics.load(unwritten, 0); now > MAX_UNWRITTEN_CHARS; now = Atomics.load(unwritten, 0)) Atomics.wait(unwritten, 0, now);
  };

  // A `cut` unit's messages are measured as soon as it arrives, one unit per turn of the
  // event loop (a few milliseconds for 4 MiB), between the batches of the unit being
  // scanned: the main thread adds the measures up, range after range, and sends each unit
  // its range long before its turn to run (see ranges.ts).
  const toMeasure: WorkUnit[] = [];
  let measuring = false;
  const measureNext = (): void => {
    const unit = toMeasure.shift();
    if (!unit?.cut) {
      measuring = false;
      return;
    }
    let measure;
    try {
      measure = measureRange(unit.path, unit.cut);
    } catch {
      measure = undefined; // the main thread measures it again, and reports what fails
    }
    // At once, not in the next group of events: the ranges after it wait for it.
    port.postMessage([{ type: 'measured', seq: unit.seq, measure }] satisfies UnitEvent[]);
    setImmediate(measureNext);
  };
  /** Ranges received, by unit, and the unit waiting for its own. */
  const ranges = new Map<number, Extract<ToWorker, { type: 'range' }>>();
  let waiting: { seq: number; resolve: () => void } | undefined;
  const rangeOf = async (seq: number): Promise<Extract<ToWorker, { type: 'range' }>> => {
    while (!ranges.has(seq)) await new Promise<void>((resolve) => (waiting = { seq, resolve }));
    const found = ranges.get(seq)!;
    ranges.delete(seq);
    return found;
  };

  const drain = async (): Promise<void> => {
    running = true;
    for (let unit = queue.shift(); unit !== undefined; unit = queue.shift()) {
      if (unit.cut && !unit.range) {
        const given = await rangeOf(unit.seq);
        // Its range could not be read: the main thread reports it, and the unit is left out.
        if (!given.range) continue;
        unit = { ...unit, range: given.range };
      }
      await runUnit(unit, settings, send);
    }
    running = false;
  };

  port.on('message', (message: ToWorker) => {
    if (message.type === 'range') {
      ranges.set(message.seq, message);
      if (waiting?.seq === message.seq) {
        const go = waiting.resolve;
        waiting = undefined;
        go();
      }
      return;
    }
    queue.push(message.unit);
    if (message.unit.cut && !message.unit.range) {
      toMeasure.push(message.unit);
      if (!measuring) {
        measuring = true;
        setImmediate(measureNext);
      }
    }
    if (!running) void drain();
  });
}
