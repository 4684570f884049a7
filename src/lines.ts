/**
 * Line indexes: the one place that turns offsets into lines and columns, for the
 * scanner (a forward-walking locator over a text), the sources (line starts of a
 * decoded part or of raw bytes, counted at LF), and the remark plugin (CommonMark
 * line endings: LF, CR or CRLF).
 *
 * The scanner asks for points in increasing order, so its locator remembers the line
 * it is on and where that line ends, and walks forward with `indexOf('\n')`, or, to a point
 * thousands of units ahead, counts the line feeds in between in bulk: the text is walked
 * once in all, never once per match (a one-line hostile text with thousands of matches
 * would otherwise cost quadratic time). Lines end at `\n`; a `\r` before it is an
 * ordinary character of the line.
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
export function createLocator(text: string): Locator {
  const walker = createLineWalker(text);
  return (offset: number): Point => pointOf(walker, offset);
}

/**
 * The locator's walk as data, for a caller that asks for many points per text and is
 * called for many texts (the scanner, once per MIME part): {@link pointOf} is compiled
 * once for all of them, where a locator closure is made per text, and code that called
 * it was thrown away with it at each garbage collection. An object literal, not a class
 * instance: the map a constructor's field stores lead to is held weakly, and code
 * compiled for it is thrown away when the last instance is collected.
 */
export interface LineWalker {
  readonly text: string;
  line: number;
  lineStart: number;
  lineEnd: number;
  /**
   * The walk has passed an empty line: from then on, the first character after a long line
   * is looked at by hand before `indexOf` is called (see pointOf).
   */
  emptyLines: boolean;
}

/** A {@link LineWalker} at the start of `text`. */
export function createLineWalker(text: string): LineWalker {
  return { text, line: 1, lineStart: 0, lineEnd: newlineFrom(text, 0), emptyLines: false };
}

/**
 * A walker that never walks: it stands on line 0, which starts at offset 0 and never ends,
 * so {@link walkTo} leaves it as it is and the point of an offset has `line` 0 and `column`
 * `offset + 1`. For a scan whose points are read for their offsets alone (see offsetsOnly
 * in the scanner). Never written: walkTo writes a walker only to go back before its line's
 * start or on past its line's end. Not frozen, so that it has the map of every other walker
 * and the code that reads walkers sees one shape. Its end is a small integer, as the
 * others' are: the greatest 31-bit one, past any offset (strings are at most 2^29 units).
 */
export const NO_LINES: LineWalker = { text: '', line: 0, lineStart: 0, lineEnd: 0x3fffffff, emptyLines: false };

/** The point of `offset`, walking `walker` there; cheapest when offsets come in increasing order. */
export function pointOf(walker: LineWalker, offset: number): Point {
  walkTo(walker, offset);
  return { line: walker.line, column: offset - walker.lineStart + 1, offset };
}

/**
 * Walks `walker` to the line of `offset`, for a caller that builds its points itself
 * (the scanner, a match's two points in one literal with the match).
 */
export function walkTo(walker: LineWalker, offset: number): void {
  if (offset < walker.lineStart) stepBack(walker, offset);
  else if (walker.lineEnd < offset - BULK_SPAN_UNITS && jumpTo(walker, offset)) {
    // Jumped: far ahead, the line feeds in between were counted in bulk.
  } else if (walker.lineEnd < offset) {
    // In local variables, the walker written once: on plain text the walk passes dozens of
    // lines between two matches (the RFC and pipermail text of bench (b): 4 million lines,
    // a match every 46 of them).
    const text = walker.text;
    const length = text.length;
    let lineStart = walker.lineStart;
    let lineEnd = walker.lineEnd;
    let line = walker.line;
    let emptyLines = walker.emptyLines;
    while (lineEnd < offset && lineEnd < length) {
      // After a short line, the next is looked for by hand first: text made of short lines
      // (the text of HTML that is mostly tags: a line per block) would cost a native search
      // per line of one or two characters. After a long line, natively at once, unless the
      // text has had empty lines: paragraphs apart, as in RFC text (27% of its long lines
      // are followed by an empty one), where one character looked at by hand spares that
      // many native searches. A text without (bench (a)) pays one test of a flag per line.
      const units = lineEnd - lineStart;
      lineStart = lineEnd + 1;
      if (units < SHORT_LINE_UNITS) {
        if (units === 0) emptyLines = true;
        lineEnd = nearNewlineFrom(text, lineStart);
      } else if (emptyLines && text.charCodeAt(lineStart) === 0x0a) lineEnd = lineStart;
      else lineEnd = newlineFrom(text, lineStart);
      line++;
    }
    walker.lineStart = lineStart;
    walker.lineEnd = lineEnd;
    walker.line = line;
    walker.emptyLines = emptyLines;
  }
}

/**
 * Moves `walker` to the line of `offset`, far after its current line, counting the line
 * feeds in between in bulk ({@link countLineFeeds}) rather than looking for each; false
 * (the walker untouched) when the bulk count is not available.
 */
function jumpTo(walker: LineWalker, offset: number): boolean {
  const text = walker.text;
  // The line feed at lineEnd ends the walker's line; those after it, the lines before offset's.
  const feeds = countLineFeeds(text, walker.lineEnd + 1, offset);
  if (feeds === -1) return false;
  walker.line += 1 + feeds;
  walker.lineStart = feeds === 0 ? walker.lineEnd + 1 : text.lastIndexOf('\n', offset - 1) + 1;
  walker.lineEnd = newlineFrom(text, offset);
  return true;
}

/** Walks `walker` back, a line at a time, to the line of `offset` (rare: before its current line). */
function stepBack(walker: LineWalker, offset: number): void {
  const text = walker.text;
  while (offset < walker.lineStart) {
    walker.lineEnd = walker.lineStart - 1;
    walker.lineStart = walker.lineStart >= 2 ? text.lastIndexOf('\n', walker.lineStart - 2) + 1 : 0;
    walker.line--;
  }
}

/**
 * A line shorter than this is a short line: the next one is looked for by hand first
 * ({@link nearNewlineFrom}), since text with short lines mostly has more of them. Only
 * lines of 0-3 units count: after lines of 5-11 (`<p>a</p>`, `<br/>` lines of an HTML
 * source) the hand look always failed and the walk took twice as long as with `indexOf`
 * alone (a walk with a point every 4,000 units, same process: 71 -> 37 ms; RFC text and
 * lines of 0-2 units level with 16).
 */
const SHORT_LINE_UNITS = 4;

/**
 * How many characters after a short line {@link nearNewlineFrom} looks at by hand before it
 * calls `indexOf`: enough for the lines of one or two characters of the text of an HTML
 * document of tags (a line per block), where a native search per line cost more than the
 * loop. Not more: after the blank lines of plain text (RFC text: a third of its 4 million
 * lines are empty) the next line is long, and each character looked at by hand was a cost.
 * Over the RFC and pipermail text of bench (b), a point per match: 116 ms with 16 here,
 * 78 ms with 4; the HTML of tags, a point per 400 units, the same (2.2 ms).
 */
const NEAR_LINE_UNITS = 4;

/**
 * Past this many units between the walker's line and the next point, the line feeds in
 * between are counted in bulk ({@link countLineFeeds}) instead of looked for one by one. The
 * walk costs a native search per line (about 220 instructions each, on RFC text a line per
 * 38 units); the bulk count costs a copy and a vector loop (about 3 instructions per unit)
 * after a fixed cost of a few native calls per jump. RFC text, where matches stand far
 * apart, jumps on most points; mail text with a URL every few lines (bench (a)) walks.
 */
const BULK_SPAN_UNITS = 4096;

/**
 * The code units {@link countLineFeeds} copies into the WebAssembly memory at a time: its
 * two pages of 64 KiB, at two bytes a unit. Each 16-bit lane of the vector loop's sum then
 * counts at most 8,192 line feeds, far from overflowing.
 */
const BULK_CHUNK_UNITS = 65536;

/**
 * A WebAssembly module of one function, `count(from, to)`: how many 16-bit words of its
 * memory between the byte offsets `from` and `to` (16-byte aligned, `to - from` a multiple of
 * 16) are 10, the line feed. Assembled by hand from this text (WebAssembly Core
 * Specification 2.0, with the fixed-width SIMD instructions, supported since Node 16.4):
 *
 *     (module
 *       (memory (export "memory") 2)
 *       (func (export "count") (param $p i32) (param $end i32) (result i32)
 *         (local $sum v128) (local $lf v128)
 *         (local.set $lf (i16x8.splat (i32.const 10)))
 *         ;; Four vectors (32 units) a turn while they fit, then one (8 units) a turn. An
 *         ;; equal lane is all ones, -1: subtracting it adds one to that lane of the sum.
 *         (block (loop
 *           (br_if 1 (i32.gt_u (i32.add (local.get $p) (i32.const 64)) (local.get $end)))
 *           (local.set $sum (i16x8.sub (i16x8.sub (i16x8.sub (i16x8.sub (local.get $sum)
 *             (i16x8.eq (v128.load offset=0 (local.get $p)) (local.get $lf)))
 *             (i16x8.eq (v128.load offset=16 (local.get $p)) (local.get $lf)))
 *             (i16x8.eq (v128.load offset=32 (local.get $p)) (local.get $lf)))
 *             (i16x8.eq (v128.load offset=48 (local.get $p)) (local.get $lf))))
 *           (local.set $p (i32.add (local.get $p) (i32.const 64)))
 *           (br 0)))
 *         (block (loop
 *           (br_if 1 (i32.ge_u (local.get $p) (local.get $end)))
 *           (local.set $sum (i16x8.sub (local.get $sum) (i16x8.eq (v128.load (local.get $p)) (local.get $lf))))
 *           (local.set $p (i32.add (local.get $p) (i32.const 16)))
 *           (br 0)))
 *         ;; The eight lanes added up.
 *         (i32.add (i16x8.extract_lane_u 0 (local.get $sum)) ... (i16x8.extract_lane_u 7 (local.get $sum)))))
 *
 * Unrolled four times, a pass over the RFC text of bench (b) cost 86 M instructions for the
 * copies and the count, against 107 M with one vector a turn (callgrind, fixed seeds).
 */
const LINE_FEED_COUNTER: readonly number[] = (() => {
  // $sum -= (v128.load offset=`offset` $p) == $lf
  const vector = (offset: number): number[] => [0x20, 0x00, 0xfd, 0x00, 0x04, offset, 0x20, 0x03, 0xfd, 0x2d, 0xfd, 0x91, 0x01];
  const code = [
    ...[0x01, 0x02, 0x7b], // two locals, v128: $sum (2), $lf (3)
    ...[0x41, 0x0a, 0xfd, 0x10, 0x21, 0x03], // $lf = i16x8.splat (i32.const 10)
    ...[0x02, 0x40, 0x03, 0x40], // block, loop
    ...[0x20, 0x00, 0x41, 0xc0, 0x00, 0x6a, 0x20, 0x01, 0x4b, 0x0d, 0x01], // br_if 1 ($p + 64 > $end)
    ...[0x20, 0x02, ...vector(0), ...vector(16), ...vector(32), ...vector(48), 0x21, 0x02],
    ...[0x20, 0x00, 0x41, 0xc0, 0x00, 0x6a, 0x21, 0x00], // $p += 64
    ...[0x0c, 0x00, 0x0b, 0x0b], // br 0, end loop, end block
    ...[0x02, 0x40, 0x03, 0x40], // block, loop
    ...[0x20, 0x00, 0x20, 0x01, 0x4f, 0x0d, 0x01], // br_if 1 ($p >= $end)
    ...[0x20, 0x02, ...vector(0), 0x21, 0x02],
    ...[0x20, 0x00, 0x41, 0x10, 0x6a, 0x21, 0x00], // $p += 16
    ...[0x0c, 0x00, 0x0b, 0x0b], // br 0, end loop, end block
    ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap((lane) => [0x20, 0x02, 0xfd, 0x19, lane]), // i16x8.extract_lane_u
    ...[0x6a, 0x6a, 0x6a, 0x6a, 0x6a, 0x6a, 0x6a, 0x0b], // seven i32.add, end
  ];
  // Unsigned LEB128, as sizes are written.
  const leb = (n: number): number[] => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, ...leb(n >> 7)]);
  const section = (id: number, bytes: number[]): number[] => [id, ...leb(bytes.length), ...bytes];
  const name = (text: string): number[] => [text.length, ...Array.from(text, (char) => char.charCodeAt(0))];
  return [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
    ...section(1, [0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f]), // type 0: (i32, i32) -> i32
    ...section(3, [0x01, 0x00]), // function 0 has type 0
    ...section(5, [0x01, 0x00, 0x02]), // one memory of 2 pages
    ...section(7, [0x02, ...name('memory'), 0x02, 0x00, ...name('count'), 0x00, 0x00]),
    ...section(10, [0x01, ...leb(code.length), ...code]),
  ];
})();

/** The compiled {@link LINE_FEED_COUNTER}, and a view of its memory. */
interface LineFeedCounter {
  count(from: number, to: number): number;
  memory: Buffer;
}

/** The compiled {@link LINE_FEED_COUNTER}: undefined before its first use, null where WebAssembly is not available. */
let lineFeedCounter: LineFeedCounter | null | undefined;

/** The few WebAssembly calls made here (the project's type libraries leave WebAssembly out). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: { count: (from: number, to: number) => number; memory: { buffer: ArrayBuffer } } };
}

function compileLineFeedCounter(): LineFeedCounter | null {
  try {
    const wasm = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
    const { exports } = new wasm.Instance(new wasm.Module(Uint8Array.from(LINE_FEED_COUNTER)));
    // The memory never grows, so this view of it stays valid.
    return { count: exports.count, memory: Buffer.from(exports.memory.buffer) };
  } catch {
    // No WebAssembly (node --jitless) or no SIMD: the walk looks for each line feed.
    return null;
  }
}

/**
 * How many line feeds `text[from, to)` holds, counted in bulk: each piece of the text is
 * copied as UTF-16 into the WebAssembly memory and counted by its vector loop, eight units
 * at a time. -1 when WebAssembly is not available.
 */
export function countLineFeeds(text: string, from: number, to: number): number {
  if (lineFeedCounter === undefined) lineFeedCounter = compileLineFeedCounter();
  const counter = lineFeedCounter;
  if (counter === null) return -1;
  let feeds = 0;
  for (let at = from; at < to; at += BULK_CHUNK_UNITS) {
    const end = Math.min(to, at + BULK_CHUNK_UNITS);
    // Whole vectors of 8 units in the loop, the rest by hand.
    const vectored = at + ((end - at) & ~7);
    counter.memory.write(text.slice(at, end), 0, 'utf16le');
    feeds += counter.count(0, (vectored - at) * 2);
    for (let i = vectored; i < end; i++) if (text.charCodeAt(i) === 0x0a) feeds++;
  }
  return feeds;
}

/** Index of the next `\n` at or after `from`, or the text's length when there is none. */
function newlineFrom(text: string, from: number): number {
  const index = text.indexOf('\n', from);
  return index === -1 ? text.length : index;
}

/** {@link newlineFrom}, looking at the first {@link NEAR_LINE_UNITS} characters by hand. */
function nearNewlineFrom(text: string, from: number): number {
  const near = Math.min(from + NEAR_LINE_UNITS, text.length);
  for (let i = from; i < near; i++) if (text.charCodeAt(i) === 0x0a) return i;
  return near === text.length ? near : newlineFrom(text, near);
}

/**
 * Binary search over ascending values: the last index whose value is at or before
 * `target`, or 0 when none is (callers index line or piece starts, whose first is the
 * smallest offset they ask about). `valueAt` reads the value at an index. With `from`, only
 * indices from `from` on are searched, and `from` is the answer when no later one fits.
 */
export function lastIndexAtOrBefore(count: number, valueAt: (index: number) => number, target: number, from = 0): number {
  let low = from;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (valueAt(middle) <= target) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Line starts of a text or byte buffer, built once, then looked up by binary search. */
export interface LineIndex {
  /** 0-based line number and 0-based offset of that line's start, for `offset`. */
  lineOf(offset: number): { line: number; lineStart: number };
  /** The point of `offset`: 1-based line and column, the offset itself. */
  point(offset: number): Point;
}

/**
 * Indexes the line starts (after each LF) of `data` from `from` to `to`. Linear,
 * native `indexOf`. With `anyLineEnd` (a string only), a CR alone also ends a line,
 * as in CommonMark (§2.1).
 */
export function indexLines(data: Buffer | string, from = 0, to = data.length, anyLineEnd = false): LineIndex {
  const starts: number[] = [from];
  if (typeof data === 'string' && anyLineEnd) {
    for (let i = from; i < to; i++) {
      const code = data.charCodeAt(i);
      if (code === 0x0a || (code === 0x0d && data.charCodeAt(i + 1) !== 0x0a)) starts.push(i + 1);
    }
  } else if (typeof data === 'string') {
    for (let at = data.indexOf('\n', from); at >= 0 && at < to; at = data.indexOf('\n', at + 1)) starts.push(at + 1);
  } else {
    const view = data.subarray(0, to);
    for (let at = view.indexOf(10, from); at >= 0; at = view.indexOf(10, at + 1)) starts.push(at + 1);
  }
  const lineOf = (offset: number): { line: number; lineStart: number } => {
    const line = lastIndexAtOrBefore(starts.length, (i) => starts[i] as number, offset);
    return { line, lineStart: starts[line] as number };
  };
  return {
    lineOf,
    point(offset) {
      const { line, lineStart } = lineOf(offset);
      return { line: line + 1, column: offset - lineStart + 1, offset };
    },
  };
}

/**
 * Spans up to this long are read byte by byte: below it a native `indexOf` call (and the
 * view it needs) costs more than the loop, which matters once per message in an mbox of
 * tiny messages.
 */
const SHORT_SPAN_BYTES = 256;

/** Counts LF bytes in `bytes[from, to)`. */
export function countLines(bytes: Buffer, from = 0, to = bytes.length): number {
  if (to - from <= SHORT_SPAN_BYTES) {
    let count = 0;
    for (let i = from; i < to; i++) if (bytes[i] === 10) count++;
    return count;
  }
  const view = bytes.subarray(0, to);
  let count = 0;
  for (let at = view.indexOf(10, from); at >= 0; at = view.indexOf(10, at + 1)) count++;
  return count;
}
