/**
 * Plain text files: UTF-8, or Latin-1 when the bytes are not valid UTF-8; a byte
 * order mark says UTF-8 or UTF-16 outright. Streamed in pieces cut at paragraph
 * breaks, so a file of any size is read in constant memory.
 */
import { MAX_URL_LENGTH } from '../limits.js';
import { decodeText } from './mime.js';
import { removeNoise } from './noise.js';
import type { DocumentOrigin, SourceBatch, SourceDocument } from './origin.js';
import { buildOffsetMap, countLines, locateInFrame, type OffsetMap, type RawPoint } from './raw-position.js';

/**
 * Text is handed to the scanner in pieces of about this size, cut at an empty line
 * (where no URL continues) or, failing that, at a line break. 8 MiB keeps memory
 * small and the per-piece cost negligible.
 */
export const TEXT_PIECE_BYTES = 8 * 1024 * 1024;

/**
 * A piece with no line break for this many times the piece size is cut anyway: nothing sensible is
 * lost, and memory stays bounded on a file that is one enormous line.
 */
const MAX_PIECE_FACTOR = 4;

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Reads plain text into documents, one per piece. */
export async function* readText(
  chunks: AsyncIterable<Buffer>,
  place: { file?: string },
  pieceBytes: number = TEXT_PIECE_BYTES,
): AsyncGenerator<SourceBatch> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let offset = 0;
  let line = 1;
  // The column of the next piece's first byte: more than 1 after a line cut for its length.
  let column = 1;
  let first = true;
  let utf16: 'utf-16le' | 'utf-16be' | undefined;
  let nextAttempt = 0;

  const piece = (bytes: Buffer): SourceDocument | undefined => {
    let from = 0;
    if (first) {
      first = false;
      if (bytes.length >= 3 && bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2]) from = 3;
    }
    const frame = { raw: bytes, offset, line, column };
    offset += bytes.length;
    const lines = countLines(bytes);
    line += lines;
    column = lines > 0 ? bytes.length - bytes.lastIndexOf(10) : column + bytes.length;
    if (from >= bytes.length) return undefined;
    const decoded = decodeText(bytes, from, bytes.length);
    return textDocument(decoded.text, () => decoded.offsets(), frame, place);
  };

  for await (const chunk of chunks) {
    if (first && utf16 === undefined && pendingLength === 0 && chunk.length >= 2) {
      if (chunk[0] === 0xff && chunk[1] === 0xfe) utf16 = 'utf-16le';
      else if (chunk[0] === 0xfe && chunk[1] === 0xff) utf16 = 'utf-16be';
    }
    pending.push(chunk);
    pendingLength += chunk.length;
    if (utf16 || pendingLength < Math.max(2 * pieceBytes, nextAttempt)) continue;
    const all = Buffer.concat(pending, pendingLength);
    let start = 0;
    for (let cut = cutPoint(all, start, pieceBytes); cut > 0; cut = cutPoint(all, start, pieceBytes)) {
      const doc = piece(all.subarray(start, cut));
      if (doc) yield [doc];
      start = cut;
    }
    pending = start < all.length ? [all.subarray(start)] : [];
    pendingLength = all.length - start;
    // No cut found: try again with twice the bytes, so that joining them stays linear.
    nextAttempt = start === 0 ? 2 * pendingLength : 0;
  }
  if (pendingLength === 0) return;
  const all = Buffer.concat(pending, pendingLength);
  if (utf16) {
    yield [utf16Document(all, utf16, place)];
    return;
  }
  let start = 0;
  for (let cut = cutPoint(all, start, pieceBytes); cut > 0; cut = cutPoint(all, start, pieceBytes)) {
    const doc = piece(all.subarray(start, cut));
    if (doc) yield [doc];
    start = cut;
  }
  const doc = piece(all.subarray(start));
  if (doc) yield [doc];
}

/**
 * Where the piece starting at `start` ends, decided by the bytes alone (so pieces are
 * the same however the input was chunked): after the first empty line at or after
 * `pieceBytes`; failing that within twice the size, after the first line break past
 * it; failing that within four times, there. 0 while the bytes to decide are not all in.
 */
function cutPoint(bytes: Buffer, start: number, pieceBytes: number): number {
  const from = start + pieceBytes;
  if (bytes.length < from) return 0;
  const window = bytes.subarray(0, Math.min(bytes.length, start + 2 * pieceBytes));
  const blank = window.indexOf('\n\n', from - 1);
  const blankCrlf = window.indexOf('\n\r\n', from - 1);
  if (blank >= 0 && (blankCrlf < 0 || blank < blankCrlf)) return blank + 2;
  if (blankCrlf >= 0) return blankCrlf + 3;
  if (bytes.length < start + 2 * pieceBytes) return 0;
  const lineBreak = bytes.subarray(0, Math.min(bytes.length, start + MAX_PIECE_FACTOR * pieceBytes)).indexOf(10, start + 2 * pieceBytes);
  if (lineBreak >= 0) return lineBreak + 1;
  if (bytes.length < start + MAX_PIECE_FACTOR * pieceBytes) return 0;
  // One line longer than all that: cut it after a space or tab, where no URL goes on (a URL
  // is at most MAX_URL_LENGTH long, so one within reach of the limit always ends before it).
  const limit = start + MAX_PIECE_FACTOR * pieceBytes;
  const tail = bytes.subarray(Math.max(start + 1, limit - 2 * MAX_URL_LENGTH), limit);
  const space = Math.max(tail.lastIndexOf(0x20), tail.lastIndexOf(0x09));
  if (space >= 0) return limit - tail.length + space + 1;
  // No white space there either: not inside a UTF-8 sequence, at least.
  let cut = limit;
  while (cut > start + 1 && ((bytes[cut] as number) & 0xc0) === 0x80) cut--;
  return cut;
}

function textDocument(
  text: string,
  offsets: () => OffsetMap,
  frame: { raw: Buffer; offset: number; line: number },
  place: { file?: string },
): SourceDocument {
  const locate = locateInFrame(frame);
  let map: OffsetMap | undefined;
  const toRaw = (offset: number, isEnd: boolean): RawPoint => {
    map ??= offsets();
    return locate(isEnd ? map.end(offset) : map.start(offset));
  };
  const origin: DocumentOrigin = { input: 'text' };
  if (place.file !== undefined) origin.file = place.file;
  const denoised = removeNoise(text);
  if (denoised.spans.length > 0) {
    origin.skipped = denoised.spans.map((span) => ({ kind: span.kind, start: toRaw(span.start, false), end: toRaw(span.end, true) }));
  }
  return { type: 'document', text: denoised.text, source: text, toRaw, exact: true, origin };
}

/** A UTF-16 text with its byte order mark, read whole: two bytes per UTF-16 unit. */
function utf16Document(bytes: Buffer, encoding: 'utf-16le' | 'utf-16be', place: { file?: string }): SourceDocument {
  const text = new TextDecoder(encoding).decode(bytes);
  const offsets = (): OffsetMap => {
    const builder = buildOffsetMap(2);
    builder.take(text.length, text.length * 2);
    return builder.finish();
  };
  return textDocument(text, offsets, { raw: bytes, offset: 0, line: 1 }, place);
}
