/**
 * rnews batches (RFC 1036 §4.3; RFC 5537 §4.1 no longer lets them travel as a MIME
 * body, but news servers still exchange and archive them): articles one after
 * another, each after a line `#! rnews <bytes>` giving its length. Streamed: the
 * length says where the next article starts.
 */
import { readMessage } from './message.js';
import { MAX_MESSAGE_BYTES } from './mbox.js';
import { scanError } from './origin.js';
import { countLines } from './raw-position.js';
const FRAME_PREFIX = Buffer.from('#! rnews ', 'latin1');
const NEWLINE_FRAME = Buffer.from('\n#! rnews ', 'latin1');
/** `#! rnews <count>`: a decimal count of at most ten digits (RFC 1036 §4.3). */
const FRAME_LINE = /^#! rnews (\d{1,10})[ \t]*\r?$/;
/** A frame line is short; one longer than this is not a frame line. */
const MAX_FRAME_LINE = 64;
/**
 * Reads an rnews batch into documents. A count that does not fit (RFC 1036 says
 * CRLF line ends count as one byte, and writers differ) is recovered from: the
 * article then ends at the next `#! rnews` line, and an error record says so.
 */
export async function* readRnews(chunks, place, options = {}) {
    let buf = Buffer.alloc(0);
    let pos = 0;
    let offset = 0;
    let line = 1;
    let index = 0;
    // Bytes needed past `pos` before the next decision can be made.
    let need = 0;
    const where = place.file === undefined ? '' : `${place.file}: `;
    const error = (reason, detail, at, message) => scanError(reason, `${where}${detail}`, { file: place.file, input: 'rnews', offset: at, message });
    /** Moves `pos` to `to`, keeping the raw offset and line count. */
    const advance = (to) => {
        line += countLines(buf, pos, to);
        offset += to - pos;
        pos = to;
    };
    // What the current drain produced; handed on as one batch.
    let out = [];
    const emit = (from, to) => {
        const article = { bytes: buf.subarray(from, to), offset: offset + (from - pos), line: line + countLines(buf, pos, from) };
        for (const item of readMessage({ bytes: article.bytes, start: 0, frame: { raw: article.bytes, offset: article.offset, line: article.line } }, { file: place.file, input: 'rnews', index }, options)) {
            out.push(item);
        }
        index++;
    };
    const drain = (eof) => {
        while (pos < buf.length) {
            const lineEnd = buf.indexOf(10, pos);
            if (lineEnd < 0 && !eof && buf.length - pos < MAX_FRAME_LINE)
                return;
            const headerEnd = lineEnd < 0 ? buf.length : lineEnd;
            const frame = headerEnd - pos <= MAX_FRAME_LINE ? FRAME_LINE.exec(buf.toString('latin1', pos, headerEnd)) : null;
            if (!frame) {
                // Not a frame line: skip to the next one, saying what was skipped.
                const next = buf.indexOf(NEWLINE_FRAME, pos);
                if (next < 0 && !eof) {
                    need = 2 * (buf.length - pos);
                    return;
                }
                const to = next < 0 ? buf.length : next + 1;
                if (buf.subarray(pos, to).toString('latin1').trim() !== '') {
                    out.push(error('bad-rnews-batch', `bytes ${offset}..${offset + to - pos} are not an article after a "#! rnews <count>" line; skipped`, offset));
                }
                advance(to);
                continue;
            }
            const start = headerEnd + 1;
            const count = Number(frame[1]);
            const end = start + count;
            if (count <= MAX_MESSAGE_BYTES && buf.length < end + FRAME_PREFIX.length && !eof) {
                need = end + FRAME_PREFIX.length - pos;
                return;
            }
            const consistent = count <= MAX_MESSAGE_BYTES &&
                end <= buf.length &&
                (end === buf.length || buf.subarray(end, end + FRAME_PREFIX.length).equals(FRAME_PREFIX));
            if (consistent) {
                emit(start, end);
                advance(end);
                continue;
            }
            const next = buf.indexOf(NEWLINE_FRAME, start);
            if (next < 0 && !eof) {
                // Wait for twice as much: buffered bytes are copied once per wait, so waits must
                // grow geometrically for the copying to stay linear.
                need = 2 * (buf.length - pos);
                return;
            }
            const to = next < 0 ? buf.length : next + 1;
            const frameOffset = offset;
            emit(start, to);
            if (next < 0 && end > buf.length) {
                out.push(error('truncated-file', `the batch ends ${end - buf.length} bytes before the end of article ${index - 1}`, frameOffset, index - 1));
            }
            else if (count !== to - start && count !== to - start - countCarriageReturns(buf, start, to)) {
                out.push(error('bad-rnews-batch', `article ${index - 1} is ${to - start} bytes, not the ${count} its "#! rnews" line says`, frameOffset, index - 1));
            }
            advance(to);
        }
    };
    // Chunks wait here until there are enough bytes to decide, so that small chunks do not
    // each cost a copy of everything buffered.
    let waiting = [];
    let waitingLength = 0;
    const collect = () => {
        buf = Buffer.concat([buf.subarray(pos), ...waiting]);
        pos = 0;
        waiting = [];
        waitingLength = 0;
    };
    for await (const chunk of chunks) {
        waiting.push(chunk);
        waitingLength += chunk.length;
        if (buf.length - pos + waitingLength < need)
            continue;
        collect();
        need = 0;
        drain(false);
        if (out.length > 0)
            yield out;
        out = [];
    }
    collect();
    drain(true);
    if (out.length > 0)
        yield out;
}
function countCarriageReturns(bytes, from, to) {
    let count = 0;
    const view = bytes.subarray(0, to);
    for (let at = view.indexOf(13, from); at >= 0; at = view.indexOf(13, at + 1))
        count++;
    return count;
}
//# sourceMappingURL=rnews.js.map