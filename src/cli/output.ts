/**
 * Writing to stdout and stderr: stdout in large pieces with back-pressure, stderr
 * lines above the progress display, and a reader that goes away (`urlsift big.mbox |
 * head`) ending the run quietly, as grep does.
 */
import { once } from 'node:events';
import { describeFailure, ioErrorLine } from './errors.js';
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
    print(text) {
      buffer += text;
      return buffer.length >= OUTPUT_CHUNK_CHARS ? flush() : undefined;
    },
    flush,
    async complain(line) {
      if (stdout.isTTY) await flush();
      if (progress) progress.log(line);
      else stderr.write(`${line}\n`);
    },
  };
}
