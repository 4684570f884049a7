import { type DirectoryFile } from './directory.js';
import { type FilePath } from './file-path.js';
import { type MessageInfo } from './message.js';
import { type InputKind, type ScanError, type SourceBatch, type SourceDocument } from './origin.js';
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
 * Finds where each message of an mbox starts, reading it with the same splitter as
 * {@link readInput} (so the boundaries are exactly the ones `scan` uses). A worker can
 * then scan `{ range: { start, end, message, line } }` of the same file. For a
 * `.gz` mailbox the offsets are in the decompressed data and cannot be used as a range.
 */
export declare function findMessageBoundaries(input: ScanInput, options?: Pick<ReadOptions, 'name'>): AsyncGenerator<MessageBoundary>;
/**
 * Reads any input into documents and error records, in batches (one per message or
 * piece of text, in file order). Errors in the input never throw; a `TypeError` is
 * thrown only for misuse (an input of the wrong type, a bad option).
 */
export declare function readInput(input: ScanInput, options?: ReadOptions): AsyncIterable<SourceBatch>;
/**
 * {@link readInput} for a path that may be bytes (a file name that is not valid UTF-8,
 * see `file-path.ts`): a Buffer given to `readInput` is the input's content, not its name.
 */
export declare function readPath(path: FilePath, options?: ReadOptions): AsyncIterable<SourceBatch>;
/**
 * The documents of an input, one by one: what `scan` runs the scanner on, with their
 * origins. A short mbox message with no character a URL could start or show at gives
 * no documents (there are millions of them in a hostile mailbox); count messages with
 * `onMessage`, which hears of every one.
 */
export declare function readDocuments(input: ScanInput, options?: ReadOptions): AsyncIterable<SourceDocument | ScanError>;
/**
 * The documents of a byte range of the mbox file `file`, from its chunks read by the
 * caller (`chunks` hold the bytes from `range.start` to `range.end`): what
 * `readInput(file, { range })` reads. The command line's units read the chunks
 * themselves, so that the raw lines of their records come from the same reads.
 */
export declare function readMboxRange(chunks: AsyncIterable<Buffer>, file: string, range: MessageRange, options?: ReadOptions): AsyncIterable<SourceBatch>;
/**
 * The documents of one raw message in memory (RFC 5322, or a news article with
 * `input: 'news'`), as a mail reader hands it over. A leading mbox `From ` line is
 * allowed. Synchronous.
 */
export declare function readMessageBytes(bytes: Uint8Array | string, options?: Pick<ReadOptions, 'input' | 'name' | 'headers' | 'onMessage'>): SourceBatch;
/**
 * What a file found while walking a directory is read as: Maildir messages and spool
 * articles are messages whatever `--input` says; other files take `input` (for
 * `maildir`, which names the folder, they are sniffed).
 */
export declare function entryKind(found: DirectoryFile, input?: InputKind | 'spool'): InputKind | 'spool';
/**
 * True when the file at `path` is read as an uncompressed mbox with `kind`: named so,
 * or sniffed as one from its first bytes. Only such a file can be read by byte ranges.
 */
export declare function isPlainMboxFile(path: FilePath, kind?: InputKind | 'spool'): Promise<boolean>;
