/**
 * urlsift: find URLs in mail and Usenet news the way RFC 1738's Appendix says to,
 * check each against its scheme's grammar, and report exactly where it was found.
 */
export { findUrls } from './scan/find-urls.js';
export type { FindUrlsOptions } from './scan/find-urls.js';
export type { Match, MatchContext, Point, Position, RejectedCandidate } from './scan/match.js';
export { parseUrl, createRegistry, defaultRegistry, lookupScheme } from './schemes/registry.js';
export type { ParseUrlOptions, SchemeEntry, SchemeRegistry } from './schemes/registry.js';
export { isRejection } from './schemes/parsed.js';
export { normalizeUrl } from './schemes/normalize.js';
export { parseGeneric } from './schemes/generic.js';
export type { Parsed, Rejection, SchemeParser, SchemeParseOptions } from './schemes/parsed.js';
export { scan, scanMessage, findMessageBoundaries } from './sources/scan.js';
export type { MessageBoundary, MessageInfo, MessageRange, ScanContext, ScanInput, ScanItem, ScanMatch, ScanOptions, ScanRejection } from './sources/scan.js';
export type { DocumentOrigin, InputKind, Origin, ScanError, ScanErrorReason, SkippedBlock, SourceKind } from './sources/origin.js';
export type { RawPoint } from './sources/raw-position.js';
export { linkifyText } from './linkify-text.js';
export type { HyphenPolicy, LinkifyTextOptions } from './linkify-text.js';
