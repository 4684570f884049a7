/**
 * The body of a wrapper: `<URL:...>` (RFC 1738 Appendix), the draft form `URL=<...>`,
 * or `<scheme:...>` (RFC 2396 Appendix E, RFC 3986 Appendix C).
 *
 * RFC 1738 Appendix: angle brackets "delimit the boundaries of the URL"; "extra
 * whitespace (spaces, linebreaks, tabs, etc.) may need to be added to break long URLs
 * across lines. The whitespace should be ignored when extracting the URL."
 */
import { isWhitespace } from './characters.js';
import { quoteSignature, skipQuotePrefix } from './quote-prefix.js';
/**
 * A wrapper with no `>` within this many characters is unterminated. The Appendix sets
 * no bound, but an unclosed `<URL:` must not swallow the rest of a message; URLs
 * longer than RFC 9110 §4.1's 8,000 octets are not written in mail.
 */
export const MAX_WRAPPER_LENGTH = 8192;
/**
 * A wrapper may span at most this many line breaks. The labelled corpus never exceeds
 * two; twenty fit a 1,400-character URL broken at 72 columns.
 */
export const MAX_WRAPPER_LINE_BREAKS = 20;
/**
 * RFC 5322 §2.1.1: a line is at most 998 characters. Looking back further than this for
 * the start of the wrapper's first line (to read its quote prefix) would only cost time.
 */
const MAX_LINE_LOOKBACK = 998;
/** Shared by every body without hyphen breaks (most of them); frozen, never pushed to. */
const NO_BREAKS = Object.freeze([]);
/**
 * Reads a wrapper body that starts at `bodyStart`, for a wrapper whose `<` is at
 * `open`. Returns `undefined` when the wrapper is unterminated: no `>` within the
 * limits, a `<` first (a URL never contains one unencoded, RFC 1738 §2.2), a blank line
 * first (the paragraph ended), or the end of the text.
 */
export function readWrapperBody(text, bodyStart, open) {
    const limit = Math.min(text.length, bodyStart + MAX_WRAPPER_LENGTH);
    let url = '';
    let segment = bodyStart;
    let lineBreaks = 0;
    let signature;
    let quotePrefix = false;
    let hyphenBreaks = NO_BREAKS;
    let i = bodyStart;
    while (i < limit) {
        const code = text.charCodeAt(i);
        if (code === 0x3e /* > */) {
            url += text.slice(segment, i);
            return { end: i + 1, url, hyphenBreaks, quotePrefix };
        }
        if (code === 0x3c /* < */)
            return undefined;
        if (code === 0x0a /* \n */) {
            url += text.slice(segment, i);
            if (++lineBreaks > MAX_WRAPPER_LINE_BREAKS)
                return undefined;
            // Appendix: a line break right after "-" may or may not keep the hyphen.
            if (url.charCodeAt(url.length - 1) === 0x2d) {
                if (hyphenBreaks === NO_BREAKS)
                    hyphenBreaks = [];
                hyphenBreaks.push(url.length - 1);
            }
            let next = i + 1;
            signature ??= quoteSignature(text, lineStartBefore(text, open), open);
            if (signature !== '') {
                const afterPrefix = skipQuotePrefix(text, next, signature);
                if (afterPrefix !== -1) {
                    next = afterPrefix;
                    quotePrefix = true;
                }
            }
            if (isBlankLine(text, next, limit))
                return undefined;
            i = next;
            segment = next;
            continue;
        }
        // Most characters of a body are printable ASCII: one comparison, then the full test.
        if ((code <= 0x20 || code >= 0x7f) && isWhitespace(code)) {
            url += text.slice(segment, i);
            segment = i + 1;
        }
        i++;
    }
    return undefined;
}
/** Start of the line holding `offset`, or `offset` itself when that line is implausibly long. */
function lineStartBefore(text, offset) {
    const min = Math.max(0, offset - MAX_LINE_LOOKBACK);
    for (let i = offset; i > min; i--) {
        if (text.charCodeAt(i - 1) === 0x0a)
            return i;
    }
    return min === 0 ? 0 : offset;
}
/** True when only whitespace stands between `from` and the next line break (or the end). */
function isBlankLine(text, from, limit) {
    let i = from;
    while (i < limit) {
        const code = text.charCodeAt(i);
        if (code === 0x0a)
            return true;
        if (!isWhitespace(code))
            return false;
        i++;
    }
    return i >= text.length;
}
//# sourceMappingURL=wrapper.js.map