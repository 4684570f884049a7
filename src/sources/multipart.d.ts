/**
 * Splitting a multipart body into its body parts by boundary (RFC 2046 §5.1.1),
 * on bytes, with native `indexOf`: a part that is not text (an image, a zip) costs
 * no more than the search for the next boundary.
 */
/** The byte span `[start, end)` of one body part: its header section and body. */
export interface BodyPartSpan {
    start: number;
    end: number;
}
/** The body parts of a multipart body. */
export interface MultipartSplit {
    parts: BodyPartSpan[];
    /** True when the close delimiter (`--boundary--`) was found. */
    closed: boolean;
}
/**
 * Finds the body parts of the multipart body `bytes[from, to)`. A delimiter is
 * `--boundary` at the start of a line, followed by optional white space and the line
 * end; the close delimiter adds `--`. The line break before a delimiter belongs to
 * the delimiter (RFC 2046 §5.1.1), so it is not part of the body part before it. The
 * preamble and epilogue are not body parts. Without a close delimiter (a truncated
 * message) the last part runs to `to`.
 */
export declare function splitMultipart(bytes: Buffer, from: number, to: number, boundary: string): MultipartSplit;
