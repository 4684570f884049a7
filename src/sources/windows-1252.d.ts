/**
 * windows-1252, the charset most mail labelled ISO-8859-1 or US-ASCII is really in
 * (libmime and the WHATWG Encoding Standard read both labels as windows-1252), decoded
 * without iconv-lite: loading iconv-lite's codec tables for it cost about 13 ms of
 * start-up CPU, most of a one-message run's own work (README, Performance:
 * `cliOneMessageMs`). It is Latin-1 but for 0x80..0x9F.
 */
/** `bytes` decoded as windows-1252: one character per byte, so offsets map one to one. */
export declare function decodeWindows1252(bytes: Buffer): string;
