/**
 * Where documents meet the scanner: the one function that runs `findUrls` (and the
 * scheme parsers, for HTML `href` and `src` values) over the documents the sources
 * read, and gives each match its origin in the raw file. The library's `scan` and
 * `scanMessage` and the command line's work units all come through {@link extractBatch}.
 */
import { type FindUrlsOptions } from './scan/find-urls.js';
import type { Match, MatchContext, RejectedCandidate } from './scan/match.js';
import type { Origin, ScanError, SourceBatch, SourceDocument } from './sources/origin.js';
import { type ReadOptions, type ScanInput } from './sources/read-input.js';
export type { MessageBoundary, MessageInfo, MessageRange, ScanInput } from './sources/read-input.js';
/** How a URL stood: the scanner's contexts, and `html-attr` for an `href` or `src` in an HTML part. */
export type ScanContext = MatchContext | 'html-attr';
/**
 * A URL found by {@link scan}: the scanner's {@link Match}, with `position` and
 * `raw` in the decoded text of its part (after transfer and charset decoding),
 * and `origin` saying where that is in the raw file.
 */
export interface ScanMatch extends Omit<Match, 'context'> {
    type: 'match';
    context: ScanContext;
    origin: Origin;
}
/** A candidate refused by its scheme parser, with its origin. */
export interface ScanRejection extends Omit<RejectedCandidate, 'context'> {
    context: ScanContext;
    origin: Origin;
}
/** What {@link scan} yields. */
export type ScanItem = ScanMatch | ScanError;
/** Options for {@link scan} and {@link scanMessage}: what to read, and how to match. */
export interface ScanOptions extends Omit<FindUrlsOptions, 'onReject'>, ReadOptions {
    /** Called with every candidate a scheme parser refused. */
    onReject?: (rejected: ScanRejection) => void;
}
/**
 * Scans a path, bytes or a stream for URLs. A directory is walked (Maildir folders
 * and news spools recognised); a `.gz` file is decompressed as it streams. Yields
 * matches and error records in file order; errors in the input never throw.
 * Throws a `TypeError` only for misuse (an input of the wrong type, a bad option).
 */
export declare function scan(input: ScanInput, options?: ScanOptions): AsyncIterable<ScanItem>;
/**
 * Scans one raw message (RFC 5322, or a news article) held in memory, as a mail
 * reader hands it over. A leading mbox `From ` line is allowed. Synchronous.
 */
export declare function scanMessage(bytes: Uint8Array | string, options?: ScanOptions): ScanItem[];
/**
 * Runs the scanner over a batch of documents, in order, and hands every match and
 * error record to `emit` as it comes (rejections go to `options.onReject`).
 */
export declare function extractBatch(batch: SourceBatch, options: ScanOptions, emit: (item: ScanItem) => void): void;
/**
 * Runs the scanner over one document and turns its matches into {@link ScanMatch}es,
 * positioned in `doc.source` (for tools that show the text around a match, such as
 * `urlsift pick`).
 */
export declare function matchDocument(doc: SourceDocument, options: ScanOptions): Generator<ScanMatch>;
/**
 * Runs the scanner over one document and hands each {@link ScanMatch} to `emit` as it
 * is found, in the order of the document's source (text matches and, for HTML, `href`
 * and `src` values merged by where they start). Nothing is gathered: a part with
 * millions of URLs costs memory for one at a time.
 */
export declare function extractDocument(doc: SourceDocument, options: ScanOptions, send: (match: ScanMatch) => void): void;
