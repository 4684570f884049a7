/**
 * Quoted-printable decoding (RFC 2045 §6.7) that remembers where every decoded byte
 * came from, so a URL found in the decoded text can be pointed at in the raw file
 * even when `=3D` escapes sit inside it or a soft line break (`=` at the end of a
 * line) split it.
 */
import { buildOffsetMap, type OffsetMap, type OffsetMapBuilder } from './raw-position.js';

/** Decoded bytes and the map from their offsets to absolute offsets of the encoded bytes. */
export interface QuotedPrintableDecoding {
  bytes: Buffer;
  map: OffsetMap;
}

const EQUALS = 0x3d;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Runs this short are copied byte by byte; longer ones natively, through a view made for the
 * copy. Counted in instructions (callgrind, runs of 51 bytes, the mean run of the usrp-users
 * mbox's 19 MB of quoted-printable): the loop costs about 20 a byte, the view and its copy
 * about 650 a run, so a view pays from about 32 bytes. Buffer#copy and subarray make
 * their views through more JavaScript.
 */
const SHORT_RUN_BYTES = 32;

/**
 * The offset map is made with room for a piece per this many encoded bytes: about one a line
 * (a soft line break ends a piece; RFC 2045 §6.7 rule 5 keeps lines to 76 bytes), so that
 * the map of a long part is one array from the start, not one grown step by step.
 */
const BYTES_PER_EXPECTED_PIECE = 64;

/** The value of an ASCII hex digit (either case, as real encoders vary), or -1. */
function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/**
 * Decodes `encoded[from, to)`. Following RFC 2045 §6.7: `=XX` is one byte (rule 1);
 * white space at the end of a line is deleted (rule 3); `=` followed by optional
 * transport padding and a line break is a soft line break and disappears (rule 5);
 * a `=` that starts neither is kept as it is, the robust
 * reading the RFC recommends for malformed input. Linear: the runs between `=` are
 * found with native `indexOf` and copied whole.
 */
export function decodeQuotedPrintable(encoded: Buffer, from: number, to: number): QuotedPrintableDecoding {
  const input = encoded.subarray(from, to);
  const output = Buffer.allocUnsafe(input.length);
  const map = buildOffsetMap(from, Math.ceil((to - from) / BYTES_PER_EXPECTED_PIECE));
  const written = decodeInto(input, output, map);
  return { bytes: output.subarray(0, written), map: map.finish() };
}

/**
 * Decodes all of `input` to `output` and returns how many bytes it wrote. Apart from
 * decodeQuotedPrintable, so that the loop's optimised code ends in nothing but a return:
 * a part of one long run of soft breaks or escapes is optimised while in the loop, before
 * the code after it has ever run, and V8 then deoptimised it at that code on every part.
 */
function decodeInto(input: Buffer, output: Buffer, map: OffsetMapBuilder): number {
  let written = 0;
  let i = 0;
  while (i < input.length) {
    // A `=` right after the last escape or soft break is taken without a native search: a
    // line of escapes, or a run of soft breaks (bench row "quoted-printable, soft breaks
    // only"), would otherwise cost one `indexOf` call for every three bytes or fewer.
    let equals = input[i] === EQUALS ? i : input.indexOf(EQUALS, i);
    if (equals < 0) equals = input.length;
    if (equals > i) written = copyRun(input, i, equals, output, written, map);
    if (equals >= input.length) break;
    // Bytes past the end are never read: optimised code was deoptimised ("out of bounds") at
    // the first part that ended in `=` or `=X`, and compiled again.
    const high = equals + 2 < input.length ? hexValue(input[equals + 1]) : -1;
    const low = high < 0 ? -1 : hexValue(input[equals + 2]);
    if (low >= 0) {
      output[written++] = high * 16 + low;
      map.take(1, 3);
      i = equals + 3;
      continue;
    }
    let j = equals + 1;
    while (j < input.length && (input[j] === 0x20 || input[j] === 0x09)) j++;
    if (j >= input.length || input[j] === LF || (input[j] === CR && j + 1 < input.length && input[j + 1] === LF)) {
      if (j < input.length) j += input[j] === CR ? 2 : 1;
      // Soft breaks that follow at once, `=` and a line break with no padding, go with it.
      while (j + 1 < input.length && input[j] === EQUALS && (input[j + 1] === LF || (input[j + 1] === CR && j + 2 < input.length && input[j + 2] === LF))) j += input[j + 1] === LF ? 2 : 3;
      map.take(0, j - equals);
      i = j;
      continue;
    }
    output[written++] = EQUALS;
    map.take(1, 1);
    i = equals + 1;
  }
  return written;
}

/**
 * Copies `input[start, end)`, a run without `=`, to `output` from `written`, deleting the
 * white space at the end of each of its lines (rule 3: it "will necessarily have been added
 * by intermediate transport agents"), and returns where the copy ends. White space before
 * a `=` escape or soft break is not at a line end and stays.
 */
function copyRun(input: Buffer, start: number, end: number, output: Buffer, written: number, map: OffsetMapBuilder): number {
  let copied = start;
  let lineStart = start;
  let newline = input.indexOf(LF, start);
  while (newline >= 0 && newline < end) {
    const contentEnd = newline > lineStart && input[newline - 1] === CR ? newline - 1 : newline;
    let kept = contentEnd;
    while (kept > lineStart && (input[kept - 1] === 0x20 || input[kept - 1] === 0x09)) kept--;
    if (kept < contentEnd) {
      written = copy(input, copied, kept, output, written, map);
      map.take(0, contentEnd - kept);
      copied = contentEnd;
    }
    lineStart = newline + 1;
    newline = input.indexOf(LF, lineStart);
  }
  return copy(input, copied, end, output, written, map);
}

/** Copies `input[start, end)` to `output` from `written` unchanged, and returns where the copy ends. */
function copy(input: Buffer, start: number, end: number, output: Buffer, written: number, map: OffsetMapBuilder): number {
  if (end - start <= SHORT_RUN_BYTES) for (let k = start, to = written; k < end; k++, to++) output[to] = input[k] as number;
  else output.set(new Uint8Array(input.buffer, input.byteOffset + start, end - start), written);
  map.take(end - start, end - start);
  return written + end - start;
}
