/**
 * The raw lines around a match, for `-A`/`-B`/`-C` and the `lineText` field of JSON
 * records. The unit hands every chunk it reads to a {@link LineWindow}; a match's line
 * is cut from there by its raw byte offset, so the line is exactly what the file
 * holds, as grep would print it.
 */
import { lastIndexAtOrBefore } from '../lines.js';
/**
 * The window keeps at most this many bytes of recent input. A match is reported once
 * its message has been read (at most the sources' largest message), so its line is
 * nearly always still here; an older one gets no line (`null`) rather than memory
 * that grows with the mailbox.
 */
export const LINE_WINDOW_BYTES = 64 * 1024 * 1024;
/**
 * A line is cut to this many bytes around the match (context lines: their first bytes).
 * A hostile "line" of megabytes (base64 without line breaks) would otherwise be
 * copied into the output once per URL on it; the newline search is bounded the same way.
 */
export const MAX_LINE_BYTES = 4096;
/**
 * How far before a match's first byte {@link LineWindow.linesAt} may look: half a cut line
 * for the start of its own line, and a whole cut line for each of `before` context lines.
 * A unit that knows no later match starts before byte `at` can forget what lies more
 * than this before `at`, and the lines it prints are the same.
 */
export function lookBehindBytes(before) {
    return (MAX_LINE_BYTES >> 1) + before * (MAX_LINE_BYTES + 1) + 1;
}
const NEWLINE = 10;
const CR = 13;
/** Creates an empty window over an input starting at byte `base` (a range's start). */
export function createLineWindow(base = 0) {
    const chunks = [];
    const starts = [];
    /** Offset of the oldest byte still held. */
    let first = base;
    let total = base;
    let ended = false;
    /** Index of the chunk holding byte `pos` (first <= pos < total). */
    const chunkAt = (pos) => lastIndexAtOrBefore(chunks.length, (i) => starts[i], pos);
    /** The offset just after the last line break in `[from, pos)`, or `from` when there is none. */
    const lineStartBefore = (pos, from) => {
        let i = pos;
        while (i > from) {
            const c = chunkAt(i - 1);
            const chunk = chunks[c];
            const start = starts[c];
            const low = Math.max(from, start);
            const found = chunk.subarray(low - start, i - start).lastIndexOf(NEWLINE);
            if (found >= 0)
                return low + found + 1;
            i = low;
        }
        return from;
    };
    /** The offset of the first line break in `[pos, to)`, or -1. */
    const lineBreakAfter = (pos, to) => {
        let i = pos;
        while (i < to) {
            const c = chunkAt(i);
            const chunk = chunks[c];
            const start = starts[c];
            const high = Math.min(to, start + chunk.length);
            const found = chunk.subarray(i - start, high - start).indexOf(NEWLINE);
            if (found >= 0)
                return i + found;
            i = high;
        }
        return -1;
    };
    const bytes = (from, to) => {
        if (to <= from)
            return Buffer.alloc(0);
        const pieces = [];
        for (let c = chunkAt(from); c < chunks.length && starts[c] < to; c++) {
            const chunk = chunks[c];
            const start = starts[c];
            pieces.push(chunk.subarray(Math.max(0, from - start), Math.min(chunk.length, to - start)));
        }
        return pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
    };
    /** The text of the line `[from, to)` without a trailing CR (RFC 5322 lines end in CRLF). */
    const text = (from, to) => {
        const raw = bytes(from, to);
        return (raw.length > 0 && raw[raw.length - 1] === CR ? raw.subarray(0, raw.length - 1) : raw).toString('utf8');
    };
    /** The end of the line starting at `from` (its line break, or the end of input), cut to MAX_LINE_BYTES; undefined while unknown. */
    const lineEnd = (from) => {
        const limit = Math.min(total, from + MAX_LINE_BYTES);
        const found = lineBreakAfter(from, limit);
        if (found >= 0)
            return { end: found, next: found + 1 };
        if (limit < total || (limit === total && total - from >= MAX_LINE_BYTES)) {
            // Too long: cut here, and the next line starts after the real line break (if it has been read).
            const real = lineBreakAfter(limit, total);
            return real >= 0 ? { end: limit, next: real + 1 } : ended ? { end: limit, next: total } : undefined;
        }
        return ended ? { end: total, next: total } : undefined;
    };
    return {
        add(chunk) {
            if (chunk.length === 0)
                return;
            chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
            starts.push(total);
            total += chunk.length;
            while (chunks.length > 1 && total - starts[1] >= LINE_WINDOW_BYTES) {
                chunks.shift();
                starts.shift();
                first = starts[0];
            }
        },
        end() {
            ended = true;
        },
        forget(offset) {
            while (chunks.length > 1 && starts[1] <= offset) {
                chunks.shift();
                starts.shift();
                first = starts[0];
            }
        },
        linesAt(start, end, before, after) {
            if (start < first)
                return null;
            if (start >= total)
                return ended ? null : undefined;
            // No line break within half of MAX_LINE_BYTES before the match: the line is shown
            // from there, so that the match falls inside the cut.
            const searchFrom = Math.max(first, start - (MAX_LINE_BYTES >> 1));
            const lineStart = lineStartBefore(start, searchFrom);
            const own = lineEnd(lineStart);
            if (!own)
                return undefined;
            const afterLines = [];
            let next = own.next;
            for (let n = 0; n < after && next < total; n++) {
                const line = lineEnd(next);
                if (!line)
                    return undefined;
                afterLines.push(text(next, line.end));
                next = line.next;
            }
            if (afterLines.length < after && !ended)
                return undefined;
            const beforeLines = [];
            let prevEnd = lineStart;
            for (let n = 0; n < before && prevEnd > first; n++) {
                const from = lineStartBefore(prevEnd - 1, Math.max(first, prevEnd - 1 - MAX_LINE_BYTES));
                beforeLines.unshift(text(from, Math.min(prevEnd - 1, from + MAX_LINE_BYTES)));
                prevEnd = from;
            }
            const prefix = bytes(lineStart, start).toString('utf8');
            const matched = bytes(start, Math.min(end, own.end)).toString('utf8');
            const line = text(lineStart, own.end);
            return { line, matchStart: prefix.length, matchEnd: Math.min(line.length, prefix.length + matched.length), before: beforeLines, after: afterLines };
        },
    };
}
//# sourceMappingURL=lines.js.map