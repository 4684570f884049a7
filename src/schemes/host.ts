/**
 * Hosts (RFC 1738 §3.1): a fully qualified domain name or a dotted quad; in lenient
 * mode also IPv6 and IPvFuture literals (RFC 3986 §3.2.2) and internationalised names
 * (RFC 3987 §3.1), converted to ASCII by the WHATWG host parser (UTS #46 / IDNA, see idn.ts).
 */
import { ALPHA, ALPHADIGIT, charClass, decodePercent, HEX, isIn } from './characters.js';
import { domainToAscii } from './idn.js';
import { addNote, type ParseState, QUIET_REJECTION, reject, type Rejection } from './parsed.js';

/** RFC 1034 §3.1 (cited by RFC 1738 §3.1): "labels must be 63 characters or less". */
export const MAX_LABEL_LENGTH = 63;

/**
 * RFC 1034 §3.1 limits a name to 255 octets on the wire, which is 253 characters as
 * text (the wire form spends one length octet per label and one for the root).
 */
export const MAX_HOSTNAME_LENGTH = 253;

/**
 * A percent-encoded internationalised name can spell each character of a 253-character
 * name as up to nine escape characters (`%E7%B4%8D`). Anything longer cannot be a host,
 * and IDNA conversion is not run on it.
 */
export const MAX_HOST_TEXT_LENGTH = 253 * 9;

/** RFC 3986 §3.2.2: the longest IPv6 address text (eight groups of four, IPv4 tail). */
const MAX_IPV6_TEXT_LENGTH = 45;

/** What kind of host a URL names. */
export type HostKind = 'name' | 'ipv4' | 'ipv6' | 'ipvfuture' | 'empty';

/** An accepted host. */
export interface Host {
  /** The host as written. */
  host: string;
  kind: HostKind;
  /** For internationalised or percent-encoded names: the ASCII (IDNA) form. */
  asciiHost?: string;
}

/** Options for {@link checkHost}. */
export interface HostOptions {
  /** An empty host is acceptable (RFC 1738 §3.10 `file://`/path). */
  allowEmpty?: boolean;
  /** Reason to use instead of `bad-host` (e.g. `bad-article` for a news message-id). */
  reason?: string;
  /** What the host is called in details (default `host`). */
  what?: string;
}

/**
 * Checks `state.url[start, end)` as a host. Strict mode: RFC 1738 §5 `host` exactly.
 * Lenient mode adds IP literals, internationalised and percent-encoded names, and a
 * single trailing dot (the DNS root, RFC 1034 §3.1).
 */
export function checkHost(state: ParseState, start: number, end: number, options: HostOptions = {}): Host | Rejection {
  const text = state.url.slice(start, end);
  const reason = options.reason ?? 'bad-host';
  const what = options.what ?? 'host';
  const fail = (why: string): Rejection => state.quiet ? QUIET_REJECTION : reject(state, reason, `${what} "${text.slice(0, 80)}" at offset ${start} ${why}`, start);
  if (text.length === 0) {
    if (options.allowEmpty) return { host: '', kind: 'empty' };
    return state.quiet ? QUIET_REJECTION : reject(state, 'empty-host', `"${state.url.slice(0, 80)}" names no ${what}`, start);
  }
  if (text.length > MAX_HOST_TEXT_LENGTH) return fail(`is longer than any host can be (${MAX_HOST_TEXT_LENGTH} characters)`);
  if (text.charCodeAt(0) === 0x5b) {
    if (state.strict) return fail('is an IP literal; RFC 1738 §3.1 hosts are domain names or dotted quads (use lenient mode for RFC 3986 literals)');
    if (text.charCodeAt(text.length - 1) !== 0x5d) return fail('opens "[" without closing "]" (RFC 3986 §3.2.2)');
    const inner = text.slice(1, -1);
    if (inner.charCodeAt(0) === 0x76 || inner.charCodeAt(0) === 0x56) {
      return isIpvFuture(inner) ? { host: text, kind: 'ipvfuture' } : fail('is not an RFC 3986 §3.2.2 IPvFuture literal');
    }
    return parseIpv6(inner) ? { host: text, kind: 'ipv6' } : fail('is not an IPv6 address (RFC 3986 §3.2.2, RFC 4291 §2.2)');
  }
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80 || code === 0x25) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    const why = checkNameOrQuad(text, state.strict);
    return why === undefined ? { host: text, kind: isDottedQuad(text) ? 'ipv4' : 'name' } : fail(why);
  }
  if (state.strict) return fail('has non-ASCII or percent-encoded characters; RFC 1738 §3.1 host names are ASCII letters, digits and "-"');
  // RFC 3986 §3.2.2 / RFC 3987 §3.1: a reg-name may be percent-encoded UTF-8 or an IRI
  // host; both name an IDN, which must survive IDNA conversion and then the ASCII rules.
  const decoded = decodePercent(text);
  if (decoded === undefined) return fail('has percent-escapes that are not UTF-8 (RFC 3986 §3.2.2)');
  const converted = domainToAscii(decoded);
  if (converted === '') return fail('is not a valid internationalised domain name (IDNA, UTS #46)');
  const why = checkNameOrQuad(converted, false);
  if (why !== undefined) return fail(`becomes "${converted}" in ASCII, which ${why}`);
  for (let i = 0; i < decoded.length; i++) {
    if (decoded.charCodeAt(i) >= 0x80) {
      addNote(state, 'idn');
      break;
    }
  }
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 0x80) {
      addNote(state, 'unsafe-char');
      break;
    }
  }
  return { host: text, kind: isDottedQuad(converted) ? 'ipv4' : 'name', asciiHost: converted };
}

/** True when `text` is four groups of 1–3 digits separated by dots. */
function isDottedQuad(text: string): boolean {
  return parseIpv4(text) !== undefined;
}

/**
 * RFC 1738 §5 `hostnumber = digits "." digits "." digits "." digits`, each group 0–255
 * (§3.1: "its IP address as a set of four decimal digit groups"). Returns the four
 * numbers or `undefined`. Groups of more than three digits are refused.
 */
export function parseIpv4(text: string): number[] | undefined {
  const parts: number[] = [];
  let value = 0;
  let digits = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 0x2e;
    if (code === 0x2e) {
      if (digits === 0 || value > 255) return undefined;
      parts.push(value);
      if (parts.length > 4) return undefined;
      value = 0;
      digits = 0;
    } else if (code >= 0x30 && code <= 0x39) {
      if (++digits > 3) return undefined;
      value = value * 10 + (code - 0x30);
    } else {
      return undefined;
    }
  }
  return parts.length === 4 ? parts : undefined;
}

/**
 * A host name by RFC 1738 §5 (`hostname`, `domainlabel`, `toplabel`) or a dotted quad.
 * Returns why it is neither, or `undefined` when it is fine.
 */
function checkNameOrQuad(text: string, strict: boolean): string | undefined {
  let name = text;
  if (name.endsWith('.')) {
    if (strict) return 'ends with "."; RFC 1738 §5 hostname has no trailing dot';
    name = name.slice(0, -1);
  }
  if (name.length === 0) return 'is empty';
  if (name.length > MAX_HOSTNAME_LENGTH) return `is longer than ${MAX_HOSTNAME_LENGTH} characters (RFC 1034 §3.1)`;
  let labelStart = 0;
  for (let i = 0; i <= name.length; i++) {
    const code = i < name.length ? name.charCodeAt(i) : 0x2e;
    if (code === 0x2e) {
      const length = i - labelStart;
      if (length === 0) return 'has an empty label ("..", or a leading ".")';
      if (length > MAX_LABEL_LENGTH) return `has a label longer than ${MAX_LABEL_LENGTH} characters (RFC 1034 §3.1)`;
      // Lenient: "_" as a letter, as real DNS names have it (a_b.example.com, _dmarc).
      if (!isLabelEdge(name.charCodeAt(labelStart), strict) || !isLabelEdge(name.charCodeAt(i - 1), strict)) {
        return `has a label "${name.slice(labelStart, i)}" that does not start and end with a letter or digit (RFC 1738 §3.1)`;
      }
      labelStart = i + 1;
    } else if (!isIn(ALPHADIGIT, code) && code !== 0x2d && (strict || code !== 0x5f)) {
      return `has "${String.fromCharCode(code)}", which is not a letter, digit, "-" or "." (RFC 1738 §5 domainlabel)`;
    }
  }
  // RFC 1738 §3.1: "The rightmost domain label will never start with a digit, though, which
  // syntactically distinguishes all domain names from the IP addresses."
  const top = name.lastIndexOf('.') + 1;
  // Top-level domains are letters, digits and "-" (RFC 1123 §2.1); "_" only below them.
  if (!strict && name.includes('_', top)) return `has "_" in its top-level label "${name.slice(top)}"`;
  if (isIn(ALPHA, name.charCodeAt(top))) return undefined;
  if (parseIpv4(name)) return undefined;
  return 'is neither a host name (its last label starts with a digit, RFC 1738 §3.1) nor a dotted quad of numbers 0–255';
}

/**
 * A character a label may start or end with: RFC 1738 §5 letter or digit; in lenient mode
 * also "_", which RFC 2181 §11 allows in DNS names and which real host names carry.
 */
function isLabelEdge(code: number, strict: boolean): boolean {
  return isIn(ALPHADIGIT, code) || (!strict && code === 0x5f);
}

/**
 * RFC 3986 §3.2.2 `IPv6address` (RFC 4291 §2.2 text forms, no zone identifier): the
 * eight 16-bit groups, or `undefined` when `text` is not one.
 */
export function parseIpv6(text: string): number[] | undefined {
  if (text.length < 2 || text.length > MAX_IPV6_TEXT_LENGTH) return undefined;
  const gap = text.indexOf('::');
  if (gap !== -1 && text.indexOf('::', gap + 1) !== -1) return undefined;
  const head = gap === -1 ? text : text.slice(0, gap);
  const tail = gap === -1 ? '' : text.slice(gap + 2);
  const headGroups = head === '' ? [] : readGroups(head, gap === -1);
  const tailGroups = tail === '' ? [] : readGroups(tail, true);
  if (!headGroups || !tailGroups) return undefined;
  const count = headGroups.length + tailGroups.length;
  if (gap === -1) return count === 8 ? headGroups : undefined;
  // "::" stands for one or more groups of zeros.
  if (count > 7) return undefined;
  return [...headGroups, ...new Array<number>(8 - count).fill(0), ...tailGroups];
}

const HEX_GROUP = charClass('0123456789ABCDEFabcdef');

/** Reads `h16 *( ":" h16 )`, optionally ending in an IPv4 `ls32` tail (two groups). */
function readGroups(text: string, mayEndInIpv4: boolean): number[] | undefined {
  const pieces = text.split(':');
  const groups: number[] = [];
  for (let p = 0; p < pieces.length; p++) {
    const piece = pieces[p] ?? '';
    if (p === pieces.length - 1 && mayEndInIpv4 && piece.includes('.')) {
      const quad = parseIpv4(piece);
      // RFC 3986 §3.2.2 dec-octet has no leading zeros.
      if (!quad || piece.split('.').some((group) => group.length > 1 && group.startsWith('0'))) return undefined;
      groups.push(((quad[0] ?? 0) << 8) | (quad[1] ?? 0), ((quad[2] ?? 0) << 8) | (quad[3] ?? 0));
      continue;
    }
    if (piece.length === 0 || piece.length > 4) return undefined;
    for (let i = 0; i < piece.length; i++) if (!isIn(HEX_GROUP, piece.charCodeAt(i))) return undefined;
    groups.push(Number.parseInt(piece, 16));
  }
  return groups;
}

// RFC 3986 §3.2.2: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
const IPVFUTURE_CHAR = charClass(
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  "-._~!$&'()*+,;=:",
);

function isIpvFuture(text: string): boolean {
  const dot = text.indexOf('.');
  if (dot < 2 || dot === text.length - 1) return false;
  for (let i = 1; i < dot; i++) if (!isIn(HEX, text.charCodeAt(i))) return false;
  for (let i = dot + 1; i < text.length; i++) if (!isIn(IPVFUTURE_CHAR, text.charCodeAt(i))) return false;
  return true;
}
