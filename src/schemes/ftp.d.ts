import { type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';
/**
 * Parses an `ftp:` URL. Strict: RFC 1738 §5
 * `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`, where `?` is an ordinary
 * path character. Lenient: RFC 3986 authority and path, `?` starts a query.
 * `cwd` and `name` split the path as §3.2.2 does; `typecode` is lower-cased.
 */
export declare function parseFtp(url: string, options: SchemeParseOptions): Parsed | Rejection;
