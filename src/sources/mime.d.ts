/**
 * The MIME library boundary. mailparser's own building blocks do the decoding
 * that is a solved problem: libmime for charsets (iconv-lite, and
 * encoding-japanese for ISO-2022-JP), RFC 2047 encoded words and RFC 2045/2231
 * header parameters; `he` for HTML character references. This is the only module
 * that imports them, so they can be replaced in one place.
 *
 * mailparser's `simpleParser` itself is not used: it cannot say where in the raw
 * message a decoded character came from, and it runs at about 19 MB/s. The MIME
 * structure is walked by `multipart.ts` on bytes instead, and no linkify pass of
 * mailparser's ever runs.
 *
 * The libraries load on first use, not with this module: their tables cost about
 * 200 ms of CPU at start-up (libmime pulls in iconv-lite and encoding-japanese), and
 * a message in UTF-8 or US-ASCII with the common character references needs none
 * of them. `require` rather than `import()`, because the decoders are synchronous.
 */
import { Buffer } from 'node:buffer';
import { type OffsetMap } from './raw-position.js';
/** Text decoded from bytes in a charset, with the way back to the bytes. */
export interface DecodedText {
    text: string;
    /** The charset actually used, canonical name (`UTF-8`, `windows-1252`, `KOI8-R`, ...). */
    charset: string;
    /** False when the declared charset is unknown (the text was then read as UTF-8 or Latin-1). */
    known: boolean;
    /** True when {@link offsets} maps every character to its bytes; false when it maps to the first byte. */
    exact: boolean;
    /** Maps offsets in `text` to absolute offsets in the byte buffer; built on first use. */
    offsets(): OffsetMap;
}
/**
 * Decodes `bytes[from, to)` in the `declared` charset. No declaration (or
 * `us-ascii` over 8-bit bytes, which is common) reads UTF-8 when the bytes are
 * valid UTF-8 and Latin-1 otherwise, as mail readers do. An unknown charset is
 * read the same way and reported with `known: false`.
 */
export declare function decodeText(bytes: Buffer, from: number, to: number, declared?: string): DecodedText;
/**
 * Maps UTF-16 offsets of `bytes.toString('utf8', from, to)` back to bytes. Follows the
 * WHATWG UTF-8 decoder, which V8 implements, so that every U+FFFD put in for a
 * malformed sequence is matched to the bytes it replaced (Encoding Standard §9.1.1).
 */
export declare function mapUtf8(bytes: Uint8Array, from: number, to: number): OffsetMap;
/** A parsed Content-Type (RFC 2045 §5.1, parameters per RFC 2231). */
export interface ContentType {
    /** `type/subtype` in lower case. */
    mediaType: string;
    /** Parameter names in lower case; values decoded (RFC 2231 continuations joined). */
    params: Record<string, string>;
}
/** Parses a Content-Type field value; `undefined` when it has no `type/subtype`. */
export declare function parseContentType(value: string): ContentType | undefined;
/**
 * Decodes one RFC 2047 encoded word from its parts (`=?charset?encoding?text?=`);
 * `undefined` when the charset is unknown.
 */
export declare function decodeEncodedWord(charset: string, encoding: string, text: string): string | undefined;
/**
 * The canonical name (as libmime gives it) of the charset of an encoded word, written at
 * `text[from, to)`, or `undefined` when libmime cannot decode it. An RFC 2231 language
 * suffix (`utf-8*en`, RFC 2231 §5) is not part of the name. The charset of the word before
 * is compared in place, with no slice: a field may hold thousands of words.
 */
export declare function encodedWordCharset(text: string, from: number, to: number): string | undefined;
/**
 * Writes the bytes of the Q-encoded text `text[from, to)` (RFC 2047 §4.2: `_` is a space,
 * `=XX` a byte, anything else itself) to `out` from `at`, and returns where they end, or -1
 * when the text is not ASCII (libmime then reads the word). `out` needs room for `to - from`
 * bytes: a Q word never decodes to more bytes than it has characters.
 */
export declare function decodeQBytes(text: string, from: number, to: number, out: Uint8Array, at: number): number;
/**
 * Decodes one HTML character reference (`&amp;`, `&#x2F;`, `&nbsp`) to its text, as he
 * decodes it. The common ones, numeric ones and named ones seen before cost no call to he
 * (a few microseconds each: a document of 100,000 references was a hostile input).
 */
export declare function decodeCharacterReference(reference: string, inAttribute: boolean): string;
/**
 * A numeric reference that is one whole `&#digits;` or `&#xhex;` (the `;` optional), decoded
 * as he decodes it (HTML Standard §13.2.5.80: out of range or a surrogate is U+FFFD), or
 * undefined for what he must read: NUL and the C1 controls, which it maps through
 * windows-1252, and references followed by more letters. The reference is
 * `reference[start, end)`, so that HTML text is decoded in place.
 */
export declare function decodeNumericReference(reference: string, start?: number, end?: number): string | undefined;
/** Decodes the character references in an attribute value (HTML Standard §13.2.5.38). */
export declare function decodeAttributeValue(value: string): string;
