/**
 * windows-1252, the charset most mail labelled ISO-8859-1 or US-ASCII is really in
 * (libmime and the WHATWG Encoding Standard read both labels as windows-1252), decoded
 * without iconv-lite: loading iconv-lite's codec tables for it cost about 13 ms of
 * start-up CPU, most of a one-message run's own work (README, Performance:
 * `cliOneMessageMs`). It is Latin-1 but for 0x80..0x9F.
 */
/**
 * The characters of bytes 0x80..0x9F, as iconv-lite decodes them (the WHATWG index;
 * U+FFFD for the five bytes Microsoft left unassigned, where iconv-lite has no
 * character). test/sources/windows-1252.test.ts compares every byte with iconv-lite.
 */
const HIGH_CONTROLS = '\u20AC\uFFFD\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\uFFFD\u017D\uFFFD' +
    '\uFFFD\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\uFFFD\u017E\u0178';
/** Bytes 0x80..0x9F, where windows-1252 differs from Latin-1. */
// eslint-disable-next-line no-control-regex
const C1 = /[\u0080-\u009f]/g;
/** `bytes` decoded as windows-1252: one character per byte, so offsets map one to one. */
export function decodeWindows1252(bytes) {
    const latin1 = bytes.toString('latin1');
    C1.lastIndex = 0;
    return C1.test(latin1) ? latin1.replace(C1, (char) => HIGH_CONTROLS[char.charCodeAt(0) - 0x80]) : latin1;
}
//# sourceMappingURL=windows-1252.js.map