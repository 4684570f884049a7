import { type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';
/**
 * Parses a `file:` URL into `host` (`''` for an empty authority, absent when the URL has
 * no `//`) and `path`. Strict: RFC 1738 §5 `fileurl` only. Lenient: RFC 8089 §2 and the
 * forms of its Appendix F: `file:/path`, `file:c:/path`, `file:///c|/path`, UNC
 * `file:////host/share` and `file://///host/share`; a user name is accepted, a port is not.
 */
export declare function parseFile(url: string, options: SchemeParseOptions): Parsed | Rejection;
