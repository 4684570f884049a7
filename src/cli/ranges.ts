/**
 * Byte ranges of a large mbox (RFC 4155). Nominal ranges come from the file size alone:
 * range `i` starts at `i * rangeBytes`. A range's unit scans the messages that start in
 * it, reading past its end to finish the last one, so every message belongs to exactly
 * one range, whoever computes the ranges and however many of them.
 *
 * Two ways to find those messages:
 *
 * - A run finds them range by range, on the threads that scan them, with no pass over
 *   the file before ({@link measureRange}, {@link settleRange}): each range is read from
 *   the first `From ` line at its nominal start, and the scheduler adds up the ranges'
 *   message and line counts in order, so that each range knows the index and line
 *   number of its first message.
 * - A shard ({@link alignRanges}) starts inside the mailbox and must know those numbers
 *   before it plans: one byte pass over the prefix with the sources' splitter
 *   ({@link findMessageBoundaries}, far faster than scanning: see the README's "Many
 *   machines").
 *
 * Both use the sources' own splitter, so a `From ` line inside an mboxcl2
 * Content-Length body is no boundary here either.
 */
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { countLines } from '../lines.js';
import type { FilePath } from '../sources/file-path.js';
import { createMboxSplitter } from '../sources/mbox.js';
import { findMessageBoundaries, type MessageRange } from '../sources/read-input.js';

/** How many nominal ranges a file of `size` bytes has (at least one). */
export function nominalRangeCount(size: number, rangeBytes: number): number {
  return Math.max(1, Math.ceil(size / rangeBytes));
}

/** An aligned range, with the number of its nominal range. */
export interface AlignedRange {
  /** The nominal range it was aligned from. */
  nominal: number;
  /** The range to read: `start` is a message boundary (or 0), `end` the next range's start (absent: the end of the file). */
  range: MessageRange;
  /** Its length in bytes. */
  bytes: number;
}

/**
 * Aligns nominal ranges `first` to `last` (inclusive) of the mbox at `path` (`size`
 * bytes) to message boundaries, in order. Ranges that hold no message start (a long
 * message spans their whole nominal extent) are left out. Reads the file from its
 * start to the first boundary after nominal range `last`, and no further.
 */
export async function* alignRanges(path: FilePath, size: number, rangeBytes: number, first: number, last: number): AsyncGenerator<AlignedRange> {
  type Start = { offset: number; message: number; line: number };
  const made = (nominal: number, from: Start, end: number | undefined): AlignedRange | undefined => {
    const stop = end ?? size;
    if (stop <= from.offset) return undefined;
    const range: MessageRange = { start: from.offset, message: from.message, line: from.line };
    if (end !== undefined) range.end = end;
    return { nominal, range, bytes: stop - from.offset };
  };
  // The range being built, `current`, starts at `currentStart` once that is known;
  // `wanted` is the next nominal range whose aligned start is not known yet (always
  // `current` or `current + 1`).
  let current = first;
  let currentStart: Start | undefined = first === 0 ? { offset: 0, message: 0, line: 1 } : undefined;
  let wanted = first === 0 ? 1 : first;
  // A name that is not UTF-8 is opened by its bytes (a Buffer given here would be read as the content).
  for await (const boundary of findMessageBoundaries(typeof path === 'string' ? path : createReadStream(path))) {
    while (wanted <= last + 1 && wanted * rangeBytes <= boundary.offset) {
      const start: Start = { offset: boundary.offset, message: boundary.index, line: boundary.line };
      if (wanted > current && currentStart) {
        const range = made(current, currentStart, start.offset);
        if (range) yield range;
      }
      current = wanted;
      currentStart = start;
      wanted++;
    }
    if (wanted > last + 1) return;
  }
  // No boundary after this: the range being built runs to the end of the file.
  if (currentStart && current <= last && wanted > current) {
    const range = made(current, currentStart, undefined);
    if (range) yield range;
  }
}

/**
 * A nominal range of a large mbox, as the planner cuts it from the file size alone:
 * `[start, end)` with `start = i * rangeBytes`. Its unit scans the messages that start
 * in it, reading past `end` to finish the last one; whoever runs the unit finds those
 * messages' boundaries from the byte offsets (see {@link measureRange}).
 */
export interface NominalRange {
  start: number;
  end: number;
  /** The file's last range: it reads to the end of the file. */
  last: boolean;
}

/**
 * What {@link measureRange} found: the messages that start in a nominal range, by the
 * sources' own splitter, counted from `start`. The index and line number of its first
 * message are those of everything before it, which only the ranges before it know: the
 * scheduler adds them up range by range (`schedule.ts`).
 */
export interface RangeMeasure {
  /** Where its first message starts (byte 0 for range 0, junk included). */
  start: number;
  /** Where the first message that starts at or after the nominal end starts; the end of the file when none does. */
  end: number;
  /** Line feeds in `[start, end)`. */
  lines: number;
  /** Messages that start in `[start, end)`. */
  messages: number;
}

/**
 * Reads for {@link measureRange}, in bytes: the sources' chunk size. The look for the first
 * `From ` line reads into one buffer per thread, reused; the pass after it reads into the
 * splitter's memory, which the splitter reuses too (`reuse` of `createMboxSplitter`), so
 * that measuring makes no garbage per chunk. Before, each chunk was copied into the
 * splitter, which moved the message being read to a new buffer for nearly every chunk:
 * over the 25 ranges of the 101 MB usrp-users mbox, about 130 -> 105 ms of CPU (each range
 * measured in turn, old and new in one process, both orders, medians of 9).
 */
const MEASURE_CHUNK_BYTES = 256 * 1024;
let measureBuffer: Buffer | undefined;

const NEWLINE_FROM = Buffer.from('\nFrom ', 'latin1');

/**
 * Where the first line that starts with `From ` at or after byte `from` of the open
 * file `fd` starts (after a line feed, as the splitter looks for `\nFrom `; a CRLF file's
 * `\r\nFrom ` holds it too), or the end of the file when there is none. Byte 0 is no
 * candidate here: range 0 always starts at 0.
 */
function firstFromLine(fd: number, from: number, buffer: Buffer): number {
  let at = Math.max(0, from - 1);
  while (true) {
    const n = readSync(fd, buffer, 0, buffer.length, at);
    const found = buffer.subarray(0, n).indexOf(NEWLINE_FROM);
    if (found >= 0) return at + found + 1;
    if (n < buffer.length) return at + n;
    // The last bytes again: a `\nFrom ` may straddle two reads.
    at += n - (NEWLINE_FROM.length - 1);
  }
}

/**
 * Finds the messages that start in the nominal range `[nominal.start, nominal.end)` of
 * the mbox at `path`, with the sources' splitter (`createMboxSplitter`), synchronously:
 * a byte pass over the range and the message that crosses its end, no scanning. They
 * are read from `from` when it is given (a message boundary the ranges before found);
 * else from the first line that starts with `From ` at or after the nominal start, which
 * is that boundary unless it lies inside an mboxcl2 Content-Length body begun before:
 * the scheduler checks that against the range before, and measures again from the right
 * place when it is not (rare; see `schedule.ts`). The splitter's decisions from a message
 * boundary on depend only on the bytes from there, so the messages found are the ones a
 * serial read of the whole file finds. `chunkBytes` is the size of each read (tests read
 * in small ones).
 */
export function measureRange(path: FilePath, nominal: NominalRange, from?: number, chunkBytes = MEASURE_CHUNK_BYTES): RangeMeasure {
  const buffer = (measureBuffer ??= Buffer.allocUnsafe(MEASURE_CHUNK_BYTES));
  const fd = openSync(path, 'r');
  try {
    const start = from ?? (nominal.start === 0 ? 0 : firstFromLine(fd, nominal.start, buffer));
    // The last range reads to the end of the file, and no range after it needs its counts.
    if (nominal.last) return { start, end: Math.max(start, nominal.end), lines: 0, messages: 0 };
    // No message starts in the range: a long message covers it (or the file ended).
    if (start >= nominal.end) return { start, end: start, lines: 0, messages: 0 };
    // Read into the splitter's own memory, which it reuses: each message is done with
    // before the next read.
    const splitter = createMboxSplitter({}, { offset: start, index: 0, line: 1 }, undefined, undefined, true);
    let at = start;
    let messages = 0;
    let lines = 0;
    while (true) {
      const into = splitter.lend(chunkBytes) ?? buffer;
      const n = readSync(fd, into, 0, Math.min(into.length, chunkBytes), at);
      if (n === 0) splitter.end();
      else splitter.push(n < into.length ? into.subarray(0, n) : into);
      at += n;
      for (let item = splitter.next(); item !== undefined; item = splitter.next()) {
        if (item.type !== 'message') continue;
        if (item.offset >= nominal.end) return { start, end: item.offset, lines: item.line - 1, messages: item.index };
        messages = item.index + 1;
        lines = item.line - 1;
        const end = item.offset + item.length;
        // The message that crosses the nominal end ends the range where it ends, when its
        // lines can be counted from its bytes (a message cut at MAX_MESSAGE_BYTES waits
        // for the next message, which carries its line number).
        if (end >= nominal.end && item.raw.length === item.length) {
          return { start, end, lines: lines + countLines(item.raw), messages };
        }
      }
      // The end of the file: no later range holds a message (their units find none).
      if (n === 0) return { start, end: at, lines, messages };
    }
  } finally {
    closeSync(fd);
  }
}

/** Where a range's first message is: its byte offset, index and 1-based line in the whole file. */
export interface RangeStart {
  offset: number;
  message: number;
  line: number;
}

/**
 * Settles the message range of the cut unit `nominal`, given where its first message is
 * (`start`: byte 0 for range 0, else where the range before ended) and what its worker
 * measured from the first `From ` line, if it did: that measure is used when it began at
 * `start`; otherwise (a worker that could not measure, a unit the main thread runs, or a
 * `From ` line that was inside an mboxcl2 Content-Length body) the range is measured
 * here from `start`. Returns the range to read and where the next range starts.
 */
export function settleRange(path: FilePath, nominal: NominalRange, start: RangeStart, measured?: RangeMeasure): { range: MessageRange; next: RangeStart } {
  const measure = measured?.start === start.offset ? measured : measureRange(path, nominal, start.offset);
  const range: MessageRange = { start: start.offset, message: start.message, line: start.line };
  if (!nominal.last) range.end = measure.end;
  return { range, next: { offset: measure.end, message: start.message + measure.messages, line: start.line + measure.lines } };
}
