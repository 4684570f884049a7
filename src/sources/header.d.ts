/**
 * Header sections (RFC 5322 §2.2, §3.2.2; RFC 2045 §3 for MIME part headers) read
 * straight from bytes: every field with the byte span of its value, so URL-bearing
 * fields can be scanned where they stand and structural fields decoded cheaply.
 */
/** One header field: name as written, and where its value is. */
export interface HeaderField {
    /** The field name as written (`List-Unsubscribe`). */
    name: string;
    /** The field name in lower case. */
    key: string;
    /** Byte offset just after the `:`. */
    valueStart: number;
    /** Byte offset of the line break ending the field's last line (folded lines included). */
    valueEnd: number;
}
/** A parsed header section. */
export interface HeaderSection {
    fields: HeaderField[];
    /** Byte offset where the body starts (after the empty line, or at the first line that is not a field). */
    bodyStart: number;
    /** True when an empty line ended the section, false when a non-field line or the end of the data did. */
    terminated: boolean;
}
/**
 * Reads the header section at `bytes[from, to)`. A field line is `name:` with `name`
 * of printable ASCII except `:` (RFC 5322 §2.2, `ftext`), allowing the obsolete white
 * space before the colon (§4.5.3); a line starting with white space continues the
 * field before it (folding, §2.2.3). The section ends at an empty line, or at the
 * first line that is neither, which then starts the body, as Python's `email` and
 * mail readers do with a missing separator line.
 */
export declare function parseHeader(bytes: Buffer, from: number, to: number): HeaderSection;
/** The first field named `key` (lower case). */
export declare function findField(section: HeaderSection, key: string): HeaderField | undefined;
/**
 * A structural field's value as text: folding removed (RFC 5322 §2.2.3), trimmed,
 * bytes read as Latin-1 (structural fields are ASCII; this never fails).
 */
export declare function fieldValue(bytes: Buffer, field: HeaderField): string;
