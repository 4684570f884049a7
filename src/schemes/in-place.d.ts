import type { Parsed } from './parsed.js';
/** Shared by every result without notes; frozen so that no caller can change the others'. */
export declare const NO_NOTES: string[];
/**
 * Reads the `http:`-family URL whose scheme (lower case `scheme`) ends at the colon
 * `colon` and that ends at `end` in `text`, in lenient mode. Returns its parts as
 * `parseHttp` gives them, or `undefined` when the full parser must decide.
 */
export declare function readHttpInPlace(text: string, colon: number, end: number, scheme: string): Parsed | undefined;
/**
 * Reads the `ftp:` URL whose scheme ends at `colon` and that ends at `end` in `text`, in
 * lenient mode, when its path has no `;` parameter (RFC 1738 §3.2.2 `;type=`). Returns
 * its parts as `parseFtp` gives them, or `undefined` when the full parser must decide.
 */
export declare function readFtpInPlace(text: string, colon: number, end: number, scheme: string): Parsed | undefined;
/**
 * Reads the `news:` URL whose scheme ends at `colon` and that ends at `end` in `text`, in
 * lenient mode, when it is a plain newsgroup list (RFC 5538 §4 `newsgroups`: letters,
 * digits, `-+_.` and the wildcard `*`). Returns its parts as `parseNews` gives them, or
 * `undefined` when the full parser must decide (a server, a message-id, escapes, a query).
 */
export declare function readNewsInPlace(text: string, colon: number, end: number, scheme: string): Parsed | undefined;
/**
 * Reads an ASCII host name (RFC 1738 §5 `hostname`, RFC 1034 §3.1 lengths) from `start`
 * up to the first character that is not a letter, digit, `-` or `.`, at most to `end`.
 * Returns where it stops, or -1 when what it read is not a host name this reader accepts
 * (a dotted quad, whose last label starts with a digit, is the full parser's to read).
 */
export declare function asciiHostNameEnd(text: string, start: number, end: number): number;
/**
 * Reads the `mailto:` URL whose colon is at `colon` and that ends at `end` in `text`,
 * in lenient mode, when it is one plain address (a dot-atom local part of letters,
 * digits and `._+-`, `@`, an ASCII host name) and optionally header fields with plain
 * values (RFC 6068 §2 `hfields`, no `to` field, no repeats). Returns its parts as
 * `parseMailto` gives them, or `undefined` when the full parser must decide.
 */
export declare function readMailtoInPlace(text: string, colon: number, end: number, scheme: string): Parsed | undefined;
