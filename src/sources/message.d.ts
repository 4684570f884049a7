import { type OffsetMap, type RawFrame } from './raw-position.js';
import { type ScanError, type SourceDocument, type SourceKind } from './origin.js';
/**
 * Header fields whose value is or holds URLs: RFC 2369 (List-*), RFC 5064
 * (Archived-At), RFC 2110 (Content-Base), RFC 2557 (Content-Location), RFC 8288
 * (Link), and the informal X-URL family. Message-ID, References and In-Reply-To are
 * deliberately absent: their `<id@host>` values are not URLs.
 */
export declare const URL_HEADER_FIELDS: ReadonlySet<string>;
/**
 * Multipart and message/rfc822 nesting deeper than this is not mail a person sent;
 * the limit keeps crafted input from exhausting the stack.
 */
export declare const MAX_MIME_DEPTH = 32;
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
/** Produces the documents and error records of one message, in file order. */
export declare function readMessage(message: MessageBytes, place: MessagePlace, options?: ReadMessageOptions): Generator<SourceDocument | ScanError>;
