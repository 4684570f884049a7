/**
 * Header sections (RFC 5322 §2.2, §3.2.2; RFC 2045 §3 for MIME part headers) read
 * straight from bytes: every field with the byte span of its value, so URL-bearing
 * fields can be scanned where they stand and structural fields decoded cheaply.
 */
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const COLON = 0x3a;
/**
 * Reads the header section at `bytes[from, to)`. A field line is `name:` with `name`
 * of printable ASCII except `:` (RFC 5322 §2.2, `ftext`), allowing the obsolete white
 * space before the colon (§4.5.3); a line starting with white space continues the
 * field before it (folding, §2.2.3). The section ends at an empty line, or at the
 * first line that is neither, which then starts the body, as Python's `email` and
 * mail readers do with a missing separator line.
 */
export function parseHeader(bytes, from, to) {
    const fields = [];
    let pos = from;
    while (pos < to) {
        let lineEnd = bytes.indexOf(LF, pos);
        if (lineEnd < 0 || lineEnd >= to)
            lineEnd = to;
        const contentEnd = lineEnd > pos && bytes[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
        const next = lineEnd < to ? lineEnd + 1 : to;
        if (contentEnd === pos)
            return { fields, bodyStart: next, terminated: true };
        const first = bytes[pos];
        if (first === SPACE || first === TAB) {
            const last = fields[fields.length - 1];
            if (last !== undefined) {
                last.valueEnd = contentEnd;
                pos = next;
                continue;
            }
            return { fields, bodyStart: pos, terminated: false };
        }
        const nameEnd = fieldNameEnd(bytes, pos, contentEnd);
        if (nameEnd < 0)
            return { fields, bodyStart: pos, terminated: false };
        let colon = nameEnd;
        while (bytes[colon] !== COLON)
            colon++;
        const name = bytes.toString('latin1', pos, nameEnd);
        fields.push({ name, key: name.toLowerCase(), valueStart: colon + 1, valueEnd: contentEnd });
        pos = next;
    }
    return { fields, bodyStart: to, terminated: false };
}
/** End of a valid field name starting at `pos` and followed by optional WSP and `:`; -1 when none. */
function fieldNameEnd(bytes, pos, end) {
    let i = pos;
    while (i < end) {
        const b = bytes[i];
        if (b === COLON || b === SPACE || b === TAB)
            break;
        if (b < 33 || b > 126)
            return -1;
        i++;
    }
    if (i === pos)
        return -1;
    let colon = i;
    while (colon < end && (bytes[colon] === SPACE || bytes[colon] === TAB))
        colon++;
    return colon < end && bytes[colon] === COLON ? i : -1;
}
/** The first field named `key` (lower case). */
export function findField(section, key) {
    for (const field of section.fields)
        if (field.key === key)
            return field;
    return undefined;
}
/**
 * A structural field's value as text: folding removed (RFC 5322 §2.2.3), trimmed,
 * bytes read as Latin-1 (structural fields are ASCII; this never fails).
 */
export function fieldValue(bytes, field) {
    const raw = bytes.toString('latin1', field.valueStart, field.valueEnd);
    return raw.replace(/\r?\n(?=[ \t])/g, '').trim();
}
//# sourceMappingURL=header.js.map