import type { InputKind } from '../sources/origin.js';
import { type MessageRange } from '../sources/read-input.js';
import { type FilePath } from '../sources/file-path.js';
import { type FormatName, type TextLook } from './formats.js';
/** What the command line asks of every unit (plain data: it is sent to the workers). */
export interface UnitSettings {
    format: FormatName;
    /** `--scheme`: only these schemes (lower case); empty for all. */
    schemes: string[];
    unique: boolean;
    stats: boolean;
    explain: boolean;
    redact: boolean;
    strict: boolean;
    emails: boolean;
    schemeless: boolean;
    fuzzy: boolean;
    punycode: boolean;
    headers: boolean;
    /** Colour, `-Z` and context for text output. */
    look: TextLook;
    /** `--host` and `--exclude-host` globs. */
    hosts: string[];
    excludeHosts: string[];
    /** `--match`: a regular expression's source. */
    match?: string;
    /** Context lines before and after each match. */
    before: number;
    after: number;
    /** `-m`: stop a unit after this many URLs. */
    maxCount?: number;
}
/** One piece of work, numbered in output order. */
export interface WorkUnit {
    seq: number;
    /** The path to read (bytes when it is not valid UTF-8), or `-` for standard input. */
    path: FilePath;
    /** What to read it as (`auto`: sniffed; `spool`: an article of a news spool). */
    kind: InputKind | 'spool';
    /** For a large mbox: the byte range of whole messages to read. */
    range?: MessageRange;
    /** Bytes to read (the file or range size), for progress; 0 when unknown. */
    bytes: number;
    /** True for the first unit of a file (for the file count). */
    newFile: boolean;
    /** Not a regular file (a FIFO, a device): read as a stream only, never with a blocking read. */
    special?: boolean;
    /**
     * With `--shard`: where the unit starts in the whole job (see `shard.ts`). JSONL
     * records then start with it, so that `urlsift merge` can put shards back in order.
     */
    jobOffset?: number;
}
/** A line for stderr: a rejection (`--explain`) or an error record. */
export interface StderrLine {
    /** How many of the batch's records come before it. */
    before: number;
    text: string;
    /** An error record (counted in `--stats`). */
    error: boolean;
    /** An error that means an input could not be read (exit code 2). */
    io: boolean;
}
/**
 * A unit's records, formatted, in one string: one message between threads costs the
 * same for one record or a thousand. Each record's text starts with the format's
 * separator (the main thread drops it before the very first record it prints).
 */
export interface Batch {
    /** The records' texts, one after another. */
    out: string;
    /** How many records `out` holds. */
    count: number;
    /** Where each record ends in `out` (with `--unique`, which filters records one by one, or stderr lines among them). */
    ends?: number[];
    /** Each record's normalised URL (with `--unique`). */
    keys?: string[];
    /** Each record's scheme and host, or an empty host (with `--stats`). */
    schemes?: string[];
    hosts?: string[];
    /** Lines for stderr, in order among the records. */
    stderr?: StderrLine[];
}
/** What a unit reports while it runs, in order. */
export type UnitEvent = {
    type: 'batch';
    seq: number;
    batch: Batch;
    size: number;
} | {
    type: 'progress';
    seq: number;
    bytes: number;
    messages: number;
} | {
    type: 'done';
    seq: number;
    messages: number;
    bytes: number;
} | {
    type: 'failed';
    seq: number;
    error: string;
};
/** Receives a unit's events; may return a promise to slow the unit down (flow control). */
export type UnitSink = (event: UnitEvent) => void | Promise<void>;
/**
 * Scans one unit and sends its items to `sink` in file order, then `done`. An
 * unexpected exception is sent as `failed` (it is a bug, reported, and the other
 * units go on). `stdin` is read for the unit whose path is `-`.
 */
export declare function runUnit(unit: WorkUnit, settings: UnitSettings, sink: UnitSink, stdin?: AsyncIterable<Buffer>): Promise<void>;
