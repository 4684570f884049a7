/**
 * Reading any input urlsift knows into documents: a path (a file, or a directory
 * walked with Maildir folders and news spools recognised), bytes or a stream; gzip
 * decompressed as it streams; the kind sniffed from the first bytes or named; an
 * mbox read whole or from a byte range of whole messages. This is the one reader:
 * the library's `scan` and the command line's work units both come through here.
 * It knows nothing of URLs (`src/extract.ts` joins documents to the scanner).
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type * as Zlib from 'node:zlib';
import { walkDirectory, type DirectoryFile } from './directory.js';
import { displayPath, type FilePath } from './file-path.js';
import { MAX_BATCH_ITEMS, MAX_MESSAGE_BYTES, readMbox, splitMbox, type ChunkMemory, type MboxStart } from './mbox.js';
import { readMessage, type MessageInfo, type MessagePlace } from './message.js';
import { scanError, type InputKind, type ScanError, type SourceBatch, type SourceDocument, type SourceKind } from './origin.js';
import { readRnews } from './rnews.js';
import { hasCrOnlyLineEnds, isGzip, otherCompression, sniffBytes, SNIFF_BYTES } from './sniff.js';
import { readText } from './text.js';

/** A byte range of an mbox file that starts at a message boundary (see {@link findMessageBoundaries}). */
export interface MessageRange {
  /** Byte offset of a message's `From ` line. */
  start: number;
  /** Byte offset where reading stops (a later boundary); the end of the file when absent. */
  end?: number;
  /** Index of the message at `start`. */
  message: number;
  /** 1-based line number of `start`. */
  line: number;
}

/** Options for {@link readInput}: what to read and how. */
export interface ReadOptions {
  /**
   * What the input is (default `auto`: sniffed from its first bytes; directories are
   * walked). `spool` is an article found in a news spool (read as `news`, named so).
   */
  input?: InputKind | 'spool';
  /** Scan URL-bearing header fields such as List-Unsubscribe (default `true`). */
  headers?: boolean;
  /** The file name to report for a Buffer or stream input. */
  name?: string;
  /** For an uncompressed mbox path: read only this range (for splitting one mailbox across workers). */
  range?: MessageRange;
  /** Follow symbolic links to directories when walking a directory (default `false`, as `grep -r`). */
  follow?: boolean;
  /** Called once for every message read, with or without URLs (for counts and progress). */
  onMessage?: (message: MessageInfo) => void;
  /** Called with the length of every chunk read from the input (before decompression), for progress. */
  onRead?: (bytes: number) => void;
  /**
   * For a reader of chunks given as an iterable: an mbox's splitter lends it the memory to
   * read its next chunk into (see `ChunkMemory` in `mbox.ts`).
   * @internal the command line's units use it
   */
  memory?: ChunkMemory;
}

export type { MessageInfo } from './message.js';

/** What {@link readInput} reads: a path (string or `file:` URL), bytes, or a stream or iterable of chunks. */
export type ScanInput = string | URL | Uint8Array | NodeJS.ReadableStream | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** A message's place in an mbox, as {@link findMessageBoundaries} reports it. */
export interface MessageBoundary {
  /** 0-based message index. */
  index: number;
  /** Byte offset of its `From ` line. */
  offset: number;
  /** 1-based line number of its `From ` line. */
  line: number;
  /** Its length in bytes. */
  length: number;
}

/**
 * Chunks read from files: large enough that per-chunk costs vanish (1 MiB reads were
 * no faster), small enough that the buffers waiting for the garbage collector stay
 * few (about half the external memory of 1 MiB reads on the usrp-users mailbox).
 */
const READ_CHUNK_BYTES = 256 * 1024;

const INPUT_KINDS: ReadonlySet<string> = new Set(['auto', 'text', 'mbox', 'eml', 'maildir', 'news', 'rnews', 'spool']);

/**
 * Finds where each message of an mbox starts, reading it with the same splitter as
 * {@link readInput} (so the boundaries are exactly the ones `scan` uses). A worker can
 * then scan `{ range: { start, end, message, line } }` of the same file. For a
 * `.gz` mailbox the offsets are in the decompressed data and cannot be used as a range.
 */
export async function* findMessageBoundaries(input: ScanInput, options: Pick<ReadOptions, 'name'> = {}): AsyncGenerator<MessageBoundary> {
  const chunks = typeof input === 'string' || input instanceof URL
    ? fileChunks(typeof input === 'string' ? input : fileURLToPath(input))
    : (checkInput(input), toChunks(input));
  const failures: ScanError[] = [];
  const { head, chunks: data } = await peek(guard(chunks, failures, options.name));
  const plain = isGzip(head) ? guard(gunzip(data), failures, options.name, 'gzip-failed') : data;
  for await (const item of splitMbox(plain, { file: options.name })) {
    if (item.type === 'message') yield { index: item.index, offset: item.offset, line: item.line, length: item.length };
  }
}

function checkInput(input: unknown): asserts input is Exclude<ScanInput, string | URL> {
  const chunked = typeof input === 'object' && input !== null && (Symbol.asyncIterator in input || Symbol.iterator in input);
  if (!(input instanceof Uint8Array) && !chunked) {
    throw new TypeError('scan: expected a path, a Buffer or Uint8Array, a readable stream, or an iterable of chunks');
  }
}

function checkOptions(options: Omit<ReadOptions, 'onRead'>): void {
  if (typeof options !== 'object' || options === null) throw new TypeError('scan: options must be an object');
  if (options.input !== undefined && !INPUT_KINDS.has(options.input)) {
    throw new TypeError(`scan: input must be one of ${[...INPUT_KINDS].join(', ')}, not "${String(options.input)}"`);
  }
  const range = options.range;
  if (range !== undefined) {
    const valid = [range.start, range.message, range.line].every((n) => Number.isSafeInteger(n) && n >= 0) && range.line >= 1;
    if (!valid || (range.end !== undefined && !(Number.isSafeInteger(range.end) && range.end >= range.start))) {
      throw new TypeError('scan: range needs whole numbers start >= 0, message >= 0, line >= 1, and end >= start when given');
    }
  }
}

/**
 * Reads any input into documents and error records, in batches (one per message or
 * piece of text, in file order). Errors in the input never throw; a `TypeError` is
 * thrown only for misuse (an input of the wrong type, a bad option).
 */
export function readInput(input: ScanInput, options: ReadOptions = {}): AsyncIterable<SourceBatch> {
  checkOptions(options);
  if (typeof input === 'string' || input instanceof URL) return readPath(typeof input === 'string' ? input : fileURLToPath(input), options);
  if (options.range) throw new TypeError('scan: the range option needs a path to an uncompressed mbox');
  checkInput(input);
  return chunkDocuments(counted(toChunks(input), options.onRead), { file: options.name }, options.input ?? 'auto', options);
}

/**
 * {@link readInput} for a path that may be bytes (a file name that is not valid UTF-8,
 * see `file-path.ts`): a Buffer given to `readInput` is the input's content, not its name.
 */
export function readPath(path: FilePath, options: ReadOptions = {}): AsyncIterable<SourceBatch> {
  checkOptions(options);
  return pathDocuments(path, options);
}

/**
 * The documents of an input, one by one: what `scan` runs the scanner on, with their
 * origins. A short mbox message with no character a URL could start or show at gives
 * no documents (there are millions of them in a hostile mailbox); count messages with
 * `onMessage`, which hears of every one.
 */
export function readDocuments(input: ScanInput, options: ReadOptions = {}): AsyncIterable<SourceDocument | ScanError> {
  const batches = readInput(input, options);
  return (async function* flatten() {
    for await (const batch of batches) yield* batch;
  })();
}

/**
 * The documents of a byte range of the mbox file `file`, from its chunks read by the
 * caller (`chunks` hold the bytes from `range.start` to `range.end`): what
 * `readInput(file, { range })` reads. The command line's units read the chunks
 * themselves, so that the raw lines of their records come from the same reads.
 */
export function readMboxRange(chunks: AsyncIterable<Buffer>, file: string, range: MessageRange, options: ReadOptions = {}): AsyncIterable<SourceBatch> {
  checkOptions({ ...options, range });
  return chunkDocuments(counted(chunks, options.onRead), { file }, 'mbox', options, { offset: range.start, index: range.message, line: range.line });
}

/**
 * The documents of one raw message in memory (RFC 5322, or a news article with
 * `input: 'news'`), as a mail reader hands it over. A leading mbox `From ` line is
 * allowed. Synchronous.
 */
export function readMessageBytes(bytes: Uint8Array | string, options: Pick<ReadOptions, 'input' | 'name' | 'headers' | 'onMessage'> = {}): SourceBatch {
  checkOptions(options);
  if (typeof bytes !== 'string' && !(bytes instanceof Uint8Array)) {
    throw new TypeError('scanMessage: expected the message as a Buffer, Uint8Array or string');
  }
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : toBuffer(bytes);
  const kind: SourceKind = options.input === 'news' ? 'news' : 'eml';
  return [...messageDocuments(buffer, { file: options.name, input: kind, index: 0 }, options)];
}

/**
 * What a file found while walking a directory is read as: Maildir messages and spool
 * articles are messages whatever `--input` says; other files take `input` (for
 * `maildir`, which names the folder, they are sniffed).
 */
export function entryKind(found: DirectoryFile, input: InputKind | 'spool' = 'auto'): InputKind | 'spool' {
  if (found.kind !== 'auto') return found.kind;
  return input === 'maildir' ? 'auto' : input;
}

/**
 * True when the file at `path` is read as an uncompressed mbox with `kind`: named so,
 * or sniffed as one from its first bytes. Only such a file can be read by byte ranges.
 */
export async function isPlainMboxFile(path: FilePath, kind: InputKind | 'spool' = 'auto'): Promise<boolean> {
  if (kind !== 'auto' && kind !== 'mbox') return false;
  let head: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return false; // reading the whole file reports it
  }
  if (isGzip(head)) return false;
  return kind === 'mbox' || sniffBytes(head) === 'mbox';
}

async function* pathDocuments(path: FilePath, options: ReadOptions): AsyncGenerator<SourceBatch> {
  const file = displayPath(path);
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(path)).isDirectory();
  } catch (error) {
    yield [readFailure(file, error)];
    return;
  }
  if (!isDirectory) {
    const range = options.range;
    if (range) {
      yield* readMboxRange(fileChunks(path, range), file, range, options);
    } else {
      yield* chunkDocuments(counted(fileChunks(path), options.onRead), { file }, options.input ?? 'auto', options);
    }
    return;
  }
  if (options.range) throw new TypeError('scan: the range option needs a path to an uncompressed mbox, not a directory');
  for await (const found of walkDirectory(path, { follow: options.follow })) {
    if ('type' in found) {
      yield [found];
      continue;
    }
    yield* chunkDocuments(counted(fileChunks(found.path), options.onRead), { file: displayPath(found.path) }, entryKind(found, options.input), options);
  }
}

/** Passes chunks on, telling `onRead` each one's length. */
async function* counted(chunks: AsyncIterable<Buffer>, onRead: ((bytes: number) => void) | undefined): AsyncGenerator<Buffer> {
  if (!onRead) return yield* chunks;
  for await (const chunk of chunks) {
    onRead(chunk.length);
    yield chunk;
  }
}

/** Sniffs, decompresses gzip, and dispatches to the reader of the input's kind. */
async function* chunkDocuments(
  chunks: AsyncIterable<Buffer>,
  place: { file?: string },
  kind: InputKind | 'spool',
  options: ReadOptions,
  start?: MboxStart,
): AsyncGenerator<SourceBatch> {
  const failures: ScanError[] = [];
  let { head, chunks: data } = await peek(guard(chunks, failures, place.file));
  if (isGzip(head) && !start) {
    ({ head, chunks: data } = await peek(guard(gunzip(data), failures, place.file, 'gzip-failed')));
  }
  if (head.length === 0 && failures.length > 0) {
    yield failures;
    return;
  }
  const compression = otherCompression(head);
  if (compression) {
    const name = place.file ?? 'input';
    const tool = compression === 'bzip2' ? 'bzip2' : compression;
    yield [
      scanError('unsupported-compression', `${name}: ${compression}-compressed data cannot be read; decompress it first (${tool} -dc ${place.file === undefined ? 'FILE' : shellWord(place.file)} | urlsift -)`, { file: place.file }),
    ];
    return;
  }
  if (hasCrOnlyLineEnds(head) && !start) {
    // Each CR becomes LF, byte for byte: offsets stay exact, and lines are counted at the CRs.
    head = crToLf(head);
    data = mapChunks(data, crToLf);
  }
  const sniffed = kind === 'auto' ? sniffBytes(head) : kind;
  const headers = { headers: options.headers ?? true, onMessage: options.onMessage };
  let documents: AsyncIterable<SourceBatch>;
  if (sniffed === 'mbox') documents = readMbox(data, place, headers, start, options.memory);
  else if (sniffed === 'rnews') documents = readRnews(data, place, headers);
  else if (sniffed === 'text') documents = readText(data, place);
  else documents = readSingleMessage(data, { file: place.file, input: sniffed, index: 0 }, options);
  yield* documents;
  if (failures.length > 0) yield failures;
}

/** Reads one message file (.eml, Maildir entry, article) of at most {@link MAX_MESSAGE_BYTES}. */
async function* readSingleMessage(chunks: AsyncIterable<Buffer>, place: MessagePlace, options: Pick<ReadOptions, 'headers' | 'onMessage'>): AsyncGenerator<SourceBatch> {
  const kept: Buffer[] = [];
  let keptLength = 0;
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (keptLength < MAX_MESSAGE_BYTES) {
      const piece = chunk.subarray(0, MAX_MESSAGE_BYTES - keptLength);
      kept.push(piece);
      keptLength += piece.length;
    }
  }
  const bytes = Buffer.concat(kept, keptLength);
  let batch: SourceBatch = [];
  if (total > keptLength) {
    batch.push(scanError('message-too-large', `${place.file ?? 'input'}: the message is ${total} bytes; only its first ${MAX_MESSAGE_BYTES} bytes are read`, {
      file: place.file,
      input: place.input,
      message: 0,
      messageOffset: 0,
    }));
  }
  for (const item of messageDocuments(bytes, place, { ...options, cut: total > keptLength })) {
    batch.push(item);
    if (batch.length >= MAX_BATCH_ITEMS) {
      yield batch;
      batch = [];
    }
  }
  yield batch;
}

/** The documents of one message in memory, skipping a leading mbox `From ` line. */
function messageDocuments(bytes: Buffer, place: MessagePlace, options: Pick<ReadOptions, 'headers' | 'onMessage'> & { cut?: boolean }): Generator<SourceDocument | ScanError> {
  let start = 0;
  if (bytes.subarray(0, 5).toString('latin1') === 'From ') {
    const lineEnd = bytes.indexOf(10);
    start = lineEnd < 0 ? bytes.length : lineEnd + 1;
  }
  return readMessage({ bytes, start, frame: { raw: bytes, offset: 0, line: 1 } }, place, {
    headers: options.headers ?? true,
    cut: options.cut,
    onMessage: options.onMessage,
  });
}

/** A read failure as an error record naming the path and the system's code. */
function readFailure(path: string | undefined, error: unknown, reason: 'read-failed' | 'gzip-failed' = 'read-failed'): ScanError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const what = reason === 'gzip-failed' ? 'cannot decompress' : 'cannot read';
  return scanError(reason, `${path ?? 'input'}: ${what}${code ? ` (${code})` : ''}: ${message}`, { file: path });
}

/** Passes chunks on; a failure ends the stream quietly and is recorded as an error record instead. */
async function* guard(chunks: AsyncIterable<Buffer>, failures: ScanError[], file: string | undefined, reason: 'read-failed' | 'gzip-failed' = 'read-failed'): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of chunks) yield chunk;
  } catch (error) {
    failures.push(readFailure(file, error, reason));
  }
}

/** Reads the first {@link SNIFF_BYTES} (or all, when shorter) and gives back a stream that starts with them. */
async function peek(chunks: AsyncIterable<Buffer>): Promise<{ head: Buffer; chunks: AsyncIterable<Buffer> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    first.push(next.value);
    length += next.value.length;
  }
  // One chunk (a Buffer given whole, or a file's first read) is the head's bytes already:
  // joining it copied the whole input into new memory only to look at its first bytes.
  const head = first.length === 1 ? (first[0] as Buffer) : Buffer.concat(first, length);
  async function* replay(): AsyncGenerator<Buffer> {
    yield* first;
    if (done) return;
    while (true) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: head.subarray(0, SNIFF_BYTES), chunks: replay() };
}

const require = createRequire(import.meta.url);

/**
 * node:zlib, loaded for the first gzip input: loaded with this module, it was about 2 ms of
 * CPU that every run paid (`urlsift -o` on `corpus/mail/multipart-html.eml`, callgrind: 761.0
 * -> 756.4 M instructions). Node 20 has no `process.getBuiltinModule`; `require` is synchronous.
 */
let zlib: typeof Zlib | undefined;

/** Decompresses a gzip stream (RFC 1952), members one after another as `gzip -d` does. */
async function* gunzip(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const source = Readable.from(chunks, { objectMode: false });
  const inflate = (zlib ??= require('node:zlib') as typeof Zlib).createGunzip({ chunkSize: READ_CHUNK_BYTES });
  source.on('error', (error) => inflate.destroy(error));
  source.pipe(inflate);
  for await (const chunk of inflate) yield chunk as Buffer;
}

/** A copy of `chunk` with every CR replaced by LF. */
function crToLf(chunk: Buffer): Buffer {
  const copy = Buffer.from(chunk);
  for (let at = copy.indexOf(0x0d); at >= 0; at = copy.indexOf(0x0d, at + 1)) copy[at] = 0x0a;
  return copy;
}

async function* mapChunks(chunks: AsyncIterable<Buffer>, map: (chunk: Buffer) => Buffer): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield map(chunk);
}

/** The chunks of a file, or of a byte range of it. */
async function* fileChunks(path: FilePath, range?: MessageRange): AsyncGenerator<Buffer> {
  const stream = createReadStream(path, {
    highWaterMark: READ_CHUNK_BYTES,
    start: range?.start,
    end: range?.end === undefined ? undefined : range.end - 1,
  });
  for await (const chunk of stream) yield chunk as Buffer;
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Bytes, a Node stream, or an (async) iterable of chunks, as Buffers. */
async function* toChunks(input: Exclude<ScanInput, string | URL>): AsyncGenerator<Buffer> {
  if (input instanceof Uint8Array) {
    yield toBuffer(input);
    return;
  }
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
    if (typeof chunk === 'string') yield Buffer.from(chunk, 'utf8');
    else if (chunk instanceof Uint8Array) yield toBuffer(chunk);
    else throw new TypeError('scan: a stream must give Buffers, Uint8Arrays or strings');
  }
}

/**
 * `name` as one word of a POSIX shell command, quoted when it holds anything but the
 * characters no shell reads specially: the hint above is a command a user may paste, and
 * a file name is chosen by whoever sent it (`my box; rm -rf ~.xz`, audit 12w).
 */
export function shellWord(name: string): string {
  if (/^[A-Za-z0-9_./@%+=:,-]+$/.test(name)) return name;
  return `'${name.replaceAll("'", "'\\''")}'`;
}
