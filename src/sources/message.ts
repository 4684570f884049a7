/**
 * One message (RFC 5322) or news article (RFC 5536) into documents to scan: the
 * URL-bearing header fields, then every text part of its MIME structure (RFC 2045,
 * RFC 2046), decoded, with the way back to the raw bytes.
 *
 * The common case costs little: a single-part 7bit or 8bit `text/plain` body is
 * decoded straight from the message bytes. Only what needs it goes further:
 * multipart bodies are split on bytes, quoted-printable and base64 are decoded,
 * charsets go through `mime.ts`, flowed text is unwrapped, HTML is read for its
 * text and links. Parts that are not text are never decoded.
 */
import { isUtf8 } from 'node:buffer';
import { readHtml, type HtmlAttributes } from './html.js';
import { decodeWords, unknownWordCharsets } from './encoded-word.js';
import { decodeText, isAsciiRange, parseContentType, type ContentType, type DecodedText } from './mime.js';
import { MultipartLines, splitMultipart, type MultipartSplit } from './multipart.js';
import { denoise, foundNoise, mayHoldNoise, type NoiseKind } from './noise.js';
import { unwrapFlowed } from './flowed.js';
import { fieldValue, findField, parseHeader, parseHeaderAgain, type HeaderField, type HeaderSection } from './header.js';
import { decodeQuotedPrintable } from './quoted-printable.js';
import {
  composeMaps,
  constantMap,
  FrameLocator,
  type OffsetMap,
  type RawFrame,
  type RawPoint,
} from './raw-position.js';
import { scanError, type DocumentOrigin, type ScanError, type ScanErrorReason, type SkippedBlock, type SourceDocument, type SourceKind } from './origin.js';

/**
 * Header fields whose value is or holds URLs: RFC 2369 (List-*), RFC 5064
 * (Archived-At), RFC 2110 (Content-Base), RFC 2557 (Content-Location), RFC 8288
 * (Link), and the informal X-URL family. Message-ID, References and In-Reply-To are
 * deliberately absent: their `<id@host>` values are not URLs.
 */
export const URL_HEADER_FIELDS: ReadonlySet<string> = new Set([
  'list-archive',
  'list-help',
  'list-owner',
  'list-post',
  'list-subscribe',
  'list-unsubscribe',
  'archived-at',
  'x-archived-at',
  'x-url',
  'x-homepage',
  'link',
  'content-base',
  'content-location',
]);

/**
 * Multipart and message/rfc822 nesting deeper than this is not mail a person sent;
 * the limit keeps crafted input from exhausting the stack.
 */
export const MAX_MIME_DEPTH = 32;

/** The bytes of one message and where they are in the raw input. */
export interface MessageBytes {
  /** The message bytes (for an mbox: `>From ` quoting undone). */
  bytes: Buffer;
  /** Where the header section starts in `bytes` (after an mbox `From ` line). */
  start: number;
  /** The raw bytes of the message and their place in the input. */
  frame: RawFrame;
  /** Offsets in `bytes` to offsets in `frame.raw`; absent when they are the same bytes. */
  toFrame?: OffsetMap;
  /**
   * The header section at `bytes[start...]` when the caller has read it already, as
   * `parseHeader(bytes, start, bytes.length)` reads it (the mbox splitter does, for
   * Content-Length); read here when absent.
   */
  header?: HeaderSection;
}

/** Where a message sits, for origins and error records. */
export interface MessagePlace {
  file?: string;
  input: SourceKind;
  /** 0-based message index in the file. */
  index: number;
}

/** Options for {@link readMessage}. */
export interface ReadMessageOptions {
  /** Produce documents for the URL-bearing header fields (default true). */
  headers?: boolean;
  /** The message was cut at a size limit (already reported): its unfinished multiparts are not reported again. */
  cut?: boolean;
  /** Called once for every message, before its documents: for counts and progress. */
  onMessage?: (message: MessageInfo) => void;
}

/** A message as {@link ReadMessageOptions.onMessage} reports it. */
export interface MessageInfo {
  file?: string;
  input: SourceKind;
  /** 0-based index of the message in the file. */
  message: number;
  /** Byte offset of the message in the raw input. */
  offset: number;
  /** Its length in bytes as read (at most the size limit). */
  length: number;
}

/** Bytes that entities are read from: the message's own, or a decoded message/rfc822 part. */
export interface Space {
  bytes: Buffer;
  /** Offsets in `bytes` to offsets in the message bytes; absent for the message bytes themselves. */
  toMessage?: OffsetMap;
  /** False inside a part whose bytes had to be decoded as a whole (base64 message/rfc822). */
  exact: boolean;
  /**
   * True when every byte of `bytes` is below 0x80: learnt once for the bytes of a message
   * with a multipart body, so that its parts are not each looked at again for 8-bit bytes
   * (bench row "multipart, many parts"); undefined when not known.
   */
  ascii?: boolean;
  /** What the multipart splits of `bytes` learnt (see `MultipartLines`); made at the first. */
  multipartLines?: MultipartLines;
  /** A window of ASCII `bytes` read as text, from {@link windowStart} (see {@link asciiText}); undefined until one is made. */
  window?: string;
  windowStart?: number;
}

/** A {@link Space} of `bytes`, all of its fields set (one shape for all; exported for its tests). */
export function newSpace(bytes: Buffer, toMessage: OffsetMap | undefined, exact: boolean): Space {
  return { bytes, toMessage, exact, ascii: undefined, multipartLines: undefined, window: undefined, windowStart: 0 };
}

/** A part up to this long is cut from a window of its space's text (see {@link asciiText}). */
const MAX_WINDOWED_PART_BYTES = 4096;
/** How much of a space's bytes a window reads as text at once (a string of 64 KiB, alive while its parts' texts are). */
const TEXT_WINDOW_BYTES = 64 * 1024;

/**
 * The text of `space.bytes[from, to)`, which are ASCII, as `bytes.toString('latin1', from, to)`
 * gives it. A short part is cut from a window of the space's text read once for many parts (a
 * substring shares the window's characters): reading each of 20,000 short parts from the
 * bytes cost a native call and a copy each (bench row "multipart, many parts"). Windows start
 * at a part that is outside the last, so each byte is read into at most one window but for
 * the parts that straddle two. Exported for its tests.
 */
export function asciiText(space: Space, from: number, to: number): string {
  const bytes = space.bytes;
  if (to - from > MAX_WINDOWED_PART_BYTES) return bytes.toString('latin1', from, to);
  let window = space.window;
  let windowStart = space.windowStart as number;
  if (window === undefined || from < windowStart || to > windowStart + window.length) {
    windowStart = from;
    window = bytes.toString('latin1', from, Math.min(bytes.length, Math.max(to, from + TEXT_WINDOW_BYTES)));
    space.window = window;
    space.windowStart = windowStart;
  }
  return window.slice(from - windowStart, to - windowStart);
}

/** What is the same for every part of one message. */
interface Walk {
  message: MessageBytes;
  place: MessagePlace;
  origin: DocumentOrigin;
  headers: boolean;
  cut: boolean;
  locator: FrameLocator;
}

const isWhite = (code: number | undefined): boolean => code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0a;

/** Produces the documents and error records of one message, in file order. */
export function* readMessage(message: MessageBytes, place: MessagePlace, options: ReadMessageOptions = {}): Generator<SourceDocument | ScanError> {
  const reader = new MessageReader(message, place, options);
  const items: Item[] = [];
  let done = false;
  while (!done) {
    done = reader.readInto(items, MAX_ITEMS_PER_STEP);
    for (let i = 0; i < items.length; i++) yield items[i] as Item;
    items.length = 0;
  }
}

type Item = SourceDocument | ScanError;

const EMPTY_BYTES = Buffer.alloc(0);

/** {@link readMessage} reads this many items (or a few more) ahead of what it has yielded. */
const MAX_ITEMS_PER_STEP = 64;

/**
 * Reads one message into documents and error records, in file order, a few at a time:
 * {@link readInto} appends to the caller's array until it holds as many as asked for. Not a
 * generator: a message of 20,000 parts cost a generator step and a result object per
 * document, where the reader of an mbox can put them in its batch directly (bench row
 * "multipart, many parts").
 */
export class MessageReader {
  /**
   * Keeps the class's hidden class alive through a full collection (see `ReplacementMap` in
   * raw-position.ts): without it, `readInto` was deoptimised ("weak objects") at 7 of 10 gc()
   * calls between scans of the bench row "multipart, many parts", and compiled again.
   */
  static readonly shapeKeeper: MessageReader = new MessageReader({ bytes: EMPTY_BYTES, start: 0, frame: { raw: EMPTY_BYTES, offset: 0, line: 1 } }, { input: 'eml', index: 0 });

  private readonly walk: Walk;
  private readonly section: HeaderSection;
  private started = false;
  /** The multipart entities whose body parts are being read, innermost last. */
  private readonly multiparts: MultipartWalk[] = [];
  /** The header section of the body part being read, read again for each (see `parseHeaderAgain`). */
  private readonly partSection: HeaderSection = parseHeader(EMPTY_BYTES, 0, 0);

  /** Reads the message's header section (and calls `options.onMessage`); nothing else until {@link readInto}. */
  constructor(message: MessageBytes, place: MessagePlace, options: ReadMessageOptions = {}) {
    const { bytes, start } = message;
    options.onMessage?.({ file: place.file, input: place.input, message: place.index, offset: message.frame.offset, length: message.frame.raw.length });
    const locator = new FrameLocator(message.frame);
    const section = message.header ?? parseHeader(bytes, start, bytes.length);
    const origin: DocumentOrigin = { input: place.input, message: place.index, messageOffset: message.frame.offset };
    if (place.file !== undefined) origin.file = place.file;
    const messageId = findField(section, 'message-id');
    if (messageId) origin.messageId = fieldValue(bytes, messageId);
    const newsgroups = findField(section, 'newsgroups');
    if (newsgroups) {
      origin.newsgroups = fieldValue(bytes, newsgroups)
        .split(',')
        .map((group) => group.trim())
        .filter((group) => group !== '');
    }
    this.section = section;
    this.walk = { message, place, origin, headers: options.headers ?? true, cut: options.cut ?? false, locator };
  }

  /**
   * Appends the message's next items to `out` until it holds at least `max`: one entity at a
   * time, so a few more when an entity gives several. Returns true when the message has no more.
   */
  readInto(out: Item[], max: number): boolean {
    const walk = this.walk;
    const multiparts = this.multiparts;
    if (!this.started) {
      this.started = true;
      const { bytes, start } = walk.message;
      const nul = indexOfNul(bytes, start);
      if (nul >= 0) {
        out.push(fail(walk, 'nul-bytes', `the message contains NUL bytes (the first at byte ${frameOffset(walk, newSpace(bytes, undefined, true), nul)}); they are read as text`, undefined, nul));
      }
      readEntity(walk, newSpace(bytes, undefined, true), this.section, bytes.length, '', true, 'text/plain', 0, out, multiparts);
    }
    while (out.length < max) {
      const multipart = multiparts[multiparts.length - 1];
      if (multipart === undefined) return true;
      const { split, space } = multipart;
      if (multipart.next < split.count) {
        // Its next body part, read only now: the parts of a large multipart are never all held as documents.
        const at = 2 * multipart.next++;
        const partStart = split.bounds[at] as number;
        const partEnd = split.bounds[at + 1] as number;
        const childPath = multipart.path === '' ? `${multipart.next}` : `${multipart.path}.${multipart.next}`;
        // Read into the one section of the walk's body parts: readEntity is done with it when it returns.
        const childSection = parseHeaderAgain(this.partSection, space.bytes, partStart, partEnd);
        readEntity(walk, space, childSection, partEnd, childPath, false, multipart.childDefault, multipart.depth + 1, out, multiparts);
      } else {
        multiparts.pop();
        if (!split.closed && !walk.cut) {
          out.push(fail(walk, 'truncated-multipart', `${multipart.mediaType} ends without its closing boundary "--${multipart.boundary}--"`, multipart.leafPath, multipart.end, space));
        }
      }
    }
    return multiparts.length === 0;
  }
}

/** A multipart entity whose body parts are being read, in {@link readMessage}'s walk. */
interface MultipartWalk {
  space: Space;
  split: MultipartSplit;
  /** Index of the next body part to read. */
  next: number;
  /** The entity's own path: its parts are `<path>.<n>`, or `<n>` at the top. */
  path: string;
  /** Its path as a leaf, for its error records. */
  leafPath: string;
  mediaType: string;
  boundary: string;
  childDefault: string;
  depth: number;
  end: number;
}

/** A message this short is searched for NUL byte by byte (a native call costs more). */
const SHORT_MESSAGE_BYTES = 256;

function indexOfNul(bytes: Buffer, from: number): number {
  if (bytes.length - from > SHORT_MESSAGE_BYTES) return bytes.indexOf(0, from);
  for (let i = from; i < bytes.length; i++) if (bytes[i] === 0) return i;
  return -1;
}

/** Offset in the raw input of offset `at` in `space`. */
function frameOffset(walk: Walk, space: Space, at: number): number {
  return walk.locator.locate(toFrame(walk, space, at, false)).offset;
}

function toFrame(walk: Walk, space: Space, at: number, isEnd: boolean): number {
  let offset = at;
  if (space.toMessage) offset = isEnd ? space.toMessage.end(offset) : space.toMessage.start(offset);
  if (walk.message.toFrame) offset = isEnd ? walk.message.toFrame.end(offset) : walk.message.toFrame.start(offset);
  return offset;
}

function fail(walk: Walk, reason: ScanErrorReason, detail: string, part: string | undefined, at: number | undefined, space?: Space): ScanError {
  const where = walk.place.file === undefined ? '' : `${walk.place.file}: `;
  return scanError(reason, `${where}message ${walk.place.index}${part ? `, part ${part}` : ''}: ${detail}`, {
    file: walk.place.file,
    input: walk.place.input,
    message: walk.place.index,
    messageOffset: walk.message.frame.offset,
    part,
    offset: at === undefined ? undefined : walk.locator.locate(toFrame(walk, space ?? newSpace(walk.message.bytes, undefined, true), at, false)).offset,
  });
}

/**
 * Reads one entity (a message, or a body part) into `out`: its URL-bearing header fields,
 * then its body. The body parts of a multipart are left to {@link readMessage}'s walk, on
 * `multiparts`. `root` is true for a message, whose single-part body is part `1` (or
 * `path.1` inside a message/rfc822 part, RFC 3501 §6.4.5).
 */
function readEntity(
  walk: Walk,
  space: Space,
  section: HeaderSection,
  end: number,
  path: string,
  root: boolean,
  defaultType: string,
  depth: number,
  out: Item[],
  multiparts: MultipartWalk[],
): void {
  // A message's header fields, and a body part's own (Content-Location, Content-Base).
  if (walk.headers) {
    for (let i = 0; i < section.count; i++) {
      const field = section.fields[i] as HeaderField;
      if (URL_HEADER_FIELDS.has(field.key)) readHeaderField(walk, space, field, path, out);
    }
  }
  const typeField = findField(section, 'content-type');
  const declared = typeField ? contentTypeOf(space.bytes, typeField) : undefined;
  const type: ContentType = declared ?? { mediaType: defaultType, params: {} };
  const bodyStart = Math.min(section.bodyStart, end);
  const leafPath = root ? (path === '' ? '1' : `${path}.1`) : path;

  if (depth >= MAX_MIME_DEPTH) {
    out.push(fail(walk, 'mime-too-deep', `MIME nesting deeper than ${MAX_MIME_DEPTH} levels is not read`, leafPath, bodyStart, space));
    return;
  }

  const kind = entityKind(type);
  if (kind === EntityKind.Multipart) {
    const boundary = type.params.boundary;
    if (!boundary) {
      out.push(fail(walk, 'missing-boundary', `${type.mediaType} has no boundary parameter; the body is read as plain text`, leafPath, bodyStart, space));
      readLeaf(walk, space, section, bodyStart, end, leafPath, { mediaType: 'text/plain', params: {} }, out);
      return;
    }
    // A message's bytes are looked at for 8-bit ones once, natively, not once per part.
    if (space.ascii === undefined && space.toMessage === undefined) space.ascii = isAsciiRange(space.bytes, 0, space.bytes.length);
    const split = splitMultipart(space.bytes, bodyStart, end, boundary, (space.multipartLines ??= new MultipartLines()));
    if (split.count === 0) {
      out.push(fail(walk, 'no-body-parts', `the boundary "${boundary}" of ${type.mediaType} never occurs; the body is read as plain text`, leafPath, bodyStart, space));
      readLeaf(walk, space, section, bodyStart, end, leafPath, { mediaType: 'text/plain', params: {} }, out);
      return;
    }
    const childDefault = type.mediaType === 'multipart/digest' ? 'message/rfc822' : 'text/plain';
    multiparts.push({ space, split, next: 0, path, leafPath, mediaType: type.mediaType, boundary, childDefault, depth, end });
    return;
  }

  if (kind === EntityKind.Message) {
    const encoding = transferEncoding(space.bytes, section);
    let inner: Space = space;
    let innerStart = bodyStart;
    let innerEnd = end;
    if (encoding === 'base64' || encoding === 'quoted-printable') {
      const decoded = decodeTransfer(space.bytes, bodyStart, end, encoding);
      inner = newSpace(decoded.bytes, space.toMessage ? composeMaps(decoded.map, space.toMessage) : decoded.map, space.exact && decoded.exact);
      innerStart = 0;
      innerEnd = decoded.bytes.length;
    }
    // The attached message is read like the message itself: its header fields under
    // this part's number, its body as `<part>.1` or `<part>.<n>`.
    const innerSection = parseHeader(inner.bytes, innerStart, innerEnd);
    readEntity(walk, inner, innerSection, innerEnd, leafPath, true, 'text/plain', depth + 1, out, multiparts);
    return;
  }

  if (kind === EntityKind.Text) readLeaf(walk, space, section, bodyStart, end, leafPath, type, out);
  // Anything else (images, applications, audio, video) holds no text to scan and is never decoded.
}

/** What {@link readEntity} does with an entity, by its media type. */
const enum EntityKind {
  Multipart,
  /** An attached message, read like a message. */
  Message,
  /** A text leaf, scanned. */
  Text,
  /** Images, applications, audio, video: never decoded. */
  Other,
}

/** The media type {@link entityKind} was last asked about (parts of one message share one, see {@link contentTypeOf}), and its answer. */
let lastKindType: ContentType | undefined;
let lastKind = EntityKind.Other;

/** What is done with an entity of media type `type`. */
function entityKind(type: ContentType): EntityKind {
  if (type === lastKindType) return lastKind;
  const mediaType = type.mediaType;
  let kind: EntityKind;
  if (mediaType.startsWith('multipart/')) kind = EntityKind.Multipart;
  else if (mediaType === 'message/rfc822' || mediaType === 'message/global' || mediaType === 'message/news') kind = EntityKind.Message;
  else if (
    mediaType.startsWith('text/') ||
    mediaType === 'message/delivery-status' ||
    mediaType === 'message/disposition-notification' ||
    !REGISTERED_TOP_LEVEL_TYPES.has(mediaType.slice(0, mediaType.indexOf('/')))
  ) {
    kind = EntityKind.Text;
  } else kind = EntityKind.Other;
  lastKindType = type;
  lastKind = kind;
  return kind;
}

/**
 * A Content-Type value up to this long is remembered, as its bytes, with what it parsed
 * to: the parts of one message nearly always repeat one value (`text/plain;
 * charset=utf-8`), and parsing it was most of the cost of a part (bench row
 * "multipart, many parts"). Longer values are parsed each time.
 */
const MAX_REMEMBERED_TYPE_BYTES = 256;
const rememberedTypeBytes = new Uint8Array(MAX_REMEMBERED_TYPE_BYTES);
let rememberedTypeLength = -1;
let rememberedType: ContentType | undefined;

/**
 * The parsed Content-Type field `field`, or undefined when it has no `type/subtype`. The
 * result is shared with other parts of the same value and must not be changed.
 */
function contentTypeOf(bytes: Buffer, field: HeaderField): ContentType | undefined {
  const from = field.valueStart;
  const length = field.valueEnd - from;
  if (length === rememberedTypeLength) {
    let same = true;
    for (let i = 0; i < length; i++) {
      if (bytes[from + i] !== rememberedTypeBytes[i]) {
        same = false;
        break;
      }
    }
    if (same) return rememberedType;
  }
  const type = parseContentType(fieldValue(bytes, field));
  if (length <= MAX_REMEMBERED_TYPE_BYTES) {
    for (let i = 0; i < length; i++) rememberedTypeBytes[i] = bytes[from + i] as number;
    rememberedTypeLength = length;
    rememberedType = type;
  }
  return type;
}

/**
 * The registered top-level media types (RFC 2046 §2, RFC 8081, RFC 2077). A part of
 * another type (`setext/plain` in a 1993 news article) was labelled by hand or by
 * mistake and is read as text, which is what it nearly always is.
 */
const REGISTERED_TOP_LEVEL_TYPES: ReadonlySet<string> = new Set(['text', 'image', 'audio', 'video', 'application', 'multipart', 'message', 'font', 'model', 'haptics', 'example']);

/** The Content-Transfer-Encoding in lower case; `7bit` when absent (RFC 2045 §6.1). */
function transferEncoding(bytes: Buffer, section: HeaderSection): string {
  const field = findField(section, 'content-transfer-encoding');
  return field ? fieldValue(bytes, field).toLowerCase() : '7bit';
}

/** Transfer-decoded bytes and the map from them back to the encoded bytes. */
interface TransferDecoding {
  bytes: Buffer;
  from: number;
  to: number;
  /** Offsets in `bytes` to offsets in the encoded bytes; absent when `bytes` are the encoded bytes. */
  map?: OffsetMap;
  exact: boolean;
}

function decodeTransfer(bytes: Buffer, from: number, to: number, encoding: string): TransferDecoding & { map: OffsetMap } {
  if (encoding === 'quoted-printable') {
    const decoded = decodeQuotedPrintable(bytes, from, to);
    return { bytes: decoded.bytes, from: 0, to: decoded.bytes.length, map: decoded.map, exact: true };
  }
  // base64 (RFC 2045 §6.8): Node's decoder skips line breaks and characters outside the alphabet.
  const decoded = Buffer.from(bytes.toString('latin1', from, to), 'base64');
  let start = from;
  while (start < to && isWhite(bytes[start])) start++;
  return { bytes: decoded, from: 0, to: decoded.length, map: constantMap(start), exact: false };
}

/** A byte that cannot be in base64 data: outside the alphabet (RFC 2045 §6.8, Table 1), padding and line white space. */
const NOT_BASE64 = /[^A-Za-z0-9+/=\r\n \t]/g;

/**
 * Where a text part labelled base64 shows it is not base64, relative to `from`; -1
 * when it is. RFC 2045 §6.8 tells decoders to ignore characters outside the
 * alphabet, and a single stray one is line noise; a body with more (`:` and `.` of a
 * URL, punctuation) was never encoded.
 */
function notBase64(bytes: Buffer, from: number, to: number): number {
  const text = bytes.toString('latin1', from, to);
  NOT_BASE64.lastIndex = 0;
  const first = NOT_BASE64.exec(text);
  if (!first) return -1;
  return NOT_BASE64.exec(text) ? first.index : -1;
}

/**
 * A copy of a message's origin for one of its documents. Field by field: an object spread
 * of the many origin shapes went to V8's slow generic copy, and was most of the cost of a
 * message with one short part (bench: "From lines in bodies", "multipart, many parts").
 * Exported for its tests.
 */
export function copyOrigin(origin: DocumentOrigin): DocumentOrigin {
  const copy: DocumentOrigin = { input: origin.input };
  if (origin.file !== undefined) copy.file = origin.file;
  if (origin.message !== undefined) copy.message = origin.message;
  if (origin.messageOffset !== undefined) copy.messageOffset = origin.messageOffset;
  if (origin.messageId !== undefined) copy.messageId = origin.messageId;
  if (origin.newsgroups !== undefined) copy.newsgroups = origin.newsgroups;
  return copy;
}

/**
 * The origin of a text part's document: a copy of its message's `origin` with the part's
 * fields, in the order {@link copyOrigin} and four assignments give them. An object literal
 * for a message with no Newsgroups field: a copy with the fields added one by one grew its
 * property store three times, and was a third of the memory a short part of a message of
 * 20,000 parts allocated (bench row "multipart, many parts"). A message's `message` and
 * `messageOffset` are always set. Exported for its tests.
 */
export function partOrigin(origin: DocumentOrigin, part: string, contentType: string, charset: string, transferEncoding: string): DocumentOrigin {
  const { input, file, message, messageOffset, messageId } = origin;
  if (origin.newsgroups === undefined && message !== undefined && messageOffset !== undefined) {
    if (file === undefined) {
      return messageId === undefined
        ? { input, message, messageOffset, part, contentType, charset, transferEncoding }
        : { input, message, messageOffset, messageId, part, contentType, charset, transferEncoding };
    }
    return messageId === undefined
      ? { input, file, message, messageOffset, part, contentType, charset, transferEncoding }
      : { input, file, message, messageOffset, messageId, part, contentType, charset, transferEncoding };
  }
  const copy = copyOrigin(origin);
  copy.part = part;
  copy.contentType = contentType;
  copy.charset = charset;
  copy.transferEncoding = transferEncoding;
  return copy;
}

/** Reads a text leaf part into one document (after its error records), in `out`. */
function readLeaf(
  walk: Walk,
  space: Space,
  section: HeaderSection,
  from: number,
  to: number,
  path: string,
  type: ContentType,
  out: Item[],
): void {
  const encoding = transferEncoding(space.bytes, section);
  // The transfer-decoded bytes; undefined when the body is read as it is (no object made for
  // each of the many short parts of a message).
  let transfer: TransferDecoding | undefined;
  if (encoding === '7bit' || encoding === '8bit' || encoding === 'binary' || encoding === '') {
    transfer = undefined;
  } else if (encoding === 'base64' && notBase64(space.bytes, from, to) >= 0) {
    // A wrong label: text sent as it is under "base64". Decoding it would lose every URL in it.
    const at = from + notBase64(space.bytes, from, to);
    out.push(fail(walk, 'malformed-base64', `the body is labelled base64 but holds ${JSON.stringify(String.fromCharCode(space.bytes[at] ?? 0))} at byte ${at - from}; it is read as it is`, path, at, space));
  } else if (encoding === 'quoted-printable' || encoding === 'base64') {
    transfer = decodeTransfer(space.bytes, from, to, encoding);
  } else {
    out.push(fail(walk, 'unknown-transfer-encoding', `unknown Content-Transfer-Encoding "${encoding}"; the body is read as it is`, path, from, space));
  }

  const charset = type.params.charset;
  const decoded = transfer
    ? decodeText(transfer.bytes, transfer.from, transfer.to, charset)
    : decodeText(space.bytes, from, to, charset, space.ascii === true ? asciiText(space, from, to) : undefined);
  if (!decoded.known) {
    out.push(fail(walk, 'unknown-charset', `unknown charset "${charset}"; the text is read as ${decoded.charset}`, path, from, space));
  } else if (decoded.charset === 'UTF-8' && !(transfer ? isUtf8(transfer.bytes.subarray(transfer.from, transfer.to)) : isUtf8(space.bytes.subarray(from, to)))) {
    // Only a part labelled UTF-8 is read as UTF-8 with bytes that are not (an unlabelled
    // one is read as Latin-1 then, see decodeText): each such byte becomes U+FFFD, and a URL
    // that held one is refused. Said once per part, so that it is not silent (issue 12).
    out.push(fail(walk, 'invalid-utf8', 'the part is labelled UTF-8 but holds bytes that are not UTF-8; each is read as U+FFFD', path, from, space));
  }

  const origin = partOrigin(walk.origin, path, type.mediaType, decoded.charset, encoding);
  const exact = space.exact && (transfer === undefined || transfer.exact) && decoded.exact;
  const raw = new RawMapper(walk, space, transfer?.map, decoded, exact, from);

  if (type.mediaType === 'text/html') {
    const html = readHtml(decoded.text);
    out.push(mappedDocument(html.text, decoded.text, html.map, exact, origin, html.attributes, raw));
    return;
  }

  let text = decoded.text;
  if (mayHoldNoise(text)) {
    text = denoise(text);
    if (foundNoise.count > 0) origin.skipped = skippedBlocks(raw);
  }
  if (type.mediaType === 'text/plain' && type.params.format?.toLowerCase() === 'flowed') {
    const unflowed = unwrapFlowed(text, type.params.delsp?.toLowerCase() === 'yes');
    out.push(mappedDocument(unflowed.text, decoded.text, unflowed.map, exact, origin, undefined, raw));
    return;
  }
  out.push(mappedDocument(text, decoded.text, undefined, exact, origin, undefined, raw));
}

/**
 * The blocks the last `denoise` found (`foundNoise`), in raw points. A function of its own: an
 * arrow function over `raw` in {@link readLeaf} made V8 allocate a context for `raw` on every
 * call, part with noise or not (40 bytes for each of 20,000 parts, bench row "multipart,
 * many parts").
 */
function skippedBlocks(raw: RawMapper): SkippedBlock[] {
  const { count, kinds, starts, ends } = foundNoise;
  // Made at its length, not grown by pushes: a part may have tens of thousands of blocks.
  const blocks = new Array<SkippedBlock>(count);
  for (let i = 0; i < count; i++) {
    blocks[i] = { kind: kinds[i] as NoiseKind, start: raw.toRaw(starts[i] as number, false), end: raw.toRaw(ends[i] as number, true) };
  }
  return blocks;
}

/**
 * The map from offsets in decoded text back to raw points, through charset, transfer encoding
 * and mbox quoting. Data over one class, not a closure per part or header field: the match
 * handler inlined those closures, and V8 dropped its code after each gc() ("weak objects"
 * deopt, issue 12; bench row "multipart, many parts"). One instance lives in a static field
 * so that the class's hidden class survives a full collection (see ReplacementMap).
 */
class RawMapper {
  static readonly shapeKeeper: RawMapper = new RawMapper(undefined, undefined, undefined, undefined, false, 0);

  /** The point every offset maps to when the part cannot be traced inside. */
  private readonly point: RawPoint | undefined;
  private charsetMap: OffsetMap | undefined = undefined;

  constructor(
    private readonly walk: Walk | undefined,
    private readonly space: Space | undefined,
    private readonly transferMap: OffsetMap | undefined,
    private readonly decoded: DecodedText | undefined,
    exact: boolean,
    partStart: number,
  ) {
    // Base64, or a charset that cannot be traced: where the part's (encoded) data starts.
    this.point = exact || walk === undefined || space === undefined ? undefined : walk.locator.locate(toFrame(walk, space, transferMap ? transferMap.start(0) : partStart, false));
  }

  toRaw(offset: number, isEnd: boolean): RawPoint {
    if (this.point !== undefined) return this.point;
    const walk = this.walk as Walk;
    this.charsetMap ??= (this.decoded as DecodedText).offsets();
    let at = isEnd ? this.charsetMap.end(offset) : this.charsetMap.start(offset);
    if (this.transferMap) at = isEnd ? this.transferMap.end(at) : this.transferMap.start(at);
    return walk.locator.locate(toFrame(walk, this.space as Space, at, isEnd));
  }
}

/** A document of a message: its map to raw points is data, read by the one {@link mappedToRaw}. */
interface MappedDocument extends SourceDocument {
  raw: RawMapper;
}

/**
 * A document of a message, made here only: every one has the same fields in the same order,
 * `toSource` and `attributes` undefined when it has none, so that the code that reads them
 * sees one shape. A header field's document with encoded words has a `toSource` and a body's
 * mostly has not: as two shapes, each switch between normal mail and a field of thousands of
 * words made V8 drop the match handler's code (onMatch, mappedToRaw, toSource: "wrong map")
 * and compile it again (bench row "encoded words in one header").
 */
function mappedDocument(text: string, source: string, toSource: OffsetMap | undefined, exact: boolean, origin: DocumentOrigin, attributes: HtmlAttributes | undefined, raw: RawMapper): MappedDocument {
  return { type: 'document', text, source, toSource, toRaw: mappedToRaw, exact, origin, attributes, raw };
}

/** {@link SourceDocument.toRaw} of every {@link MappedDocument}: one function for all of them. */
function mappedToRaw(this: MappedDocument, offset: number, isEnd: boolean): RawPoint {
  return this.raw.toRaw(offset, isEnd);
}

/**
 * Reads one URL-bearing header field into `out`: an `unknown-charset` record when encoded
 * words in it name a charset nobody knows (one for the field, however many such words: they
 * are scanned as they are written), then its document.
 */
function readHeaderField(walk: Walk, space: Space, field: HeaderField, part: string, out: Item[]): void {
  const decoded = decodeText(space.bytes, field.valueStart, field.valueEnd);
  const origin = copyOrigin(walk.origin);
  origin.header = field.name;
  if (part !== '') origin.part = part;
  // A field's value is its own bytes: no transfer map; outside exact space, where the value starts.
  const raw = new RawMapper(walk, space, undefined, decoded, space.exact, field.valueStart);
  let words: ReturnType<typeof decodeWords>;
  if (decoded.text.includes('=?')) {
    words = decodeWords(decoded.text);
    if (unknownWordCharsets.count > 0) {
      const { count, first, charset } = unknownWordCharsets;
      const which = count === 1 ? 'the word is' : `it and ${count - 1} more word${count === 2 ? "" : "s"} in unknown charsets are`;
      const detail = `unknown charset ${JSON.stringify(charset)} in an encoded word of the ${field.name} field; ${which} scanned as written`;
      out.push(fail(walk, 'unknown-charset', detail, part === '' ? undefined : part, decoded.offsets().start(first), space));
    }
  }
  out.push(words ? mappedDocument(words.text, decoded.text, words.map, space.exact, origin, undefined, raw) : mappedDocument(decoded.text, decoded.text, undefined, space.exact, origin, undefined, raw));
}
