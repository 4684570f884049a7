/**
 * The scheme registry: which schemes urlsift knows and which parser checks each.
 *
 * Plain data in the manner of linkify-it: a name maps to a parser, to the name of
 * another entry (an alias, e.g. `https` → `http`), or to `false` (disabled). The
 * scanner asks the registry whether a name is a scheme and never carries per-scheme
 * rules itself.
 */
import { MAX_SCHEME_LENGTH } from './components.js';
import type { Parsed, Rejection, SchemeParser } from './parsed.js';
/** The longest scheme name urlsift reads (see `components.ts`, where it is defined). */
export { MAX_SCHEME_LENGTH };
/** A registry entry: a parser, an alias naming another entry, or `false` to disable. */
export type SchemeEntry = SchemeParser | string | false;
/** Scheme names (lower case) to entries. */
export type SchemeRegistry = Readonly<Record<string, SchemeEntry>>;
/** The schemes urlsift knows out of the box. */
export declare const defaultRegistry: SchemeRegistry;
/**
 * Returns a registry with `changes` applied over `base`: add a scheme with a parser,
 * alias one with a name, or disable one with `false`.
 */
export declare function createRegistry(changes: Readonly<Record<string, SchemeEntry>>, base?: SchemeRegistry): SchemeRegistry;
/**
 * The parser for a scheme name (any case), following aliases; `undefined` when the
 * scheme is unknown or disabled.
 */
export declare function lookupScheme(registry: SchemeRegistry, name: string): SchemeParser | undefined;
/** Options for {@link parseUrl}. */
export interface ParseUrlOptions {
    /** Follow the RFC 1738 §5 BNF exactly (default `false`: documented leniencies for real text). */
    strict?: boolean;
    /** The registry to use (default {@link defaultRegistry}). */
    registry?: SchemeRegistry;
}
/**
 * Parses one URL with its scheme's parser. A URL that is not valid for its scheme, or
 * whose scheme is unknown, gives a `Rejection`; only misuse throws (a `TypeError` for a
 * URL that is not a string, options that are not an object, or a registry entry that is
 * not a parser, a scheme name or `false`).
 */
export declare function parseUrl(text: string, options?: ParseUrlOptions): Parsed | Rejection;
/** A scheme the registry resolves: its lower-case name (the registry's key) and parser. */
export interface KnownScheme {
    name: string;
    parser: SchemeParser;
    /**
     * The parser is one of urlsift's own, which all refuse `scheme:` with nothing after
     * the colon (`empty`); a scanner may skip the call when it reports no rejections.
     */
    builtIn: boolean;
}
/**
 * Reads `text[start, end)` as a scheme name of the registry, in any case, by character
 * codes: the scanner asks at nearly every `:` of the text, and a `slice` and
 * `toLowerCase` per colon cost more than the rest of the check. `undefined` when the
 * registry does not know the name (or disables it).
 */
export type SchemeNameReader = (text: string, start: number, end: number) => KnownScheme | undefined;
/** The {@link SchemeNameReader} for `registry`, following aliases as `lookupScheme` does. */
export declare function schemeNameReader(registry: SchemeRegistry): SchemeNameReader;
