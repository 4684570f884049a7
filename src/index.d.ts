/**
 * urlsift: find URLs in mail and Usenet news the way RFC 1738's Appendix says to,
 * check each against its scheme's grammar, and report exactly where it was found.
 *
 * The main entry on Node: the browser-safe core (./core.ts) and the sources, which
 * read files, mailboxes and news spools with Node's fs, zlib and stream modules.
 */
export * from './core.js';
export { scan, scanMessage } from './extract.js';
export { findMessageBoundaries } from './sources/read-input.js';
export type { MessageBoundary, MessageInfo, MessageRange, ScanContext, ScanInput, ScanItem, ScanMatch, ScanOptions, ScanRejection } from './extract.js';
export type { DocumentOrigin, InputKind, Origin, ScanError, ScanErrorReason, SkippedBlock, SourceKind } from './sources/origin.js';
export type { RawPoint } from './sources/raw-position.js';
