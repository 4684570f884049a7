/**
 * Mapping offsets in decoded text back to the raw file.
 *
 * A URL in mail is found in text that went through several decodings: mboxrd
 * `>From ` unquoting, the Content-Transfer-Encoding (RFC 2045 §6), the charset,
 * and, for some parts, format=flowed unwrapping (RFC 3676) or HTML text
 * extraction. Each step is described by an {@link OffsetMap} from offsets in its
 * output to offsets in its input; composing them takes an offset in the scanned
 * text all the way back to a byte of the raw file, where a {@link LineIndex}
 * turns it into a line and column.
 */
export { countLines, indexLines, type LineIndex } from '../lines.js';
/** A place in the raw input: what a user opens in an editor. */
export interface RawPoint {
    /** 1-based line number in the raw (decompressed) input. */
    line: number;
    /** 1-based column, counted in bytes from the start of the line (as ripgrep and vim do). */
    column: number;
    /** 0-based byte offset in the raw (decompressed) input. */
    offset: number;
}
/**
 * A map from offsets in a derived text to offsets in the text it was derived from.
 * `start` maps the offset of a first character; `end` maps an exclusive end offset,
 * so a span `[s, e)` of the derived text came from `[start(s), end(e))`.
 */
export interface OffsetMap {
    start(offset: number): number;
    end(offset: number): number;
}
/** The map of a step that changed nothing but the origin: `offset + shift`. */
export declare function shiftMap(shift: number): OffsetMap;
/** The map of a step whose output cannot be traced inside: everything maps to `[from, to)`. */
export declare function constantMap(from: number, to?: number): OffsetMap;
/** Applies `inner` first (derived text → intermediate), then `outer` (intermediate → source). */
export declare function composeMaps(inner: OffsetMap, outer: OffsetMap): OffsetMap;
/**
 * Builds a piecewise-linear {@link OffsetMap} while a decoder writes its output.
 * Each call says how many units of output came from how many units of input, in
 * order: `take(1, 3)` for a quoted-printable `=3D`, `take(n, n)` for a copied run,
 * `take(0, 3)` for a removed soft line break. Consecutive pieces with the same
 * ratio merge, so a copied run or a run of escapes costs one piece.
 */
export interface OffsetMapBuilder {
    /** `outputLength` units of output came from the next `inputLength` units of input. */
    take(outputLength: number, inputLength: number): void;
    /** The map built so far; the builder can go on afterwards. */
    finish(): OffsetMap;
}
/** Starts an {@link OffsetMapBuilder} whose input begins at `inputStart`. */
export declare function buildOffsetMap(inputStart?: number): OffsetMapBuilder;
/**
 * Where the bytes of one message (or text chunk) sit in the raw input, and how to
 * name a point in them. `raw` holds the bytes exactly as they are in the file.
 */
export interface RawFrame {
    /** The bytes as they are in the raw input. */
    raw: Buffer;
    /** Byte offset of `raw[0]` in the raw input. */
    offset: number;
    /** 1-based line number of `raw[0]` in the raw input. */
    line: number;
    /** 1-based column of `raw[0]` in its line (default 1): more when a long line was cut before it. */
    column?: number;
}
/**
 * Turns byte offsets inside a {@link RawFrame} into raw points. Line starts are
 * indexed on demand, only as far as the offsets asked for: the URLs of a message
 * are usually in its first parts, and a long attachment after them is never indexed.
 */
export declare function locateInFrame(frame: RawFrame): (offset: number) => RawPoint;
