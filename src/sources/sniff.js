/**
 * Telling inputs apart by their first bytes, the way `file(1)` does, so that
 * `urlsift anything` reads each file as what it is.
 */
import { parseHeader } from './header.js';
/** How many leading bytes {@link sniffBytes} looks at; a header section's first fields fit. */
export const SNIFF_BYTES = 4096;
/** Header fields that only a message or an article starts with (RFC 5322 §3.6, RFC 5536 §3, mail transport). */
const MESSAGE_FIELDS = new Set([
    'from', 'to', 'cc', 'date', 'subject', 'message-id', 'received', 'return-path', 'mime-version', 'delivered-to',
    'reply-to', 'sender', 'newsgroups', 'path', 'xref', 'content-type', 'x-mailer', 'user-agent', 'in-reply-to', 'references',
    'x-original-to', 'envelope-to', 'dkim-signature', 'arc-seal', 'authentication-results', 'article-i.d.', 'organization',
]);
/** A `From ` line as mbox writers produce it (RFC 4155 §2, Appendix A): `From ` then a sender, and a time of day somewhere. */
const FROM_LINE = /^From \S+.*\b\d{1,2}:\d{2}/;
/** True when the bytes start a gzip stream (RFC 1952 §2.3.1: ID1 ID2). */
export function isGzip(head) {
    return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}
/**
 * True when the first bytes end their lines with CR alone (classic Mac OS, some old
 * archives): a CR and no LF in them. Such input is read with each CR as a line end.
 */
export function hasCrOnlyLineEnds(head) {
    return head.indexOf(0x0d) >= 0 && head.indexOf(0x0a) < 0;
}
/**
 * Compressed formats other than gzip, by their magic bytes: xz (the xz file format §2.1.1.1:
 * FD 37 7A 58 5A 00), bzip2 (`BZh`, a block size digit, then the block magic 31 41 59 26 53 59
 * or the end-of-stream magic 17 72 45 38 50 90 of an empty stream) and Zstandard (RFC 8878
 * §3.1.1: 28 B5 2F FD). They are recognised so that they can be refused by name rather than
 * scanned as binary text: Node 20 has no decoder for them (zstd came in Node 22.15).
 */
export function otherCompression(head) {
    if (head.length >= 6 && head[0] === 0xfd && head.subarray(1, 6).equals(XZ_MAGIC))
        return 'xz';
    if (head.length >= 10 && head[0] === 0x42 && head[1] === 0x5a && head[2] === 0x68 && head[3] >= 0x31 && head[3] <= 0x39) {
        const block = head.subarray(4, 10);
        if (block.equals(BZIP2_BLOCK) || block.equals(BZIP2_END))
            return 'bzip2';
    }
    if (head.length >= 4 && head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd)
        return 'zstd';
    return undefined;
}
const XZ_MAGIC = Buffer.from([0x37, 0x7a, 0x58, 0x5a, 0x00]);
const BZIP2_BLOCK = Buffer.from([0x31, 0x41, 0x59, 0x26, 0x53, 0x59]);
const BZIP2_END = Buffer.from([0x17, 0x72, 0x45, 0x38, 0x50, 0x90]);
/**
 * What the bytes at the start of a file are: an rnews batch (`#! rnews`), an mbox (a
 * `From ` line followed by a header section), a news article (a header section with
 * Newsgroups), a message (a header section of at least two fields, one of them a
 * message field), or plain text.
 */
export function sniffBytes(head) {
    if (head.subarray(0, 9).toString('latin1') === '#! rnews ')
        return 'rnews';
    if (head.subarray(0, 5).toString('latin1') === 'From ') {
        const lineEnd = head.indexOf(10);
        const fromLine = head.toString('latin1', 0, lineEnd < 0 ? head.length : lineEnd);
        if (FROM_LINE.test(fromLine))
            return 'mbox';
        // An unusual `From ` line is still an mbox's when a header field follows it.
        if (lineEnd >= 0 && parseHeader(head, lineEnd + 1, head.length).fields.length > 0)
            return 'mbox';
        return 'text';
    }
    const section = parseHeader(head, 0, head.length);
    const fields = section.fields;
    // A header section must end inside the sniffed bytes or fill them.
    if (fields.length < 2 || (!section.terminated && section.bodyStart < head.length))
        return 'text';
    if (!fields.some((field) => MESSAGE_FIELDS.has(field.key)))
        return 'text';
    return fields.some((field) => field.key === 'newsgroups') ? 'news' : 'eml';
}
//# sourceMappingURL=sniff.js.map