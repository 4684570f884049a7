import { type OffsetMap } from './raw-position.js';
/**
 * Decodes the RFC 2047 encoded words of a header value; white space between two words goes
 * (§6.2). Each word, `=?charset?Q|B?text?=`, is read by hand within MAX_ENCODED_WORD
 * characters of its `=?`, with no match array. Q words in UTF-8 (and ASCII ones in
 * windows-1252) are decoded to bytes in place and, with the ASCII text between them, turned
 * into text by one UTF-8 decoding per run rather than one per word: a field of thousands of
 * words costs about what its text costs to scan. Other words go through decodeEncodedWord.
 */
export declare function decodeWords(text: string): {
    text: string;
    map: OffsetMap;
} | undefined;
