import { type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';
/**
 * Parses an `http:` or `https:` URL (and any scheme aliased to this parser; its default
 * port comes from the scheme name). Strict: RFC 1738 §5
 * `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`. Lenient: RFC 3986
 * `"//" authority path-abempty [ "?" query ]`, so a user name (noted `userinfo`), IP
 * literals, IDN hosts, an empty port and `/` or `?` in the query are accepted.
 */
export declare function parseHttp(url: string, options: SchemeParseOptions): Parsed | Rejection;
