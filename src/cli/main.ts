/**
 * `urlsift [options] [paths..]`: plans the work, runs it on worker threads, and
 * writes the results in order, with grep's exit codes (0 found, 1 none, 2 usage or
 * I/O error).
 */
import { performance } from 'node:perf_hooks';
import { FORMATS } from './formats.js';
import { parseCommandLine, type CliOptions } from './options.js';
import { isSingleUnit, measureInputs, planWork } from './plan.js';
import { createOutput } from './output.js';
import { createProgress, type Progress } from './progress.js';
import { startReport, type Report } from './report.js';
import { runUnits } from './schedule.js';
import { createStats, formatStats } from './stats.js';
import type { UnitSettings } from './unit.js';

/** Exit code when at least one URL was printed (grep's 0). */
export const EXIT_FOUND = 0;
/** Exit code when none was (grep's 1). */
export const EXIT_NONE = 1;
/** Exit code for a usage error or an input that could not be read, even when URLs were found (grep's 2). */
export const EXIT_TROUBLE = 2;

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
  const stats = createStats();
  const progress: Progress | undefined = options.progress === false ? undefined : createProgress(process.stderr);
  let report: Report | undefined;
  const exitCode = (): number => (!report || report.trouble ? EXIT_TROUBLE : report.printed > 0 ? EXIT_FOUND : EXIT_NONE);
  const output = createOutput(progress, exitCode);
  // Interrupted (Ctrl-C, or `timeout -s INT`): what was found so far is written, up to the
  // last whole record and with the format's footer, and the status is the shell's 128 + 2.
  process.once('SIGINT', () => {
    progress?.stop();
    if (report) report.interrupt();
    process.exit(130);
  });
  if (progress) {
    void measureInputs(options.paths, options.exclude, options.follow).then(
      (total) => progress.setTotal(total),
      () => undefined,
    );
  }

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
    fuzzy: options.fuzzy,
    punycode: options.punycode,
    headers: options.headers,
  };
  // One small input is scanned on the main thread: workers would only add their start-up.
  const jobs = options.jobs > 1 && (await isSingleUnit(options.paths, options.input)) ? 1 : options.jobs;
  const plan = planWork(options.paths, { input: options.input, split: jobs > 1, exclude: options.exclude, follow: options.follow });
  const stdin: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator]() };

  const current = (report = await startReport(FORMATS[options.format], output, stats));
  try {
    await runUnits(plan, settings, jobs, { deliver: current.deliver, progress: (bytes, messages) => progress?.advance(bytes, messages), idle: output.flush }, stdin);
  } catch (error) {
    await current.fail(error);
  }
  await current.finish();
  progress?.stop();
  if (options.stats) process.stderr.write(`${formatStats(stats, (performance.now() - started) / 1000)}\n`);
  return exitCode();
}
