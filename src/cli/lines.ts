/**
 * The raw lines around a match, for `-A`/`-B`/`-C` and the `lineText` field of JSON
 * records. The unit hands every chunk it reads to a {@link LineWindow}; a match's line
 * is cut from there by its raw byte offset, so the line is exactly what the file
 * holds, as grep would print it.
 */
import { lastIndexAtOrBefore } from '../lines.js';

/**
 * The window keeps at most this many bytes of recent input. A match is reported once
 * its message has been read (at most the sources' largest message), so its line is
 * nearly always still here; an older one gets no line (`null`) rather than memory
 * that grows with the mailbox.
 */
export const LINE_WINDOW_BYTES = 64 * 1024 * 1024;

/**
 * A line is cut to this many bytes around the match (context lines: their first bytes).
 * A hostile "line" of megabytes (base64 without line breaks) would otherwise be
 * copied into the output once per URL on it; the newline search is bounded the same way.
 */
export const MAX_LINE_BYTES = 4096;

/**
 * How far before a match's first byte {@link LineWindow.linesAt} may look: half a cut line
 * for the start of its own line, and a whole cut line for each of `before` context lines.
 * A unit that knows no later match starts before byte `at` can forget what lies more
 * than this before `at`, and the lines it prints are the same.
 */
export function lookBehindBytes(before: number): number {
  return (MAX_LINE_BYTES >> 1) + before * (MAX_LINE_BYTES + 1) + 1;
}

/** The lines of one match. */
export interface MatchLines {
  /** The line the match starts on, without its line break. */
  line: string;
  /** Where the match is in `line` (UTF-16 indexes), for highlighting; the end is clipped to the line. */
  matchStart: number;
  matchEnd: number;
  /** Up to `before` lines before it, oldest first. */
  before: string[];
  /** Up to `after` lines after it. */
  after: string[];
}

/** Recent input bytes, by their offset in the (raw) input. */
export interface LineWindow {
  /**
   * Adds the next bytes of the input. They are kept, not copied, and must not change while
   * the unit runs: the unit's readers hand over fresh buffers, or the thread's small-file
   * buffer, which only the next unit reuses. A copy held a second image of every message
   * the sources hold: 25 to 30 MB more peak memory for JSON output of one 31 MB message.
   */
  add(chunk: Uint8Array): void;
  /** Marks the end of the input: the last line needs no line break. */
  end(): void;
  /**
   * Lets go of the chunks that end before byte `offset`: no later call of
   * {@link LineWindow.linesAt} looks there (see {@link lookBehindBytes}).
   */
  forget(offset: number): void;
  /**
   * The lines around bytes `[start, end)`: `undefined` while the `after` lines have not
   * all been read yet, `null` when the line has left the window.
   */
  linesAt(start: number, end: number, before: number, after: number): MatchLines | null | undefined;
}

const NEWLINE = 10;
const CR = 13;

/** Creates an empty window over an input starting at byte `base` (a range's start). */
export function createLineWindow(base = 0): LineWindow {
  const chunks: Buffer[] = [];
  const starts: number[] = [];
  /** Offset of the oldest byte still held. */
  let first = base;
  let total = base;
  let ended = false;

  /** Index of the chunk holding byte `pos` (first <= pos < total). */
  const chunkAt = (pos: number): number => lastIndexAtOrBefore(chunks.length, (i) => starts[i] as number, pos);

  /** The offset just after the last line break in `[from, pos)`, or `from` when there is none. */
  const lineStartBefore = (pos: number, from: number): number => {
    let i = pos;
    while (i > from) {
      const c = chunkAt(i - 1);
      const chunk = chunks[c] as Buffer;
      const start = starts[c] as number;
      const low = Math.max(from, start);
      const found = chunk.subarray(low - start, i - start).lastIndexOf(NEWLINE);
      if (found >= 0) return low + found + 1;
      i = low;
    }
    return from;
  };

  /** The offset of the first line break in `[pos, to)`, or -1. */
  const lineBreakAfter = (pos: number, to: number): number => {
    let i = pos;
    while (i < to) {
      const c = chunkAt(i);
      const chunk = chunks[c] as Buffer;
      const start = starts[c] as number;
      const high = Math.min(to, start + chunk.length);
      const found = chunk.subarray(i - start, high - start).indexOf(NEWLINE);
      if (found >= 0) return i + found;
      i = high;
    }
    return -1;
  };

  const bytes = (from: number, to: number): Buffer => {
    if (to <= from) return Buffer.alloc(0);
    const pieces: Buffer[] = [];
    for (let c = chunkAt(from); c < chunks.length && (starts[c] as number) < to; c++) {
      const chunk = chunks[c] as Buffer;
      const start = starts[c] as number;
      pieces.push(chunk.subarray(Math.max(0, from - start), Math.min(chunk.length, to - start)));
    }
    return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
  };

  /** The text of the line `[from, to)` without a trailing CR (RFC 5322 lines end in CRLF). */
  const text = (from: number, to: number): string => {
    const raw = bytes(from, to);
    return (raw.length > 0 && raw[raw.length - 1] === CR ? raw.subarray(0, raw.length - 1) : raw).toString('utf8');
  };

  /**
   * The last search for the line break that ends a line too long to show whole: from
   * `from`, the first line break is at `found`, or there is none before `to` (`found` -1).
   * Every match on a line of megabytes (a body of dense URLs with no line break) asks for
   * the same break: searched again each time, to the end of the line, the records of one
   * 31 MB line took minutes (`--format jsonl`: 3 MB 10 s, 8 MB 66 s), and a SIGINT waited.
   */
  let longFrom = 0;
  let longTo = 0;
  let longFound = -1;
  /** {@link lineBreakAfter} over `[pos, total)`, with what the last such search found. */
  const realLineBreak = (pos: number): number => {
    if (longFrom <= pos) {
      if (longFound >= 0 && pos <= longFound) return longFound;
      if (longFound < 0 && pos <= longTo) {
        // Nothing before longTo: only the bytes read since then are searched.
        longFound = lineBreakAfter(longTo, total);
        longTo = total;
        return longFound;
      }
    }
    longFrom = pos;
    longTo = total;
    longFound = lineBreakAfter(pos, total);
    return longFound;
  };

  /** The end of the line starting at `from` (its line break, or the end of input), cut to MAX_LINE_BYTES; undefined while unknown. */
  const lineEnd = (from: number): { end: number; next: number } | undefined => {
    const limit = Math.min(total, from + MAX_LINE_BYTES);
    const found = lineBreakAfter(from, limit);
    if (found >= 0) return { end: found, next: found + 1 };
    if (limit < total || (limit === total && total - from >= MAX_LINE_BYTES)) {
      // Too long: cut here, and the next line starts after the real line break (if it has been read).
      const real = realLineBreak(limit);
      return real >= 0 ? { end: limit, next: real + 1 } : ended ? { end: limit, next: total } : undefined;
    }
    return ended ? { end: total, next: total } : undefined;
  };

  /**
   * {@link LineWindow.linesAt} without context lines, when the match's whole line is in the
   * chunk that holds its first byte (nearly always): found by byte loops over that chunk
   * and decoded once, as Latin-1 when it is ASCII (the same text, and its UTF-16 indexes are
   * byte counts). The general path below made a view and a string per piece and three
   * UTF-8 decodings per record: 5% of a `--format jsonl` run over the usrp-users mbox
   * (CPU profile). Undefined when the general path must decide.
   */
  const ownLineInChunk = (start: number, end: number): MatchLines | undefined => {
    const c = chunkAt(start);
    const chunk = chunks[c] as Buffer;
    const base = starts[c] as number;
    const searchFrom = Math.max(first, start - (MAX_LINE_BYTES >> 1));
    const low = Math.max(searchFrom, base) - base;
    // Every byte of the line is OR-ed in: below 0x80, the line is ASCII.
    let bits = 0;
    let i = start - base - 1;
    for (; i >= low; i--) {
      const code = chunk[i] as number;
      if (code === NEWLINE) break;
      bits |= code;
    }
    if (i < low && searchFrom < base) return undefined; // the line may start in an earlier chunk
    const lineStart = i < low ? searchFrom : base + i + 1;
    const stop = Math.min(total, lineStart + MAX_LINE_BYTES, base + chunk.length) - base;
    let j = start - base;
    for (; j < stop; j++) {
      const code = chunk[j] as number;
      if (code === NEWLINE) break;
      bits |= code;
    }
    if (j >= stop) return undefined; // no line break in reach: cut, or not read yet
    const lineEnd = base + j;
    const contentEnd = lineEnd > lineStart && chunk[j - 1] === CR ? lineEnd - 1 : lineEnd;
    const matchedEnd = Math.max(start, Math.min(end, lineEnd));
    if (bits < 0x80) {
      const line = chunk.toString('latin1', lineStart - base, contentEnd - base);
      const matchStart = start - lineStart;
      return { line, matchStart, matchEnd: Math.min(line.length, matchStart + matchedEnd - start), before: [], after: [] };
    }
    const line = chunk.toString('utf8', lineStart - base, contentEnd - base);
    const matchStart = chunk.toString('utf8', lineStart - base, start - base).length;
    const matched = chunk.toString('utf8', start - base, matchedEnd - base).length;
    return { line, matchStart, matchEnd: Math.min(line.length, matchStart + matched), before: [], after: [] };
  };

  return {
    add(chunk) {
      if (chunk.length === 0) return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
      starts.push(total);
      total += chunk.length;
      while (chunks.length > 1 && total - (starts[1] as number) >= LINE_WINDOW_BYTES) {
        chunks.shift();
        starts.shift();
        first = starts[0] as number;
      }
    },
    end() {
      ended = true;
    },
    forget(offset) {
      while (chunks.length > 1 && (starts[1] as number) <= offset) {
        chunks.shift();
        starts.shift();
        first = starts[0] as number;
      }
    },
    linesAt(start, end, before, after) {
      if (start < first) return null;
      if (start >= total) return ended ? null : undefined;
      if (before === 0 && after === 0) {
        const own = ownLineInChunk(start, end);
        if (own) return own;
      }
      // No line break within half of MAX_LINE_BYTES before the match: the line is shown
      // from there, so that the match falls inside the cut.
      const searchFrom = Math.max(first, start - (MAX_LINE_BYTES >> 1));
      const lineStart = lineStartBefore(start, searchFrom);
      const own = lineEnd(lineStart);
      if (!own) return undefined;
      const afterLines: string[] = [];
      let next = own.next;
      for (let n = 0; n < after && next < total; n++) {
        const line = lineEnd(next);
        if (!line) return undefined;
        afterLines.push(text(next, line.end));
        next = line.next;
      }
      if (afterLines.length < after && !ended) return undefined;
      const beforeLines: string[] = [];
      let prevEnd = lineStart;
      for (let n = 0; n < before && prevEnd > first; n++) {
        const from = lineStartBefore(prevEnd - 1, Math.max(first, prevEnd - 1 - MAX_LINE_BYTES));
        beforeLines.unshift(text(from, Math.min(prevEnd - 1, from + MAX_LINE_BYTES)));
        prevEnd = from;
      }
      const prefix = bytes(lineStart, start).toString('utf8');
      const matched = bytes(start, Math.min(end, own.end)).toString('utf8');
      const line = text(lineStart, own.end);
      return { line, matchStart: prefix.length, matchEnd: Math.min(line.length, prefix.length + matched.length), before: beforeLines, after: afterLines };
    },
  };
}
