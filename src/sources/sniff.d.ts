import type { SourceKind } from './origin.js';
/** How many leading bytes {@link sniffBytes} looks at; a header section's first fields fit. */
export declare const SNIFF_BYTES = 4096;
/** True when the bytes start a gzip stream (RFC 1952 §2.3.1: ID1 ID2). */
export declare function isGzip(head: Buffer): boolean;
/**
 * True when the first bytes end their lines with CR alone (classic Mac OS, some old
 * archives): a CR and no LF in them. Such input is read with each CR as a line end.
 */
export declare function hasCrOnlyLineEnds(head: Buffer): boolean;
/**
 * Compressed formats other than gzip, by their magic bytes: xz (the xz file format §2.1.1.1:
 * FD 37 7A 58 5A 00), bzip2 (`BZh`, a block size digit, then the block magic 31 41 59 26 53 59
 * or the end-of-stream magic 17 72 45 38 50 90 of an empty stream) and Zstandard (RFC 8878
 * §3.1.1: 28 B5 2F FD). They are recognised so that they can be refused by name rather than
 * scanned as binary text: Node 20 has no decoder for them (zstd came in Node 22.15).
 */
export declare function otherCompression(head: Buffer): 'xz' | 'bzip2' | 'zstd' | undefined;
/**
 * What the bytes at the start of a file are: an rnews batch (`#! rnews`), an mbox (a
 * `From ` line followed by a header section), a news article (a header section with
 * Newsgroups), a message (a header section of at least two fields, one of them a
 * message field), or plain text.
 */
export declare function sniffBytes(head: Buffer): Exclude<SourceKind, 'maildir' | 'spool'>;
