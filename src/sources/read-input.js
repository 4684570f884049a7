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
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { walkDirectory } from './directory.js';
import { displayPath } from './file-path.js';
import { MAX_BATCH_ITEMS, MAX_MESSAGE_BYTES, readMbox, splitMbox } from './mbox.js';
import { readMessage } from './message.js';
import { scanError } from './origin.js';
import { readRnews } from './rnews.js';
import { hasCrOnlyLineEnds, isGzip, otherCompression, sniffBytes, SNIFF_BYTES } from './sniff.js';
import { readText } from './text.js';
/**
 * Chunks read from files: large enough that per-chunk costs vanish (1 MiB reads were
 * no faster), small enough that the buffers waiting for the garbage collector stay
 * few (about half the external memory of 1 MiB reads on the usrp-users mailbox).
 */
const READ_CHUNK_BYTES = 256 * 1024;
const INPUT_KINDS = new Set(['auto', 'text', 'mbox', 'eml', 'maildir', 'news', 'rnews', 'spool']);
/**
 * Finds where each message of an mbox starts, reading it with the same splitter as
 * {@link readInput} (so the boundaries are exactly the ones `scan` uses). A worker can
 * then scan `{ range: { start, end, message, line } }` of the same file. For a
 * `.gz` mailbox the offsets are in the decompressed data and cannot be used as a range.
 */
export async function* findMessageBoundaries(input, options = {}) {
    const chunks = typeof input === 'string' || input instanceof URL
        ? fileChunks(typeof input === 'string' ? input : fileURLToPath(input))
        : (checkInput(input), toChunks(input));
    const failures = [];
    const { head, chunks: data } = await peek(guard(chunks, failures, options.name));
    const plain = isGzip(head) ? guard(gunzip(data), failures, options.name, 'gzip-failed') : data;
    for await (const item of splitMbox(plain, { file: options.name })) {
        if (item.type === 'message')
            yield { index: item.index, offset: item.offset, line: item.line, length: item.length };
    }
}
function checkInput(input) {
    const chunked = typeof input === 'object' && input !== null && (Symbol.asyncIterator in input || Symbol.iterator in input);
    if (!(input instanceof Uint8Array) && !chunked) {
        throw new TypeError('scan: expected a path, a Buffer or Uint8Array, a readable stream, or an iterable of chunks');
    }
}
function checkOptions(options) {
    if (typeof options !== 'object' || options === null)
        throw new TypeError('scan: options must be an object');
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
export function readInput(input, options = {}) {
    checkOptions(options);
    if (typeof input === 'string' || input instanceof URL)
        return readPath(typeof input === 'string' ? input : fileURLToPath(input), options);
    if (options.range)
        throw new TypeError('scan: the range option needs a path to an uncompressed mbox');
    checkInput(input);
    return chunkDocuments(counted(toChunks(input), options.onRead), { file: options.name }, options.input ?? 'auto', options);
}
/**
 * {@link readInput} for a path that may be bytes (a file name that is not valid UTF-8,
 * see `file-path.ts`): a Buffer given to `readInput` is the input's content, not its name.
 */
export function readPath(path, options = {}) {
    checkOptions(options);
    return pathDocuments(path, options);
}
/**
 * The documents of an input, one by one: what `scan` runs the scanner on, with their
 * origins. A short mbox message with no character a URL could start or show at gives
 * no documents (there are millions of them in a hostile mailbox); count messages with
 * `onMessage`, which hears of every one.
 */
export function readDocuments(input, options = {}) {
    const batches = readInput(input, options);
    return (async function* flatten() {
        for await (const batch of batches)
            yield* batch;
    })();
}
/**
 * The documents of a byte range of the mbox file `file`, from its chunks read by the
 * caller (`chunks` hold the bytes from `range.start` to `range.end`): what
 * `readInput(file, { range })` reads. The command line's units read the chunks
 * themselves, so that the raw lines of their records come from the same reads.
 */
export function readMboxRange(chunks, file, range, options = {}) {
    checkOptions({ ...options, range });
    return chunkDocuments(counted(chunks, options.onRead), { file }, 'mbox', options, { offset: range.start, index: range.message, line: range.line });
}
/**
 * The documents of one raw message in memory (RFC 5322, or a news article with
 * `input: 'news'`), as a mail reader hands it over. A leading mbox `From ` line is
 * allowed. Synchronous.
 */
export function readMessageBytes(bytes, options = {}) {
    checkOptions(options);
    if (typeof bytes !== 'string' && !(bytes instanceof Uint8Array)) {
        throw new TypeError('scanMessage: expected the message as a Buffer, Uint8Array or string');
    }
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : toBuffer(bytes);
    const kind = options.input === 'news' ? 'news' : 'eml';
    return [...messageDocuments(buffer, { file: options.name, input: kind, index: 0 }, options)];
}
/**
 * What a file found while walking a directory is read as: Maildir messages and spool
 * articles are messages whatever `--input` says; other files take `input` (for
 * `maildir`, which names the folder, they are sniffed).
 */
export function entryKind(found, input = 'auto') {
    if (found.kind !== 'auto')
        return found.kind;
    return input === 'maildir' ? 'auto' : input;
}
/**
 * True when the file at `path` is read as an uncompressed mbox with `kind`: named so,
 * or sniffed as one from its first bytes. Only such a file can be read by byte ranges.
 */
export async function isPlainMboxFile(path, kind = 'auto') {
    if (kind !== 'auto' && kind !== 'mbox')
        return false;
    let head;
    try {
        const handle = await open(path, 'r');
        try {
            const buffer = Buffer.alloc(SNIFF_BYTES);
            const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
            head = buffer.subarray(0, bytesRead);
        }
        finally {
            await handle.close();
        }
    }
    catch {
        return false; // reading the whole file reports it
    }
    if (isGzip(head))
        return false;
    return kind === 'mbox' || sniffBytes(head) === 'mbox';
}
async function* pathDocuments(path, options) {
    const file = displayPath(path);
    let isDirectory;
    try {
        isDirectory = (await stat(path)).isDirectory();
    }
    catch (error) {
        yield [readFailure(file, error)];
        return;
    }
    if (!isDirectory) {
        const range = options.range;
        if (range) {
            yield* readMboxRange(fileChunks(path, range), file, range, options);
        }
        else {
            yield* chunkDocuments(counted(fileChunks(path), options.onRead), { file }, options.input ?? 'auto', options);
        }
        return;
    }
    if (options.range)
        throw new TypeError('scan: the range option needs a path to an uncompressed mbox, not a directory');
    for await (const found of walkDirectory(path, { follow: options.follow })) {
        if ('type' in found) {
            yield [found];
            continue;
        }
        yield* chunkDocuments(counted(fileChunks(found.path), options.onRead), { file: displayPath(found.path) }, entryKind(found, options.input), options);
    }
}
/** Passes chunks on, telling `onRead` each one's length. */
async function* counted(chunks, onRead) {
    if (!onRead)
        return yield* chunks;
    for await (const chunk of chunks) {
        onRead(chunk.length);
        yield chunk;
    }
}
/** Sniffs, decompresses gzip, and dispatches to the reader of the input's kind. */
async function* chunkDocuments(chunks, place, kind, options, start) {
    const failures = [];
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
            scanError('unsupported-compression', `${name}: ${compression}-compressed data cannot be read; decompress it first (${tool} -dc ${place.file ?? 'FILE'} | urlsift -)`, { file: place.file }),
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
    let documents;
    if (sniffed === 'mbox')
        documents = readMbox(data, place, headers, start);
    else if (sniffed === 'rnews')
        documents = readRnews(data, place, headers);
    else if (sniffed === 'text')
        documents = readText(data, place);
    else
        documents = readSingleMessage(data, { file: place.file, input: sniffed, index: 0 }, options);
    yield* documents;
    if (failures.length > 0)
        yield failures;
}
/** Reads one message file (.eml, Maildir entry, article) of at most {@link MAX_MESSAGE_BYTES}. */
async function* readSingleMessage(chunks, place, options) {
    const kept = [];
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
    let batch = [];
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
function messageDocuments(bytes, place, options) {
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
function readFailure(path, error, reason = 'read-failed') {
    const code = error?.code;
    const message = error instanceof Error ? error.message : String(error);
    const what = reason === 'gzip-failed' ? 'cannot decompress' : 'cannot read';
    return scanError(reason, `${path ?? 'input'}: ${what}${code ? ` (${code})` : ''}: ${message}`, { file: path });
}
/** Passes chunks on; a failure ends the stream quietly and is recorded as an error record instead. */
async function* guard(chunks, failures, file, reason = 'read-failed') {
    try {
        for await (const chunk of chunks)
            yield chunk;
    }
    catch (error) {
        failures.push(readFailure(file, error, reason));
    }
}
/** Reads the first {@link SNIFF_BYTES} (or all, when shorter) and gives back a stream that starts with them. */
async function peek(chunks) {
    const iterator = chunks[Symbol.asyncIterator]();
    const first = [];
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
    const head = Buffer.concat(first, length);
    async function* replay() {
        yield* first;
        if (done)
            return;
        while (true) {
            const next = await iterator.next();
            if (next.done)
                return;
            yield next.value;
        }
    }
    return { head: head.subarray(0, SNIFF_BYTES), chunks: replay() };
}
/** Decompresses a gzip stream (RFC 1952), members one after another as `gzip -d` does. */
async function* gunzip(chunks) {
    const source = Readable.from(chunks, { objectMode: false });
    const inflate = createGunzip({ chunkSize: READ_CHUNK_BYTES });
    source.on('error', (error) => inflate.destroy(error));
    source.pipe(inflate);
    for await (const chunk of inflate)
        yield chunk;
}
/** A copy of `chunk` with every CR replaced by LF. */
function crToLf(chunk) {
    const copy = Buffer.from(chunk);
    for (let at = copy.indexOf(0x0d); at >= 0; at = copy.indexOf(0x0d, at + 1))
        copy[at] = 0x0a;
    return copy;
}
async function* mapChunks(chunks, map) {
    for await (const chunk of chunks)
        yield map(chunk);
}
/** The chunks of a file, or of a byte range of it. */
async function* fileChunks(path, range) {
    const stream = createReadStream(path, {
        highWaterMark: READ_CHUNK_BYTES,
        start: range?.start,
        end: range?.end === undefined ? undefined : range.end - 1,
    });
    for await (const chunk of stream)
        yield chunk;
}
function toBuffer(bytes) {
    return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
/** Bytes, a Node stream, or an (async) iterable of chunks, as Buffers. */
async function* toChunks(input) {
    if (input instanceof Uint8Array) {
        yield toBuffer(input);
        return;
    }
    for await (const chunk of input) {
        if (typeof chunk === 'string')
            yield Buffer.from(chunk, 'utf8');
        else if (chunk instanceof Uint8Array)
            yield toBuffer(chunk);
        else
            throw new TypeError('scan: a stream must give Buffers, Uint8Arrays or strings');
    }
}
//# sourceMappingURL=read-input.js.map