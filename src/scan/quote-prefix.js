/**
 * Quote prefixes of replies (`> `, `>> `, `|> `, `: `, Supercite's `JS> `): when a
 * wrapper continues on a line that starts with the same prefix as the line where it
 * began, that prefix is not part of the URL.
 *
 * RFC 1738 Appendix: "The whitespace should be ignored when extracting the URL." A
 * reply tool inserts the prefix where the writer had a line break, so it is the same
 * kind of noise as the break itself. Only the same prefix is removed: a line quoted
 * to another depth is not the wrapper's continuation, and its `>` ends the wrapper.
 */
import { isAlpha, isWhitespace } from './characters.js';
/**
 * A prefix longer than this is not a quote prefix (deep quoting plus initials stays far
 * below it); the bound keeps the look at each line start constant-time.
 */
export const MAX_QUOTE_PREFIX_LENGTH = 40;
/** Supercite-style initials before `>` (`JS>`): at most this many letters. */
const MAX_INITIALS = 4;
function isQuoteMark(code) {
    return code === 0x3e /* > */ || code === 0x7c /* | */ || code === 0x3a /* : */ || code === 0x7d /* } */;
}
/**
 * The quote marks (whitespace removed, e.g. `>>` or `C>>`) at the start of the line that
 * begins at `lineStart`, looking no further than `limit`. Empty when the line is not quoted.
 */
export function quoteSignature(text, lineStart, limit) {
    const stop = Math.min(limit, lineStart + MAX_QUOTE_PREFIX_LENGTH);
    let signature = '';
    let i = lineStart;
    for (;;) {
        while (i < stop && isSpaceOrTab(text.charCodeAt(i)))
            i++;
        let j = i;
        while (j < stop && j - i < MAX_INITIALS && isAlpha(text.charCodeAt(j)))
            j++;
        if (j >= stop || text.charCodeAt(j) !== 0x3e) {
            // Initials only count before `>`; a bare mark stands alone.
            if (i < stop && isQuoteMark(text.charCodeAt(i))) {
                signature += text[i];
                i++;
                continue;
            }
            return signature;
        }
        signature += text.slice(i, j + 1);
        i = j + 1;
    }
}
/**
 * Where the content of a continuation line starts once `signature` is skipped: the
 * line starts at `lineStart`; marks must come in the same order, whitespace between
 * them is free. Returns -1 when the line does not start with that signature.
 */
export function skipQuotePrefix(text, lineStart, signature) {
    let i = lineStart;
    const end = Math.min(text.length, lineStart + MAX_QUOTE_PREFIX_LENGTH);
    for (let k = 0; k < signature.length; k++) {
        while (i < end && isSpaceOrTab(text.charCodeAt(i)))
            i++;
        if (i >= end || text.charCodeAt(i) !== signature.charCodeAt(k))
            return -1;
        i++;
    }
    return i;
}
/** Whitespace inside one line: anything `isWhitespace` but the line break characters. */
function isSpaceOrTab(code) {
    return code !== 0x0a && code !== 0x0d && isWhitespace(code);
}
//# sourceMappingURL=quote-prefix.js.map