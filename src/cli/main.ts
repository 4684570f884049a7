/**
 * `urlsift [options] [paths..]`: plans the work, runs it on worker threads, and
 * writes the results in order, with grep's exit codes (0 found, 1 none, 2 usage or
 * I/O error).
 */
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { FORMATS } from './formats.js';
import { parseCommandLine, type CliOptions } from './options.js';
import { isSingleUnit, measureInputs, planWork } from './plan.js';
import { createProgress, type Progress } from './progress.js';
import { runUnits, type OrderedEvent } from './schedule.js';
import { countMatch, createStats, formatStats } from './stats.js';
import type { Batch, UnitSettings, WorkUnit } from './unit.js';

/** Exit codes, as grep has them. */
export const EXIT_FOUND = 0;
export const EXIT_NONE = 1;
export const EXIT_TROUBLE = 2;

/** Output is written in pieces of about this many characters: few system calls, output still streams. */
const OUTPUT_CHUNK_CHARS = 64 * 1024;

/** Runs the command with `argv` (without `node` and the script) and returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseCommandLine(argv);
  if (parsed.type === 'exit') return parsed.code;
  if (parsed.type === 'usage-error') return usageError(parsed.message);
  const options = parsed.options;
  if (options.paths.length === 0 && process.stdin.isTTY) {
    return usageError('no input: give files or directories, or pipe a message in (- reads standard input)');
  }
  return run(options);
}

function usageError(message: string): number {
  process.stderr.write(`urlsift: ${message}\nTry 'urlsift --help' for more information.\n`);
  return EXIT_TROUBLE;
}

async function run(options: CliOptions): Promise<number> {
  const started = performance.now();
  const { stdout, stderr } = process;
  const formatter = FORMATS[options.format];
  const stats = createStats();
  const seen = new Set<string>();
  let printed = 0;
  let trouble = false;

  const progress: Progress | undefined = options.progress === false ? undefined : createProgress(stderr);
  const exitCode = (): number => (trouble ? EXIT_TROUBLE : printed > 0 ? EXIT_FOUND : EXIT_NONE);

  // `urlsift big.mbox | head`: the reader went away; stop quietly, as grep does.
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    progress?.stop();
    if (error.code !== 'EPIPE') stderr.write(`urlsift: cannot write the output: ${error.message}\n`);
    process.exit(error.code === 'EPIPE' ? exitCode() : EXIT_TROUBLE);
  });
  stderr.on('error', () => {
    // Nowhere left to report to; the exit code still says it.
  });
  if (progress) {
    process.once('SIGINT', () => {
      progress.stop();
      process.exit(130);
    });
  }

  let buffer = '';
  const flush = (): Promise<void> | undefined => {
    if (buffer === '') return undefined;
    if (progress && stdout.isTTY) progress.clear();
    const fits = stdout.write(buffer);
    buffer = '';
    return fits ? undefined : once(stdout, 'drain').then(() => undefined);
  };
  const print = (text: string): Promise<void> | undefined => {
    buffer += text;
    return buffer.length >= OUTPUT_CHUNK_CHARS ? flush() : undefined;
  };
  const complain = async (line: string): Promise<void> => {
    // On a shared terminal, what came before on stdout shows first.
    if (stdout.isTTY) await flush();
    if (progress) progress.log(line);
    else stderr.write(`${line}\n`);
  };

  const separator = formatter.separator;
  /** Prints one record's text (which starts with the separator, dropped before the first record). */
  const printRecord = (text: string): Promise<void> | undefined => {
    const pending = print(printed === 0 && separator !== '' ? text.slice(separator.length) : text);
    printed++;
    return pending;
  };
  const printBatch = async (batch: Batch): Promise<void> => {
    const { out, count, ends, keys, schemes, hosts } = batch;
    const lines = batch.stderr ?? [];
    if (!keys && lines.length === 0) {
      // The common case: the whole batch at once.
      if (count > 0) {
        await printRecord(out);
        printed += count - 1;
      }
      if (schemes && hosts) for (let i = 0; i < count; i++) countMatch(stats, schemes[i]!, hosts[i] || undefined);
      return;
    }
    let line = 0;
    let start = 0;
    for (let i = 0; i <= count; i++) {
      while (line < lines.length && lines[line]!.before === i) {
        const { text, error, io } = lines[line++]!;
        if (error) stats.errors++;
        if (io) trouble = true;
        await complain(text);
      }
      if (i === count) break;
      const end = ends?.[i] ?? out.length;
      const text = out.slice(start, end);
      start = end;
      if (keys) {
        if (seen.has(keys[i]!)) continue;
        seen.add(keys[i]!);
      }
      if (schemes && hosts) countMatch(stats, schemes[i]!, hosts[i] || undefined);
      const pending = printRecord(text);
      if (pending) await pending;
    }
  };

  const deliver = async (event: OrderedEvent, unit: WorkUnit | undefined): Promise<void> => {
    switch (event.type) {
      case 'batch':
        await printBatch(event.batch);
        return;
      case 'done':
        if (unit?.newFile) stats.files++;
        stats.messages += event.messages;
        stats.bytes += event.bytes;
        return;
      case 'failed':
        if (unit?.newFile) stats.files++;
        stats.errors++;
        trouble = true;
        await complain(`urlsift: ${unit?.path ?? 'input'}: internal error, please report it: ${event.error}`);
        return;
      case 'problem':
        stats.errors++;
        trouble = true;
        await complain(event.text);
        return;
    }
  };

  const settings: UnitSettings = {
    format: options.format,
    schemes: options.schemes,
    unique: options.unique,
    stats: options.stats,
    explain: options.explain,
    redact: options.redact,
    strict: options.strict,
    emails: options.emails,
    schemeless: options.schemeless,
    headers: options.headers,
  };
  if (progress) {
    void measureInputs(options.paths, options.exclude).then(
      (total) => progress.setTotal(total),
      () => undefined,
    );
  }
  const jobs = options.jobs > 1 && (await isSingleUnit(options.paths, options.input)) ? 1 : options.jobs;
  const plan = planWork(options.paths, { input: options.input, split: jobs > 1, exclude: options.exclude });
  const stdin: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator]() };

  await print(formatter.header);
  try {
    await runUnits(plan, settings, jobs, { deliver, progress: (bytes, messages) => progress?.advance(bytes, messages), idle: flush }, stdin);
  } catch (error) {
    trouble = true;
    await complain(`urlsift: internal error, please report it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  await print(formatter.footer(printed));
  await flush();
  progress?.stop();
  if (options.stats) stderr.write(`${formatStats(stats, (performance.now() - started) / 1000)}\n`);
  return exitCode();
}
