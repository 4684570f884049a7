/**
 * Running the planned units on `jobs - 1` worker threads and the main thread (alone for
 * `-j 1`; standard input is always read there) and handing their events over strictly
 * in unit order. Units are
 * numbered by the planner; a unit's events are delivered only after every earlier
 * unit's, so the output is byte for byte the same for any number of jobs.
 */
import { Worker } from 'node:worker_threads';
import type { MessageRange } from '../sources/read-input.js';
import type { PlanItem } from './plan.js';
import { displayPath } from '../sources/file-path.js';
import { describeFailure, ioErrorLine } from './errors.js';
import { printable } from './formats.js';
import { settleRange, type RangeMeasure, type RangeStart } from './ranges.js';
import { runUnit, type UnitEvent, type UnitSettings, type WorkUnit } from './unit.js';
import type { ToWorker } from './worker-loop.js';
import { createUnwritten, type WorkerStart, wroteFor } from './flow.js';

/** A unit's events as delivered, in order, plus a path the planner could not read. */
export type OrderedEvent = Exclude<UnitEvent, { type: 'progress' } | { type: 'measured' }> | { type: 'problem'; seq: number; text: string; warning?: boolean };

/** What the scheduler calls. */
export interface ScheduleHandlers {
  /** Each event of each unit, units in order. May return a promise (output back-pressure). */
  deliver(event: OrderedEvent, unit: WorkUnit | undefined): void | Promise<void>;
  /** Bytes and messages read (increments), in any order, as they are read. */
  progress(bytes: number, messages: number): void;
  /** Called before waiting for more events: the moment to flush buffered output. */
  idle(): void | Promise<void>;
}

/**
 * At most this many units per job are planned ahead of the one being written. Memory
 * is bounded by the workers' flow control (output waiting for its turn), not by this
 * count, so it is generous: a long unit (a large .gz mailbox) does not leave the other
 * workers idle while many small files wait behind it.
 */
const UNITS_AHEAD_PER_JOB = 64;

/**
 * A worker is given at most this many units at once: the next ones wait in its queue,
 * so it never idles for a round trip to the main thread between two units. Small
 * files take a fraction of a millisecond each, so the queue must hold many of them
 * (2 left the threads idle most of a run over 50,000 articles, bench "small files");
 * memory stays bounded by the workers' flow control, not by this count.
 */
const UNITS_PER_WORKER = 32;

/**
 * A worker's young generation, in MB. V8's default (tens of MB per thread) is sized for
 * one busy thread per process; scanning makes short-lived strings, and a small nursery
 * collects them as fast while keeping the peak memory of several workers low.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * What a unit weighs when the work is shared out: its bytes, plus this much for being a
 * unit at all (opening a file, a round trip between threads), so that thousands of small
 * files are shared out by count as well as by size.
 */
const UNIT_COST_BYTES = 64 * 1024;

interface WorkerHandle {
  worker: Worker;
  /** Its output posted and not yet written (see flow.ts). */
  unwritten: SharedArrayBuffer;
  /** Units given to it and not finished. */
  units: Set<number>;
  /** The weight of those units (see {@link UNIT_COST_BYTES}). */
  load: number;
}

interface Slot {
  unit?: WorkUnit;
  /** Events received and not yet delivered. */
  events: OrderedEvent[];
  /** Runs on the main thread when its turn comes. */
  inline: boolean;
  worker?: WorkerHandle;
  /** Bytes and messages already reported as progress. */
  read: number;
  messages: number;
  /** A `cut` unit on a worker: what the worker measured (null: it could not). */
  measured?: RangeMeasure | null;
  /** Its worker was lost before it measured. */
  lost?: boolean;
  /** A `cut` unit whose range could not be found: it is not run (its error, if any, is in `events`). */
  unreadable?: boolean;
}

/**
 * Where a `cut` unit's first message is, once the ranges before it are known; or, when a
 * range before could not be read, the error line to print (empty once printed: the
 * ranges after it are left out silently).
 */
type Settling = (RangeStart & { error?: undefined }) | { error: string };

function weight(unit: WorkUnit | undefined): number {
  return (unit?.bytes ?? 0) + UNIT_COST_BYTES;
}

/** Runs every planned unit; resolves after the last event was delivered. */
export async function runUnits(
  plan: AsyncIterable<PlanItem>,
  settings: UnitSettings,
  jobs: number,
  handlers: ScheduleHandlers,
  stdin: AsyncIterable<Buffer>,
): Promise<void> {
  const slots = new Map<number, Slot>();
  const workers: WorkerHandle[] = [];
  const maxAhead = Math.max(2, jobs * UNITS_AHEAD_PER_JOB);
  let nextToWrite = 0;
  let planEnded = false;
  let planFailure: unknown;
  /** The units the main thread is to run, and their weight. */
  let inlineUnits = 0;
  let inlineLoad = 0;
  /** Units given to a runner so far. */
  let handedOut = 0;

  // One signal for every change of state; each waiter re-checks what it waits for.
  let wake: (() => void) | undefined;
  let woken: Promise<void> | undefined;
  const changed = (): Promise<void> => (woken ??= new Promise<void>((resolve) => (wake = resolve)));
  const notify = (): void => {
    const go = wake;
    wake = undefined;
    woken = undefined;
    go?.();
  };

  const progressTo = (slot: Slot, bytes: number, messages: number): void => {
    if (bytes > slot.read || messages > slot.messages) {
      handlers.progress(Math.max(0, bytes - slot.read), Math.max(0, messages - slot.messages));
      slot.read = Math.max(slot.read, bytes);
      slot.messages = Math.max(slot.messages, messages);
    }
  };

  /**
   * The message ranges of `cut` units (a large mbox cut by offsets, see ranges.ts). A
   * range's first message has the index and line number that the messages and lines of
   * the ranges before it add up to, so the ranges are settled in order, each as soon as
   * the one before it is and it is measured: by its worker, which measures as the unit
   * arrives, or here, for a unit the main thread runs. A worker measures from the first
   * `From ` line after the nominal start; when that is not where the range before ended
   * (the line was inside an mboxcl2 Content-Length body), the range is measured again
   * here from where it did end. `starts` holds the start of the next range to settle.
   */
  const starts = new Map<number, Settling>();
  const settle = (first: number): void => {
    for (let seq = first; ; seq++) {
      const slot = slots.get(seq);
      const start = starts.get(seq);
      const cut = slot?.unit?.cut;
      if (!slot || !start || !cut || !slot.unit) return;
      const onWorker = !slot.inline && !slot.lost;
      if (onWorker && slot.measured === undefined && start.error === undefined) return; // the worker has not measured it yet
      starts.delete(seq);
      let next: Settling;
      let range: MessageRange | undefined;
      if (start.error !== undefined) {
        next = start;
      } else {
        try {
          ({ range, next } = settleRange(slot.unit.path, cut, start, (onWorker && slot.measured) || undefined));
        } catch (error) {
          // The file went away or cannot be read any more: one error line, as for a path the planner could not read.
          next = { error: ioErrorLine(printable(displayPath(slot.unit.path)), describeFailure(error)) };
        }
      }
      if (!range) {
        // The unit is left out; its events are the error line (the first such range's) and a
        // `done` that counts the file. The worker, told so, sends nothing for it.
        const text = (next as { error: string }).error;
        if (text !== '') slot.events.push({ type: 'problem', seq, text });
        slot.events.push({ type: 'done', seq, messages: 0, bytes: 0 });
        slot.unreadable = true;
        next = { error: '' };
        if (slot.worker?.units.delete(seq)) slot.worker.load -= weight(slot.unit);
      }
      if (range && slot.inline) slot.unit.range = range;
      else if (!slot.inline && !slot.lost) slot.worker?.worker.postMessage({ type: 'range', seq, range } satisfies ToWorker);
      notify();
      if (cut.last) return;
      starts.set(seq + 1, next);
    }
  };

  const spawn = (): WorkerHandle => {
    const unwritten = createUnwritten();
    const worker = new Worker(new URL('./worker.js', import.meta.url), {
      workerData: { settings, unwritten } satisfies WorkerStart,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    const handle: WorkerHandle = { worker, unwritten, units: new Set(), load: 0 };
    // A worker posts its events in groups (see worker.ts): one message for many small units.
    worker.on('message', (events: UnitEvent[]) => {
      for (const event of events) {
        const slot = slots.get(event.seq);
        if (!slot) continue;
        if (event.type === 'measured') {
          slot.measured = event.measure ?? null;
          settle(event.seq);
          continue;
        }
        if (event.type === 'progress') {
          progressTo(slot, event.bytes, event.messages);
          continue;
        }
        if (event.type === 'done') progressTo(slot, event.bytes, event.messages);
        if ((event.type === 'done' || event.type === 'failed') && handle.units.delete(event.seq)) handle.load -= weight(slot.unit);
        slot.events.push(event);
      }
      notify();
    });
    const lost = (why: string): void => {
      const index = workers.indexOf(handle);
      if (index >= 0) workers.splice(index, 1);
      for (const seq of handle.units) {
        const slot = slots.get(seq);
        if (!slot) continue;
        slot.events.push({ type: 'failed', seq, error: why });
        // Its range is measured here, so that the ranges after it can still be settled.
        slot.lost = true;
        settle(seq);
      }
      handle.units.clear();
      handle.load = 0;
      notify();
    };
    worker.on('error', (error) => lost(`worker thread failed: ${error.stack ?? error.message}`));
    worker.on('exit', (code) => lost(`worker thread exited with code ${code}`));
    workers.push(handle);
    return handle;
  };

  /**
   * Who runs the next unit: the main thread (`undefined`) or a worker. The main thread
   * works too, besides planning and writing (`jobs - 1` workers): a unit goes to whoever
   * has the least work waiting, by weight, so a main thread slowed by writing gets less.
   * The main thread runs its units when their turn to be written comes, with nothing held.
   * It takes the first unit itself, and the workers are started for the next ones even
   * when it is idle by then: running a unit, the main thread plans little (the planner's
   * reads wait for its turns), so it was nearly always idle when the next unit came, took
   * that one too, and no worker ever started (`-j 2` ran the usrp-users mbox on one thread).
   */
  const pickRunner = async (): Promise<WorkerHandle | undefined> => {
    while (true) {
      let lightest: WorkerHandle | undefined;
      for (const handle of workers) if (handle.units.size < UNITS_PER_WORKER && (!lightest || handle.load < lightest.load)) lightest = handle;
      const mainFree = inlineUnits < UNITS_PER_WORKER;
      if (workers.length < jobs - 1 && handedOut > 0) return spawn();
      if (mainFree && inlineLoad === 0) return undefined;
      if (lightest && (!mainFree || lightest.load < inlineLoad)) return lightest;
      if (mainFree) return undefined;
      await changed();
    }
  };

  const feed = async (): Promise<void> => {
    try {
      for await (const item of plan) {
        const seq = item.type === 'unit' ? item.unit.seq : item.seq;
        while (seq - nextToWrite >= maxAhead) await changed();
        if (item.type === 'error') {
          slots.set(seq, { events: [{ type: 'problem', seq, text: item.text, warning: item.warning }], inline: false, read: 0, messages: 0 });
        } else {
          const handle = jobs === 1 || item.unit.path === '-' ? undefined : await pickRunner();
          handedOut++;
          if (!handle) {
            slots.set(seq, { unit: item.unit, events: [], inline: true, read: 0, messages: 0 });
            inlineUnits++;
            inlineLoad += weight(item.unit);
          } else {
            slots.set(seq, { unit: item.unit, events: [], inline: false, worker: handle, read: 0, messages: 0 });
            handle.units.add(seq);
            handle.load += weight(item.unit);
            handle.worker.postMessage({ type: 'unit', unit: item.unit } satisfies ToWorker);
          }
          // A mailbox's first range starts at its first byte; the others when the one before is settled.
          if (item.unit.cut?.start === 0) starts.set(seq, { offset: 0, message: 0, line: 1 });
          if (item.unit.cut) settle(seq);
        }
        notify();
      }
    } catch (error) {
      planFailure = error;
    } finally {
      planEnded = true;
      notify();
    }
  };

  const write = async (): Promise<void> => {
    while (true) {
      let slot = slots.get(nextToWrite);
      while (!slot) {
        if (planEnded) return;
        await handlers.idle();
        slot = slots.get(nextToWrite);
        if (!slot && !planEnded) await changed();
        slot = slots.get(nextToWrite);
      }
      const current = slot;
      // Settled when the unit before it was (it cannot have run before); once more, to be sure.
      if (current.inline && current.unit?.cut && !current.unit.range) settle(nextToWrite);
      if (current.unreadable) {
        for (const event of current.events.splice(0)) await handlers.deliver(event, current.unit);
        if (current.inline) {
          inlineUnits--;
          inlineLoad -= weight(current.unit);
        }
      } else if (current.inline && current.unit) {
        await runUnit(
          current.unit,
          settings,
          (event) => {
            if (event.type === 'progress' || event.type === 'done') progressTo(current, event.bytes, event.messages);
            if (event.type !== 'progress' && event.type !== 'measured') return handlers.deliver(event, current.unit);
          },
          stdin,
        );
        inlineUnits--;
        inlineLoad -= weight(current.unit);
      } else {
        while (true) {
          const event = current.events.shift();
          if (!event) {
            await handlers.idle();
            if (current.events.length === 0) await changed();
            continue;
          }
          await handlers.deliver(event, current.unit);
          if (event.type === 'batch' && current.worker) wroteFor(current.worker.unwritten, event.size);
          if (event.type !== 'batch') break;
        }
      }
      slots.delete(nextToWrite);
      nextToWrite++;
      notify();
    }
  };

  try {
    await Promise.all([feed(), write()]);
  } finally {
    await Promise.all(workers.splice(0).map((handle) => handle.worker.removeAllListeners().terminate()));
  }
  if (planFailure !== undefined) throw planFailure;
}
