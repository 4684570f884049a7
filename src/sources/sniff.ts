/**
 * Telling inputs apart by their first bytes, the way `file(1)` does, so that
 * `urlsift anything` reads each file as what it is.
 */
import { parseHeader } from './header.js';
import type { SourceKind } from './origin.js';

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
export function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * What the bytes at the start of a file are: an rnews batch (`#! rnews`), an mbox (a
 * `From ` line followed by a header section), a news article (a header section with
 * Newsgroups), a message (a header section of at least two fields, one of them a
 * message field), or plain text.
 */
export function sniffBytes(head: Buffer): Exclude<SourceKind, 'maildir' | 'spool'> {
  if (head.subarray(0, 9).toString('latin1') === '#! rnews ') return 'rnews';
  if (head.subarray(0, 5).toString('latin1') === 'From ') {
    const lineEnd = head.indexOf(10);
    const fromLine = head.toString('latin1', 0, lineEnd < 0 ? head.length : lineEnd);
    if (FROM_LINE.test(fromLine)) return 'mbox';
    // An unusual `From ` line is still an mbox's when a header field follows it.
    if (lineEnd >= 0 && parseHeader(head, lineEnd + 1, head.length).fields.length > 0) return 'mbox';
    return 'text';
  }
  const section = parseHeader(head, 0, head.length);
  const fields = section.fields;
  // A header section must end inside the sniffed bytes or fill them.
  if (fields.length < 2 || (!section.terminated && section.bodyStart < head.length)) return 'text';
  if (!fields.some((field) => MESSAGE_FIELDS.has(field.key))) return 'text';
  return fields.some((field) => field.key === 'newsgroups') ? 'news' : 'eml';
}
