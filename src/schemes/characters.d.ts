/**
 * Characters in URLs: the classes of RFC 1738 §2.2 and §5 (strict mode) and of
 * RFC 3986 §2 / RFC 3987 §2.2 (lenient mode), and the one check every component goes
 * through: escapes well formed, each character allowed where it stands.
 *
 * All checks are single passes over the text with table look-ups; nothing backtracks.
 */
import { type ParseState, type Rejection } from './parsed.js';
/** A set of ASCII characters, as a 128-entry membership table. */
export type CharClass = Readonly<Uint8Array>;
/** Builds a class from the characters of the given strings. */
export declare function charClass(...members: string[]): CharClass;
/** True when `code` is in `set` (ASCII only; anything else is not a member). */
export declare function isIn(set: CharClass, code: number): boolean;
/** RFC 1738 §5 `alpha`. */
export declare const ALPHA: Readonly<Uint8Array<ArrayBufferLike>>;
/** RFC 1738 §5 `alphadigit`. */
export declare const ALPHADIGIT: Readonly<Uint8Array<ArrayBufferLike>>;
/** RFC 1738 §5 `digit`. */
export declare const DIGITS: Readonly<Uint8Array<ArrayBufferLike>>;
/** RFC 1738 §5 `hex`; `abcdef` too (§2.2: "The characters "abcdef" may also be used"). */
export declare const HEX: Readonly<Uint8Array<ArrayBufferLike>>;
/** RFC 1738 §5 `reserved`. */
export declare const RESERVED_1738 = ";/?:@&=";
/** The characters of RFC 1738 §5 `uchar` other than escapes, for building classes. */
export declare const UCHAR_CHARS: string;
/** RFC 1738 §5 `uchar` without `escape` (escapes are checked separately). */
export declare const UCHAR: Readonly<Uint8Array<ArrayBufferLike>>;
/** RFC 1738 §5 `xchar` without `escape`. */
export declare const XCHAR: Readonly<Uint8Array<ArrayBufferLike>>;
/** RFC 3986 §2.3 `unreserved`. */
export declare const UNRESERVED: Readonly<Uint8Array<ArrayBufferLike>>;
/** RFC 3986 §3.2.1 `userinfo` characters (without `pct-encoded`). */
export declare const USERINFO_3986: Readonly<Uint8Array<ArrayBufferLike>>;
/** The characters of RFC 3986 §3.3 `pchar` other than escapes, for building classes. */
export declare const PCHAR_CHARS: string;
/** RFC 3986 §3.3 `pchar` (without `pct-encoded`). */
export declare const PCHAR: Readonly<Uint8Array<ArrayBufferLike>>;
/** RFC 3986 §3.3 `path-abempty` characters: `pchar` and `/`. */
export declare const PATH_3986: Readonly<Uint8Array<ArrayBufferLike>>;
/** RFC 3986 §3.4 `query` and §3.5 `fragment`: `pchar`, `/` and `?`. */
export declare const QUERY_3986: Readonly<Uint8Array<ArrayBufferLike>>;
/**
 * RFC 1738 §2.2: characters that are "unsafe because gateways and other transport agents
 * are known to sometimes modify" them, plus `#` (reachable only inside a fragment, since
 * the first `#` ends the URL proper). Lenient mode accepts them with the note `unsafe-char`.
 */
export declare const UNSAFE: Readonly<Uint8Array<ArrayBufferLike>>;
/**
 * How one component may be written: its characters in strict mode (RFC 1738 §5) and in
 * lenient mode (RFC 3986), and whether its decoded form is sent on to a server, which
 * makes `%0D`, `%0A` and `%00` worth the note `encoded-control` (RFC 1738 §6).
 */
export interface PartRule {
    /** What the part is called in rejection details, e.g. `"path"`. */
    name: string;
    strict: CharClass;
    lenient: CharClass;
    /** The part's decoded octets go on the wire (ftp commands, gopher selectors, NNTP...). */
    sent: boolean;
    /** Rejection reason for a character not allowed here (default `bad-char`). */
    reason?: string;
}
/** RFC 3986 §2.1: `%` followed by two hex digits. */
export declare function isEscapeAt(text: string, index: number): boolean;
/** The octet an escape at `index` stands for (the caller has checked it is one). */
export declare function escapeValue(text: string, index: number): number;
/**
 * RFC 3987 §2.2 `ucschar` and `iprivate`, minus what must never appear in an IRI:
 * C1 controls, lone surrogates, non-characters, the specials block, and the bidi
 * formatting characters RFC 3987 §4.1 forbids ("MUST NOT be used in IRIs").
 * Returns how many UTF-16 code units the character at `index` takes, or 0 when refused.
 */
export declare function acceptNonAscii(text: string, index: number): number;
/**
 * Checks `state.url[start, end)` as the component `rule`: every `%` starts an escape
 * (RFC 1738 §2.2, RFC 3986 §2.1: `bad-escape` otherwise, in both modes); every other
 * character is allowed by the rule for the current mode. In lenient mode the RFC 1738
 * §2.2 unsafe characters and non-ASCII IRI characters (RFC 3987) are accepted with the
 * note `unsafe-char`. Adds `encoded-control` for `%0D`, `%0A`, `%00` in a part that is
 * sent on (RFC 1738 §6). Returns a rejection or `undefined` when the part is fine.
 */
export declare function checkPart(state: ParseState, start: number, end: number, rule: PartRule): Rejection | undefined;
/**
 * Percent-decodes `text` as UTF-8 (RFC 3986 §2.5, RFC 3987 §3.2); `undefined` when an
 * escape is malformed or the octets are not UTF-8.
 */
export declare function decodePercent(text: string): string | undefined;
