import type { Parsed, Rejection, SchemeParseOptions } from './parsed.js';
/**
 * Parses a `gopher:` URL into `gtype`, `selector`, `search` (after the first `%09`) and
 * `gopherPlus` (after the second). Only the first two `%09` separate fields: a gopher+
 * string may hold more (RFC 1738 §3.4.9 electronic forms).
 */
export declare function parseGopher(url: string, options: SchemeParseOptions): Parsed | Rejection;
