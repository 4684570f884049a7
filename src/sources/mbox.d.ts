/**
 * mbox mailboxes (RFC 4155): messages one after another, each starting with a
 * `From ` line. Read as bytes, streamed in constant memory from files of any size,
 * and split with native `indexOf` on `\nFrom `, so that a 100 MB mailbox costs
 * little more than reading it. RFC 4155 §2 describes how implementations vary and
 * points to qmail's mbox(5), which names the variants read here:
 *
 * - mboxo and mboxrd: body lines that start with `From ` were quoted as `>From `;
 *   mboxrd also quotes `>From ` as `>>From `. One `>` is removed from every
 *   `>…>From ` line (the mboxrd reading, which is also right for mboxo's own quoting);
 * - mboxcl and mboxcl2: a `Content-Length` field gives the body length, and `From `
 *   lines inside the body are not quoted. The length is honoured when it is
 *   consistent: when it ends the message at the end of the file or just before a
 *   `From ` line (after at most one empty line). Otherwise it is ignored.
 *
 * Any line starting with `From ` outside a consistent Content-Length starts a new
 * message, as Python's `mailbox.mbox` reads it.
 */
import { type ReadMessageOptions } from './message.js';
import { type ScanError, type SourceBatch } from './origin.js';
import { type OffsetMap } from './raw-position.js';
/**
 * A message longer than this is read up to this length and reported. Mail services
 * refuse messages over 25 to 35 MB, so 32 MiB holds any mail a person sent, text
 * parts (which come first) included; capping it keeps memory constant: a mailbox
 * without `From ` lines would otherwise be read whole, and two workers each holding
 * a message stay well under the CLI's 256 MB.
 */
export declare const MAX_MESSAGE_BYTES: number;
/** Where reading starts: the beginning of the input, or a message boundary found earlier. */
export interface MboxStart {
    /** Byte offset in the raw input. */
    offset: number;
    /** Index of the message that starts there. */
    index: number;
    /** 1-based line number there. */
    line: number;
}
/** One message of an mbox, as raw bytes. */
export interface MboxMessage {
    type: 'message';
    index: number;
    /** Byte offset of its `From ` line in the raw input. */
    offset: number;
    /** 1-based line number of its `From ` line. */
    line: number;
    /** Its raw bytes from the `From ` line on (at most {@link MAX_MESSAGE_BYTES}). */
    raw: Buffer;
    /** Its length in the input; more than `raw.length` when it was cut. */
    length: number;
}
/** Where an error record says it is. */
interface Place {
    file?: string;
}
/**
 * Told of each quiet message instead of being handed it: one of at most
 * {@link MAX_SKIPPED_MESSAGE_BYTES}, `From ` line included, with no byte of
 * {@link MAY_HOLD_URL}, so that scanning it could give nothing (see {@link mayHoldUrl}).
 */
export type OnQuietMessage = (index: number, offset: number, length: number) => void;
/** What {@link createMboxSplitter} makes: chunks go in, whole messages come out one by one, synchronously. */
export interface MboxSplitter {
    /** Adds the next chunk (call only when {@link MboxSplitter.next} has nothing more). */
    push(chunk: Buffer): void;
    /** Ends the input: {@link MboxSplitter.next} then gives what is left. */
    end(): void;
    /** The next message or error record that the bytes so far decide; `undefined` when it needs more bytes (or after the end, none is left). */
    next(): MboxMessage | ScanError | undefined;
}
/**
 * Splits an mbox into messages. The output is the same however the input is cut
 * into chunks: every decision depends on bytes only, and a decision that needs
 * bytes not yet read (a Content-Length pointing ahead) waits for them.
 */
export declare function splitMbox(chunks: AsyncIterable<Buffer>, place?: Place, start?: MboxStart, maxMessageBytes?: number): AsyncGenerator<MboxMessage | ScanError>;
/**
 * The splitter behind {@link splitMbox}, synchronous and lazy: a reader pushes each
 * chunk and takes the messages it completed one at a time, in one plain loop, with no
 * asynchronous step per message and no array of them (a 256 KiB chunk holds 30,000
 * messages of 8 bytes, which must not all be alive at once).
 */
export declare function createMboxSplitter(place?: Place, start?: MboxStart, maxMessageBytes?: number, onQuiet?: OnQuietMessage): MboxSplitter;
/**
 * Undoes mboxrd quoting in `raw` after `from`: one `>` goes from every line that is
 * `>` characters followed by `From `. Returns `undefined` when there is none (the
 * common case, found with one native search), else the unquoted bytes and the map
 * from them back to `raw`.
 */
export declare function unquoteMboxrd(raw: Buffer, from: number): {
    bytes: Buffer;
    map: OffsetMap;
} | undefined;
/**
 * A batch holds at most about this many documents and error records: enough that the
 * asynchronous step per batch costs nothing, few enough that they die young (one batch
 * per 256 KiB chunk was 30,000 documents for a mailbox of tiny messages, all promoted
 * to the old generation, and the collector became most of the time).
 */
export declare const MAX_BATCH_ITEMS = 256;
/**
 * Reads an mbox into documents and error records, in file order, in batches of whole
 * messages (so a mailbox of tiny messages costs one asynchronous step per batch, not
 * one per message).
 */
export declare function readMbox(chunks: AsyncIterable<Buffer>, place: Place, options?: ReadMessageOptions, start?: MboxStart): AsyncGenerator<SourceBatch>;
export {};
