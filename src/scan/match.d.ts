/**
 * What the scanner reports: located matches and located rejections, as plain data.
 *
 * Positions follow unist: 1-based `line` and `column`, 0-based `offset` in UTF-16
 * code units, and `end` just after the last character, so that
 * `text.slice(position.start.offset, position.end.offset) === raw` always holds.
 */
import type { Parsed, Rejection } from '../schemes/parsed.js';
/** One place in the text. */
export type { Point } from '../lines.js';
import type { Point } from '../lines.js';
/** A span of the text: `start` at the first character, `end` just after the last. */
export interface Position {
    start: Point;
    end: Point;
}
/**
 * How the URL stood in the text.
 * - `wrapper`: `<URL:...>` (RFC 1738 Appendix) or the draft form `URL=<...>`;
 * - `angle`: `<scheme:...>` (RFC 2396 Appendix E, RFC 3986 Appendix C);
 * - `prefix`: `URL:scheme:...` without brackets (RFC 1738 Appendix);
 * - `bare`: `scheme:...` in running text;
 * - `schemeless`: `www.` or `ftp.` host without a scheme;
 * - `email`: a bare e-mail address, reported as `mailto:`.
 */
export type MatchContext = 'wrapper' | 'angle' | 'prefix' | 'bare' | 'schemeless' | 'email';
/** A URL found in text. */
export interface Match {
    /** The URL: wrapper, prefix and whitespace removed; `http://` or `mailto:` added where implied. */
    url: string;
    /** The exact source slice: for wrappers the whole wrapper, `<URL:` to `>`. */
    raw: string;
    /** Scheme name in lower case. */
    scheme: string;
    context: MatchContext;
    position: Position;
    /** Other readings of an ambiguous hyphen at a line break (RFC 1738 Appendix), valid ones only. */
    alternatives: string[];
    /** Kebab-case notes: `hyphen-break`, `unterminated-wrapper`, `quote-prefix`, and the parser's notes. */
    notes: string[];
    /** Text after the first `#`, without the `#`, when the URL has a fragment. */
    fragment?: string;
    /** The URL's parts, from its scheme parser. */
    parts: Parsed;
}
/** A candidate that looked like a URL but was refused by its scheme parser. */
export interface RejectedCandidate extends Rejection {
    /** The candidate URL as it would have been reported. */
    candidate: string;
    /** The exact source slice. */
    raw: string;
    context: MatchContext;
    position: Position;
}
