export { MAX_URL_LENGTH } from '../limits.js';
/** RFC 5321 §4.5.3.1.1: a local part is at most 64 octets. */
export declare const MAX_LOCAL_PART_LENGTH = 64;
/** RFC 5321 §4.5.3.1.2: a domain is at most 255 octets. */
export declare const MAX_DOMAIN_LENGTH = 255;
/**
 * The end of the run of URL characters that starts at `from`: whitespace or `<>"` ends
 * it, and so does CJK punctuation (`。`, `｜`). In `spaceless` prose (the URL is glued to
 * CJK text before it, so the writer puts no spaces around it) CJK letters after the host
 * name end it too; elsewhere they are an IRI path's (RFC 3987). `inHost`: `from` is
 * inside a host name already (a schemeless `www.`); otherwise the host follows `//`.
 */
export declare function bareRunEnd(text: string, from: number, inHost?: boolean, spaceless?: boolean): number;
/** True when the character before `start` is CJK text or punctuation: the URL is glued to spaceless prose. */
export declare function afterSpacelessText(text: string, start: number): boolean;
/** Where the authority of a URL that starts at `from` ends: the first `/`, `?` or `#` (RFC 3986 §3.2). */
export declare function authorityEnd(text: string, from: number, end: number): number;
/**
 * For a `.` at `dot`, the start and implied scheme of a schemeless host when the dot
 * ends `www` or `ftp` at a word start and a host name follows; the start is never
 * before `floor`.
 */
export declare function schemelessAt(text: string, dot: number, floor: number): {
    start: number;
    scheme: 'http' | 'ftp';
} | undefined;
/** What {@link schemelessPrefixAt} found before a dot. */
export declare const NO_PREFIX = 0;
/**
 * `www` or `ftp` at a word start before the dot at `dot`, with a letter or digit after
 * it ({@link NO_PREFIX} otherwise). Compared by character codes, any case (setting bit
 * 0x20 lower-cases an ASCII letter, and only "W" and "w" become "w"): the scanner asks at
 * every "w." and "p." of the text, before the dot becomes a candidate.
 */
export declare function schemelessPrefixAt(text: string, dot: number): number;
/**
 * The span of a bare e-mail address around the `@` at `at`, never starting before
 * `floor`: a local part of at most 64 characters and a dotted domain of at most 255.
 */
export declare function emailAt(text: string, at: number, floor: number): {
    start: number;
    end: number;
} | undefined;
/**
 * Fuzzy mode: for the dot at `dot`, the end of its run of host characters when what
 * follows the host refuses it at once (the first test of {@link fuzzyHostAt}, which
 * then returns that end as its `runEnd`), or -1 when it may be a host or the run is too
 * long to say here.
 */
export declare function fuzzyRefusedRunEnd(text: string, dot: number): number;
/**
 * Fuzzy mode: the run of host characters (letters, digits, `.-_`) around the dot at
 * `dot`, never starting before `floor`. `runEnd` is where the run ends (its later dots
 * need no second look). `start` is -1 when the run is no host: inside a word, path,
 * address or URL, too long, not dotted labels (RFC 1738 §3.1), or followed by what no
 * host is (see endsFuzzyHost); `ipv4` when it is a
 * dotted quad (RFC 1738 §5 hostnumber).
 */
export declare function fuzzyHostAt(text: string, dot: number, floor: number): {
    start: number;
    hostEnd: number;
    runEnd: number;
    ipv4: boolean;
};
