/**
 * RFC 2047 encoded words in header fields: `=?charset?Q|B?text?=` decoded to text, with
 * the map from the decoded text back to the field as written.
 */
import { decodeEncodedWord, encodedWordCharset } from './mime.js';
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
 * The UTF-16 length of the UTF-8 bytes `bytes[from, to)`, or -1 unless they are well-formed
 * UTF-8 (RFC 3629 §4: no overlong form, no surrogate, nothing above U+10FFFF, no sequence cut
 * short). Well-formed runs decode to the same text together as one by one, so such words
 * can be decoded with their neighbours in one call.
 */
function utf8Length(bytes: Uint8Array, from: number, to: number): number {
  let units = 0;
  let at = from;
  while (at < to) {
    const next = utf8SequenceEnd(bytes, at, to);
    if (next < 0) return -1;
    units += next - at === 4 ? 2 : 1;
    at = next;
  }
  return units;
}

/**
 * Copies the text `text[from, to)` to `out` from `at` as bytes when it is all ASCII, and
 * returns where they end; -1 when it is not.
 */
function copyAscii(text: string, from: number, to: number, out: Uint8Array, at: number): number {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return -1;
    out[at++] = code;
  }
  return at;
}

/**
 * Decodes the RFC 2047 encoded words of a header value; white space between two words goes
 * (§6.2). Each word, `=?charset?Q|B?text?=`, is read by hand within MAX_ENCODED_WORD
 * characters of its `=?`, with no match array. Q words in UTF-8 (and ASCII ones in
 * windows-1252) are decoded to bytes in place and, with the ASCII text between them, turned
 * into text by one UTF-8 decoding per run rather than one per word: a field of thousands of
 * words costs about what its text costs to scan. Other words go through decodeEncodedWord.
 * The map has one entry per word ({@link buildReplacementMap}), the text between words
 * being copied or dropped.
 */
export function decodeWords(text: string): { text: string; map: OffsetMap } | undefined {
  unknownWordCharsets.count = 0;
  const pieces: string[] = [];
  const map = buildReplacementMap();
  if (!readWords(text, pieces, map)) return undefined;
  return { text: pieces.join(''), map: map.finish(text.length) };
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
 * `text[open + 2, charsetEnd)` and the encoding were read, its text and `?=` end it within `limit`.
 */
function noteUnknownCharset(text: string, open: number, charsetEnd: number, limit: number): void {
  const textEnd = wordTokenEnd(text, charsetEnd + 3, limit);
  if (textEnd + 2 > limit || text.charCodeAt(textEnd) !== 0x3f || text.charCodeAt(textEnd + 1) !== 0x3d) return;
  if (unknownWordCharsets.count++ === 0) {
    unknownWordCharsets.first = open;
    unknownWordCharsets.charset = text.slice(open + 2, charsetEnd);
  }
}

/**
 * Reads the words of `text` into `pieces` (the decoded text, in order) and `map`; false when
 * there is none. Apart from decodeWords so that the loop's optimised code ends in little
 * but a return: a field of thousands of words is optimised while in its loop, and V8
 * deoptimised it at the code after the loop, which had not run yet.
 */
function readWords(text: string, pieces: string[], map: ReplacementMapBuilder): boolean {
  // The output's bytes not yet in `pieces`, [runStart, runEnd) of `bytes`: at most one byte
  // per character of the field, since neither a gap nor a Q word grows when decoded.
  let bytes: Buffer | undefined;
  let runStart = 0;
  let runEnd = 0;
  let pos = 0;
  let copied = 0;
  let lastWordEnd = -1;
  /** UTF-16 units of output so far, in `pieces` and `bytes`. */
  let written = 0;
  // The charset as written in the word before, and its name: a field's words nearly always
  // share one, and it is compared while its token is read, not read again.
  let charsetText = '';
  let charset: string | undefined;
  while (pos < text.length) {
    const open = nextWordStart(text, pos);
    if (open < 0) break;
    pos = open + 2;
    const limit = Math.min(text.length, open + MAX_ENCODED_WORD);
    // `=?` charset `?` Q|B `?` text `?=`: charset is at least one character, text may be empty.
    let charsetEnd = open + 2;
    let same = true;
    for (; charsetEnd < limit; charsetEnd++) {
      const code = text.charCodeAt(charsetEnd);
      // Printable ASCII other than `?` first: nearly every character of a word.
      if (code > 0x20 && code < 0x7f ? code === 0x3f : isSpace(code)) break;
      same &&= charsetText.charCodeAt(charsetEnd - open - 2) === code;
    }
    if (charsetEnd === open + 2 || charsetEnd + 2 >= limit || text.charCodeAt(charsetEnd) !== 0x3f || text.charCodeAt(charsetEnd + 2) !== 0x3f) continue;
    const encoding = text.charCodeAt(charsetEnd + 1) | 0x20;
    if (encoding !== 0x71 && encoding !== 0x62) continue;
    if (!same || charsetEnd - open - 2 !== charsetText.length) {
      charsetText = text.slice(open + 2, charsetEnd);
      charset = encodedWordCharset(text, open + 2, charsetEnd);
    }
    if (charset === undefined) {
      noteUnknownCharset(text, open, charsetEnd, limit);
      continue;
    }
    // A Q word in UTF-8 or windows-1252 is decoded to bytes as its text is read, after room
    // for the gap before it (one byte per character when it is ASCII); the gap is copied in
    // once the word turns out whole.
    bytes ??= Buffer.allocUnsafe(text.length);
    const wordAt = runEnd + open - copied;
    let wordBytesEnd = -1;
    let high = false;
    let textEnd = charsetEnd + 3;
    if (encoding === 0x71 && (charset === 'UTF-8' || charset === 'windows-1252')) {
      let out = wordAt;
      for (; textEnd < limit; textEnd++) {
        const code = text.charCodeAt(textEnd);
        if (code > 0x20 && code < 0x7f) {
          if (code === 0x3f) break;
          // As decodeQBytes: `=XX` is a byte, anything else itself. Hex digits are inside the
          // token, so testing them against `limit` is testing them against its end.
          if (code === 0x3d && textEnd + 2 < limit) {
            const value = hexByte(text.charCodeAt(textEnd + 1), text.charCodeAt(textEnd + 2));
            if (value >= 0) {
              bytes[out++] = value;
              high ||= value >= 0x80;
              textEnd += 2;
              continue;
            }
          }
          bytes[out++] = code === 0x5f ? 0x20 : code;
        } else if (isSpace(code)) break;
        else if (code >= 0x80) {
          // Not ASCII: decodeEncodedWord reads it.
          out = -1;
          textEnd = wordTokenEnd(text, textEnd, limit);
          break;
        } else bytes[out++] = code;
      }
      wordBytesEnd = out;
    } else textEnd = wordTokenEnd(text, textEnd, limit);
    if (textEnd + 2 > limit || text.charCodeAt(textEnd) !== 0x3f || text.charCodeAt(textEnd + 1) !== 0x3d) continue;
    const wordEnd = textEnd + 2;
    const dropGap = lastWordEnd === copied && isBlank(text, copied, open);
    const gapEnd = dropGap ? runEnd : copyAscii(text, copied, open, bytes, runEnd);
    let length = -1;
    if (gapEnd >= 0 && wordBytesEnd >= 0) {
      // windows-1252 bytes are their own UTF-8 only below 0x80.
      length = !high ? wordBytesEnd - wordAt : charset === 'UTF-8' ? utf8Length(bytes, wordAt, wordBytesEnd) : -1;
      if (length >= 0) {
        if (gapEnd !== wordAt) bytes.copyWithin(gapEnd, wordAt, wordBytesEnd);
        runEnd = gapEnd + wordBytesEnd - wordAt;
      }
    }
    if (length < 0) {
      const value = decodeEncodedWord(text.slice(open + 2, charsetEnd), text.charAt(charsetEnd + 1), text.slice(charsetEnd + 3, textEnd));
      if (value === undefined) continue;
      if (gapEnd >= 0) runEnd = gapEnd;
      if (runEnd > runStart) pieces.push(bytes.toString('utf8', runStart, runEnd));
      runStart = runEnd;
      if (gapEnd < 0) pieces.push(text.slice(copied, open));
      pieces.push(value);
      length = value.length;
    }
    if (!dropGap) written += open - copied;
    map.replace(open, wordEnd, written, written + length);
    written += length;
    pos = copied = lastWordEnd = wordEnd;
  }
  if (lastWordEnd < 0) return false;
  if (runEnd > runStart) pieces.push((bytes as Buffer).toString('utf8', runStart, runEnd));
  pieces.push(text.slice(copied));
  return true;
}

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
