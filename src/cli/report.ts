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
  deliver(event: OrderedEvent, unit: WorkUnit | undefined): Promise<void>;
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
  const printRecord = (text: string): Promise<void> | undefined => {
    const pending = output.print(printed === 0 && separator !== '' ? text.slice(separator.length) : text);
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

  await output.print(formatter.header);
  return {
    async deliver(event, unit) {
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
          await output.complain(`urlsift: ${unit?.path ?? 'input'}: internal error, please report it: ${event.error}`);
          return;
        case 'problem':
          stats.errors++;
          if (!event.warning) trouble = true;
          await output.complain(event.text);
          return;
      }
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
