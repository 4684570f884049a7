/**
 * Byte ranges of a large mbox (RFC 4155), in two steps. Nominal ranges come from the
 * file size alone: range `i` starts at `i * rangeBytes`. Each is then aligned to whole
 * messages: it starts at the first message boundary at or after its nominal start
 * (range 0 at byte 0, so that junk before the first `From ` line is still reported),
 * and ends where the next range's aligned start is. Every message therefore belongs
 * to exactly one range, whoever computes the ranges and however many of them.
 *
 * Aligning needs the boundaries that the sources' splitter finds from the start of
 * the file: a `From ` line inside an mboxcl2 Content-Length body is not one, and the
 * index and line number of a range's first message count everything before it. That
 * is one byte pass over the prefix ({@link findMessageBoundaries}, far faster than
 * scanning: see the README's "Many machines").
 */
import { createReadStream } from 'node:fs';
import { findMessageBoundaries } from '../sources/read-input.js';
/** How many nominal ranges a file of `size` bytes has (at least one). */
export function nominalRangeCount(size, rangeBytes) {
    return Math.max(1, Math.ceil(size / rangeBytes));
}
/**
 * Aligns nominal ranges `first` to `last` (inclusive) of the mbox at `path` (`size`
 * bytes) to message boundaries, in order. Ranges that hold no message start (a long
 * message spans their whole nominal extent) are left out. Reads the file from its
 * start to the first boundary after nominal range `last`, and no further.
 */
export async function* alignRanges(path, size, rangeBytes, first, last) {
    const made = (nominal, from, end) => {
        const stop = end ?? size;
        if (stop <= from.offset)
            return undefined;
        const range = { start: from.offset, message: from.message, line: from.line };
        if (end !== undefined)
            range.end = end;
        return { nominal, range, bytes: stop - from.offset };
    };
    // The range being built, `current`, starts at `currentStart` once that is known;
    // `wanted` is the next nominal range whose aligned start is not known yet (always
    // `current` or `current + 1`).
    let current = first;
    let currentStart = first === 0 ? { offset: 0, message: 0, line: 1 } : undefined;
    let wanted = first === 0 ? 1 : first;
    // A name that is not UTF-8 is opened by its bytes (a Buffer given here would be read as the content).
    for await (const boundary of findMessageBoundaries(typeof path === 'string' ? path : createReadStream(path))) {
        while (wanted <= last + 1 && wanted * rangeBytes <= boundary.offset) {
            const start = { offset: boundary.offset, message: boundary.index, line: boundary.line };
            if (wanted > current && currentStart) {
                const range = made(current, currentStart, start.offset);
                if (range)
                    yield range;
            }
            current = wanted;
            currentStart = start;
            wanted++;
        }
        if (wanted > last + 1)
            return;
    }
    // No boundary after this: the range being built runs to the end of the file.
    if (currentStart && current <= last && wanted > current) {
        const range = made(current, currentStart, undefined);
        if (range)
            yield range;
    }
}
//# sourceMappingURL=ranges.js.map