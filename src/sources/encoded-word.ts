/**
 * RFC 2047 encoded words in header fields: `=?charset?Q|B?text?=` decoded to text, with
 * the map from the decoded text back to the field as written.
 */
import { decodeEncodedWord, encodedWordCharset, wordByteTable } from './mime.js';
import { buildReplacementMap, type OffsetMap, type ReplacementMapBuilder } from './raw-position.js';
import { utf8SequenceEnd } from './utf8-sequence.js';

/**
 * Encoded words, `=?charset?Q|B?text?=` (RFC 2047 §2), are only meaningful outside
 * URLs; a word longer than 75 characters is not one (§2), which also bounds the work.
 */
const MAX_ENCODED_WORD = 75;

/**
 * True for the characters of JavaScript's `\s` (and so of `String#trim`): the white space
 * an encoded word may not hold, and that goes between two words.
 */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/**
 * Where the run of characters other than `?` and white space that starts at `from` ends,
 * looking no further than `limit`.
 */
function wordTokenEnd(text: string, from: number, limit: number): number {
  let at = from;
  while (at < limit) {
    const code = text.charCodeAt(at);
    // Printable ASCII other than `?` first: nearly every character of a word.
    if (code > 0x20 && code < 0x7f ? code === 0x3f : isSpace(code)) break;
    at++;
  }
  return at;
}

/** True when `text[from, to)` is all white space. */
function isBlank(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if (!isSpace(text.charCodeAt(at))) return false;
  return true;
}

/**
 * Decodes the RFC 2047 encoded words of a header value; white space between two words goes
 * (§6.2). Each word, `=?charset?Q|B?text?=`, is read by hand within MAX_ENCODED_WORD
 * characters of its `=?`, with no match array. Q and B words in UTF-8 and in the single-byte
 * charsets (see wordByteTable) are decoded by hand, as UTF-16 units, into one array with the
 * text between them, turned into text by one native copy per run rather than a decoding per
 * word: a field of thousands of words costs about what its text costs to scan. Other words
 * go through decodeEncodedWord.
 * The map has one entry per word ({@link buildReplacementMap}), the text between words
 * being copied or dropped.
 */
export function decodeWords(text: string): { text: string; map: OffsetMap } | undefined {
  unknownWordCharsets.count = 0;
  const pieces: string[] = [];
  const map = buildReplacementMap();
  if (readWords(text, pieces, map) < 0) return undefined;
  // The rest joins the run (it has room: runEnd <= copied), so that a field that is one run
  // makes one string, not a run and a rest that is copied into a third: for a field of
  // megabytes of words, a copy of the whole decoded text.
  const units = lastRunUnits as Uint16Array;
  lastRunUnits = undefined;
  const runEnd = copyUnits(text, lastRunCopied, text.length, units, lastRunEnd);
  if (runEnd > lastRunStart) pieces.push(unitsText(units, lastRunStart, runEnd));
  return { text: pieces.length === 1 ? (pieces[0] as string) : pieces.join(''), map: map.finish(text.length) };
}

/**
 * The whole encoded words the last {@link decodeWords} left as written because libmime knows
 * no such charset: how many, and the first one's charset as written and offset in its text.
 * Module state read after the call, as noise.ts's `foundNoise` is: a field of thousands of
 * such words gives one error record, not an object per word.
 */
export const unknownWordCharsets: { count: number; first: number; charset: string } = { count: 0, first: -1, charset: '' };

/**
 * Counts the word at `open` in {@link unknownWordCharsets} when it is a whole one: the charset
 * `text[open + 2, charsetEnd)` and the encoding were read, its text and `?=` end it within
 * `limit`. Returns where the next word may start: past the word when it is a whole one (see
 * below), else `open + 2`.
 */
function noteUnknownCharset(text: string, open: number, charsetEnd: number, limit: number): number {
  const textEnd = wordTokenEnd(text, charsetEnd + 3, limit);
  if (textEnd + 2 > limit || text.charCodeAt(textEnd) !== 0x3f || text.charCodeAt(textEnd + 1) !== 0x3d) return open + 2;
  if (unknownWordCharsets.count++ === 0) {
    unknownWordCharsets.first = open;
    unknownWordCharsets.charset = text.slice(open + 2, charsetEnd);
  }
  // The word's only `?` are at charsetEnd, charsetEnd + 2 and textEnd, and the character
  // before charsetEnd + 2 is its Q or B: a `=?` that starts inside it starts at charsetEnd - 1
  // or textEnd - 1, or else at textEnd + 1 (the `=` of its `?=`) or later.
  if (text.charCodeAt(charsetEnd - 1) === 0x3d) return charsetEnd - 1;
  return text.charCodeAt(textEnd - 1) === 0x3d ? textEnd - 1 : textEnd + 1;
}

/**
 * Where {@link readWords} left the output's last run of units: `lastRunUnits[lastRunStart,
 * lastRunEnd)` not yet in its pieces, and the field read up to `lastRunCopied`. Module variables,
 * not an object's properties: a store to one needs no type feedback (see readWords).
 */
let lastRunUnits: Uint16Array | undefined;
let lastRunStart = 0;
let lastRunEnd = 0;
let lastRunCopied = 0;

/**
 * Reads the words of `text` into `pieces` (the decoded text, in order), `map` and the last run
 * ({@link lastRunUnits}); returns where the last word ends, -1 when there is none. Apart from
 * decodeWords, and its loop's way out only stores and a return, with no operation that needs
 * type feedback: a field of thousands of words is optimised while in its loop (on-stack),
 * before any call has come out of it, and the compare that followed the loop (`lastWordEnd <
 * 0`) deoptimised that code at the end of every such call ("Insufficient type feedback for
 * compare operation", once a call with --trace-deopt), while V8 kept it and entered it again.
 */
function readWords(text: string, pieces: string[], map: ReplacementMapBuilder): number {
  // The output's UTF-16 units not yet in `pieces`, [runStart, runEnd) of `units`. No more units
  // are written than characters of the field are read (runEnd <= copied): a gap is copied unit
  // for unit, and a word written here has no more units than it has characters as written.
  // Units, not UTF-8 bytes: Buffer's UTF-8 decoder read a megabyte of non-ASCII text about
  // three times slower than its UTF-16 one copies it (the encoded-words bench rows).
  let units: Uint16Array | undefined;
  let runStart = 0;
  let runEnd = 0;
  let pos = 0;
  let copied = 0;
  let lastWordEnd = -1;
  /** UTF-16 units of output so far, in `pieces` and `units`. */
  let written = 0;
  // The charset as written in the word before (`text[charsetFrom, +charsetLength)`, no copy:
  // a field of words each in a new charset would make a string a word), its name and how its
  // words are decoded: a field's words nearly always share one, and the next word's charset
  // is first compared with it in place, which also finds its end.
  let charsetFrom = 0;
  let charsetLength = 0;
  let charset: string | undefined;
  let table: Uint16Array | undefined;
  let byHand = false;
  const word = wordBytes;
  while (pos < text.length) {
    const open = nextWordStart(text, pos);
    if (open < 0) break;
    pos = open + 2;
    const limit = Math.min(text.length, open + MAX_ENCODED_WORD);
    // `=?` charset `?` Q|B `?` text `?=`: charset is at least one character, text may be empty.
    // The charset before holds no `?` and no white space, so that where it is followed by `?`
    // it is this word's whole charset.
    let charsetEnd = open + 2 + charsetLength;
    const same = charsetLength > 0 && charsetEnd < limit && text.charCodeAt(charsetEnd) === 0x3f && sameRun(text, charsetFrom, open + 2, charsetLength);
    if (!same) charsetEnd = wordTokenEnd(text, open + 2, limit);
    if (charsetEnd === open + 2 || charsetEnd + 2 >= limit || text.charCodeAt(charsetEnd) !== 0x3f || text.charCodeAt(charsetEnd + 2) !== 0x3f) continue;
    const encoding = text.charCodeAt(charsetEnd + 1) | 0x20;
    if (encoding !== 0x71 && encoding !== 0x62) continue;
    if (!same) {
      charsetFrom = open + 2;
      charsetLength = charsetEnd - charsetFrom;
      charset = encodedWordCharset(text, open + 2, charsetEnd);
      table = charset === undefined || charset === 'UTF-8' ? undefined : wordByteTable(charset);
      byHand = charset === 'UTF-8' || table !== undefined;
    }
    if (charset === undefined) {
      pos = noteUnknownCharset(text, open, charsetEnd, limit);
      continue;
    }
    // A word in UTF-8 or a single-byte charset is decoded to bytes in `word` as its text is
    // read (`count` of them); -1 when it is not read by hand (decodeEncodedWord reads it).
    let count = -1;
    let textEnd = charsetEnd + 3;
    if (byHand) {
      count = encoding === 0x71 ? readQToken(text, textEnd, limit, word) : readBase64Token(text, textEnd, limit, word);
      textEnd = tokenEnd;
    } else textEnd = wordTokenEnd(text, textEnd, limit);
    if (textEnd + 2 > limit || text.charCodeAt(textEnd) !== 0x3f || text.charCodeAt(textEnd + 1) !== 0x3d) continue;
    const wordEnd = textEnd + 2;
    units ??= new Uint16Array(text.length);
    // The gap before the word: dropped between two words, else copied.
    const gapEnd = lastWordEnd === copied && isBlank(text, copied, open) ? runEnd : copyUnits(text, copied, open, units, runEnd);
    // The word's units, after the gap: -1 when decodeEncodedWord decodes it (not read by hand,
    // or not UTF-8).
    let wordUnitsEnd = -1;
    if (count >= 0) wordUnitsEnd = table !== undefined ? writeTableUnits(word, count, table, units, gapEnd) : writeUtf8Units(word, count, units, gapEnd);
    let value: string | undefined;
    if (wordUnitsEnd < 0) {
      value = decodeEncodedWord(text.slice(charsetFrom, charsetFrom + charsetLength), text.charAt(charsetEnd + 1), text.slice(charsetEnd + 3, textEnd));
      // Not a word after all: its gap, copied, is left out of the run.
      if (value === undefined) continue;
    }
    written += gapEnd - runEnd;
    let length: number;
    if (value === undefined) {
      length = wordUnitsEnd - gapEnd;
      runEnd = wordUnitsEnd;
    } else {
      if (gapEnd > runStart) pieces.push(unitsText(units, runStart, gapEnd));
      runStart = runEnd = gapEnd;
      pieces.push(value);
      length = value.length;
    }
    map.replace(open, wordEnd, written, written + length);
    written += length;
    pos = copied = lastWordEnd = wordEnd;
  }
  lastRunUnits = units;
  lastRunStart = runStart;
  lastRunEnd = runEnd;
  lastRunCopied = copied;
  return lastWordEnd;
}

/**
 * True when `text[a, a + length)` and `text[b, b + length)` are the same characters. Compared
 * from the end: made-up charsets that differ from word to word mostly differ in their last
 * characters (`x-k1`, `x-k2`: bench row "encoded words, distinct unknown charsets").
 */
function sameRun(text: string, a: number, b: number, length: number): boolean {
  for (let i = length - 1; i >= 0; i--) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/** Copies the UTF-16 units of `text[from, to)` to `out` from `at`; returns where they end. */
function copyUnits(text: string, from: number, to: number, out: Uint16Array, at: number): number {
  for (let i = from; i < to; i++) out[at++] = text.charCodeAt(i);
  return at;
}

/** Writes the characters of the bytes `bytes[0, count)` in a single-byte charset, `table`, to `out` from `at`; returns where they end. */
function writeTableUnits(bytes: Uint8Array, count: number, table: Uint16Array, out: Uint16Array, at: number): number {
  for (let i = 0; i < count; i++) out[at++] = table[bytes[i] as number] as number;
  return at;
}

/** True when a Uint16Array holds its units least significant byte first, as Buffer's `utf16le` reads them. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([0x0102]).buffer)[0] === 0x02;

/** The text of the UTF-16 units `units[from, to)`: one native copy. */
function unitsText(units: Uint16Array, from: number, to: number): string {
  const bytes = Buffer.from(units.buffer, units.byteOffset + 2 * from, 2 * (to - from));
  return LITTLE_ENDIAN ? bytes.toString('utf16le') : Buffer.from(bytes).swap16().toString('utf16le');
}

/**
 * Writes the UTF-16 units of the UTF-8 bytes `bytes[0, count)` to `out` from `at`; returns
 * where they end, or -1 unless the bytes are well-formed UTF-8 (RFC 3629 §4: no overlong
 * form, no surrogate, nothing above U+10FFFF, no sequence cut short). A well-formed word is
 * decoded here into its field's run of text, in the one pass that checks it; any other goes
 * to decodeEncodedWord, which replaces what is not UTF-8 as Buffer's decoder does, and what
 * was written past `at` is left to be written over.
 */
function writeUtf8Units(bytes: Uint8Array, count: number, out: Uint16Array, at: number): number {
  for (let i = 0; i < count; ) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      out[at++] = lead;
      i++;
      continue;
    }
    const next = utf8SequenceEnd(bytes, i, count);
    if (next < 0) return -1;
    if (next - i === 2) out[at++] = ((lead & 0x1f) << 6) | ((bytes[i + 1] as number) & 0x3f);
    else if (next - i === 3) out[at++] = ((lead & 0x0f) << 12) | (((bytes[i + 1] as number) & 0x3f) << 6) | ((bytes[i + 2] as number) & 0x3f);
    else {
      const point = (((lead & 0x07) << 18) | (((bytes[i + 1] as number) & 0x3f) << 12) | (((bytes[i + 2] as number) & 0x3f) << 6) | ((bytes[i + 3] as number) & 0x3f)) - 0x10000;
      out[at++] = 0xd800 | (point >> 10);
      out[at++] = 0xdc00 | (point & 0x3ff);
    }
    i = next;
  }
  return at;
}

/** Scratch bytes for one word's decoded text: a word is at most MAX_ENCODED_WORD characters, and none decodes to more bytes. */
const wordBytes = Buffer.alloc(128);

/** Where the token {@link readQToken} or {@link readBase64Token} read last ends. */
let tokenEnd = 0;

/**
 * Reads the text of a Q word (RFC 2047 §4.2) from `from`: the token that {@link wordTokenEnd}
 * would end, no further than `limit` (its end left in {@link tokenEnd}), decoded to `out` as
 * it is read, as decodeQBytes decodes it (`=XX` is a byte, `_` a space, anything else itself);
 * returns how many bytes it made, or -1 when the token is not ASCII (libmime reads the word).
 */
function readQToken(text: string, from: number, limit: number, out: Uint8Array): number {
  let count = 0;
  let at = from;
  for (; at < limit; at++) {
    const code = text.charCodeAt(at);
    if (code > 0x20 && code < 0x7f) {
      if (code === 0x3f) break;
      // Hex digits are inside the token, so testing them against `limit` is testing them
      // against its end.
      if (code === 0x3d && at + 2 < limit) {
        const value = hexByte(text.charCodeAt(at + 1), text.charCodeAt(at + 2));
        if (value >= 0) {
          out[count++] = value;
          at += 2;
          continue;
        }
      }
      out[count++] = code === 0x5f ? 0x20 : code;
    } else if (isSpace(code)) break;
    else if (code >= 0x80) {
      tokenEnd = wordTokenEnd(text, at, limit);
      return -1;
    } else out[count++] = code;
  }
  tokenEnd = at;
  return count;
}

/**
 * Reads the text of a B word (RFC 2047 §4.1) from `from`: the token that {@link wordTokenEnd}
 * would end, no further than `limit` (its end left in {@link tokenEnd}), decoded to
 * `out` as it is read; returns how many bytes it made, as libmime does (libbase64, then
 * Buffer's decoder): characters outside the alphabet (either `+/` or `-_`) are passed over,
 * `=` ends a segment that is decoded on its own, and a segment's last one to three
 * characters make what whole bytes they hold. One pass, not the token's end and then its
 * decoding: a field of B words is mostly their text.
 */
function readBase64Token(text: string, from: number, limit: number, out: Uint8Array): number {
  let count = 0;
  let at = from;
  // Whole groups of four characters of the alphabet first, as nearly all of a word's text
  // is: three bytes a group, with no count of characters held. Any other character (`=`,
  // the `?` that ends the token, one outside the alphabet) is left to the loop below.
  while (at + 4 <= limit) {
    const a = text.charCodeAt(at);
    const b = text.charCodeAt(at + 1);
    const c = text.charCodeAt(at + 2);
    const d = text.charCodeAt(at + 3);
    if ((a | b | c | d) >= 0x80) break;
    // Negative when any of them is outside the alphabet (-1).
    const group = ((BASE64_VALUES[a] as number) << 18) | ((BASE64_VALUES[b] as number) << 12) | ((BASE64_VALUES[c] as number) << 6) | (BASE64_VALUES[d] as number);
    if (group < 0) break;
    out[count++] = group >> 16;
    out[count++] = (group >> 8) & 0xff;
    out[count++] = group & 0xff;
    at += 4;
  }
  let bits = 0;
  let held = 0;
  for (; at < limit; at++) {
    const code = text.charCodeAt(at);
    // As wordTokenEnd: printable ASCII other than `?` first, white space ends the token too.
    let value = -1;
    if (code > 0x20 && code < 0x7f) {
      if (code === 0x3f) break;
      value = BASE64_VALUES[code] as number;
    } else if (isSpace(code)) break;
    if (value >= 0) {
      bits = (bits << 6) | value;
      if (++held === 4) {
        out[count++] = bits >> 16;
        out[count++] = (bits >> 8) & 0xff;
        out[count++] = bits & 0xff;
        bits = held = 0;
      }
    } else if (code === 0x3d) {
      count = endSegment(out, count, bits, held);
      bits = held = 0;
    }
  }
  tokenEnd = at;
  return endSegment(out, count, bits, held);
}

/** Writes the whole bytes of the last `held` (0-3) base64 characters, `bits`, of a segment; returns the new count. */
function endSegment(out: Uint8Array, count: number, bits: number, held: number): number {
  if (held === 2) out[count++] = bits >> 4;
  else if (held === 3) {
    out[count++] = bits >> 10;
    out[count++] = (bits >> 2) & 0xff;
  }
  return count;
}

/** The value of each ASCII character in base64, either alphabet (RFC 4648 §4, §5); -1 outside it. */
const BASE64_VALUES = (() => {
  const values = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < 64; i++) values[alphabet.charCodeAt(i)] = i;
  values[0x2d] = 62; // -
  values[0x5f] = 63; // _
  return values;
})();



/** The byte of two hexadecimal digits (either case), or -1. */
function hexByte(high: number, low: number): number {
  const h = hexValue(high);
  const l = hexValue(low);
  return h >= 0 && l >= 0 ? h * 16 + l : -1;
}

/** The value of a hexadecimal digit (either case), or -1. */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

/**
 * Characters searched by hand for the `=?` of the next word before a native search: the
 * words of a field are usually a few characters apart, and `indexOf` costs a call.
 */
const NEAR_WORD_CHARACTERS = 16;

/** Where the next `=?` at or after `from` starts, or -1. */
function nextWordStart(text: string, from: number): number {
  const near = Math.min(text.length - 1, from + NEAR_WORD_CHARACTERS);
  for (let at = from; at < near; at++) if (text.charCodeAt(at) === 0x3d && text.charCodeAt(at + 1) === 0x3f) return at;
  return near < from ? -1 : text.indexOf('=?', near);
}
