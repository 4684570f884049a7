/**
 * The results of the units, in order, as the user sees them: records printed with the
 * format's header, separators and footer, `--unique` applied across all inputs, lines
 * for stderr, the counters of `--stats`, and what decides the exit code.
 */
import { paint, SGR } from './color.js';
import { printable, STDIN_NAME, type Formatter } from './formats.js';
import { displayPath } from '../sources/file-path.js';
import type { ListMode } from './options.js';
import type { Output } from './output.js';
import type { OrderedEvent } from './schedule.js';
import { countMatch, type RunStats } from './stats.js';
import type { Batch, WorkUnit } from './unit.js';

/** What has been printed and whether anything went wrong. */
export interface Report {
  /** Handles one event of a unit, units in order. */
  deliver(event: OrderedEvent, unit: WorkUnit | undefined): Promise<void> | undefined;
  /** Reports an unexpected failure of the run itself. */
  fail(error: unknown): Promise<void>;
  /** Writes the format's footer. */
  finish(): Promise<void>;
  /**
   * For SIGINT: writes every whole record queued so far and the format's footer (the
   * closing `]` of `--format json`), synchronously, so the output stays well-formed. The
   * footer is not written again when `finish` has queued it already.
   */
  interrupt(): void;
  /** Records printed so far. */
  readonly printed: number;
  /** True after an input that could not be read, or an internal error (exit code 2). */
  readonly trouble: boolean;
}

/** grep's per-file options, applied to the records in order. */
export interface ReportSettings {
  /** Print records, or per-file counts or names instead (`-c`, `-l`, `-L`, `-q`). */
  list: ListMode;
  /** `-m`: records kept per file (after `--unique`). */
  maxCount?: number;
  /** `-Z`: a NUL byte after each file name. */
  nul: boolean;
  /** Colour file names. */
  color: boolean;
  /** Called at the first URL found with `-q` (the run can stop there). */
  onQuietMatch?: () => void;
}

const RECORDS: ReportSettings = { list: 'records', nul: false, color: false };

/** Starts the report: writes the format's header. */
export async function startReport(formatter: Formatter, output: Output, stats: RunStats, settings: ReportSettings = RECORDS): Promise<Report> {
  const seen = new Set<string>();
  const separator = formatter.separator;
  const { list, maxCount = Infinity } = settings;
  /** Records must be looked at one by one: per-file counting or limits. */
  const perFile = list !== 'records' || maxCount !== Infinity;
  let printed = 0;
  let trouble = false;
  /** The file being reported (its first unit's seq), and its records kept so far. */
  let fileSeq = -1;
  let fileName = '';
  let fileCount = 0;

  const name = (path: string): string => (settings.color ? paint(SGR.file, printable(path)) : printable(path));
  /** Ends the current file: `-c` prints its count, `-L` its name when it had no URL. */
  const closeFile = async (): Promise<void> => {
    if (fileSeq < 0) return;
    if (list === 'count') await output.print(`${name(fileName)}${settings.nul ? '\0' : ':'}${fileCount}\n`);
    if (list === 'files-without-match' && fileCount === 0) {
      await output.print(`${name(fileName)}${settings.nul ? '\0' : '\n'}`);
      printed++; // grep -L's exit status: 0 when a file was listed
    }
    fileSeq = -1;
  };
  const enterFile = async (unit: WorkUnit | undefined): Promise<void> => {
    if (!unit || !unit.newFile || unit.seq === fileSeq) return;
    await closeFile();
    fileSeq = unit.seq;
    fileName = unit.path === STDIN_NAME ? '(standard input)' : displayPath(unit.path);
    fileCount = 0;
  };
  /** One record under `-m` and the listing modes; false when it is not printed. */
  const keepForFile = async (text: string): Promise<void> => {
    fileCount++;
    switch (list) {
      case 'records':
        await printRecord(text);
        return;
      case 'files-with-matches':
        if (fileCount === 1) await output.print(`${name(fileName)}${settings.nul ? '\0' : '\n'}`);
        printed++;
        return;
      case 'quiet':
        printed++;
        settings.onQuietMatch?.();
        return;
      default:
        printed++;
    }
  };

  /** Prints one record's text, which starts with the separator: dropped before the first record. */
  const printRecord = (text: string, count = 1): Promise<void> | undefined => {
    const first = printed === 0;
    // Counted first: a reader that went away ends the run inside print, with the exit status of what was printed.
    printed += count;
    return output.print(first && separator !== '' ? text.slice(separator.length) : text);
  };

  /** Prints a batch; returns a promise only when the output asks to wait (nothing else keeps the batch alive). */
  const printBatch = (batch: Batch): Promise<void> | undefined => {
    const { out, count, keys, schemes, hosts } = batch;
    const lines = batch.stderr ?? [];
    if (keys || lines.length > 0 || perFile) return printRecords(batch);
    // The common case: the whole batch at once.
    let pending: Promise<void> | undefined;
    if (count > 0) pending = printRecord(out, count);
    if (schemes && hosts) for (let i = 0; i < count; i++) countMatch(stats, schemes[i]!, hosts[i] || undefined);
    return pending;
  };

  /** Prints a batch record by record: with `--unique`, per-file modes, or stderr lines among its records. */
  const printRecords = async (batch: Batch): Promise<void> => {
    const { out, count, ends, keys, schemes, hosts } = batch;
    const lines = batch.stderr ?? [];
    let line = 0;
    let start = 0;
    for (let i = 0; i <= count; i++) {
      while (line < lines.length && lines[line]!.before === i) {
        const { text, error, io } = lines[line++]!;
        if (error) stats.errors++;
        if (io) trouble = true;
        await output.complain(text);
      }
      if (i === count) break;
      const end = ends?.[i] ?? out.length;
      const text = out.slice(start, end);
      start = end;
      if (perFile && fileCount >= maxCount) continue;
      if (keys) {
        if (seen.has(keys[i]!)) continue;
        seen.add(keys[i]!);
      }
      if (schemes && hosts) countMatch(stats, schemes[i]!, hosts[i] || undefined);
      if (perFile) {
        await keepForFile(text);
        continue;
      }
      const pending = printRecord(text);
      if (pending) await pending;
    }
  };

  /** The footer is in the output already (finish or interrupt): it is written once. */
  let footerQueued = false;

  /** The last delivery still in progress, which the next one waits for. */
  let tail: Promise<void> | undefined;

  /** Any event, in the per-file modes; every event but a batch otherwise. */
  const deliverEvent = async (event: OrderedEvent, unit: WorkUnit | undefined): Promise<void> => {
    if (perFile) await enterFile(unit);
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
        await output.complain(`urlsift: ${unit ? displayPath(unit.path) : 'input'}: internal error, please report it: ${event.error}`);
        return;
      case 'problem':
        stats.errors++;
        if (!event.warning) trouble = true;
        await output.complain(event.text);
        return;
    }
  };

  await output.print(formatter.header);
  return {
    deliver(event, unit) {
      // In order: an event waits for the one before it when that one had to wait (a full
      // terminal, stderr lines among records); otherwise it is printed at once, without a
      // suspended frame holding its batch (see printBatch).
      const run = (): Promise<void> | undefined => (!perFile && event.type === 'batch' ? printBatch(event.batch) : deliverEvent(event, unit));
      const pending = tail ? tail.then(run) : run();
      if (pending) {
        tail = pending;
        void pending.finally(() => {
          if (tail === pending) tail = undefined;
        });
      }
      return pending;
    },
    async fail(error) {
      trouble = true;
      await output.complain(`urlsift: internal error, please report it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    },
    async finish() {
      await closeFile();
      // Marked in the same turn as it is queued: a SIGINT handled from here on (the signal
      // waits out a long synchronous scan, then finds the run finished) must not add it again.
      if (!footerQueued) {
        footerQueued = true;
        await output.print(formatter.footer(printed));
      }
      await output.flush();
    },
    interrupt() {
      const footer = footerQueued ? '' : formatter.footer(printed);
      footerQueued = true;
      output.flushNow(footer);
    },
    get printed() {
      return printed;
    },
    get trouble() {
      return trouble;
    },
  };
}
