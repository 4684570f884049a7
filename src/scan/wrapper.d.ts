/**
 * A wrapper with no `>` within this many characters is unterminated. The Appendix sets
 * no bound, but an unclosed `<URL:` must not swallow the rest of a message; URLs
 * longer than RFC 9110 §4.1's 8,000 octets are not written in mail.
 */
export declare const MAX_WRAPPER_LENGTH = 8192;
/**
 * A wrapper may span at most this many line breaks. The labelled corpus never exceeds
 * two; twenty fit a 1,400-character URL broken at 72 columns.
 */
export declare const MAX_WRAPPER_LINE_BREAKS = 20;
/** A wrapper body read up to its `>`. */
export interface WrapperBody {
    /** Offset just after the closing `>`. */
    end: number;
    /** The body with every whitespace character and continuation-line quote prefix removed. */
    url: string;
    /** Indexes in `url` of hyphens that stood right before a line break. */
    hyphenBreaks: number[];
    /** True when a quote prefix was removed from a continuation line. */
    quotePrefix: boolean;
}
/**
 * Reads a wrapper body that starts at `bodyStart`, for a wrapper whose `<` is at
 * `open`. Returns `undefined` when the wrapper is unterminated: no `>` within the
 * limits, a `<` first (a URL never contains one unencoded, RFC 1738 §2.2), a blank line
 * first (the paragraph ended), or the end of the text.
 */
export declare function readWrapperBody(text: string, bodyStart: number, open: number): WrapperBody | undefined;
