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

/** Output is written in pieces of about this many characters: few system calls, output still streams. */
const OUTPUT_CHUNK_CHARS = 64 * 1024;

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
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    progress?.stop();
    if (error.code !== 'EPIPE') stderr.write(`${ioErrorLine(printable(name), describeFailure(error))}\n`);
    process.exit(error.code === 'EPIPE' ? exitCode() : 2); // grep's status for trouble
  });
  stderr.on('error', () => {
    // Nowhere left to report to; the exit code still says it.
  });

  let buffer = '';
  const flush = (): Promise<void> | undefined => {
    if (buffer === '') return undefined;
    if (progress && stdout.isTTY) progress.clear();
    const fits = stdout.write(buffer);
    buffer = '';
    return fits ? undefined : once(stdout, 'drain').then(() => undefined);
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
