/**
 * Splitting a multipart body into its body parts by boundary (RFC 2046 §5.1.1),
 * on bytes, with native `indexOf`: a part that is not text (an image, a zip) costs
 * no more than the search for the next boundary.
 */
const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;
/**
 * Finds the body parts of the multipart body `bytes[from, to)`. A delimiter is
 * `--boundary` at the start of a line, followed by optional white space and the line
 * end; the close delimiter adds `--`. The line break before a delimiter belongs to
 * the delimiter (RFC 2046 §5.1.1), so it is not part of the body part before it. The
 * preamble and epilogue are not body parts. Without a close delimiter (a truncated
 * message) the last part runs to `to`.
 */
export function splitMultipart(bytes, from, to, boundary) {
    const view = bytes.subarray(from, to);
    const delimiter = Buffer.from(`--${boundary}`, 'latin1');
    const parts = [];
    let partStart = -1;
    let search = 0;
    while (search < view.length) {
        const at = view.indexOf(delimiter, search);
        if (at < 0)
            break;
        search = at + delimiter.length;
        if (at > 0 && view[at - 1] !== LF)
            continue;
        let after = at + delimiter.length;
        const close = view[after] === DASH && view[after + 1] === DASH;
        if (close)
            after += 2;
        let lineEnd = view.indexOf(LF, after);
        if (lineEnd < 0)
            lineEnd = view.length;
        if (!close && !isBlank(view, after, lineEnd))
            continue;
        if (partStart >= 0) {
            let end = at > 0 ? at - 1 : 0;
            if (end > partStart && view[end - 1] === CR)
                end--;
            parts.push({ start: from + partStart, end: from + Math.max(partStart, end) });
        }
        if (close)
            return { parts, closed: true };
        partStart = Math.min(lineEnd + 1, view.length);
        search = partStart;
    }
    if (partStart >= 0)
        parts.push({ start: from + partStart, end: to });
    return { parts, closed: false };
}
/** True when `view[from, to)` holds only spaces, tabs and a final CR. */
function isBlank(view, from, to) {
    for (let i = from; i < to; i++) {
        const b = view[i];
        if (b !== 0x20 && b !== 0x09 && b !== CR)
            return false;
    }
    return true;
}
//# sourceMappingURL=multipart.js.map