import { type Formatter } from './formats.js';
import type { ListMode } from './options.js';
import type { Output } from './output.js';
import type { OrderedEvent } from './schedule.js';
import { type RunStats } from './stats.js';
import type { WorkUnit } from './unit.js';
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
/** Starts the report: writes the format's header. */
export declare function startReport(formatter: Formatter, output: Output, stats: RunStats, settings?: ReportSettings): Promise<Report>;
