/**
 * RFC 2047 encoded words in header fields: `=?charset?Q|B?text?=` decoded to text, with
 * the map from the decoded text back to the field as written.
 */
import { decodeEncodedWord } from './mime.js';
import { buildOffsetMap, type OffsetMap } from './raw-position.js';

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
    if (code === 0x3f || isSpace(code)) break;
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
 * characters of its `=?`, with no slice or match array: a field of thousands of words
 * costs about what its text costs to scan.
 */
export function decodeWords(text: string): { text: string; map: OffsetMap } | undefined {
  const pieces: string[] = [];
  const map = buildOffsetMap(0);
  let pos = 0;
  let copied = 0;
  let lastWordEnd = -1;
  let changed = false;
  while (pos < text.length) {
    const open = text.indexOf('=?', pos);
    if (open < 0) break;
    pos = open + 2;
    const limit = Math.min(text.length, open + MAX_ENCODED_WORD);
    // `=?` charset `?` Q|B `?` text `?=`: charset is at least one character, text may be empty.
    const charsetEnd = wordTokenEnd(text, open + 2, limit);
    if (charsetEnd === open + 2 || charsetEnd + 2 >= limit || text.charCodeAt(charsetEnd) !== 0x3f || text.charCodeAt(charsetEnd + 2) !== 0x3f) continue;
    const encoding = text.charCodeAt(charsetEnd + 1) | 0x20;
    if (encoding !== 0x71 && encoding !== 0x62) continue;
    const textEnd = wordTokenEnd(text, charsetEnd + 3, limit);
    if (textEnd + 2 > limit || text.charCodeAt(textEnd) !== 0x3f || text.charCodeAt(textEnd + 1) !== 0x3d) continue;
    const value = decodeEncodedWord(text.slice(open + 2, charsetEnd), text.charAt(charsetEnd + 1), text.slice(charsetEnd + 3, textEnd));
    if (value === undefined) continue;
    const wordEnd = textEnd + 2;
    if (lastWordEnd === copied && isBlank(text, copied, open)) {
      map.take(0, open - copied);
    } else {
      pieces.push(text.slice(copied, open));
      map.take(open - copied, open - copied);
    }
    pieces.push(value);
    map.take(value.length, wordEnd - open);
    changed = true;
    pos = copied = lastWordEnd = wordEnd;
  }
  if (!changed) return undefined;
  pieces.push(text.slice(copied));
  map.take(text.length - copied, text.length - copied);
  return { text: pieces.join(''), map: map.finish() };
}
