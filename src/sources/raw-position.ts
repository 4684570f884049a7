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
  return new CopyMap(from, to);
}

/** The map of a step whose output cannot be traced inside: everything maps to `[from, to)`. */
export function constantMap(from: number, to: number = from): OffsetMap {
  return new ConstantMap(from, to);
}

/**
 * The maps of {@link copyMap} and {@link constantMap}: data over one class each, not closures
 * per part, which the match handler inlined and V8 dropped after each gc() ("weak objects"
 * deopt, issue 12). One instance of each lives in a static field so that the class's hidden
 * class survives a full collection (see ReplacementMap).
 */
class CopyMap implements OffsetMap {
  static readonly shapeKeeper: OffsetMap = new CopyMap(0, 0);
  constructor(
    private readonly from: number,
    private readonly to: number,
  ) {}

  start(offset: number): number {
    return offset <= 0 ? this.from : Math.min(this.from + offset, this.to);
  }

  end(offset: number): number {
    return offset <= 0 ? this.from : Math.min(this.from + offset, this.to);
  }
}

/** See {@link CopyMap}. */
class ConstantMap implements OffsetMap {
  static readonly shapeKeeper: OffsetMap = new ConstantMap(0, 0);
  constructor(
    private readonly from: number,
    private readonly to: number,
  ) {}

  start(): number {
    return this.from;
  }

  end(): number {
    return this.to;
  }
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
 * A map's first array of pieces grows eightfold when full (2, 16, 128, 1024 pieces). Each
 * typed array past 64 bytes is a backing store of its own, a microsecond or more to make
 * whatever its size: doubling made nine of them for a part of a thousand pieces, and they
 * were the costliest line of the quoted-printable and HTML decoders (CPU profile,
 * usrp-users mbox: 4% of a run). The unused room is 32 KiB at most, while the part is read.
 */
const GROWTH = 8;
/**
 * A map's first array of pieces grows (by {@link GROWTH}) up to `1 << CHUNK_SHIFT` pieces (32 KiB);
 * past that, pieces go to further arrays of that size, never copied. Copying a doubled
 * array of several MB, and the first writes to its fresh pages, were most of the time of a
 * field of thousands of encoded words (bench row "encoded words in one header").
 */
const CHUNK_SHIFT = 10;
const CHUNK_PIECES = 1 << CHUNK_SHIFT;
const CHUNK_MASK = CHUNK_PIECES - 1;

/**
 * Starts an {@link OffsetMapBuilder} whose input begins at `inputStart`, with room for
 * `expectedPieces` (a decoder's estimate, at most `1 << CHUNK_SHIFT` are made room for at first).
 */
export function buildOffsetMap(inputStart = 0, expectedPieces = INITIAL_PIECES): OffsetMapBuilder {
  return new PieceMapBuilder(inputStart, expectedPieces);
}

/**
 * The pieces of a map being built, and the builder itself. A class, not a closure per map:
 * every decoder's `take` is then one function, and the call sites that run once per escape
 * or per word stay monomorphic. With a `take` closure per map, V8 deoptimised the decoders
 * for "wrong call target" each time a second map was built.
 *
 * Piece i is the four numbers from PIECE * (i & CHUNK_MASK) in chunks[i >> CHUNK_SHIFT]:
 * output [outStart, next outStart) came from input [inStart, inEnd), and stride is input
 * units per output unit, or 0 when the piece is indivisible. Typed arrays, not four
 * growing arrays of numbers: a decoder may write a piece every few characters, and
 * those cost as much as the decoding. The first starts at two pieces (64 bytes), which
 * V8 keeps on its own heap: a larger typed array gets a backing store of its own, about
 * 0.5 µs more for each of the many small maps (one per mboxrd-quoted message, bench
 * row "From lines in bodies").
 */
class PieceMapBuilder implements OffsetMapBuilder {
  /** The chunk being written. */
  private pieces = new Float64Array(PIECE * INITIAL_PIECES);
  readonly chunks: Float64Array[] = [this.pieces];
  /** Numbers used in `pieces`. */
  private used = 0;
  /** The chunk and index of the last piece, which the next may merge into. */
  private tail = this.pieces;
  private tailAt = 0;
  count = 0;
  private outPos = 0;
  inPos: number;
  /** The piece found last: the offsets of one document's matches come in increasing order. */
  private cursor = 0;
  /** Where piece `i`'s output starts (for {@link lastAtOrBeforeFrom}). */
  readonly outStartOf = (i: number): number => (this.chunks[i >> CHUNK_SHIFT] as Float64Array)[PIECE * (i & CHUNK_MASK) + OUT_START] as number;

  constructor(inputStart: number, expectedPieces: number) {
    this.inPos = inputStart;
    // The small first array above is of a constant size, which optimised code makes inline
    // (a map per mboxrd-quoted message, bench row "From lines in bodies"); room for more replaces it.
    if (expectedPieces > INITIAL_PIECES) {
      this.pieces = new Float64Array(PIECE * Math.min(CHUNK_PIECES, expectedPieces));
      this.chunks[0] = this.pieces;
      this.tail = this.pieces;
    }
  }

  take(outputLength: number, inputLength: number): void {
    const inPos = this.inPos;
    if (outputLength > 0) {
      const ratio = inputLength % outputLength === 0 ? inputLength / outputLength : 0;
      const tail = this.tail;
      const tailAt = this.tailAt;
      if (this.count > 0 && ratio !== 0 && tail[tailAt + STRIDE] === ratio && tail[tailAt + IN_END] === inPos) {
        tail[tailAt + IN_END] = inPos + inputLength;
      } else {
        if (this.used === this.pieces.length) this.grow();
        const pieces = this.pieces;
        const used = this.used;
        this.tail = pieces;
        this.tailAt = used;
        pieces[used + OUT_START] = this.outPos;
        pieces[used + IN_START] = inPos;
        pieces[used + IN_END] = inPos + inputLength;
        pieces[used + STRIDE] = ratio;
        this.used = used + PIECE;
        this.count++;
      }
    }
    this.outPos += outputLength;
    this.inPos = inPos + inputLength;
  }

  /** Makes room for one more piece: the first chunk grows by {@link GROWTH}, then further chunks are added. */
  private grow(): void {
    if (this.pieces.length < PIECE * CHUNK_PIECES) {
      const grown = new Float64Array(Math.min(this.pieces.length * GROWTH, PIECE * CHUNK_PIECES));
      grown.set(this.pieces);
      this.pieces = grown;
      this.chunks[0] = grown; // only the first chunk grows
    } else {
      this.pieces = new Float64Array(PIECE * CHUNK_PIECES);
      this.chunks.push(this.pieces);
      this.used = 0;
    }
  }

  finish(): OffsetMap {
    return new PieceMap(this, this.inPos);
  }

  /** The last piece whose output starts at or before `offset` (0 when none does). */
  find(offset: number): number {
    return (this.cursor = lastAtOrBeforeFrom(this.cursor, this.count, this.outStartOf, offset));
  }
}

/**
 * The last index of ascending values (`valueAt`, `count` of them) whose value is at or before
 * `target` (0 when none is), searched from `cursor`, the index found last. The offsets of one
 * document's matches come in increasing order: from the cursor, the search gallops forward 1,
 * 2, 4... indices, then searches between the last two steps, so that a look-up costs the log
 * of the distance from the last (the matches of a field of thousands of encoded words are a
 * few dozen words apart).
 */
function lastAtOrBeforeFrom(cursor: number, count: number, valueAt: (index: number) => number, target: number): number {
  if (cursor >= count || valueAt(cursor) > target) return lastIndexAtOrBefore(count, valueAt, target);
  let low = cursor;
  let step = 1;
  while (low + step < count && valueAt(low + step) <= target) {
    low += step;
    step *= 2;
  }
  return lastIndexAtOrBefore(Math.min(count, low + step), valueAt, target, low);
}

/**
 * {@link lastAtOrBeforeFrom} over ascending keys held in an array, each the first of a record of
 * `stride` numbers: the last record (of `count`) whose key is at or before `target`, or 0 when
 * none is. Gallops forward from record `cursor` (the one found last) when its key is at or
 * before `target`, else from record 0; then searches between the last two steps. Read in
 * place, with no callback per probe, for the maps that are one array.
 */
function gallopAtOrBefore(keys: ArrayLike<number>, stride: number, count: number, cursor: number, target: number): number {
  let low = cursor < count && (keys[stride * cursor] as number) <= target ? cursor : 0;
  let step = 1;
  while (low + step < count && (keys[stride * (low + step)] as number) <= target) {
    low += step;
    step *= 2;
  }
  let high = Math.min(count, low + step) - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((keys[stride * middle] as number) <= target) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The map a {@link PieceMapBuilder} finished: it reads the builder's pieces, as they are now. */
class PieceMap implements OffsetMap {
  constructor(
    private readonly built: PieceMapBuilder,
    /** Where the input had got to when the map was finished: the answer of a map with no pieces. */
    private readonly endOfInput: number,
  ) {}

  start(offset: number): number {
    const built = this.built;
    if (built.count === 0) return this.endOfInput;
    const i = built.find(offset);
    const chunk = built.chunks[i >> CHUNK_SHIFT] as Float64Array;
    const at = PIECE * (i & CHUNK_MASK);
    const s = chunk[at + STRIDE] as number;
    const from = chunk[at + OUT_START] as number;
    if (s === 0 || offset < from) return chunk[at + IN_START] as number;
    return Math.min((chunk[at + IN_START] as number) + (offset - from) * s, chunk[at + IN_END] as number);
  }

  end(offset: number): number {
    const built = this.built;
    if (built.count === 0) return this.endOfInput;
    if (offset <= 0) return (built.chunks[0] as Float64Array)[IN_START] as number;
    const i = built.find(offset - 1);
    const chunk = built.chunks[i >> CHUNK_SHIFT] as Float64Array;
    const at = PIECE * (i & CHUNK_MASK);
    const s = chunk[at + STRIDE] as number;
    if (s === 0) return chunk[at + IN_END] as number;
    return Math.min((chunk[at + IN_START] as number) + (offset - (chunk[at + OUT_START] as number)) * s, chunk[at + IN_END] as number);
  }
}

/**
 * Builds the {@link OffsetMap} of a step that copied its input but for some spans, each
 * replaced by other text, and some of the gaps between them, dropped: RFC 2047 encoded words
 * in a header field, decoded, with the white space between two words removed (§6.2).
 */
export interface ReplacementMapBuilder {
  /**
   * Input `[inputStart, inputEnd)` became output `[outputStart, outputEnd)`. Spans come in
   * order; the gap before each (from the end of the one before, or from 0) was copied unit
   * for unit or dropped, so its output is as long as its input or empty.
   */
  replace(inputStart: number, inputEnd: number, outputStart: number, outputEnd: number): void;
  /** The map, once the input (`inputLength` units; the rest after the last span was copied) is read. */
  finish(inputLength: number): OffsetMap;
}

/** Starts a {@link ReplacementMapBuilder}. */
export function buildReplacementMap(): ReplacementMapBuilder {
  return new ReplacementMap();
}

/** The numbers of one replaced span, and where each is among them. */
const SPAN = 4;
const SPAN_OUT_START = 0;
const SPAN_OUT_END = 1;
const SPAN_IN_START = 2;
const SPAN_IN_END = 3;
/** Spans a new replacement map has room for: most header fields have one or two words. */
const INITIAL_SPANS = 4;

/**
 * A {@link ReplacementMapBuilder} and the map it finishes. It answers exactly as the map
 * {@link buildOffsetMap} builds from the same steps does (`take(gap or 0, gap)` and
 * `take(output, input)` for each span, then `take(rest, rest)`; test/sources/raw-position
 * checks it at every offset), from one entry per span: the gaps are implied. A field of
 * thousands of encoded words had two pieces of the general map per word, and their
 * arrays cost as much as decoding the words (bench row "encoded words in one header").
 * Offsets are those of JavaScript strings, below 2^30, so they fit in 32 bits.
 */
class ReplacementMap implements ReplacementMapBuilder, OffsetMap {
  /**
   * A builder and map of each kind that live as long as the module. V8 holds the hidden class
   * of a class's instances only while one of them is alive (the transitions that lead to it are
   * weak): when a full garbage collection found none, as between two scans of a one-part
   * message, the next builder got a new hidden class, and every decoder and look-up optimised
   * for the old one was deoptimised ("weak objects") and compiled again, on each part. That
   * recompiling was most of the time of the bench row "quoted-printable, soft breaks only"
   * (decoding 2 MB: 25 ms, then 3 ms with these). A static field, not a top-level `const`:
   * V8 keeps a module's top-level variable that no function reads in the frame of the module's
   * body, where it died once the module was evaluated (--trace-deopt-verbose showed `replace`,
   * `spanAt`, `start` and `end` deoptimised at each gc() between two scans).
   */
  static readonly shapeKeepers: readonly object[] = [new PieceMapBuilder(0, INITIAL_PIECES), new PieceMapBuilder(0, INITIAL_PIECES).finish(), new ReplacementMap()];

  private spans = new Int32Array(SPAN * INITIAL_SPANS);
  private count = 0;
  private inputLength = 0;
  private outputLength = 0;
  /** Whether the map has any piece (a span or gap with output), and what it gives before its first or after its last. */
  private hasPieces = false;
  private firstStart = 0;
  private lastStart = 0;
  private lastEnd = 0;
  /** The span found last. */
  private cursor = 0;

  replace(inputStart: number, inputEnd: number, outputStart: number, outputEnd: number): void {
    let spans = this.spans;
    const at = SPAN * this.count;
    if (at === spans.length) {
      spans = new Int32Array(spans.length * 2);
      spans.set(this.spans);
      this.spans = spans;
    }
    spans[at + SPAN_OUT_START] = outputStart;
    spans[at + SPAN_OUT_END] = outputEnd;
    spans[at + SPAN_IN_START] = inputStart;
    spans[at + SPAN_IN_END] = inputEnd;
    this.count++;
  }

  finish(inputLength: number): OffsetMap {
    const spans = this.spans;
    const count = this.count;
    const lastIn = count > 0 ? (spans[SPAN * (count - 1) + SPAN_IN_END] as number) : 0;
    const lastOut = count > 0 ? (spans[SPAN * (count - 1) + SPAN_OUT_END] as number) : 0;
    this.inputLength = inputLength;
    this.outputLength = lastOut + inputLength - lastIn;
    // The first and the last piece, as the general map has them: a gap or span with output.
    // Usually the first and last span; past empty words and dropped gaps at worst, once.
    this.hasPieces = this.outputLength > 0;
    for (let i = 0, gapIn = 0, gapOut = 0; i <= count; i++) {
      const at = SPAN * i;
      const outStart = i < count ? (spans[at + SPAN_OUT_START] as number) : this.outputLength;
      if (outStart > gapOut) {
        this.firstStart = gapIn;
        break;
      }
      if (i < count && (spans[at + SPAN_OUT_END] as number) > outStart) {
        this.firstStart = spans[at + SPAN_IN_START] as number;
        break;
      }
      if (i < count) {
        gapIn = spans[at + SPAN_IN_END] as number;
        gapOut = spans[at + SPAN_OUT_END] as number;
      }
    }
    for (let i = count - 1, gapEnd = inputLength, gapOutEnd = this.outputLength; i >= -1; i--) {
      const at = SPAN * i;
      const outEnd = i >= 0 ? (spans[at + SPAN_OUT_END] as number) : 0;
      if (gapOutEnd > outEnd) {
        this.lastStart = this.lastEnd = gapEnd;
        break;
      }
      if (i < 0) break;
      const outStart = spans[at + SPAN_OUT_START] as number;
      if (outEnd > outStart) {
        const inStart = spans[at + SPAN_IN_START] as number;
        const inEnd = spans[at + SPAN_IN_END] as number;
        this.lastStart = (inEnd - inStart) % (outEnd - outStart) === 0 ? inEnd : inStart;
        this.lastEnd = inEnd;
        break;
      }
      gapEnd = spans[at + SPAN_IN_START] as number;
      gapOutEnd = outStart;
    }
    return this;
  }

  /** The last span whose output starts at or before `offset`, or -1 when none does. */
  private spanAt(offset: number): number {
    const spans = this.spans;
    const count = this.count;
    if (count === 0 || (spans[SPAN_OUT_START] as number) > offset) return -1;
    // SPAN_OUT_START is each span's first number, so the spans are records of SPAN numbers keyed by their first.
    return (this.cursor = gallopAtOrBefore(spans, SPAN, count, this.cursor, offset));
  }

  /**
   * Where `offset` falls inside the span at `at`: a stride when the span's input divides evenly
   * over its output, as in the general map, and `uneven` (its input's start or end) when not.
   */
  private inSpan(at: number, offset: number, uneven: number): number {
    const spans = this.spans;
    const outStart = spans[at + SPAN_OUT_START] as number;
    const inStart = spans[at + SPAN_IN_START] as number;
    const inEnd = spans[at + SPAN_IN_END] as number;
    const outLength = (spans[at + SPAN_OUT_END] as number) - outStart;
    if ((inEnd - inStart) % outLength !== 0) return uneven;
    return Math.min(inStart + ((offset - outStart) * (inEnd - inStart)) / outLength, inEnd);
  }

  start(offset: number): number {
    if (!this.hasPieces) return this.inputLength;
    const spans = this.spans;
    const i = this.spanAt(offset);
    const at = SPAN * i;
    // In span i (so it has output).
    if (i >= 0 && offset < (spans[at + SPAN_OUT_END] as number)) return this.inSpan(at, offset, spans[at + SPAN_IN_START] as number);
    // In the gap after span i, when it was copied, or past either end of the output.
    const gapOut = i >= 0 ? (spans[at + SPAN_OUT_END] as number) : 0;
    const gapIn = i >= 0 ? (spans[at + SPAN_IN_END] as number) : 0;
    const last = i + 1 >= this.count;
    const gapOutEnd = last ? this.outputLength : (spans[at + SPAN + SPAN_OUT_START] as number);
    if (gapOutEnd > gapOut) {
      if (offset < gapOut) return gapIn;
      return Math.min(gapIn + offset - gapOut, last ? this.inputLength : (spans[at + SPAN + SPAN_IN_START] as number));
    }
    return offset < 0 ? this.firstStart : this.lastStart;
  }

  end(offset: number): number {
    if (!this.hasPieces) return this.inputLength;
    if (offset <= 0) return this.firstStart;
    const spans = this.spans;
    const i = this.spanAt(offset - 1);
    const at = SPAN * i;
    if (i >= 0 && offset - 1 < (spans[at + SPAN_OUT_END] as number)) return this.inSpan(at, offset, spans[at + SPAN_IN_END] as number);
    const gapOut = i >= 0 ? (spans[at + SPAN_OUT_END] as number) : 0;
    const gapIn = i >= 0 ? (spans[at + SPAN_IN_END] as number) : 0;
    const last = i + 1 >= this.count;
    const gapOutEnd = last ? this.outputLength : (spans[at + SPAN + SPAN_OUT_START] as number);
    if (gapOutEnd > gapOut) return Math.min(gapIn + offset - gapOut, last ? this.inputLength : (spans[at + SPAN + SPAN_IN_START] as number));
    return this.lastEnd;
  }
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
  /**
   * How many line breaks (LF bytes) `raw` holds, when its reader counted them anyway (the mbox
   * splitter does, to number the next message's lines): a point nearer the end of `raw` than
   * the lines indexed so far is then found counting back from the end (see {@link FrameLocator}).
   */
  lineBreaks?: number;
}

/**
 * Line starts are indexed this far past the offset asked for, so that a run of lookups in
 * one region costs one call that indexes, not one each. Not much further: when the frame's
 * line breaks are counted, a later point near its end is found from the end, and the lines
 * between (an attachment before a list's footer) are never indexed.
 */
const LINE_INDEX_STEP = 8 * 1024;
/** Line starts a {@link FrameLocator} makes room for at first (64 bytes, kept on V8's heap). */
const INITIAL_LINE_STARTS = 8;
/** The line starts of every {@link FrameLocator} that has indexed one line only. */
const NO_LINE_STARTS = new Float64Array(0);

/**
 * Turns byte offsets inside a {@link RawFrame} into raw points. Line starts are
 * indexed on demand, only as far as the offsets asked for: the URLs of a message
 * are usually in its first parts, and a long attachment after them is never indexed.
 */
export function locateInFrame(frame: RawFrame): (offset: number) => RawPoint {
  const locator = new FrameLocator(frame);
  return (offset) => locator.locate(offset);
}

/**
 * The state of {@link locateInFrame}, as data over one class. Line starts are indexed from the
 * frame's start, as far as points are asked for. When the frame says how many line breaks it
 * holds ({@link RawFrame.lineBreaks}), a point past what is indexed and nearer the end is found
 * from the end instead: the line breaks from there to the end are indexed backwards, and the
 * point's line is the count less those after it. A mailbox message's URLs are mostly in its
 * first parts and in the list's footer at its very end: indexed from the start alone, every
 * line of the attachments between was indexed (the usrp-users mbox: all its 1.6 million lines,
 * a native search each, after the splitter had counted them with as many).
 *
 * As data over one class: a message's parts and header
 * fields each held closures over it, and after each gc() V8 dropped the code of the match
 * handler that had inlined them ("weak objects" deopt, issue 12). One instance lives in a
 * static field so that the class's hidden class survives a full collection (as for
 * {@link ReplacementMap}).
 */
export class FrameLocator {
  static readonly shapeKeeper: FrameLocator = new FrameLocator({ raw: Buffer.alloc(0), offset: 0, line: 1 });

  private readonly raw: Buffer;
  /**
   * The starts of the lines after the first (`count` of them; the first starts at 0). A typed
   * array, not an array of numbers: pushing a start per line onto one was most of the cost of
   * indexing a message of thousands of short lines (bench row "multipart, many parts": 90,000
   * lines, 3.1 ms pushed, 1.7 ms stored). Doubles, as byte offsets may pass 2^31. Empty and
   * shared until a second line is indexed: a frame of one short message makes no array (bench
   * row "mbox of tiny messages").
   */
  private starts: Float64Array = NO_LINE_STARTS;
  private count = 0;
  private indexedTo = 0;
  /** The line found last: spans and matches come in increasing order, so a search starts there. */
  private cursor = 0;
  /** The frame's line breaks, or -1 when not known (then nothing is indexed from the end). */
  private readonly lineBreaks: number;
  /** The starts of the lines (after each LF) in `raw[tailFrom, raw.length)`, from the last one back: `tailCount` of them. */
  private tailStarts: Float64Array = NO_LINE_STARTS;
  private tailCount = 0;
  /** Every LF at or after this is in {@link tailStarts}. */
  private tailFrom: number;

  constructor(private readonly frame: RawFrame) {
    this.raw = frame.raw;
    this.lineBreaks = frame.lineBreaks ?? -1;
    this.tailFrom = frame.raw.length;
  }

  /** The raw point of byte `offset` of the frame (clamped to it). */
  locate(offset: number): RawPoint {
    const raw = this.raw;
    const clamped = Math.max(0, Math.min(offset, raw.length));
    // What is past the lines indexed is in a method of its own: this one, which most points take, stays small enough for V8 to inline.
    if (clamped >= this.indexedTo && this.indexedTo < raw.length) return this.locatePast(clamped);
    return this.indexedPoint(clamped);
  }

  /** The point of `clamped`, which the lines indexed from the start reach. */
  private indexedPoint(clamped: number): RawPoint {
    // Line 0 starts at 0; line k > 0 at starts[k - 1].
    const low = this.count === 0 || (this.starts[0] as number) > clamped ? 0 : this.lineAt(clamped) + 1;
    const lineStart = low === 0 ? 0 : (this.starts[low - 1] as number);
    const base = low === 0 ? (this.frame.column ?? 1) : 1;
    return { line: this.frame.line + low, column: clamped - lineStart + base, offset: this.frame.offset + clamped };
  }

  /** {@link locate} past the lines indexed from the start: from the end when that is nearer (or indexed already), else indexing further. */
  private locatePast(clamped: number): RawPoint {
    const length = this.raw.length;
    if (this.lineBreaks >= 0 && (clamped > this.tailFrom || length - clamped < clamped - this.indexedTo)) return this.locateFromEnd(clamped);
    this.indexTo(Math.min(length, clamped + LINE_INDEX_STEP));
    return this.indexedPoint(clamped);
  }

  /**
   * {@link locate} from the end: the line breaks are indexed back from the end until one before
   * `clamped` is (or the frame's start is reached), so that its line start is known; the lines
   * after it are the starts above `clamped`.
   */
  private locateFromEnd(clamped: number): RawPoint {
    let starts = this.tailStarts;
    let count = this.tailCount;
    let from = this.tailFrom;
    // The last start indexed is the lowest: until it is at or before `clamped`, index further back.
    while (from > 0 && (count === 0 || (starts[count - 1] as number) > clamped)) {
      const at = this.raw.lastIndexOf(10, from - 1);
      if (at < 0) {
        from = 0;
        break;
      }
      if (count === starts.length) starts = grownStarts(starts, count);
      starts[count++] = at + 1;
      from = at;
    }
    this.tailStarts = starts;
    this.tailCount = count;
    this.tailFrom = from;
    // How many of the starts (in decreasing order) are after `clamped`: the line breaks at or after it.
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((starts[middle] as number) > clamped) low = middle + 1;
      else high = middle;
    }
    const line = this.lineBreaks - low;
    const lineStart = low < count ? (starts[low] as number) : 0;
    const base = line === 0 ? (this.frame.column ?? 1) : 1;
    return { line: this.frame.line + line, column: clamped - lineStart + base, offset: this.frame.offset + clamped };
  }

  /** The index in `starts` of the last start at or before `offset` (one is): galloping forward from the one found last, else a binary search from 0. */
  private lineAt(offset: number): number {
    return (this.cursor = gallopAtOrBefore(this.starts, 1, this.count, this.cursor, offset));
  }

  /**
   * Adds the line starts of `raw[indexedTo, to)`. The array and its count are held in locals
   * through the loop: as fields, each line's start cost two loads and two stores more, which
   * V8 cannot keep in registers across the native search (a run over the usrp-users mbox
   * indexes all its 1.6 million lines: most messages end in the list's footer, a URL).
   */
  private indexTo(to: number): void {
    const view = this.raw.subarray(0, to);
    let starts = this.starts;
    let count = this.count;
    for (let at = view.indexOf(10, this.indexedTo); at >= 0; at = view.indexOf(10, at + 1)) {
      if (count === starts.length) starts = grownStarts(starts, count);
      starts[count++] = at + 1;
    }
    this.starts = starts;
    this.count = count;
    this.indexedTo = to;
  }
}

/** `starts` (its first `count` held) in an array twice as long. */
function grownStarts(starts: Float64Array, count: number): Float64Array {
  const grown = new Float64Array(Math.max(INITIAL_LINE_STARTS, count * 2));
  grown.set(starts);
  return grown;
}
