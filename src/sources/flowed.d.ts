/**
 * Unwrapping `format=flowed` text (RFC 3676) before scanning, so that the lines a
 * mail client soft-wrapped are read as the paragraphs the writer typed.
 */
import { type OffsetMap } from './raw-position.js';
/** Unwrapped text and the map from its offsets back to the flowed text. */
export interface Unflowed {
    text: string;
    map: OffsetMap;
}
/**
 * Unwraps flowed text (RFC 3676 §4.1). A line ending in a space is flowed unless it
 * is the signature separator `-- ` (§4.3); it joins the next line when both have the
 * same quote depth (§4.5) and the next is no signature separator, the next line's
 * quote marks and stuffed space dropping out. Space-stuffing is undone on unquoted lines (§4.4); on quoted lines the space
 * after the quote marks is kept, as readers display it. With `delsp=yes` the space
 * before a soft line break is deleted as well (§4.1).
 */
export declare function unwrapFlowed(text: string, delsp: boolean): Unflowed;
