/**
 * The results of the units, in order, as the user sees them: records printed with the
 * format's header, separators and footer, `--unique` applied across all inputs, lines
 * for stderr, the counters of `--stats`, and what decides the exit code.
 */
import type { Formatter } from './formats.js';
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
   * closing `]` of `--format json`), synchronously, so the output stays well-formed.
   */
  interrupt(): void;
  /** Records printed so far. */
  readonly printed: number;
  /** True after an input that could not be read, or an internal error (exit code 2). */
  readonly trouble: boolean;
}

/** Starts the report: writes the format's header. */
export async function startReport(formatter: Formatter, output: Output, stats: RunStats): Promise<Report> {
  const seen = new Set<string>();
  const separator = formatter.separator;
  let printed = 0;
  let trouble = false;

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
    if (keys || lines.length > 0) return printRecords(batch);
    // The common case: the whole batch at once.
    let pending: Promise<void> | undefined;
    if (count > 0) pending = printRecord(out, count);
    if (schemes && hosts) for (let i = 0; i < count; i++) countMatch(stats, schemes[i]!, hosts[i] || undefined);
    return pending;
  };

  /** Prints a batch record by record: with `--unique`, or stderr lines among its records. */
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
      if (keys) {
        if (seen.has(keys[i]!)) continue;
        seen.add(keys[i]!);
      }
      if (schemes && hosts) countMatch(stats, schemes[i]!, hosts[i] || undefined);
      const pending = printRecord(text);
      if (pending) await pending;
    }
  };

  /** Every event but a batch: counts and stderr lines. */
  const deliverOther = async (event: Exclude<OrderedEvent, { type: 'batch' }>, unit: WorkUnit | undefined): Promise<void> => {
    switch (event.type) {
      case 'done':
        if (unit?.newFile) stats.files++;
        stats.messages += event.messages;
        stats.bytes += event.bytes;
        return;
      case 'failed':
        if (unit?.newFile) stats.files++;
        stats.errors++;
        trouble = true;
        await output.complain(`urlsift: ${unit?.path ?? 'input'}: internal error, please report it: ${event.error}`);
        return;
      case 'problem':
        stats.errors++;
        if (!event.warning) trouble = true;
        await output.complain(event.text);
        return;
    }
  };

  /** The last delivery still in progress, which the next one waits for. */
  let tail: Promise<void> | undefined;

  await output.print(formatter.header);
  return {
    deliver(event, unit) {
      // In order: an event waits for the one before it when that one had to wait (a
      // full terminal, stderr lines among records); otherwise it is printed at once,
      // without a suspended frame holding its batch (see printBatch).
      const run = (): Promise<void> | undefined => (event.type === 'batch' ? printBatch(event.batch) : deliverOther(event, unit));
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
      await output.print(formatter.footer(printed));
      await output.flush();
    },
    interrupt() {
      output.flushNow(formatter.footer(printed));
    },
    get printed() {
      return printed;
    },
    get trouble() {
      return trouble;
    },
  };
}
