/**
 * Unwrapping `format=flowed` text (RFC 3676) before scanning, so that the lines a
 * mail client soft-wrapped are read as the paragraphs the writer typed.
 */
import { buildOffsetMap } from './raw-position.js';
/** The quote depth (leading `>` count, RFC 3676 §4.5) and the length of quote marks plus a stuffed space. */
function linePrefix(text, start, end) {
    let i = start;
    while (i < end && text.charCodeAt(i) === 0x3e)
        i++;
    return { depth: i - start, stuffed: i < end && text.charCodeAt(i) === 0x20 };
}
/**
 * Unwraps flowed text (RFC 3676 §4.1). A line ending in a space is flowed unless it
 * is the signature separator `-- ` (§4.3); it joins the next line when both have the
 * same quote depth (§4.5) and the next is no signature separator, the next line's
 * quote marks and stuffed space dropping out. Space-stuffing is undone on unquoted lines (§4.4); on quoted lines the space
 * after the quote marks is kept, as readers display it. With `delsp=yes` the space
 * before a soft line break is deleted as well (§4.1).
 */
export function unwrapFlowed(text, delsp) {
    const pieces = [];
    const map = buildOffsetMap(0);
    let pos = 0;
    let joining = false;
    let previousDepth = -1;
    while (pos < text.length) {
        let lineEnd = text.indexOf('\n', pos);
        const hasBreak = lineEnd >= 0;
        if (!hasBreak)
            lineEnd = text.length;
        const contentEnd = lineEnd > pos && text.charCodeAt(lineEnd - 1) === 0x0d ? lineEnd - 1 : lineEnd;
        const { depth, stuffed } = linePrefix(text, pos, contentEnd);
        const bodyStart = pos + depth + (stuffed ? 1 : 0);
        const body = text.slice(bodyStart, contentEnd);
        // A flowed line followed by a line of another depth, or by a signature separator,
        // ends its paragraph (§4.1): the line break stays.
        const joins = joining && depth === previousDepth && body !== '-- ';
        if (joining && !joins) {
            pieces.push('\n');
            map.take(1, 0);
        }
        if (joins) {
            map.take(0, bodyStart - pos);
        }
        else if (depth > 0) {
            // Quote marks and the space after them stay, as readers show them (`> text`), so
            // that the scanner sees the quote prefix it knows.
            pieces.push(text.slice(pos, bodyStart));
            map.take(bodyStart - pos, bodyStart - pos);
        }
        else if (stuffed) {
            map.take(0, 1);
        }
        const flowed = body.endsWith(' ') && body !== '-- ';
        const keep = flowed && delsp ? body.length - 1 : body.length;
        pieces.push(body.slice(0, keep));
        map.take(keep, keep);
        if (keep < body.length)
            map.take(0, 1);
        const breakLength = (hasBreak ? lineEnd + 1 : lineEnd) - contentEnd;
        if (flowed && hasBreak) {
            map.take(0, breakLength);
            joining = true;
        }
        else {
            pieces.push(text.slice(contentEnd, contentEnd + breakLength));
            map.take(breakLength, breakLength);
            joining = false;
        }
        previousDepth = depth;
        pos = hasBreak ? lineEnd + 1 : text.length;
    }
    return { text: pieces.join(''), map: map.finish() };
}
//# sourceMappingURL=flowed.js.map