/**
 * Splitting a multipart body into its body parts by boundary (RFC 2046 §5.1.1),
 * on bytes, with native `indexOf`: a part that is not text (an image, a zip) costs
 * no more than the search for the next boundary.
 */

/**
 * The body parts of a multipart body: part `i` (its header section and body) is the bytes
 * `[bounds[2 * i], bounds[2 * i + 1])`. Numbers in one array, not an object per part: a
 * message of 20,000 parts kept them all until its last part was read, and the garbage
 * collector copied each of them twice (bench row "multipart, many parts"). A typed array
 * grown by doubling, not an array of numbers: pushing two numbers per part onto one was
 * 40% of the split of 45,000 short parts. 32-bit integers, which V8 reads as small integers
 * (doubles, read back into the offsets of header fields, made a whole scan slower than the
 * pushes it saved), but for a buffer longer than {@link MAX_INT32_OFFSET}.
 */
export interface MultipartSplit {
  bounds: Int32Array<ArrayBufferLike> | Float64Array<ArrayBufferLike>;
  /** How many parts: half the length of `bounds`. */
  count: number;
  /** True when the close delimiter (`--boundary--`) was found. */
  closed: boolean;
}

const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;

/**
 * A delimiter or line end within this many bytes is found byte by byte: a native search
 * costs a call through Buffer's checks, more than reading a short body part, and a message
 * of 22,000 parts of 90 bytes spent a tenth of its scan in those calls (bench row
 * "multipart, many parts"). Beyond it the native search takes over.
 */
const SHORT_SEARCH_BYTES = 256;

/**
 * Which bytes {@link indexOfNear}'s last needle holds (1) or not (0). Made once for each
 * boundary, not per split: the parts of one message share one.
 */
const inNeedle = new Uint8Array(256);
let tableNeedle: Buffer = Buffer.alloc(0);

/** Sets {@link inNeedle} for `needle` (not empty), unless it is set for the same bytes; before {@link indexOfNear} with it. */
function needleTableFor(needle: Buffer): void {
  if (needle.equals(tableNeedle)) return;
  inNeedle.fill(0);
  for (let j = 0; j < needle.length; j++) inNeedle[needle[j] as number] = 1;
  tableNeedle = Buffer.from(needle);
}

/**
 * `view.indexOf(needle, from)` (`needle` not empty, {@link inNeedle} set for it), reading the
 * first SHORT_SEARCH_BYTES itself. It reads every `needle.length`th byte: any occurrence
 * covers one of them, and a byte that is not in the needle rules out every start whose
 * occurrence would cover it; the starts that may hold one are checked in order. A short
 * part is read at a third of its bytes for a delimiter `--b`, not each (bench row
 * "multipart, many parts": a loop over every byte was a tenth of its scan). Not a skip
 * table (Boyer-Moore-Horspool): its jumps depend on the byte read, a chain of loads that
 * measured slower than this loop of independent ones.
 */
function indexOfNear(view: Buffer, needle: Buffer, from: number): number {
  const length = needle.length;
  const last = view.length - length;
  const end = Math.min(last + 1, from + SHORT_SEARCH_BYTES);
  // The byte at `probe` is in the occurrence of every start in (probe - length, probe].
  for (let probe = from + length - 1; probe - length + 1 < end; probe += length) {
    if (inNeedle[view[probe] as number] === 0) continue;
    const stop = Math.min(probe + 1, end);
    next: for (let i = Math.max(from, probe - length + 1); i < stop; i++) {
      for (let j = 0; j < length; j++) if (view[i + j] !== needle[j]) continue next;
      return i;
    }
  }
  return end > last ? -1 : view.indexOf(needle, end);
}

/** {@link indexOfNear} with its table set: `view.indexOf(needle, from)` for `from >= 0` (exported for its tests). */
export function indexOfNeedle(view: Buffer, needle: Buffer, from: number): number {
  needleTableFor(needle);
  return indexOfNear(view, needle, from);
}

/** `view.indexOf(LF, from)`, reading the first SHORT_SEARCH_BYTES byte by byte. */
function lineFeedNear(view: Buffer, from: number): number {
  const end = Math.min(view.length, from + SHORT_SEARCH_BYTES);
  for (let i = from; i < end; i++) if (view[i] === LF) return i;
  return end === view.length ? -1 : view.indexOf(LF, end);
}

/**
 * A multipart body nested in another is searched again for its own boundary, to the end of
 * its part: with nesting as deep as `MAX_MIME_DEPTH` (32) and no close delimiters, the bytes
 * after the innermost level were read 32 times (bench row "multipart nested deep", three
 * quarters of its time). Once the searches of one message's bytes add up to this many times
 * their length, its lines that start with `--` are put in a table in one pass, and every later
 * split reads its candidates from the table. Mail with a multipart/alternative inside a
 * multipart/mixed searches its bytes under twice, so it never pays for the table.
 */
const INDEX_AFTER_SEARCHES = 4;

/**
 * A boundary longer than this is not looked up in the table: RFC 2046 §5.1.1 allows 70
 * characters, and the search for the `--` that ends a close delimiter's key stops this far
 * into a line, so that a line of megabytes of dashes is read once, not once per dash.
 */
const MAX_INDEXED_BOUNDARY = 200;

/** The bounds of a split with no parts, shared. */
const NO_BOUNDS = new Int32Array(0);

/**
 * The largest offset an `Int32Array` holds: the bounds of a split of a longer buffer (Node's
 * buffers may reach 4 GiB; a message is at most 32 MiB, see MAX_MESSAGE_BYTES) are doubles.
 */
const MAX_INT32_OFFSET = 0x7fffffff;

/** `bounds` in an array twice as long (at least 16 numbers, 8 parts), of doubles past {@link MAX_INT32_OFFSET}. */
function grownBounds(bounds: Int32Array | Float64Array, to: number): Int32Array | Float64Array {
  const length = Math.max(16, 2 * bounds.length);
  const next = to > MAX_INT32_OFFSET ? new Float64Array(length) : new Int32Array(length);
  next.set(bounds);
  return next;
}

/** An empty table column. */
const NO_LINES: Int32Array = new Int32Array(0);

/**
 * What the splits of one buffer (a message's bytes, or a decoded message/rfc822 part) have
 * learnt about it: how much they searched, and, past {@link INDEX_AFTER_SEARCHES}, a table
 * of its lines that start with `--`. Made by the caller for each buffer and passed to every
 * {@link splitMultipart} of it; never shared between buffers, whose contents may change.
 */
export class MultipartLines {
  /** Keeps the class's hidden class alive through a full collection (see `ReplacementMap` in raw-position.ts). */
  static readonly shapeKeeper: MultipartLines = new MultipartLines();

  /** Bytes searched so far without the table. */
  searched = 0;
  /** How many lines the table holds (-1 until it is made). */
  count = -1;
  /** Where each line starts, in order. */
  starts: Int32Array = NO_LINES;
  /**
   * For each line, the {@link keyHash} of its text after the `--` up to trailing spaces, tabs
   * and CRs: the boundary it would be a delimiter for (-1 when longer than any looked up).
   * Hashes in a typed array, not the texts in a map: a string and a list per line cost more
   * than the searches they saved. Lines whose hashes collide are told apart by the split's
   * own checks.
   */
  delimiterKeys: Int32Array = NO_LINES;
  /** For each line, the hash of its text after the `--` and before its next `--`: the boundary it would close (-1 when none). */
  closeKeys: Int32Array = NO_LINES;
  /** The boundary hash the split under way looks for (see {@link seekCandidates}). */
  key = -1;
  /** The next line the split under way looks at. */
  cursor = 0;
}

/** FNV-1a of `bytes[from, to)`, kept to 30 bits (never -1): the table's key of a line's text (exported for its tests). */
export function keyHash(bytes: Buffer, from: number, to: number): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash & 0x3fffffff;
}

/** `array` in a new array of twice its length (at least 64). */
function grown(array: Int32Array): Int32Array {
  const next = new Int32Array(Math.max(64, 2 * array.length));
  next.set(array);
  return next;
}

/** Makes the table of every line of `bytes` that starts with `--`, in one pass (see {@link MultipartLines}). */
function tabulateLines(lines: MultipartLines, bytes: Buffer): void {
  let starts = NO_LINES;
  let delimiterKeys = NO_LINES;
  let closeKeys = NO_LINES;
  let count = 0;
  const length = bytes.length;
  // Byte by byte: in the input that earns a table, a native search per line cost more.
  let i = 0;
  let at = length >= 2 && bytes[0] === DASH && bytes[1] === DASH ? 0 : -1;
  while (true) {
    if (at < 0) {
      while (i + 2 < length && !(bytes[i] === LF && bytes[i + 1] === DASH && bytes[i + 2] === DASH)) i++;
      if (i + 2 >= length) break;
      at = i + 1;
    }
    const textStart = at + 2;
    let lineEnd = textStart;
    while (lineEnd < length && bytes[lineEnd] !== LF) lineEnd++;
    let textEnd = lineEnd;
    while (textEnd > textStart && (bytes[textEnd - 1] === 0x20 || bytes[textEnd - 1] === 0x09 || bytes[textEnd - 1] === CR)) textEnd--;
    // The key of a close delimiter ends at the first `--` after the text's first byte.
    let closeKey = -1;
    const searchEnd = Math.min(lineEnd - 1, textStart + MAX_INDEXED_BOUNDARY + 1);
    for (let dash = textStart + 1; dash < searchEnd; dash++) {
      if (bytes[dash] === DASH && bytes[dash + 1] === DASH) {
        closeKey = keyHash(bytes, textStart, dash);
        break;
      }
    }
    if (count === starts.length) {
      starts = grown(starts);
      delimiterKeys = grown(delimiterKeys);
      closeKeys = grown(closeKeys);
    }
    starts[count] = at;
    delimiterKeys[count] = textEnd - textStart <= MAX_INDEXED_BOUNDARY ? keyHash(bytes, textStart, textEnd) : -1;
    closeKeys[count] = closeKey;
    count++;
    i = lineEnd;
    at = -1;
  }
  lines.starts = starts;
  lines.delimiterKeys = delimiterKeys;
  lines.closeKeys = closeKeys;
  lines.count = count;
}

/**
 * Whether the table of `lines` can stand for a search for `delimiter` (`--` and the
 * boundary, as bytes) in `bytes[from, to)`: the boundary's delimiter and close lines are then
 * exactly the lines whose keys (see {@link MultipartLines}) are the boundary. It may not end
 * in white space or `-`, nor hold `--` or a line break, and the range must start and end at
 * line breaks (every caller's does: a body starts after one, a part ends before one).
 */
function tableFits(bytes: Buffer, from: number, to: number, delimiter: Buffer): boolean {
  const last = delimiter[delimiter.length - 1];
  if (delimiter.length - 2 > MAX_INDEXED_BOUNDARY || last === DASH || last === 0x20 || last === 0x09 || last === CR) return false;
  if (delimiter.indexOf('--', 2) >= 0 || delimiter.indexOf(LF) >= 0 || delimiter.indexOf(CR) >= 0) return false;
  if (from > 0 && bytes[from - 1] !== LF) return false;
  return to >= bytes.length || bytes[to] === LF || (bytes[to] === CR && bytes[to + 1] === LF);
}

/**
 * Sets the table's cursor to the candidates for the boundary of hash `key` from `from` on
 * (found by halving, not a step per line before `from`). Read with {@link nextCandidate}.
 */
function seekCandidates(lines: MultipartLines, key: number, from: number): void {
  const starts = lines.starts;
  let low = 0;
  let high = lines.count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((starts[middle] as number) < from) low = middle + 1;
    else high = middle;
  }
  lines.key = key;
  lines.cursor = low;
}

/** The start of the first line at or after `from` that may be a delimiter of the cursor's boundary, or -1. */
function nextCandidate(lines: MultipartLines, from: number): number {
  const { starts, delimiterKeys, closeKeys, count, key } = lines;
  let i = lines.cursor;
  while (i < count && ((starts[i] as number) < from || (delimiterKeys[i] !== key && closeKeys[i] !== key))) i++;
  lines.cursor = i;
  return i < count ? (starts[i] as number) : -1;
}

/**
 * Whether `splitMultipart` of `delimiter` in `bytes[from, to)` reads its candidates from the
 * table of `lines` (made here when the searches so far have earned it; its cursor is then set),
 * or searches the range.
 */
function useTable(lines: MultipartLines | undefined, bytes: Buffer, from: number, to: number, delimiter: Buffer): boolean {
  if (lines === undefined || !tableFits(bytes, from, to, delimiter)) return false;
  if (lines.count < 0) {
    if (lines.searched < INDEX_AFTER_SEARCHES * bytes.length) {
      lines.searched += to - from;
      return false;
    }
    tabulateLines(lines, bytes);
  }
  seekCandidates(lines, keyHash(delimiter, 2, delimiter.length), from);
  return true;
}

/**
 * Finds the body parts of the multipart body `bytes[from, to)`. A delimiter is
 * `--boundary` at the start of a line, followed by optional white space and the line
 * end; the close delimiter adds `--`. The line break before a delimiter belongs to
 * the delimiter (RFC 2046 §5.1.1), so it is not part of the body part before it. The
 * preamble and epilogue are not body parts. Without a close delimiter (a truncated
 * message) the last part runs to `to`. `lines`, the same object for every split of
 * `bytes`, lets nested splits look their delimiters up instead of searching again.
 */
export function splitMultipart(bytes: Buffer, from: number, to: number, boundary: string, lines?: MultipartLines): MultipartSplit {
  const view = bytes.subarray(from, to);
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const table = useTable(lines, bytes, from, to, delimiter) ? lines : undefined;
  if (table === undefined) needleTableFor(delimiter);
  let bounds: Int32Array | Float64Array = NO_BOUNDS;
  let count = 0;
  let partStart = -1;
  let search = 0;
  while (search < view.length) {
    let at: number;
    if (table === undefined) {
      at = indexOfNear(view, delimiter, search);
    } else {
      // A line start from the table, where the search would have found it: inside the view,
      // and holding the delimiter (the table goes by hashes, which may collide).
      at = nextCandidate(table, from + search);
      if (at >= 0) at -= from;
      if (at + delimiter.length > view.length) at = -1;
      else if (at >= 0 && !startsWith(view, at, delimiter)) {
        search = at + 1;
        continue;
      }
    }
    if (at < 0) break;
    search = at + delimiter.length;
    if (at > 0 && view[at - 1] !== LF) continue;
    let after = at + delimiter.length;
    const close = view[after] === DASH && view[after + 1] === DASH;
    if (close) after += 2;
    let lineEnd = lineFeedNear(view, after);
    if (lineEnd < 0) lineEnd = view.length;
    if (!close && !isBlank(view, after, lineEnd)) continue;
    if (partStart >= 0) {
      let end = at > 0 ? at - 1 : 0;
      if (end > partStart && view[end - 1] === CR) end--;
      if (count === bounds.length) bounds = grownBounds(bounds, to);
      bounds[count++] = from + partStart;
      bounds[count++] = from + Math.max(partStart, end);
    }
    if (close) return { bounds: bounds.subarray(0, count), count: count >> 1, closed: true };
    partStart = Math.min(lineEnd + 1, view.length);
    search = partStart;
  }
  if (partStart >= 0) {
    if (count === bounds.length) bounds = grownBounds(bounds, to);
    bounds[count++] = from + partStart;
    bounds[count++] = to;
  }
  return { bounds: bounds.subarray(0, count), count: count >> 1, closed: false };
}

/** True when `view` holds `needle` at `at` (and `at + needle.length <= view.length`). */
function startsWith(view: Buffer, at: number, needle: Buffer): boolean {
  for (let j = 0; j < needle.length; j++) if (view[at + j] !== needle[j]) return false;
  return true;
}

/** True when `view[from, to)` holds only spaces, tabs and a final CR. */
function isBlank(view: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const b = view[i];
    if (b !== 0x20 && b !== 0x09 && b !== CR) return false;
  }
  return true;
}
