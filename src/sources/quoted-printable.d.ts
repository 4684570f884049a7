/**
 * Quoted-printable decoding (RFC 2045 §6.7) that remembers where every decoded byte
 * came from, so a URL found in the decoded text can be pointed at in the raw file
 * even when `=3D` escapes sit inside it or a soft line break (`=` at the end of a
 * line) split it.
 */
import { type OffsetMap } from './raw-position.js';
/** Decoded bytes and the map from their offsets to absolute offsets of the encoded bytes. */
export interface QuotedPrintableDecoding {
    bytes: Buffer;
    map: OffsetMap;
}
/**
 * Decodes `encoded[from, to)`. Following RFC 2045 §6.7: `=XX` is one byte (rule 1);
 * white space at the end of a line is deleted (rule 3); `=` followed by optional
 * transport padding and a line break is a soft line break and disappears (rule 5);
 * a `=` that starts neither is kept as it is, the robust
 * reading the RFC recommends for malformed input. Linear: the runs between `=` are
 * found with native `indexOf` and copied whole.
 */
export declare function decodeQuotedPrintable(encoded: Buffer, from: number, to: number): QuotedPrintableDecoding;
