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

import { lastIndexAtOrBefore } from '../lines.js';

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
export function shiftMap(shift: number): OffsetMap {
  return { start: (offset) => offset + shift, end: (offset) => offset + shift };
}

/**
 * The map of a step that copied the input `[from, to)` unit for unit: `from + offset`, kept
 * within the span. It is what {@link buildOffsetMap} gives for one `take(n, n)`, without its
 * arrays: every ASCII part and header field of a message has one.
 */
export function copyMap(from: number, to: number): OffsetMap {
  const at = (offset: number): number => (offset <= 0 ? from : Math.min(from + offset, to));
  return { start: at, end: at };
}

/** The map of a step whose output cannot be traced inside: everything maps to `[from, to)`. */
export function constantMap(from: number, to: number = from): OffsetMap {
  return { start: () => from, end: () => to };
}

/** Applies `inner` first (derived text → intermediate), then `outer` (intermediate → source). */
export function composeMaps(inner: OffsetMap, outer: OffsetMap): OffsetMap {
  return {
    start: (offset) => outer.start(inner.start(offset)),
    end: (offset) => outer.end(inner.end(offset)),
  };
}

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

/** The numbers of one piece of a built map, and where each is among them. */
const PIECE = 4;
const OUT_START = 0;
const IN_START = 1;
const IN_END = 2;
const STRIDE = 3;
/** Pieces a new map has room for: most maps are one or two pieces (see {@link buildOffsetMap}). */
const INITIAL_PIECES = 2;
/**
 * A map's first array of pieces grows by doubling up to `1 << CHUNK_SHIFT` pieces (32 KiB);
 * past that, pieces go to further arrays of that size, never copied. Copying a doubled
 * array of several MB, and the first writes to its fresh pages, were most of the time of a
 * field of thousands of encoded words (bench row "encoded words in one header").
 */
const CHUNK_SHIFT = 10;
const CHUNK_PIECES = 1 << CHUNK_SHIFT;
const CHUNK_MASK = CHUNK_PIECES - 1;

/** Starts an {@link OffsetMapBuilder} whose input begins at `inputStart`. */
export function buildOffsetMap(inputStart = 0): OffsetMapBuilder {
  // Piece i is the four numbers from PIECE * (i & CHUNK_MASK) in chunks[i >> CHUNK_SHIFT]:
  // output [outStart, next outStart) came from input [inStart, inEnd), and stride is input
  // units per output unit, or 0 when the piece is indivisible. Typed arrays, not four
  // growing arrays of numbers: a decoder may write a piece every few characters, and
  // those cost as much as the decoding. The first starts at two pieces (64 bytes), which
  // V8 keeps on its own heap: a larger typed array gets a backing store of its own, about
  // 0.5 µs more for each of the many small maps (one per mboxrd-quoted message, bench
  // row "From lines in bodies").
  let pieces = new Float64Array(PIECE * INITIAL_PIECES);
  const chunks: Float64Array[] = [pieces];
  /** Numbers used in `pieces`, the chunk being written. */
  let used = 0;
  /** The chunk and index of the last piece, which the next may merge into. */
  let tail = pieces;
  let tailAt = 0;
  let count = 0;
  let outPos = 0;
  let inPos = inputStart;

  const take = (outputLength: number, inputLength: number): void => {
    if (outputLength > 0) {
      const ratio = inputLength % outputLength === 0 ? inputLength / outputLength : 0;
      if (count > 0 && ratio !== 0 && tail[tailAt + STRIDE] === ratio && tail[tailAt + IN_END] === inPos) {
        tail[tailAt + IN_END] = inPos + inputLength;
      } else {
        if (used === pieces.length) {
          if (pieces.length < PIECE * CHUNK_PIECES) {
            const grown = new Float64Array(pieces.length * 2);
            grown.set(pieces);
            pieces = grown;
            chunks[0] = grown; // only the first chunk grows
          } else {
            pieces = new Float64Array(PIECE * CHUNK_PIECES);
            chunks.push(pieces);
            used = 0;
          }
        }
        tail = pieces;
        tailAt = used;
        pieces[used + OUT_START] = outPos;
        pieces[used + IN_START] = inPos;
        pieces[used + IN_END] = inPos + inputLength;
        pieces[used + STRIDE] = ratio;
        used += PIECE;
        count++;
      }
    }
    outPos += outputLength;
    inPos += inputLength;
  };

  /** Where piece `i`'s output starts. */
  const outStartOf = (i: number): number => (chunks[i >> CHUNK_SHIFT] as Float64Array)[PIECE * (i & CHUNK_MASK) + OUT_START] as number;
  /** The piece found last: the offsets of one document's matches come in increasing order. */
  let cursor = 0;
  /** The last piece whose output starts at or before `offset` (0 when none does). */
  const find = (offset: number): number => {
    const i = cursor;
    if (i >= count || outStartOf(i) > offset) return (cursor = lastIndexAtOrBefore(count, outStartOf, offset));
    // At or after the piece found last: gallop forward from it, 1, 2, 4... pieces, then search
    // between the last two steps, so that a look-up costs the log of the distance from the last
    // (the matches of a field of thousands of encoded words are a few dozen pieces apart).
    let low = i;
    let step = 1;
    while (low + step < count && outStartOf(low + step) <= offset) {
      low += step;
      step *= 2;
    }
    return (cursor = lastIndexAtOrBefore(Math.min(count, low + step), outStartOf, offset, low));
  };

  const finish = (): OffsetMap => {
    const endOfInput = inPos;
    return {
      start(offset) {
        if (count === 0) return endOfInput;
        const i = find(offset);
        const chunk = chunks[i >> CHUNK_SHIFT] as Float64Array;
        const at = PIECE * (i & CHUNK_MASK);
        const s = chunk[at + STRIDE] as number;
        const from = chunk[at + OUT_START] as number;
        if (s === 0 || offset < from) return chunk[at + IN_START] as number;
        return Math.min((chunk[at + IN_START] as number) + (offset - from) * s, chunk[at + IN_END] as number);
      },
      end(offset) {
        if (count === 0) return endOfInput;
        if (offset <= 0) return (chunks[0] as Float64Array)[IN_START] as number;
        const i = find(offset - 1);
        const chunk = chunks[i >> CHUNK_SHIFT] as Float64Array;
        const at = PIECE * (i & CHUNK_MASK);
        const s = chunk[at + STRIDE] as number;
        if (s === 0) return chunk[at + IN_END] as number;
        return Math.min((chunk[at + IN_START] as number) + (offset - (chunk[at + OUT_START] as number)) * s, chunk[at + IN_END] as number);
      },
    };
  };

  return { take, finish };
}


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
 * Line starts are indexed this far past the offset asked for, so that a run of
 * lookups in one region costs one native search, not one each.
 */
const LINE_INDEX_STEP = 64 * 1024;

/**
 * Turns byte offsets inside a {@link RawFrame} into raw points. Line starts are
 * indexed on demand, only as far as the offsets asked for: the URLs of a message
 * are usually in its first parts, and a long attachment after them is never indexed.
 */
export function locateInFrame(frame: RawFrame): (offset: number) => RawPoint {
  const raw = frame.raw;
  const starts: number[] = [0];
  let indexedTo = 0;
  return (offset) => {
    const clamped = Math.max(0, Math.min(offset, raw.length));
    if (clamped >= indexedTo && indexedTo < raw.length) {
      const to = Math.min(raw.length, clamped + LINE_INDEX_STEP);
      const view = raw.subarray(0, to);
      for (let at = view.indexOf(10, indexedTo); at >= 0; at = view.indexOf(10, at + 1)) starts.push(at + 1);
      indexedTo = to;
    }
    const low = lastIndexAtOrBefore(starts.length, (i) => starts[i] as number, clamped);
    const lineStart = starts[low] as number;
    const base = low === 0 ? (frame.column ?? 1) : 1;
    return { line: frame.line + low, column: clamped - lineStart + base, offset: frame.offset + clamped };
  };
}
