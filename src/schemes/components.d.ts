import { type Parsed, type ParseState, type Rejection, type SchemeParseOptions } from './parsed.js';
/**
 * RFC 1738 §2.1 allows scheme names of any length; real ones are short. Looking back
 * further than this from a `:` would only cost time on hostile text.
 */
export declare const MAX_SCHEME_LENGTH = 32;
/** True when `name` is a scheme name (RFC 3986 §3.1) of at most `maxLength` characters. */
export declare function isSchemeName(name: string, maxLength?: number): boolean;
/**
 * The scheme name at the start of `text`, as written, when a `:` follows it (RFC 3986
 * §3.1); `undefined` otherwise. The one reader of scheme names: the parsers, the
 * normaliser, the HTML attribute reader and the link policy all come through here.
 * Only the first `maxLength + 1` characters are looked at for the `:`.
 */
export declare function readSchemeName(text: string, maxLength?: number): string | undefined;
/** A URL being parsed: its state, the parts found so far, and where the scheme-specific part lies. */
export interface UrlFrame {
    state: ParseState;
    parsed: Parsed;
    /** Offset just after `scheme:`. */
    rest: number;
    /** Offset of the first `#`, or the URL's length: the scheme-specific part is `[rest, end)`. */
    end: number;
}
/**
 * Reads the scheme and the fragment of `url` and checks that something lies between.
 * The fragment is the text after the first `#` (RFC 1738 Appendix, RFC 3986 §3.5).
 */
export declare function beginUrl(url: string, options: SchemeParseOptions): UrlFrame | Rejection;
/** Completes a frame: the collected notes, sorted so that results compare stably. */
export declare function finishUrl(frame: UrlFrame): Parsed;
/** The first index in `[from, to)` of `text` holding one of `chars`, or `to`. */
export declare function indexOfAny(text: string, chars: string, from: number, to: number): number;
/**
 * The first index of `needle` in `[from, to)` of `text` (the whole needle inside), or `to`.
 * Bounded on purpose: an unbounded `indexOf` called once per field could rescan the rest
 * of a hostile URL each time.
 */
export declare function indexIn(text: string, needle: string, from: number, to: number): number;
/** The last index of `char` in `[from, to)` of `text`, or `-1`. */
export declare function lastIndexIn(text: string, char: string, from: number, to: number): number;
/**
 * Requires `//` right after `scheme:` (RFC 1738 §3.1: "The scheme specific data start
 * with a double slash"). Returns the offset after it, or a `missing-authority` rejection.
 */
export declare function requireAuthority(frame: UrlFrame): number | Rejection;
