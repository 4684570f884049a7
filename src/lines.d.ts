/**
 * Line indexes: the one place that turns offsets into lines and columns, for the
 * scanner (a forward-walking locator over a text), the sources (line starts of a
 * decoded part or of raw bytes, counted at LF), and the remark plugin (CommonMark
 * line endings: LF, CR or CRLF).
 *
 * The scanner asks for points in increasing order, so its locator remembers the line
 * it is on and where that line ends, and walks forward with `indexOf('\n')`: the text
 * is walked once in all, never once per match (a one-line hostile text with thousands
 * of matches would otherwise cost quadratic time). Lines end at `\n`; a `\r` before it
 * is an ordinary character of the line.
 */
/** A point in a text, as unist has it. */
export interface Point {
    /** 1-based line number. */
    line: number;
    /** 1-based column, in UTF-16 code units from the start of the line. */
    column: number;
    /** 0-based offset from the start of the text, in UTF-16 code units. */
    offset: number;
}
/** A function from a 0-based offset to its point. */
export type Locator = (offset: number) => Point;
/** Makes a locator over `text`. */
export declare function createLocator(text: string): Locator;
/**
 * Binary search over ascending values: the last index whose value is at or before
 * `target`, or 0 when none is (callers index line or piece starts, whose first is the
 * smallest offset they ask about). `valueAt` reads the value at an index.
 */
export declare function lastIndexAtOrBefore(count: number, valueAt: (index: number) => number, target: number): number;
/** Line starts of a text or byte buffer, built once, then looked up by binary search. */
export interface LineIndex {
    /** 0-based line number and 0-based offset of that line's start, for `offset`. */
    lineOf(offset: number): {
        line: number;
        lineStart: number;
    };
    /** The point of `offset`: 1-based line and column, the offset itself. */
    point(offset: number): Point;
}
/**
 * Indexes the line starts (after each LF) of `data` from `from` to `to`. Linear,
 * native `indexOf`. With `anyLineEnd` (a string only), a CR alone also ends a line,
 * as in CommonMark (§2.1).
 */
export declare function indexLines(data: Buffer | string, from?: number, to?: number, anyLineEnd?: boolean): LineIndex;
/** Counts LF bytes in `bytes[from, to)`. */
export declare function countLines(bytes: Buffer, from?: number, to?: number): number;
