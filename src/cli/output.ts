/**
 * Writing to stdout and stderr: stdout in large pieces with back-pressure, stderr
 * lines above the progress display, and a reader that goes away (`urlsift big.mbox |
 * head`) ending the run quietly, as grep does.
 */
import { once } from 'node:events';
import { describeFailure, ioErrorLine } from './errors.js';
import { writeSync } from 'node:fs';
import { printable } from './formats.js';
import type { Progress } from './progress.js';

/**
 * Output is written in pieces of about this many characters: few system calls, output still
 * streams. Not more: a piece is made of the batches printed since the last write, joined by
 * the write, and joined while they are still in the processor's cache it cost a third as
 * much (usrp-users mbox, `--format jsonl -j 1` to /dev/null, writes timed in the process:
 * 216 to 315 ms in 401 writes of 64 Ki characters, 79 to 101 ms in 3,201 of 8 Ki).
 */
const OUTPUT_CHUNK_CHARS = 8 * 1024;

/** Where the results go. */
export interface Output {
  /** Queues text for stdout; returns a promise when the caller should wait (a full pipe). */
  print(text: string): Promise<void> | undefined;
  /** Writes what is queued. */
  flush(): Promise<void> | undefined;
  /**
   * Writes what is queued, then `last`, before returning: for an interrupted run, which
   * exits right after. What is queued is whole records only.
   */
  flushNow(last: string): void;
  /** Writes a line to stderr (after what came before on stdout, when both are one terminal). */
  complain(line: string): Promise<void>;
}

/**
 * Creates the output on the process's stdout and stderr. When stdout's reader has
 * gone (EPIPE), the progress display is removed and the process exits with
 * `exitCode()`, without a word; any other write failure exits with 2.
 */
export function createOutput(progress: Progress | undefined, exitCode: () => number, target?: { stream: NodeJS.WritableStream & { isTTY?: boolean }; name: string }): Output {
  const { stderr } = process;
  const stdout = target?.stream ?? process.stdout;
  const name = target?.name ?? '(standard output)';
  const failed = (error: NodeJS.ErrnoException): never => {
    progress?.stop();
    if (error.code !== 'EPIPE') stderr.write(`${ioErrorLine(printable(name), describeFailure(error))}\n`);
    process.exit(error.code === 'EPIPE' ? exitCode() : 2); // grep's status for trouble
  };
  stdout.on('error', failed);
  // Standard output into a pipe or file is written to directly, blocking while the reader
  // catches up, as grep does: a part with millions of URLs is matched in one synchronous
  // run, and a stream would queue all of its output in memory (gigabytes) instead of waiting.
  const direct = target === undefined && !process.stdout.isTTY;
  stderr.on('error', () => {
    // Nowhere left to report to; the exit code still says it.
  });

  let buffer = '';
  /** One wait for 'drain' shared by every write that found the stream full (one listener, however many writes). */
  let draining: Promise<void> | undefined;
  const flush = (): Promise<void> | undefined => {
    if (buffer === '') return undefined;
    if (direct) {
      const text = buffer;
      buffer = '';
      writeBlocking(1, text, failed);
      return undefined;
    }
    if (progress && stdout.isTTY) progress.clear();
    const fits = stdout.write(buffer);
    buffer = '';
    if (fits) return undefined;
    draining ??= once(stdout, 'drain').then(() => {
      draining = undefined;
    });
    return draining;
  };
  return {
    flushNow(last) {
      const text = buffer + last;
      buffer = '';
      if (progress) progress.stop();
      writeAllSync((target?.stream as { fd?: number } | undefined)?.fd ?? 1, Buffer.from(text, 'utf8'));
    },
    print(text) {
      buffer += text;
      return buffer.length >= OUTPUT_CHUNK_CHARS ? flush() : undefined;
    },
    flush,
    async complain(text) {
      // Every message passes here: file names and header text in it cannot drive the terminal.
      const line = text.split('\n').map((piece) => printable(piece)).join('\n');
      if (stdout.isTTY) await flush();
      if (progress) progress.log(line);
      else stderr.write(`${line}\n`);
    },
  };
}

/**
 * How many times a write that found the pipe full (EAGAIN) is tried again before the rest
 * is given up: an interrupted run must end even when its reader has stopped reading.
 */
const MAX_FULL_PIPE_RETRIES = 10_000;

/** A full pipe (EAGAIN) is tried again after this many milliseconds, asleep, not spinning. */
const FULL_PIPE_WAIT_MS = 1;

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * The bytes of a piece of output up to this size are encoded into one reused buffer
 * ({@link scratch}) and written from it: the write then knows its length in bytes, where a
 * string written as it is needed a second pass over it (`Buffer.byteLength`) to tell a whole
 * write from a partial one. The 27 MB of JSON lines of the usrp-users mbox, in the 8 KiB
 * pieces `print` gives: 48-53 against 33-35 ms (one process timing both, 4 rounds). A larger
 * piece (a worker's batch) is written as a string, as before.
 */
export const SCRATCH_BYTES = 64 * 1024;

/** The reused buffer of {@link SCRATCH_BYTES}, made at the first write. */
let scratch: Buffer | undefined;

/**
 * Writes all of `text` to `fd` as UTF-8, waiting while the pipe is full; `fail` hears of any
 * other error. A piece that fits {@link scratch} is encoded there; a larger one goes to the
 * write as it is, and only the rest of a partial write (a full pipe) is made into bytes: a
 * Buffer of every 64 KiB piece cost three times the write itself (25 against 7 ms per 27 MB
 * of JSON lines, one process timing both), and its memory outside the heap hurried the
 * collector.
 * @internal exported for its test against `Buffer.from(text)`
 */
export function writeBlocking(fd: number, text: string, fail: (error: NodeJS.ErrnoException) => void): void {
  // UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair takes 4 for 2 units).
  if (text.length * 3 <= SCRATCH_BYTES) {
    scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES);
    const bytes = scratch.subarray(0, scratch.write(text, 0, 'utf8'));
    writeBytesBlocking(fd, bytes, 0, fail);
    return;
  }
  let written = 0;
  try {
    written = writeSync(fd, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return fail(error as NodeJS.ErrnoException);
  }
  // UTF-8 has at least a byte per UTF-16 unit: fewer bytes than units is a partial write for sure.
  if (written >= text.length && written === Buffer.byteLength(text, 'utf8')) return;
  writeBytesBlocking(fd, Buffer.from(text, 'utf8'), written, fail);
}

/** Writes `bytes` from `written` on to `fd`, waiting while the pipe is full; `fail` hears of any other error. */
function writeBytesBlocking(fd: number, bytes: Buffer, written: number, fail: (error: NodeJS.ErrnoException) => void): void {
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return fail(error as NodeJS.ErrnoException);
      Atomics.wait(sleeper, 0, 0, FULL_PIPE_WAIT_MS);
    }
  }
}

/** Writes all of `bytes` to `fd` before returning; gives up quietly on a failure. */
function writeAllSync(fd: number, bytes: Buffer): void {
  let written = 0;
  let retries = 0;
  while (written < bytes.length) {
    try {
      written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || ++retries > MAX_FULL_PIPE_RETRIES) return;
    }
  }
}
