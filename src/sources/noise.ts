/**
 * Binary noise inside text bodies: encoded files and signatures pasted into the
 * text, which hold no URLs a person wrote but can produce false ones (a `www.` or
 * `ftp.` inside base64) and cost scanning time. They are blanked out, keeping every
 * offset, and reported so the origin can say what was skipped.
 */

/** What a skipped block was. */
export type NoiseKind = 'uuencode' | 'yenc' | 'armor' | 'base64';

/** A skipped block: `[start, end)` in the text. */
export interface NoiseSpan {
  kind: NoiseKind;
  start: number;
  end: number;
}

/** The text with noise blanked (same length, line breaks kept) and what was blanked. */
export interface Denoised {
  text: string;
  /** In order; shared between calls when empty, so never changed by a caller. */
  spans: readonly NoiseSpan[];
}

/**
 * A base64 line from an encoder is 60 to 76 characters (RFC 2045 §6.8 allows 76);
 * shorter lines of letters and digits are words, identifiers or hashes.
 */
const MIN_BASE64_LINE = 40;
/** Fewer consecutive base64-looking lines than this are more likely a key, a hash or a token than a file. */
const MIN_BASE64_RUN = 4;
/** One base64-looking line this long is an inline blob (an image pasted as a data stream) on its own. */
const MIN_BASE64_SINGLE_LINE = 1000;

/** `begin <mode> <name>` that opens a uuencoded file (POSIX `uuencode`). */
const UUENCODE_BEGIN = /^begin(?:-base64)? [0-7]{3,4} \S/;

/** The last word of a label of armour that holds data (RFC 7468 §4), see {@link isArmorLabel}. */
const DATA_LABEL_ENDS = ['CERTIFICATE', 'KEY', 'SIGNATURE', 'CRL', 'REQUEST', 'PARAMETERS'];

const isUpperOrDigit = (code: number): boolean => (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);

/**
 * Whether `text[from, to)` is the label of armour that is data (RFC 4880 §6.2, RFC 7468 §4):
 * `PGP` and a word other than `SIGNED MESSAGE` (left alone: the clear text after it is what
 * the writer wrote), or capitals, digits and spaces ending in one of {@link DATA_LABEL_ENDS}.
 * What `/^(?:PGP (?!SIGNED MESSAGE)[A-Z ,0-9/]+|[A-Z0-9 ]*(?:CERTIFICATE|KEY|SIGNATURE|CRL|REQUEST|PARAMETERS))$/`
 * says of the label, read in place: a regular expression on a slice per BEGIN line was a
 * fifth of the bench's "armour, distinct labels with END". Exported for its tests.
 */
export function isArmorLabel(text: string, from: number, to: number): boolean {
  if (to - from > 4 && text.startsWith('PGP ', from) && !(to - from >= 18 && text.startsWith('SIGNED MESSAGE', from + 4))) {
    let pgp = true;
    for (let i = from + 4; i < to && pgp; i++) {
      const code = text.charCodeAt(i);
      pgp = isUpperOrDigit(code) || code === 0x20 || code === 0x2c || code === 0x2f;
    }
    if (pgp) return true;
  }
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (!isUpperOrDigit(code) && code !== 0x20) return false;
  }
  for (const word of DATA_LABEL_ENDS) if (to - from >= word.length && text.startsWith(word, to - word.length)) return true;
  return false;
}

/**
 * Whether `text[from, to)` starts with an armour header, `Key: value` (RFC 4880 §6.2): a
 * letter, letters, digits and `-`, then `: `. What `/^[A-Za-z][A-Za-z0-9-]*: /` says of the
 * slice, read in place. Exported for its tests.
 */
export function isArmorHeader(text: string, from: number, to: number): boolean {
  const first = text.charCodeAt(from) | 0x20;
  if (from >= to || first < 0x61 || first > 0x7a) return false;
  let i = from + 1;
  while (i < to) {
    const code = text.charCodeAt(i);
    const lower = code | 0x20;
    if ((lower >= 0x61 && lower <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d) i++;
    else break;
  }
  return i + 1 < to && text.charCodeAt(i) === 0x3a && text.charCodeAt(i + 1) === 0x20;
}

const isBase64Char = (code: number): boolean =>
  (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2f;

/** True when `text[from, to)` is base64 alphabet with at most two `=` of padding at the end. */
function isBase64Line(text: string, from: number, to: number): boolean {
  let end = to;
  while (end > from && end > to - 2 && text.charCodeAt(end - 1) === 0x3d) end--;
  for (let i = from; i < end; i++) if (!isBase64Char(text.charCodeAt(i))) return false;
  return end > from;
}

/** Where the line holding `offset` ends (at its LF, or the end of the text). */
function lineEndAt(text: string, offset: number): number {
  const lf = text.indexOf('\n', offset);
  return lf < 0 ? text.length : lf;
}

/** Offset just after the first line (from `from`) whose content, trimmed, satisfies `test`; -1 when none does. */
function endAfterLine(text: string, from: number, test: (line: string) => boolean): number {
  let pos = from;
  while (pos < text.length) {
    const end = lineEndAt(text, pos);
    if (test(text.slice(pos, end).trim())) return Math.min(end + 1, text.length);
    pos = end + 1;
  }
  return -1;
}

/**
 * The end of a uuencoded body starting at `from`: just after its `end` line, or before
 * the first line that cannot be uuencoded data (every character of such a line is
 * between space and backquote), so prose after a stray `begin 644` line is kept.
 */
function uuencodeEnd(text: string, from: number): number {
  let pos = from;
  while (pos < text.length) {
    const end = lineEndAt(text, pos);
    const contentEnd = end > pos && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
    if (text.startsWith('end', pos) && contentEnd - pos === 3) return Math.min(end + 1, text.length);
    for (let i = pos; i < contentEnd; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x20 || code > 0x60) return pos;
    }
    pos = end + 1;
  }
  return text.length;
}

/**
 * An armour label is a few words (RFC 7468 §3: `label = [ labelchar *( ["-" / SP] labelchar ) ]`,
 * in practice under 40 characters). A longer `-----BEGIN ` line is prose or an attack: its label
 * is not read, so the regular expressions that test a label only ever see a short string.
 */
const MAX_ARMOR_LABEL = 100;

/**
 * Where the label of an armour line starting at `from` (just after `-----BEGIN ` or
 * `-----END `) and ending at `to` ends: before the closing dashes and trailing white space;
 * -1 when the label is longer than MAX_ARMOR_LABEL.
 */
function armorLabelEnd(text: string, from: number, to: number): number {
  let end = to;
  while (end > from && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09 || text.charCodeAt(end - 1) === 0x0d)) end--;
  while (end > from && text.charCodeAt(end - 1) === 0x2d) end--;
  return end - from > MAX_ARMOR_LABEL ? -1 : end;
}

/** The `-----END <label>` lines of one label: the offset just after each, in order. */
interface ArmorEnds {
  ends: number[];
  /** How many of `ends` lie behind the scan: BEGIN lines come in order, so each list is walked once in all. */
  passed: number;
}

/**
 * The END line {@link readEndLine} read last: its label `text[endLabelStart, endLabelEnd)`
 * and the offset just after it. Module state, not an object per END line, as for
 * {@link foundNoise}.
 */
let endLabelStart = 0;
let endLabelEnd = 0;
let endAfter = 0;

/**
 * Reads the END line whose `-----END ` is at `at` into {@link endLabelStart}, {@link endLabelEnd}
 * and {@link endAfter}; false when that is not an END line: not at the start of its line
 * (indentation allowed, RFC 7468 §2), or its label too long.
 */
function readEndLine(text: string, at: number): boolean {
  let lineStart = at;
  while (lineStart > 0 && (text.charCodeAt(lineStart - 1) === 0x20 || text.charCodeAt(lineStart - 1) === 0x09)) lineStart--;
  if (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 0x0a) return false;
  const lineEnd = lineEndAt(text, at);
  const labelEnd = armorLabelEnd(text, at + 9, lineEnd);
  if (labelEnd < 0) return false;
  endLabelStart = at + 9;
  endLabelEnd = labelEnd;
  endAfter = Math.min(lineEnd + 1, text.length);
  return true;
}

/**
 * Every END line of the text, by label. Built in one pass, so that finding the END of a
 * BEGIN is a look-up, not a search to the end of the text: a search per BEGIN made a
 * message of many distinct labels quadratic.
 */
function indexArmorEnds(text: string): Map<string, ArmorEnds> {
  const index = new Map<string, ArmorEnds>();
  for (let at = text.indexOf('-----END ', 0); at >= 0; at = text.indexOf('-----END ', at + 1)) {
    if (!readEndLine(text, at)) continue;
    const label = text.slice(endLabelStart, endLabelEnd);
    const entry = index.get(label);
    if (entry) entry.ends.push(endAfter);
    else index.set(label, { ends: [endAfter], passed: 0 });
  }
  return index;
}

/**
 * `text[from, to)` with every character but CR and LF made a space, so that offsets and line
 * numbers after it stay. Written into one byte buffer: a regular-expression replace made one
 * piece per character, and a block of megabytes cost seconds of garbage collection.
 */
function blank(text: string, from: number, to: number): string {
  // allocUnsafe takes small buffers from Node's pool: a message of many short blocks
  // allocates little.
  const bytes = Buffer.allocUnsafe(to - from).fill(0x20);
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a || code === 0x0d) bytes[at - from] = code;
  }
  return bytes.toString('latin1');
}

// The search for the armour END lines of the text of the denoise call under way, as
// module state like {@link foundNoise}: a closure made for each text lost its optimised code with
// the text.
/** Every END line of the text by label, made only when armour blocks nest or interleave. */
let armorEnds: Map<string, ArmorEnds> | undefined;
/**
 * Where the first END line at or after the last search starts (the text's length when there
 * is none), read into {@link endLabelStart} and the rest: nearly always the END of the BEGIN
 * just read. Each search starts beyond the last one's END line, so all of them together read
 * the text once.
 */
let nextEndAt = -1;
/** Whether there is such an END line. */
let nextEndFound = false;

/**
 * Just after the first `-----END <label>` line that starts at or after `from`, where the
 * label is `text[labelStart, labelEnd)`, or -1.
 */
function findArmorEnd(text: string, labelStart: number, labelEnd: number, from: number): number {
  if (nextEndAt < from) {
    nextEndFound = false;
    nextEndAt = text.length;
    for (let at = text.indexOf('-----END ', from); at >= 0; at = text.indexOf('-----END ', at + 1)) {
      if (readEndLine(text, at)) {
        nextEndFound = true;
        nextEndAt = at;
        break;
      }
    }
  }
  if (!nextEndFound) return -1;
  if (sameText(text, labelStart, labelEnd, endLabelStart, endLabelEnd)) return endAfter;
  const label = text.slice(labelStart, labelEnd);
  if (armorEnds === undefined) {
    armorEnds = indexArmorEnds(text);
    // Indexing read every END line into the module state: the next one is read again.
    readEndLine(text, nextEndAt);
  }
  const entry = armorEnds.get(label);
  if (!entry) return -1;
  const { ends } = entry;
  let index = entry.passed;
  // `ends[index]` is the offset after the END line, so the line starts at or after `from`
  // exactly when that offset lies beyond `from`.
  while (index < ends.length && (ends[index] as number) <= from) index++;
  entry.passed = index;
  return index < ends.length ? (ends[index] as number) : -1;
}

/** Whether `text[aStart, aEnd)` and `text[bStart, bEnd)` are the same characters. */
function sameText(text: string, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let i = 0; i < aEnd - aStart; i++) if (text.charCodeAt(aStart + i) !== text.charCodeAt(bStart + i)) return false;
  return true;
}

/**
 * Finds uuencoded blocks (`begin 644 name` ... `end`), yEnc blocks (`=ybegin` ...
 * `=yend`), ASCII armour (`-----BEGIN PGP SIGNATURE-----` ... `-----END ...-----`,
 * RFC 4880 §6.2, except the clear text after `BEGIN PGP SIGNED MESSAGE`), and runs
 * of base64-looking lines, and blanks them. One pass over the lines, after one pass
 * that indexes the armour END lines.
 */
export function removeNoise(text: string): Denoised {
  const denoised = denoise(text);
  const { count, kinds, starts, ends } = foundNoise;
  if (count === 0) return { text, spans: NO_SPANS };
  const spans: NoiseSpan[] = [];
  for (let i = 0; i < count; i++) spans.push({ kind: kinds[i] as NoiseKind, start: starts[i] as number, end: ends[i] as number });
  return { text: denoised, spans };
}

/**
 * The blocks the last {@link denoise} found, in order: block `i` is of kind `kinds[i]` and
 * spans `[starts[i], ends[i])` of its text. Numbers in arrays the module keeps, not an object
 * per block: a message of 25,000 short armour blocks made 25,000 objects only to turn them
 * into its origin's skipped blocks (bench row "armour, distinct labels with END"). Read them
 * before the next call.
 */
export const foundNoise: { count: number; kinds: NoiseKind[]; starts: number[]; ends: number[] } = {
  count: 0,
  kinds: [],
  starts: [],
  ends: [],
};

/**
 * {@link foundNoise} keeps its arrays for the next text while they hold at most this many
 * blocks (1.5 MiB): made again for each text, they cost what objects per block did.
 */
const MAX_KEPT_SPANS = 65_536;

/**
 * {@link removeNoise}'s text, its blocks left in {@link foundNoise}: for a reader that maps
 * them on at once.
 */
export function denoise(text: string): string {
  foundNoise.count = 0;
  if (foundNoise.starts.length > MAX_KEPT_SPANS) {
    // Let go of the arrays of a text of many blocks: the module keeps them past the text.
    foundNoise.kinds = [];
    foundNoise.starts = [];
    foundNoise.ends = [];
  }
  runStart = -1;
  runLines = 0;
  armorEnds = undefined;
  nextEndAt = -1;
  nextEndFound = false;
  let pos = 0;

  while (pos < text.length) {
    const lineEnd = lineEndAt(text, pos);
    const contentEnd = lineEnd > pos && text.charCodeAt(lineEnd - 1) === 0x0d ? lineEnd - 1 : lineEnd;
    const first = text.charCodeAt(pos);
    let blockEnd = -1;
    let kind: NoiseKind = 'base64';
    if (first === 0x62 && UUENCODE_BEGIN.test(text.slice(pos, Math.min(contentEnd, pos + 40)))) {
      kind = 'uuencode';
      blockEnd = uuencodeEnd(text, lineEnd + 1);
    } else if (first === 0x3d && text.startsWith('=ybegin ', pos)) {
      kind = 'yenc';
      blockEnd = endAfterLine(text, lineEnd + 1, (line) => line.startsWith('=yend'));
      if (blockEnd < 0) blockEnd = text.length;
    } else if (first === 0x2d && text.startsWith('-----BEGIN ', pos)) {
      const labelEnd = armorLabelEnd(text, pos + 11, contentEnd);
      // Without its END line this is prose that happens to look like armour, and is kept.
      if (labelEnd >= 0 && isArmorLabel(text, pos + 11, labelEnd)) {
        blockEnd = findArmorEnd(text, pos + 11, labelEnd, lineEnd);
        if (blockEnd >= 0) {
          // The armour headers (RFC 4880 §6.2: `Version:`, `Comment: ... <http://...>`) are
          // text a program wrote, not data: only what follows them is blanked.
          let dataStart = lineEnd + 1;
          while (dataStart < blockEnd && isArmorHeader(text, dataStart, Math.min(lineEndAt(text, dataStart), dataStart + 80))) {
            dataStart = lineEndAt(text, dataStart) + 1;
          }
          closeRun(pos);
          addSpan('armor', Math.min(dataStart, blockEnd), blockEnd);
          pos = blockEnd;
          continue;
        }
      }
    }
    if (blockEnd >= 0) {
      closeRun(pos);
      addSpan(kind, pos, blockEnd);
      pos = blockEnd;
      continue;
    }
    const length = contentEnd - pos;
    if (length >= MIN_BASE64_LINE && isBase64Line(text, pos, contentEnd)) {
      if (runStart < 0) runStart = pos;
      runLines += length >= MIN_BASE64_SINGLE_LINE ? MIN_BASE64_RUN : 1;
    } else if (runStart >= 0 && length > 0 && isBase64Line(text, pos, contentEnd)) {
      // The short last line of an encoded block belongs to it.
      runLines++;
      closeRun(Math.min(lineEnd + 1, text.length));
      pos = lineEnd + 1;
      continue;
    } else {
      closeRun(pos);
    }
    pos = lineEnd + 1;
  }
  closeRun(text.length);
  return foundNoise.count === 0 ? text : blankRanges(text, foundNoise.count, foundNoise.starts, foundNoise.ends);
}

/**
 * False when {@link removeNoise} would find nothing in `text`, known without its pass over the
 * lines: the text is too short for a run of base64 lines (the shortest is three lines of
 * MIN_BASE64_LINE and a short last one), and no line starts as a uuencode, yEnc or armour
 * block does (`b`, `=`, `-`). A short part, most of a message of 20,000 parts, then costs no
 * call and no result object (bench row "multipart, many parts").
 */
export function mayHoldNoise(text: string): boolean {
  if (text.length >= (MIN_BASE64_RUN - 1) * MIN_BASE64_LINE) return true;
  // Line by line with native searches, not character by character: a part's text is often a
  // substring of its message's (see `asciiText` in message.ts), whose characters cost more to
  // read one at a time (13% of the row's profile).
  for (let at = 0; at < text.length; ) {
    const first = text.charCodeAt(at);
    if (first === 0x62 || first === 0x3d || first === 0x2d) return true;
    const lineFeed = text.indexOf('\n', at);
    if (lineFeed < 0) return false;
    at = lineFeed + 1;
  }
  return false;
}

/** The spans of a text without noise, shared: callers only read them. */
const NO_SPANS: readonly NoiseSpan[] = [];

// The state of one denoise call, at module level so that a call (one per body part) makes
// no closure over it; denoise runs to its end without calling out, so calls never overlap.
/** Appends a block to {@link foundNoise}. */
function addSpan(kind: NoiseKind, start: number, end: number): void {
  const i = foundNoise.count++;
  foundNoise.kinds[i] = kind;
  foundNoise.starts[i] = start;
  foundNoise.ends[i] = end;
}
/** Where the current run of base64-looking lines starts, or -1. */
let runStart = -1;
/** How many lines the current run counts (a long line counts MIN_BASE64_RUN). */
let runLines = 0;

/** Ends the current run of base64-looking lines at `end`, keeping it as a span when it is long enough. */
function closeRun(end: number): void {
  if (runStart >= 0 && runLines >= MIN_BASE64_RUN) addSpan('base64', runStart, end);
  runStart = -1;
  runLines = 0;
}

/**
 * From this many spans on, an ASCII text is blanked in one byte buffer rather than as pieces:
 * a message of 25,000 short armour blocks spent a third of its scan making a string per block
 * and joining 50,000 pieces (bench row "armour, distinct labels with END"), while the buffer
 * costs three native passes over the text, more than the pieces of a few spans.
 */
const MIN_SPANS_BLANKED_IN_PLACE = 32;

/** `text` with every span blanked by {@link blank}; `spans` are in order and do not overlap. */
export function blankSpans(text: string, spans: readonly NoiseSpan[]): string {
  return blankRanges(
    text,
    spans.length,
    spans.map((span) => span.start),
    spans.map((span) => span.end),
  );
}

/** {@link blankSpans} of the `count` spans `[starts[i], ends[i])`. */
function blankRanges(text: string, count: number, starts: readonly number[], ends: readonly number[]): string {
  // Its UTF-8 length is its length exactly when every character is ASCII, and only then do
  // its Latin-1 bytes decode back to it.
  if (count >= MIN_SPANS_BLANKED_IN_PLACE && Buffer.byteLength(text, 'utf8') === text.length) {
    const bytes = Buffer.from(text, 'latin1');
    for (let i = 0; i < count; i++) {
      const end = ends[i] as number;
      for (let at = starts[i] as number; at < end; at++) {
        const code = bytes[at];
        if (code !== 0x0a && code !== 0x0d) bytes[at] = 0x20;
      }
    }
    return bytes.toString('latin1');
  }
  const pieces: string[] = [];
  let copied = 0;
  for (let i = 0; i < count; i++) {
    pieces.push(text.slice(copied, starts[i]), blank(text, starts[i] as number, ends[i] as number));
    copied = ends[i] as number;
  }
  pieces.push(text.slice(copied));
  return pieces.join('');
}
