/**
 * What `urlsift` prints for each URL: one plain record per match with stable field
 * names, and the output formats, each a small formatter in a `Record` keyed by the
 * `--format` name.
 */
import type { Parsed } from '../schemes/parsed.js';
import type { ScanMatch } from '../extract.js';
import type { MatchLines } from './lines.js';
/** The `--format` names, plus `urls` for `-o`/`--only-urls`. */
export type FormatName = 'text' | 'jsonl' | 'json' | 'csv' | 'urls';
/** The names `--format` accepts. */
export declare const FORMAT_NAMES: readonly FormatName[];
/**
 * One match as printed by `--format jsonl`, `json` and `csv`. Every field is always
 * present; `null` where it does not apply (no Message-ID, not in a header field...).
 * Positions are in the raw file (decompressed, for `.gz`): 1-based line, 1-based
 * column counted in bytes, 0-based byte offsets, the end just after the last byte.
 */
export interface OutputRecord {
    url: string;
    scheme: string;
    /** `wrapper`, `angle`, `prefix`, `bare`, `schemeless`, `email` or `html-attr`. */
    context: string;
    /** The path as given or found while walking (bytes that are not UTF-8 as `%XX`, see `displayPath`); `-` for standard input. */
    file: string;
    line: number;
    column: number;
    endLine: number;
    endColumn: number;
    offset: number;
    endOffset: number;
    /**
     * False when the position is where the encoded data of a base64 part starts, not
     * the URL's own bytes (see the sources' `Origin.exact`).
     */
    exact: boolean;
    /** 0-based index of the message in its file; null for plain text. */
    message: number | null;
    messageId: string | null;
    newsgroups: string[] | null;
    /** MIME part path as in IMAP (`1.2`); null for a message's own header fields and plain text. */
    part: string | null;
    /** The header field the URL was in (`List-Unsubscribe`); null in bodies. */
    header: string | null;
    alternatives: string[];
    notes: string[];
    /** The scheme parser's reading of the URL. */
    parts: Parsed;
}
/** The name printed for standard input. */
export declare const STDIN_NAME = "-";
/**
 * Builds the printed record of a match. With `redact`, passwords are masked in the
 * URL, its alternative readings and its parts.
 */
export declare function toOutputRecord(match: ScanMatch, redact: boolean): OutputRecord;
/** How one output format writes records. */
export interface Formatter {
    /** Written once before the first record (a CSV header line, `[`). */
    header: string;
    /** One record, with its line end; `lines` when the unit read them (see {@link needsLines}). */
    format(record: OutputRecord, lines?: MatchLines | null): string;
    /** Written between two records (`,` in a JSON array). */
    separator: string;
    /** Written once at the end, after `count` records. */
    footer(count: number): string;
}
/** The CSV columns, in order: every record field except `parts`. */
export declare const CSV_COLUMNS: readonly ["url", "scheme", "context", "file", "line", "column", "endLine", "endColumn", "offset", "endOffset", "exact", "message", "messageId", "newsgroups", "part", "header", "alternatives", "notes"];
/**
 * The fields JSON records (`jsonl`, `json`) add to an {@link OutputRecord}: the raw text
 * of the match's line (`null` where the position is not the URL's own bytes, or the
 * line is no longer at hand), and with `--context N` the lines around it. (`line` is
 * the line number, so the text is `lineText`.)
 */
export interface RecordLines {
    lineText: string | null;
    linesBefore?: string[];
    linesAfter?: string[];
}
/** How text output looks: `--color`, `-Z`, and `-A`/`-B`/`-C`. */
export interface TextLook {
    color: boolean;
    nul: boolean;
    /** Print each match's line (grep's `-C` style) instead of the URL alone. */
    context: boolean;
    /** Context was asked for JSON records. */
    jsonContext: boolean;
}
/** The plain look: no colour, `:` after file names, no context. */
export declare const PLAIN_LOOK: TextLook;
/** True when the units must keep the input's raw lines for `format`. */
export declare function needsLines(name: FormatName, look: TextLook): boolean;
/**
 * The formatter for `name` with a look. Text with context prints grep's `-C` shape:
 * `file-12-line` for context, `file:13:7:line` for the match's line, `--` between groups.
 */
export declare function createFormatter(name: FormatName, look: TextLook): Formatter;
/** The output formats, by name. */
export declare const FORMATS: Readonly<Record<FormatName, Formatter>>;
/**
 * One CSV field (RFC 4180 §2): quoted when it holds a comma, a double quote or a line
 * break, with quotes doubled. Lists are joined with spaces; null is empty. Control and
 * bidi characters are escaped as in {@link printable}. A field that a spreadsheet would
 * run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a
 * leading `'` and is quoted, as OWASP's "CSV Injection" page advises: a URL's text or a
 * file name comes from whoever sent the mail. The file name `-` (standard input) is no
 * formula and stays as it is.
 */
export declare function csvField(value: string | number | boolean | string[] | null): string;
/**
 * Text for a terminal: C0 and C1 control characters, DEL and bidi controls
 * percent-encoded (as UTF-8), so that nothing read from a message or a file name can
 * move the cursor, recolour the screen or reorder a line. The scheme parsers refuse such
 * characters in URLs already; this also covers file names and header text. With
 * `keepLineBreaks`, CR and LF are left (for a quoted CSV field, or lines of a message).
 */
export declare function printable(text: string, keepLineBreaks?: boolean): string;
/**
 * A record and its lines as JSON: the text of `JSON.stringify({ ...record, lineText,
 * linesBefore, linesAfter })` (`jobOffset` first when the record has one), made safe for a
 * terminal as {@link terminalSafeJson} does. Written field by field: the spread and the
 * generic walk over twenty fields cost more than the rest of writing a record.
 */
export declare function recordJson(r: OutputRecord & {
    jobOffset?: number;
}, lines: MatchLines | null, context: boolean): string;
/**
 * A record as JSON, with DEL, C1 and bidi controls written as `\\uXXXX` escapes (the same
 * value to any JSON reader; JSON.stringify already escapes C0), so that the output is safe
 * to show in a terminal.
 */
export declare function terminalSafeJson(value: unknown): string;
