import { type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';
/**
 * Parses a `wais:` URL into `database` and either `search` (waisindex) or `wtype` and
 * `wpath` (waisdoc), by RFC 1738 §5
 * `waisurl = waisdatabase | waisindex | waisdoc`. Lenient mode allows `/` inside the
 * wpath and RFC 3986 characters in each part.
 */
export declare function parseWais(url: string, options: SchemeParseOptions): Parsed | Rejection;
