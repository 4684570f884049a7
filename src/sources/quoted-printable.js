/**
 * Quoted-printable decoding (RFC 2045 §6.7) that remembers where every decoded byte
 * came from, so a URL found in the decoded text can be pointed at in the raw file
 * even when `=3D` escapes sit inside it or a soft line break (`=` at the end of a
 * line) split it.
 */
import { buildOffsetMap } from './raw-position.js';
const EQUALS = 0x3d;
/** Runs this short are copied byte by byte (a quoted-printable line is at most 76 bytes, RFC 2045 §6.7 rule 5). */
const SHORT_RUN_BYTES = 128;
/** The value of an ASCII hex digit (either case, as real encoders vary), or -1. */
function hexValue(byte) {
    if (byte === undefined)
        return -1;
    if (byte >= 0x30 && byte <= 0x39)
        return byte - 0x30;
    if (byte >= 0x41 && byte <= 0x46)
        return byte - 0x37;
    if (byte >= 0x61 && byte <= 0x66)
        return byte - 0x57;
    return -1;
}
/**
 * Decodes `encoded[from, to)`. Following RFC 2045 §6.7: `=XX` is one byte (rule 1);
 * white space at the end of a line is deleted (rule 3); `=` followed by optional
 * transport padding and a line break is a soft line break and disappears (rule 5);
 * a `=` that starts neither is kept as it is, the robust
 * reading the RFC recommends for malformed input. Linear: the runs between `=` are
 * found with native `indexOf` and copied whole.
 */
export function decodeQuotedPrintable(encoded, from, to) {
    const input = encoded.subarray(from, to);
    const output = Buffer.allocUnsafe(input.length);
    const map = buildOffsetMap(from);
    let written = 0;
    let i = 0;
    const copy = (start, end) => {
        // Most runs are one line's worth: a loop costs less than Buffer#copy's checks.
        if (end - start <= SHORT_RUN_BYTES)
            for (let k = start; k < end; k++)
                output[written + k - start] = input[k];
        else
            output.set(input.subarray(start, end), written);
        written += end - start;
        map.take(end - start, end - start);
    };
    // Copies a run without `=`, deleting the white space at the end of each of its lines
    // (rule 3: it "will necessarily have been added by intermediate transport agents").
    // White space before a `=` escape or soft break is not at a line end and stays.
    const copyRun = (start, end) => {
        let copied = start;
        let lineStart = start;
        let newline = input.indexOf(0x0a, start);
        while (newline >= 0 && newline < end) {
            const contentEnd = newline > lineStart && input[newline - 1] === 0x0d ? newline - 1 : newline;
            let kept = contentEnd;
            while (kept > lineStart && (input[kept - 1] === 0x20 || input[kept - 1] === 0x09))
                kept--;
            if (kept < contentEnd) {
                copy(copied, kept);
                map.take(0, contentEnd - kept);
                copied = contentEnd;
            }
            lineStart = newline + 1;
            newline = input.indexOf(0x0a, lineStart);
        }
        copy(copied, end);
    };
    while (i < input.length) {
        let equals = input.indexOf(EQUALS, i);
        if (equals < 0)
            equals = input.length;
        if (equals > i)
            copyRun(i, equals);
        if (equals >= input.length)
            break;
        const high = hexValue(input[equals + 1]);
        const low = high < 0 ? -1 : hexValue(input[equals + 2]);
        if (low >= 0) {
            output[written++] = high * 16 + low;
            map.take(1, 3);
            i = equals + 3;
            continue;
        }
        let j = equals + 1;
        while (j < input.length && (input[j] === 0x20 || input[j] === 0x09))
            j++;
        if (j >= input.length || input[j] === 0x0a || (input[j] === 0x0d && input[j + 1] === 0x0a)) {
            if (j < input.length)
                j += input[j] === 0x0d ? 2 : 1;
            map.take(0, j - equals);
            i = j;
            continue;
        }
        output[written++] = EQUALS;
        map.take(1, 1);
        i = equals + 1;
    }
    return { bytes: output.subarray(0, written), map: map.finish() };
}
//# sourceMappingURL=quoted-printable.js.map