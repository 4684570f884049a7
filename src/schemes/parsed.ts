/**
 * What a scheme parser gives back: the parts of an accepted URL, or a rejection.
 *
 * Both are plain data. A rejection is a value, never an exception: text is
 * untrusted and a candidate that is not a URL is an ordinary outcome.
 */

/** The parts of a URL accepted by its scheme parser (RFC 1738 §3, §5 and later scheme RFCs). */
export interface Parsed {
  /** Scheme name in lower case (RFC 1738 §2.1: interpreters treat upper case as lower case). */
  scheme: string;
  user?: string;
  password?: string;
  /** Host name or address as written (IPv6 literals keep their brackets). */
  host?: string;
  /** Port number; the scheme's default is filled in where the scheme has one. */
  port?: number;
  path?: string;
  search?: string;
  /** Text after the first `#`, without the `#` (RFC 1738 Appendix, RFC 3986 §3.5). */
  fragment?: string;
  /** FTP `;type=` code (RFC 1738 §3.2.2). */
  typecode?: string;
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
}

/** Options every scheme parser receives. */
export interface SchemeParseOptions {
  /** Follow the RFC 1738 §5 BNF exactly instead of the documented leniencies for real text. */
  strict: boolean;
}

/**
 * A scheme parser: takes a whole URL (scheme included, no surrounding whitespace) and
 * accepts it as `Parsed` or refuses it with a `Rejection`. It must never throw.
 */
export type SchemeParser = (url: string, options: SchemeParseOptions) => Parsed | Rejection;

/** True when a parse result is a rejection. */
export function isRejection(result: Parsed | Rejection): result is Rejection {
  return 'reason' in result;
}
