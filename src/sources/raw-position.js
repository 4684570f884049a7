/**
 * Mapping offsets in decoded text back to the raw file.
 *
 * A URL in mail is found in text that went through several decodings: mboxrd
 * `>From ` unquoting, the Content-Transfer-Encoding (RFC 2045 §6), the charset,
 * and, for some parts, format=flowed unwrapping (RFC 3676) or HTML text
 * extraction. Each step is described by an {@link OffsetMap} from offsets in its
 * output to offsets in its input; composing them takes an offset in the scanned
 * text all the way back to a byte of the raw file, where a {@link LineIndex}
 * turns it into a line and column.
 */
import { lastIndexAtOrBefore } from '../lines.js';
export { countLines, indexLines } from '../lines.js';
/** The map of a step that changed nothing but the origin: `offset + shift`. */
export function shiftMap(shift) {
    return { start: (offset) => offset + shift, end: (offset) => offset + shift };
}
/** The map of a step whose output cannot be traced inside: everything maps to `[from, to)`. */
export function constantMap(from, to = from) {
    return { start: () => from, end: () => to };
}
/** Applies `inner` first (derived text → intermediate), then `outer` (intermediate → source). */
export function composeMaps(inner, outer) {
    return {
        start: (offset) => outer.start(inner.start(offset)),
        end: (offset) => outer.end(inner.end(offset)),
    };
}
/** The numbers of one piece of a built map, and where each is among them. */
const PIECE = 4;
const OUT_START = 0;
const IN_START = 1;
const IN_END = 2;
const STRIDE = 3;
/** Pieces a new map has room for: most maps are one or two pieces (see {@link buildOffsetMap}). */
const INITIAL_PIECES = 2;
/** Starts an {@link OffsetMapBuilder} whose input begins at `inputStart`. */
export function buildOffsetMap(inputStart = 0) {
    // Piece i is the four numbers from PIECE * i: output [outStart, next outStart) came from
    // input [inStart, inEnd), and stride is input units per output unit, or 0 when the piece
    // is indivisible. One typed array, grown by doubling: a decoder may write a piece every
    // few characters (a field of thousands of encoded words), and four growing arrays of
    // numbers cost as much as the decoding. It starts at two pieces (64 bytes), which V8
    // keeps on its own heap: a larger typed array gets a backing store of its own, about
    // 0.5 µs more for each of the many small maps (one per mboxrd-quoted message, bench
    // row "From lines in bodies").
    let pieces = new Float64Array(PIECE * INITIAL_PIECES);
    let count = 0;
    let outPos = 0;
    let inPos = inputStart;
    const take = (outputLength, inputLength) => {
        if (outputLength > 0) {
            const ratio = inputLength % outputLength === 0 ? inputLength / outputLength : 0;
            const last = PIECE * (count - 1);
            if (count > 0 && ratio !== 0 && pieces[last + STRIDE] === ratio && pieces[last + IN_END] === inPos) {
                pieces[last + IN_END] = inPos + inputLength;
            }
            else {
                if (PIECE * count === pieces.length) {
                    const grown = new Float64Array(pieces.length * 2);
                    grown.set(pieces);
                    pieces = grown;
                }
                const at = PIECE * count++;
                pieces[at + OUT_START] = outPos;
                pieces[at + IN_START] = inPos;
                pieces[at + IN_END] = inPos + inputLength;
                pieces[at + STRIDE] = ratio;
            }
        }
        outPos += outputLength;
        inPos += inputLength;
    };
    /** Where the last piece whose output starts at or before `offset` begins in `pieces` (binary search). */
    const find = (offset) => PIECE * lastIndexAtOrBefore(count, (i) => pieces[PIECE * i + OUT_START], offset);
    const finish = () => {
        const endOfInput = inPos;
        return {
            start(offset) {
                if (count === 0)
                    return endOfInput;
                const at = find(offset);
                const s = pieces[at + STRIDE];
                const from = pieces[at + OUT_START];
                if (s === 0 || offset < from)
                    return pieces[at + IN_START];
                return Math.min(pieces[at + IN_START] + (offset - from) * s, pieces[at + IN_END]);
            },
            end(offset) {
                if (count === 0)
                    return endOfInput;
                if (offset <= 0)
                    return pieces[IN_START];
                const at = find(offset - 1);
                const s = pieces[at + STRIDE];
                if (s === 0)
                    return pieces[at + IN_END];
                return Math.min(pieces[at + IN_START] + (offset - pieces[at + OUT_START]) * s, pieces[at + IN_END]);
            },
        };
    };
    return { take, finish };
}
/**
 * Line starts are indexed this far past the offset asked for, so that a run of
 * lookups in one region costs one native search, not one each.
 */
const LINE_INDEX_STEP = 64 * 1024;
/**
 * Turns byte offsets inside a {@link RawFrame} into raw points. Line starts are
 * indexed on demand, only as far as the offsets asked for: the URLs of a message
 * are usually in its first parts, and a long attachment after them is never indexed.
 */
export function locateInFrame(frame) {
    const raw = frame.raw;
    const starts = [0];
    let indexedTo = 0;
    return (offset) => {
        const clamped = Math.max(0, Math.min(offset, raw.length));
        if (clamped >= indexedTo && indexedTo < raw.length) {
            const to = Math.min(raw.length, clamped + LINE_INDEX_STEP);
            const view = raw.subarray(0, to);
            for (let at = view.indexOf(10, indexedTo); at >= 0; at = view.indexOf(10, at + 1))
                starts.push(at + 1);
            indexedTo = to;
        }
        const low = lastIndexAtOrBefore(starts.length, (i) => starts[i], clamped);
        const lineStart = starts[low];
        const base = low === 0 ? (frame.column ?? 1) : 1;
        return { line: frame.line + low, column: clamped - lineStart + base, offset: frame.offset + clamped };
    };
}
//# sourceMappingURL=raw-position.js.map