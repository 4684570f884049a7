import { type OffsetMap } from './raw-position.js';
/** A URL-bearing attribute: its value with character references decoded, and where the value is. */
export interface HtmlAttribute {
    /** `href` or `src`. */
    name: string;
    /** The value, character references decoded. */
    value: string;
    /** Offsets of the value (inside any quotes) in the HTML. */
    start: number;
    end: number;
}
/** The text of an HTML document and the URL-bearing attributes in it. */
export interface HtmlText {
    /** Text content: tags removed, character references decoded, block boundaries as line breaks. */
    text: string;
    /** Offsets in `text` to offsets in the HTML. */
    map: OffsetMap;
    attributes: HtmlAttribute[];
}
/**
 * An attribute value longer than this is not reported: it is a `data:` URI holding
 * an image, not a link anyone reads, and copying it would cost memory per match.
 */
export declare const MAX_ATTRIBUTE_URL_LENGTH = 8192;
/** Reads the text and URL-bearing attributes of `html`. Linear in its length. */
export declare function readHtml(html: string): HtmlText;
