import type { Parsed, Rejection, SchemeParseOptions } from './parsed.js';
/**
 * Parses any `scheme:...` by RFC 3986 §3:
 * `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`. After `//` comes an authority,
 * checked as RFC 1738 §3.1 login (host rules, port 0–65535, the scheme's default port
 * filled in where {@link defaultPortOf} knows it); IPv6 literals in lenient mode. Strict
 * mode allows only RFC 1738 `xchar` in the rest (§5 `otherurl = genericurl`).
 */
export declare function parseGeneric(url: string, options: SchemeParseOptions): Parsed | Rejection;
