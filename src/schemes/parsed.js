/**
 * What a scheme parser gives back: the parts of an accepted URL, or a rejection.
 *
 * Both are plain data. A rejection is a value, never an exception: text is
 * untrusted and a candidate that is not a URL is an ordinary outcome.
 */
/** True when a parse result is a rejection. */
export function isRejection(result) {
    return 'reason' in result;
}
/**
 * Adds a note once. A plain array: a URL gets a handful of notes at most, and a `Set`
 * per parse costs more than the parse of a short URL.
 */
export function addNote(state, note) {
    if (!state.notes.includes(note))
        state.notes.push(note);
}
// C0 and C1 controls and the bidi formatting characters (RFC 3987 §4.1): quoted from a hostile
// URL into a detail, they could rewrite the line a terminal shows.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** A rejection of the URL being parsed, naming what failed and where (internal). */
export function reject(state, reason, detail, offset) {
    const shown = detail.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
    const rejection = { reason, scheme: state.scheme, detail: shown };
    if (offset !== undefined)
        rejection.offset = offset;
    return rejection;
}
//# sourceMappingURL=parsed.js.map