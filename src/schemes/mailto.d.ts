import { type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';
/**
 * Parses a `mailto:` URL. `addresses` lists the addresses of the `to` part and of a
 * `to` header field, as written; `fields` maps header names (lower case) to values, as
 * written, the first occurrence winning (a repeat is noted `repeated-hfield`).
 *
 * Strict: RFC 1738 §5 `mailtourl = "mailto:" encoded822addr`, one address made of
 * `xchar`, with no header fields. Lenient: RFC 6068 §2
 * `mailtoURI = "mailto:" [ to ] [ hfields ]`. In both modes each address must be
 * `local-part "@" domain` once decoded: a dot-atom or quoted local part, and a domain
 * that is a host name (RFC 1738 §3.1; IDN in lenient mode) or a `[...]` literal.
 * A `?` or a second `=` inside a header field is refused (`bad-hfield`): RFC 6068 §6.1
 * calls `?cc=bob@example.com?body=hello` wrong.
 */
export declare function parseMailto(url: string, options: SchemeParseOptions): Parsed | Rejection;
