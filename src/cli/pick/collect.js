/**
 * Reads the picker's input with the sources (any kind urlsift reads) and turns every
 * URL into a {@link PickItem} with the line or lines it was found on.
 */
import { matchDocument } from '../../extract.js';
import { readDocuments, readPath } from '../../sources/read-input.js';
/**
 * Lines of context shown for one URL: a wrapper split over more lines than this is
 * shown by its first lines (an unterminated wrapper in hostile mail may run on for
 * many lines, and the list should stay a list).
 */
export const MAX_CONTEXT_LINES = 4;
/**
 * Characters kept of one context line: more than any terminal shows, so that a
 * megabyte-long line in a hostile message costs no more than a short one.
 */
export const MAX_CONTEXT_CHARS = 400;
/**
 * URLs read for one pick, duplicates included: a picker is for a message or a folder
 * of them, and each URL keeps up to {@link MAX_CONTEXT_LINES} lines of context, so a
 * whole archive given by mistake stops here instead of filling memory.
 */
export const MAX_PICK_URLS = 50_000;
/** Characters kept before the URL when its line is longer than {@link MAX_CONTEXT_CHARS}. */
const LEAD_CHARS = 40;
/**
 * Reads every input in turn (paths, or standard input's bytes) and collects its URLs. A
 * path given as `{ path }` may be bytes (a name that is not UTF-8, `sources/file-path.ts`).
 */
export async function collectItems(inputs, options) {
    const items = [];
    const errors = [];
    for (const input of inputs) {
        const documents = 'path' in input ? flatten(readPath(input.path, options)) : readDocuments(input.input, { ...options, name: input.name });
        for await (const item of documents) {
            if (item.type === 'error')
                errors.push(item);
            else
                for (const match of matchDocument(item, options))
                    items.push(toPickItem(match, item));
            if (items.length >= MAX_PICK_URLS)
                return { items: items.slice(0, MAX_PICK_URLS), errors, truncated: true };
        }
    }
    return { items, errors, truncated: false };
}
async function* flatten(batches) {
    for await (const batch of batches)
        yield* batch;
}
/** A scanned match, with its readings and the lines of `doc.source` it stands on. */
export function toPickItem(match, doc) {
    return {
        readings: [match.url, ...match.alternatives],
        scheme: match.scheme,
        context: match.context,
        notes: [...match.notes],
        lines: contextLines(doc.source, match.position.start.offset, match.position.end.offset),
    };
}
/** The lines of `text` that `[start, end)` touches, each with the part of that span it holds. */
export function contextLines(text, start, end) {
    const lines = [];
    let lineStart = text.lastIndexOf('\n', start - 1) + 1;
    while (lines.length < MAX_CONTEXT_LINES && lineStart <= end) {
        const newline = text.indexOf('\n', lineStart);
        let lineEnd = newline < 0 ? text.length : newline;
        if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13)
            lineEnd -= 1; // CRLF
        const from = Math.max(start, lineStart) - lineStart;
        const to = Math.min(end, lineEnd) - lineStart;
        lines.push(clip(text.slice(lineStart, Math.min(lineEnd, lineStart + Math.max(MAX_CONTEXT_CHARS, to + 1))), from, to));
        if (newline < 0 || newline + 1 > end)
            break;
        lineStart = newline + 1;
    }
    return lines;
}
/** Cuts a long line to {@link MAX_CONTEXT_CHARS} around its highlighted span. */
function clip(line, from, to) {
    const cut = from > MAX_CONTEXT_CHARS - LEAD_CHARS ? from - LEAD_CHARS : 0;
    const text = line.slice(cut, cut + MAX_CONTEXT_CHARS);
    return { text, highlightStart: Math.min(from - cut, text.length), highlightEnd: Math.min(Math.max(to - cut, from - cut), text.length) };
}
//# sourceMappingURL=collect.js.map