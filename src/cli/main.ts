/**
 * `urlsift [options] [paths..]`: plans the work, runs it on worker threads, and
 * writes the results in order, with grep's exit codes (0 found, 1 none, 2 usage or
 * I/O error).
 */
import { createWriteStream, renameSync, rmSync, type WriteStream } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { argumentPath, recoverArguments, type RecoveredArguments } from './arguments.js';
import { useColor } from './color.js';
import { describeFailure, ioErrorLine } from './errors.js';
import { createFormatter, printable, STDIN_NAME, type TextLook } from './formats.js';
import { parseCommandLine, type CliOptions } from './options.js';
import { isSingleUnit, measureInputs, planWork, rangeBytesFromEnvironment } from './plan.js';
import { createOutput } from './output.js';
import { createProgress, type Progress } from './progress.js';
import { startReport, type Report } from './report.js';
import { runUnits } from './schedule.js';
import { createStats, formatStats } from './stats.js';
import type { UnitSettings } from './unit.js';

// A worker thread runs its loop from this module's bundle too, so that it starts from the
// same V8 code cache as the command (`worker.ts`, `code-cache.ts`).
export { serveUnits } from './worker-loop.js';

/** Exit code when at least one URL was printed (grep's 0). */
export const EXIT_FOUND = 0;
/** Exit code when none was (grep's 1). */
export const EXIT_NONE = 1;
/** Exit code for a usage error or an input that could not be read, even when URLs were found (grep's 2). */
export const EXIT_TROUBLE = 2;

/** What the entry (`cli.ts`) hands the command as it starts it. */
export interface StartUp {
  /**
   * Stops the entry's listening for SIGINT (`cli/interrupt.ts`); true when it heard one. Called
   * once the command's own handler is in place.
   */
  endEarlyInterrupt?(): boolean;
}

/**
 * Runs the command with `argv` (without `node` and the script) and returns the exit code;
 * `startUp` from the entry.
 */
export async function main(argv: readonly string[], startUp: StartUp = {}): Promise<number> {
  // File names that are not UTF-8 are read back as bytes, and shown as `caf%E9.txt`.
  const recovered = recoverArguments(argv);
  const parsed = await parseCommandLine(recovered.args);
  if (parsed.type === 'exit') return parsed.code;
  if (parsed.type === 'usage-error') return usageError(parsed.message);
  const options = parsed.options;
  if (options.paths.length === 0 && process.stdin.isTTY) {
    return usageError('no input: give files or directories, or pipe a message in (- reads standard input)');
  }
  const rangeBytes = rangeBytesFromEnvironment(process.env);
  if (typeof rangeBytes === 'string') return usageError(rangeBytes);
  return run(options, rangeBytes, recovered, startUp);
}

/** A usage error: one line, `urlsift: --flag: reason`. */
function usageError(message: string): number {
  process.stderr.write(`urlsift: ${message}\n`);
  return EXIT_TROUBLE;
}

/**
 * `--output FILE`: a temporary file beside FILE (same directory, so the rename is
 * atomic, POSIX rename(2)), renamed over FILE when the run ends; removed if the
 * process exits before that. Readers of FILE see the old or the whole new content.
 */
async function openOutputFile(path: string): Promise<{ stream: WriteStream; commit: () => Promise<string | undefined> } | string> {
  const temporary = join(dirname(path), `.${basename(path)}.urlsift-${process.pid}.tmp`);
  const stream = createWriteStream(temporary, { flags: 'wx' });
  const opened = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    stream.once('open', () => resolve(undefined));
    stream.once('error', (error) => resolve(error));
  });
  if (opened) return ioErrorLine(printable(path), describeFailure(opened));
  let done = false;
  const cleanUp = (): void => {
    if (!done) rmSync(temporary, { force: true });
  };
  process.once('exit', cleanUp);
  return {
    stream,
    async commit() {
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
      try {
        renameSync(temporary, path);
        done = true;
        return undefined;
      } catch (error) {
        return ioErrorLine(printable(path), describeFailure(error));
      }
    },
  };
}

async function run(options: CliOptions, rangeBytes: number, recovered?: RecoveredArguments, startUp: StartUp = {}): Promise<number> {
  // Date.now, not node:perf_hooks, which costs start-up time for one --stats figure.
  const started = Date.now();
  const paths = options.paths.map((path) => argumentPath(path, recovered));
  const stats = createStats();
  const progress: Progress | undefined = options.progress === false ? undefined : createProgress(process.stderr);
  let report: Report | undefined;
  const exitCode = (): number => (!report || report.trouble ? EXIT_TROUBLE : report.printed > 0 ? EXIT_FOUND : EXIT_NONE);
  let file: Exclude<Awaited<ReturnType<typeof openOutputFile>>, string> | undefined;
  if (options.output !== undefined) {
    const opened = await openOutputFile(options.output);
    if (typeof opened === 'string') {
      progress?.stop();
      process.stderr.write(`${opened}\n`);
      return EXIT_TROUBLE;
    }
    file = opened;
  }
  const output = createOutput(progress, exitCode, file ? { stream: file.stream, name: options.output as string } : undefined);
  const walk = { include: options.include, exclude: options.exclude, excludeDir: options.excludeDir, follow: options.follow };
  // Interrupted (Ctrl-C, or `timeout -s INT`): what was found so far is written, up to the
  // last whole record and with the format's footer, and the status is the shell's 128 + 2.
  // Before the report has started, the footer waits for its header: the run stops there.
  let interrupted = false;
  const interrupt = (): void => {
    progress?.stop();
    if (!report) {
      interrupted = true;
      return;
    }
    report.interrupt();
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  // A Ctrl-C heard while the command loaded (cli/interrupt.ts) is acted on now.
  if (startUp.endEarlyInterrupt?.()) interrupt();
  if (progress) {
    // Standard input has no size to measure: the display then shows bytes read, without a total.
    if (options.paths.length > 0 && !options.paths.includes(STDIN_NAME)) {
      void measureInputs(paths, walk).then(
        (total) => progress.setTotal(total),
        () => undefined,
      );
    }
  }

  const color = useColor(options.color, !file && process.stdout.isTTY === true, process.env);
  const context = options.before !== undefined || options.after !== undefined;
  const look: TextLook = { color, nul: options.nul, context: context && options.format === 'text', jsonContext: context };
  const listing = options.list !== 'records';
  // -l, -L and -q only need to know whether a file has a URL.
  const unitMax = options.list === 'files-with-matches' || options.list === 'files-without-match' || options.list === 'quiet' ? 1 : options.maxCount;

  const settings: UnitSettings = {
    format: listing ? 'urls' : options.format,
    schemes: options.schemes,
    unique: options.unique,
    stats: options.stats,
    explain: options.explain,
    redact: options.redact,
    strict: options.strict,
    emails: options.emails,
    schemeless: options.schemeless,
    fuzzy: options.fuzzy,
    punycode: options.punycode,
    headers: options.headers,
    look,
    hosts: options.hosts,
    excludeHosts: options.excludeHosts,
    match: options.match,
    before: options.before ?? 0,
    after: options.after ?? 0,
    maxCount: unitMax,
  };
  // One small input is scanned on the main thread: workers would only add their start-up.
  const jobs = options.jobs > 1 && !options.shard && (await isSingleUnit(paths, options.input, rangeBytes)) ? 1 : options.jobs;
  // A shard's units must not depend on its number of jobs: every host computes the same plan.
  const split = jobs > 1 || options.shard !== undefined;
  const plan = planWork(paths, { input: options.input, split, ...walk, rangeBytes, shard: options.shard });
  const stdin: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator]() };

  const formatter = createFormatter(settings.format, look);
  const current = (report = await startReport(formatter, output, stats, {
    list: options.list,
    maxCount: options.maxCount,
    nul: options.nul,
    color,
    onQuietMatch: () => {
      // grep -q: the answer is known at the first match.
      progress?.stop();
      process.exit(EXIT_FOUND);
    },
  }));
  if (interrupted) interrupt();
  try {
    await runUnits(plan, settings, jobs, { deliver: current.deliver, progress: (bytes, messages) => progress?.advance(bytes, messages), idle: output.flush }, stdin);
  } catch (error) {
    await current.fail(error);
  }
  await current.finish();
  progress?.stop();
  if (file) {
    const failure = await file.commit();
    if (failure) {
      process.stderr.write(`${failure}\n`);
      return EXIT_TROUBLE;
    }
  }
  if (options.stats) process.stderr.write(`${formatStats(stats, (Date.now() - started) / 1000, options.shard)}\n`);
  return exitCode();
}
