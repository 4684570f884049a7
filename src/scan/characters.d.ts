/**
 * Character classes the scanner needs, by UTF-16 code unit. Plain comparisons, no
 * regular expressions: the scanner calls these on every candidate character.
 */
/** ASCII letter. */
export declare function isAlpha(code: number): boolean;
/** ASCII digit. */
export declare function isDigit(code: number): boolean;
/** ASCII letter or digit. */
export declare function isAlnum(code: number): boolean;
/** RFC 1738 §2.1: scheme names are letters, digits, `+`, `.` and `-`. */
export declare function isSchemeChar(code: number): boolean;
/**
 * Whitespace the Appendix tells us to drop inside wrappers, and that ends a bare URL:
 * ASCII space and controls, and the Unicode spaces mail clients put in text (U+00A0
 * no-break space from HTML `&nbsp;`, U+2000–U+200B, U+2028/2029, U+202F, U+205F,
 * U+3000, U+FEFF).
 */
export declare function isWhitespace(code: number): boolean;
/**
 * Ends a bare URL (issue rule: whitespace or `<>"`). Typographic quotes and angle
 * quotes are added because mail clients put them around URLs and no URL contains
 * them unencoded (RFC 3987 §4.1 advises the same for IRIs in running text).
 */
export declare function endsBareUrl(code: number): boolean;
/**
 * Punctuation that goes back to the text when it ends a bare URL: sentence marks and
 * quotes (issue rule `.,;:!?'"`), plus the markdown emphasis and code marks `*` and
 * backquote, which in mail close a span around the URL far more often than they end one.
 */
export declare function isTrailingPunctuation(code: number): boolean;
/**
 * Letters of the scripts written without spaces (CJK ideographs, kana, Hangul) and the
 * fullwidth forms: in running text they follow a URL with no space between. Outside a
 * host name (where an IDN may spell them), they end a bare URL; an IRI path written
 * with them is wrapped or percent-encoded in mail (RFC 3987 §3.1 maps it to %-escapes).
 */
export declare function isSpacelessScript(code: number): boolean;
/**
 * CJK and fullwidth punctuation (U+3001–U+303F, fullwidth ASCII punctuation, halfwidth
 * CJK marks): a sentence mark such as `。` or a bar `｜`, which ends a bare URL even in
 * its host name.
 */
export declare function isSpacelessPunctuation(code: number): boolean;
