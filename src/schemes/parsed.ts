/**
 * What a scheme parser gives back: the parts of an accepted URL, or a rejection.
 *
 * Both are plain data. A rejection is a value, never an exception: text is
 * untrusted and a candidate that is not a URL is an ordinary outcome.
 */

/**
 * The parts of a URL accepted by its scheme parser (RFC 1738 §3, §5 and later scheme RFCs).
 *
 * Every part is a slice of the URL exactly as written: percent-escapes are kept, so a
 * part can be decoded once, by the caller, with `decodeURIComponent` (RFC 1738 §2.2:
 * encoding a reserved character changes its meaning, so decoding early loses it).
 */
export interface Parsed {
  /** Scheme name in lower case (RFC 1738 §2.1: interpreters treat upper case as lower case). */
  scheme: string;
  user?: string;
  password?: string;
  /** Host name or address as written (IPv6 literals keep their brackets). */
  host?: string;
  /**
   * The host in ASCII, when it was written as an internationalised (RFC 3987) or
   * percent-encoded name: the IDNA form (UTS #46, by the WHATWG URL host parser), in lower case.
   */
  asciiHost?: string;
  /** Port number; the scheme's default is filled in where the scheme has one. */
  port?: number;
  /**
   * The path as RFC 3986 §3.3 delimits it: from the `/` after the host (included) to
   * `?`, `#` or the end; for FTP without the `;type=` part. Empty when the URL has none.
   */
  path?: string;
  /** Text after `?` (HTTP `searchpart`, WAIS search, RFC 3986 query) or, for gopher, after the first `%09`. */
  search?: string;
  /** Text after the first `#`, without the `#` (RFC 1738 Appendix, RFC 3986 §3.5). */
  fragment?: string;
  /** FTP `;type=` code in lower case: `a`, `i` or `d` (RFC 1738 §3.2.2). */
  typecode?: string;
  /** FTP `<cwd1>/.../<cwdN>`: the directory segments, as written (RFC 1738 §3.2.2). */
  cwd?: string[];
  /** FTP `<name>`: the last path segment, as written (RFC 1738 §3.2.2). */
  name?: string;
  /** News or NNTP group name (RFC 1738 §3.6, §3.7; RFC 5538). */
  group?: string;
  /** News message-id (`id@host`) or NNTP article number (RFC 1738 §3.6, §3.7). */
  article?: string;
  /** WAIS database, type and path (RFC 1738 §3.9). */
  database?: string;
  wtype?: string;
  wpath?: string;
  /** Gopher type and selector (RFC 1738 §3.4, RFC 4266). */
  gtype?: string;
  selector?: string;
  /** Gopher+ string after the second `%09` (RFC 1738 §3.4.3, RFC 4266 §2.3). */
  gopherPlus?: string;
  /** Prospero host-specific object name, without the `/` that ends the host (RFC 1738 §3.11). */
  hsoname?: string;
  /** Prospero `;field=value` pairs, or mailto header fields (RFC 6068 `hfields`). */
  fields?: Record<string, string>;
  /** Mailto addresses (RFC 6068 `to`). */
  addresses?: string[];
  /** Kebab-case notes such as `password`, `nondefault-port`, `unsafe-char`. */
  notes: string[];
}

/** Why a candidate is not a URL of its scheme: a kebab-case `reason` plus optional detail. */
export interface Rejection {
  /** Kebab-case code: `unknown-scheme`, `empty-host`, `bad-port`, `bad-escape`, `bad-host`, ... */
  reason: string;
  /** The scheme the candidate claimed, in lower case, when there was one. */
  scheme?: string;
  /** A human-readable sentence saying what was wrong and where. */
  detail?: string;
  /** 0-based offset (UTF-16 code units) in the candidate URL where the problem is, when there is one place. */
  offset?: number;
}

/** Options every scheme parser receives. */
export interface SchemeParseOptions {
  /** Follow the RFC 1738 §5 BNF exactly instead of the documented leniencies for real text. */
  strict: boolean;
}

/**
 * Options of a quiet parse (internal to urlsift's own parsers and scanner): the caller
 * throws every rejection away (`findUrls` with no `onReject`), so a rejection is
 * {@link QUIET_REJECTION}, built once, and no detail is written. An accepted URL's
 * parts are the same as in a parse that is not quiet.
 */
export interface QuietParseOptions extends SchemeParseOptions {
  readonly quiet: true;
}

/** What urlsift's own parsers give for any rejection in a quiet parse (see {@link QuietParseOptions}). */
export const QUIET_REJECTION: Rejection = Object.freeze({ reason: 'refused' });

/**
 * A scheme parser: takes a whole URL (scheme included, no surrounding whitespace) and
 * accepts it as `Parsed` or refuses it with a `Rejection`. It must never throw.
 */
export type SchemeParser = (url: string, options: SchemeParseOptions) => Parsed | Rejection;

/** True when a parse result is a rejection. */
export function isRejection(result: Parsed | Rejection): result is Rejection {
  return 'reason' in result;
}

/**
 * What a scheme parser carries while it reads one URL (internal to `src/schemes`).
 * Offsets everywhere are indices into `url`, so a rejection can say where it failed.
 */
export interface ParseState {
  /** The whole candidate URL, scheme included. */
  url: string;
  /** The scheme name in lower case. */
  scheme: string;
  strict: boolean;
  /** A quiet parse (see {@link QuietParseOptions}): rejections are {@link QUIET_REJECTION}. */
  quiet?: boolean;
  /** Notes collected so far (RFC 1738 §6 security notes, `unsafe-char`, ...), each once. */
  notes: string[];
}

/**
 * Adds a note once. A plain array: a URL gets a handful of notes at most, and a `Set`
 * per parse costs more than the parse of a short URL.
 */
export function addNote(state: ParseState, note: string): void {
  if (!state.notes.includes(note)) state.notes.push(note);
}

// C0 and C1 controls and the bidi formatting characters (RFC 3987 §4.1): quoted from a hostile
// URL into a detail, they could rewrite the line a terminal shows.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A rejection of the URL being parsed, naming what failed and where (internal). */
export function reject(state: ParseState, reason: string, detail: string, offset?: number): Rejection {
  // Callers test `state.quiet` before they write the detail; this catches any that does not.
  if (state.quiet) return QUIET_REJECTION;
  const shown = detail.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  const rejection: Rejection = { reason, scheme: state.scheme, detail: shown };
  if (offset !== undefined) rejection.offset = offset;
  return rejection;
}
