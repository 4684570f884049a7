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

/**
 * Armour labels (RFC 4880 §6.2, RFC 7468 §4) of blocks that are data. `PGP SIGNED
 * MESSAGE` is left alone: the clear text after it is what the writer wrote.
 */
const ARMOR_LABEL = /^(?:PGP (?!SIGNED MESSAGE)[A-Z ,0-9/]+|[A-Z0-9 ]*(?:CERTIFICATE|KEY|SIGNATURE|CRL|REQUEST|PARAMETERS))$/;

/** An armour header line, `Key: value` (RFC 4880 §6.2). */
const ARMOR_HEADER = /^[A-Za-z][A-Za-z0-9-]*: /;

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
 * The label of an armour line starting at `from` (just after `-----BEGIN ` or `-----END `)
 * and ending at `to`: the text before the closing dashes and trailing white space, or
 * undefined when it is longer than MAX_ARMOR_LABEL.
 */
function armorLabel(text: string, from: number, to: number): string | undefined {
  let end = to;
  while (end > from && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09 || text.charCodeAt(end - 1) === 0x0d)) end--;
  while (end > from && text.charCodeAt(end - 1) === 0x2d) end--;
  return end - from > MAX_ARMOR_LABEL ? undefined : text.slice(from, end);
}

/** The `-----END <label>` lines of one label: the offset just after each, in order. */
interface ArmorEnds {
  ends: number[];
  /** How many of `ends` lie behind the scan: BEGIN lines come in order, so each list is walked once in all. */
  passed: number;
}

/** An `-----END <label>` line: its label and the offset just after it. */
interface ArmorEndLine {
  label: string;
  after: number;
}

/**
 * The END line whose `-----END ` is at `at`, or undefined when that is not an END line:
 * not at the start of its line (indentation allowed, RFC 7468 §2), or its label too long.
 */
function armorEndLine(text: string, at: number): ArmorEndLine | undefined {
  let lineStart = at;
  while (lineStart > 0 && (text.charCodeAt(lineStart - 1) === 0x20 || text.charCodeAt(lineStart - 1) === 0x09)) lineStart--;
  if (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 0x0a) return undefined;
  const lineEnd = lineEndAt(text, at);
  const label = armorLabel(text, at + 9, lineEnd);
  return label === undefined ? undefined : { label, after: Math.min(lineEnd + 1, text.length) };
}

/**
 * Every END line of the text, by label. Built in one pass, so that finding the END of a
 * BEGIN is a look-up, not a search to the end of the text: a search per BEGIN made a
 * message of many distinct labels quadratic.
 */
function indexArmorEnds(text: string): Map<string, ArmorEnds> {
  const index = new Map<string, ArmorEnds>();
  for (let at = text.indexOf('-----END ', 0); at >= 0; at = text.indexOf('-----END ', at + 1)) {
    const line = armorEndLine(text, at);
    if (line === undefined) continue;
    const entry = index.get(line.label);
    if (entry) entry.ends.push(line.after);
    else index.set(line.label, { ends: [line.after], passed: 0 });
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

/**
 * The search for armour END lines of one text: a function from a BEGIN line's label and
 * the end of that line to just after its END line, or -1.
 */
function armorEndFinder(text: string): (label: string, from: number) => number {
  let armorEnds: Map<string, ArmorEnds> | undefined;
  // The first END line at or after `nextEndAt`, whatever its label (undefined when there is
  // none): nearly always the END of the BEGIN just read, so the index of every END line is
  // built only when armour blocks nest or interleave. Each search starts beyond the last
  // one's END line, so all of them together read the text once.
  let nextEnd: ArmorEndLine | undefined;
  let nextEndAt = -1;

  /** Just after the first `-----END <label>` line that starts at or after `from`, or -1. */
  return (label: string, from: number): number => {
    if (nextEndAt < from) {
      nextEnd = undefined;
      nextEndAt = text.length;
      for (let at = text.indexOf('-----END ', from); at >= 0; at = text.indexOf('-----END ', at + 1)) {
        nextEnd = armorEndLine(text, at);
        if (nextEnd !== undefined) {
          nextEndAt = at;
          break;
        }
      }
    }
    if (nextEnd === undefined) return -1;
    if (nextEnd.label === label) return nextEnd.after;
    armorEnds ??= indexArmorEnds(text);
    const entry = armorEnds.get(label);
    if (!entry) return -1;
    const { ends } = entry;
    let index = entry.passed;
    // `ends[index]` is the offset after the END line, so the line starts at or after `from`
    // exactly when that offset lies beyond `from`.
    while (index < ends.length && (ends[index] as number) <= from) index++;
    entry.passed = index;
    return index < ends.length ? (ends[index] as number) : -1;
  };
}

/**
 * Finds uuencoded blocks (`begin 644 name` ... `end`), yEnc blocks (`=ybegin` ...
 * `=yend`), ASCII armour (`-----BEGIN PGP SIGNATURE-----` ... `-----END ...-----`,
 * RFC 4880 §6.2, except the clear text after `BEGIN PGP SIGNED MESSAGE`), and runs
 * of base64-looking lines, and blanks them. One pass over the lines, after one pass
 * that indexes the armour END lines.
 */
export function removeNoise(text: string): Denoised {
  // The span list is made only when the text holds noise or armour: most parts hold neither,
  // and a part of a message of 20,000 parts cost its closures and arrays (bench row
  // "multipart, many parts").
  spans = undefined;
  runStart = -1;
  runLines = 0;
  let armorEndAfter: ((label: string, from: number) => number) | undefined;
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
      const label = armorLabel(text, pos + 11, contentEnd);
      // Without its END line this is prose that happens to look like armour, and is kept.
      if (label !== undefined && ARMOR_LABEL.test(label)) {
        armorEndAfter ??= armorEndFinder(text);
        blockEnd = armorEndAfter(label, lineEnd);
        if (blockEnd >= 0) {
          // The armour headers (RFC 4880 §6.2: `Version:`, `Comment: ... <http://...>`) are
          // text a program wrote, not data: only what follows them is blanked.
          let dataStart = lineEnd + 1;
          while (dataStart < blockEnd && ARMOR_HEADER.test(text.slice(dataStart, Math.min(lineEndAt(text, dataStart), dataStart + 80)))) {
            dataStart = lineEndAt(text, dataStart) + 1;
          }
          closeRun(pos);
          (spans ??= []).push({ kind: 'armor', start: Math.min(dataStart, blockEnd), end: blockEnd });
          pos = blockEnd;
          continue;
        }
      }
    }
    if (blockEnd >= 0) {
      closeRun(pos);
      (spans ??= []).push({ kind, start: pos, end: blockEnd });
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
  const found = spans;
  spans = undefined;
  return found === undefined ? { text, spans: NO_SPANS } : { text: blankSpans(text, found), spans: found };
}

/** The spans of a text without noise, shared: callers only read them. */
const NO_SPANS: readonly NoiseSpan[] = [];

// The state of one removeNoise call, at module level so that a call (one per body part) makes
// no closure over it; removeNoise runs to its end without calling out, so calls never overlap.
/** The spans found so far, made at the first one. */
let spans: NoiseSpan[] | undefined;
/** Where the current run of base64-looking lines starts, or -1. */
let runStart = -1;
/** How many lines the current run counts (a long line counts MIN_BASE64_RUN). */
let runLines = 0;

/** Ends the current run of base64-looking lines at `end`, keeping it as a span when it is long enough. */
function closeRun(end: number): void {
  if (runStart >= 0 && runLines >= MIN_BASE64_RUN) (spans ??= []).push({ kind: 'base64', start: runStart, end });
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
  // Its UTF-8 length is its length exactly when every character is ASCII, and only then do
  // its Latin-1 bytes decode back to it.
  if (spans.length >= MIN_SPANS_BLANKED_IN_PLACE && Buffer.byteLength(text, 'utf8') === text.length) {
    const bytes = Buffer.from(text, 'latin1');
    for (const span of spans) {
      for (let at = span.start; at < span.end; at++) {
        const code = bytes[at];
        if (code !== 0x0a && code !== 0x0d) bytes[at] = 0x20;
      }
    }
    return bytes.toString('latin1');
  }
  const pieces: string[] = [];
  let copied = 0;
  for (const span of spans) {
    pieces.push(text.slice(copied, span.start), blank(text, span.start, span.end));
    copied = span.end;
  }
  pieces.push(text.slice(copied));
  return pieces.join('');
}
