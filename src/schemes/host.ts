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

// What classifyHost finds, as numbers: no string is built until a rejection is reported.
/** An ASCII host name (RFC 1738 §5 `hostname`), as written. */
export const HOST_NAME = 0;
/** A dotted quad (RFC 1738 §5 `hostnumber`). */
export const HOST_QUAD = 1;
/** No host, where the scheme allows none (`file:///`). */
export const HOST_EMPTY = 2;
/** Lenient mode: an RFC 3986 IP literal in brackets, whose inside is still to check. */
export const HOST_LITERAL = 3;
/** Lenient mode: an internationalised or percent-encoded name, still to decode and convert (IDNA). */
export const HOST_ENCODED = 4;
/** Codes from this one up are refusals. */
export const HOST_REFUSED = 5;
// The refusals, for hostFaultDetail. ENCODED_REFUSED: an encoded name that is refused after
// decoding whatever it decodes to: a "%" that starts no escape (decodePercent), or an ASCII
// character other than a letter, digit, "-", "." or "_", which percent-decoding and IDNA
// mapping keep (but for case) and nameOrQuadFault allows in no name.
const [ENCODED_REFUSED, NO_HOST, HOST_TOO_LONG, STRICT_LITERAL, UNCLOSED_LITERAL, STRICT_ENCODED] = [5, 6, 7, 8, 9, 10];
// nameOrQuadFault's refusals; hostFault holds where each one is.
const [TRAILING_DOT, NAME_EMPTY, NAME_TOO_LONG, EMPTY_LABEL, LONG_LABEL, LABEL_EDGE, NAME_CHAR, TOP_UNDERSCORE, NOT_NAME_OR_QUAD] = [11, 12, 13, 14, 15, 16, 17, 18, 19];
/**
 * classifyHost's refusal at the first character no host has: an ASCII character other
 * than a letter, digit, "-", "." or "_", or a "%" that starts no escape. Refused whatever
 * the rest holds; which refusal it is (an encoded name's, or the name rule nameOrQuadFault
 * finds first) is left to {@link refusedHostShape}, asked only for a reported rejection.
 */
const CHAR_REFUSED = 20;

/**
 * Where the last refusal of {@link nameOrQuadFault} stands: the label (`[from, to)`) or
 * the character (`from`). One record, reused: read at once by the one who reports it.
 */
const hostFault = { from: 0, to: 0 };

// Letters, digits, "-", "." and "_": the ASCII a host name may hold (lenient "_", see
// nameOrQuadFault); any other ASCII character refuses the host, encoded or not.
const HOST_NAME_CHAR = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '-._');

/**
 * Reads `text[start, end)` as a host, in place and without building a string: one of
 * `HOST_NAME`, `HOST_QUAD`, `HOST_EMPTY`, `HOST_LITERAL` and `HOST_ENCODED`, or a code
 * from `HOST_REFUSED` up when the host is refused for certain. {@link checkHost} reports
 * the refusals and finishes the literals and encoded names; the scanner's quick refusals
 * (quick.ts) need only the code. A character no host has stops the read at once (the
 * bench row "http://( repeated"): which refusal it is, is worked out for a report only.
 */
export function classifyHost(text: string, start: number, end: number, strict: boolean, allowEmpty: boolean): number {
  if (start === end) return allowEmpty ? HOST_EMPTY : NO_HOST;
  if (end - start > MAX_HOST_TEXT_LENGTH) return HOST_TOO_LONG;
  if (text.charCodeAt(start) === 0x5b) {
    if (strict) return STRICT_LITERAL;
    return text.charCodeAt(end - 1) === 0x5d ? HOST_LITERAL : UNCLOSED_LITERAL;
  }
  let encoded = false;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && HOST_NAME_CHAR[code] === 1) continue;
    if (code === 0x25) {
      if (i + 3 > end || !isIn(HEX, text.charCodeAt(i + 1)) || !isIn(HEX, text.charCodeAt(i + 2))) return CHAR_REFUSED;
    } else if (code < 0x80) {
      return CHAR_REFUSED;
    }
    // RFC 1738 §3.1 host names are ASCII; lenient mode decodes and converts them (checkHost).
    if (strict) return STRICT_ENCODED;
    encoded = true;
  }
  return encoded ? HOST_ENCODED : nameOrQuadFault(text, start, end, strict);
}

/**
 * Which refusal a host is that {@link classifyHost} refused as `CHAR_REFUSED`: an encoded
 * name's (`STRICT_ENCODED`, or `ENCODED_REFUSED`, decoded for the detail) when it holds a
 * "%" or a non-ASCII character anywhere, else the first fault of the name rule.
 */
function refusedHostShape(text: string, start: number, end: number, strict: boolean): number {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25 || code >= 0x80) return strict ? STRICT_ENCODED : ENCODED_REFUSED;
  }
  return nameOrQuadFault(text, start, end, strict);
}

/**
 * Checks `state.url[start, end)` as a host. Strict mode: RFC 1738 §5 `host` exactly.
 * Lenient mode adds IP literals, internationalised and percent-encoded names, and a
 * single trailing dot (the DNS root, RFC 1034 §3.1).
 */
export function checkHost(state: ParseState, start: number, end: number, options: HostOptions = {}): Host | Rejection {
  const url = state.url;
  let shape = classifyHost(url, start, end, state.strict, options.allowEmpty === true);
  if (shape === HOST_NAME) return { host: url.slice(start, end), kind: 'name' };
  if (shape === HOST_QUAD) return { host: url.slice(start, end), kind: 'ipv4' };
  if (shape === HOST_EMPTY) return { host: '', kind: 'empty' };
  if (state.quiet && shape >= HOST_REFUSED) return QUIET_REJECTION;
  if (shape === CHAR_REFUSED) shape = refusedHostShape(url, start, end, state.strict);
  // An encoded name that is surely refused is still decoded here, for the detail to say why.
  const what = options.what ?? 'host';
  if (shape === NO_HOST) return state.quiet ? QUIET_REJECTION : reject(state, 'empty-host', `"${url.slice(0, 80)}" names no ${what}`, start);
  const text = url.slice(start, end);
  const fail = (why: string): Rejection => state.quiet ? QUIET_REJECTION : reject(state, options.reason ?? 'bad-host', `${what} "${text.slice(0, 80)}" at offset ${start} ${why}`, start);
  if (shape === HOST_LITERAL) {
    const inner = text.slice(1, -1);
    if (inner.charCodeAt(0) === 0x76 || inner.charCodeAt(0) === 0x56) {
      return isIpvFuture(inner) ? { host: text, kind: 'ipvfuture' } : fail('is not an RFC 3986 §3.2.2 IPvFuture literal');
    }
    return parseIpv6(inner) ? { host: text, kind: 'ipv6' } : fail('is not an IPv6 address (RFC 3986 §3.2.2, RFC 4291 §2.2)');
  }
  if (shape !== HOST_ENCODED && shape !== ENCODED_REFUSED) return fail(hostFaultDetail(url, shape));
  // RFC 3986 §3.2.2 / RFC 3987 §3.1: a reg-name may be percent-encoded UTF-8 or an IRI
  // host; both name an IDN, which must survive IDNA conversion and then the ASCII rules.
  const decoded = decodePercent(text);
  if (decoded === undefined) return fail('has percent-escapes that are not UTF-8 (RFC 3986 §3.2.2)');
  const converted = domainToAscii(decoded);
  if (converted === '') return fail('is not a valid internationalised domain name (IDNA, UTS #46)');
  const nameShape = nameOrQuadFault(converted, 0, converted.length, false);
  if (nameShape >= HOST_REFUSED) return fail(`becomes "${converted}" in ASCII, which ${hostFaultDetail(converted, nameShape)}`);
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
  return { host: text, kind: nameShape === HOST_QUAD ? 'ipv4' : 'name', asciiHost: converted };
}

/** Why `text` is refused as a host, for the refusal `code` of classifyHost (which has just run on it). */
function hostFaultDetail(text: string, code: number): string {
  switch (code) {
    case HOST_TOO_LONG:
      return `is longer than any host can be (${MAX_HOST_TEXT_LENGTH} characters)`;
    case STRICT_LITERAL:
      return 'is an IP literal; RFC 1738 §3.1 hosts are domain names or dotted quads (use lenient mode for RFC 3986 literals)';
    case UNCLOSED_LITERAL:
      return 'opens "[" without closing "]" (RFC 3986 §3.2.2)';
    case STRICT_ENCODED:
      return 'has non-ASCII or percent-encoded characters; RFC 1738 §3.1 host names are ASCII letters, digits and "-"';
    case TRAILING_DOT:
      return 'ends with "."; RFC 1738 §5 hostname has no trailing dot';
    case NAME_EMPTY:
      return 'is empty';
    case NAME_TOO_LONG:
      return `is longer than ${MAX_HOSTNAME_LENGTH} characters (RFC 1034 §3.1)`;
    case EMPTY_LABEL:
      return 'has an empty label ("..", or a leading ".")';
    case LONG_LABEL:
      return `has a label longer than ${MAX_LABEL_LENGTH} characters (RFC 1034 §3.1)`;
    case LABEL_EDGE:
      return `has a label "${text.slice(hostFault.from, hostFault.to)}" that does not start and end with a letter or digit (RFC 1738 §3.1)`;
    case NAME_CHAR:
      return `has "${String.fromCharCode(text.charCodeAt(hostFault.from))}", which is not a letter, digit, "-" or "." (RFC 1738 §5 domainlabel)`;
    case TOP_UNDERSCORE:
      return `has "_" in its top-level label "${text.slice(hostFault.from, hostFault.to)}"`;
    default:
      return 'is neither a host name (its last label starts with a digit, RFC 1738 §3.1) nor a dotted quad of numbers 0–255';
  }
}

/**
 * RFC 1738 §5 `hostnumber = digits "." digits "." digits "." digits`, each group 0–255
 * (§3.1: "its IP address as a set of four decimal digit groups"). Returns the four
 * numbers or `undefined`. Groups of more than three digits are refused.
 */
export function parseIpv4(text: string): number[] | undefined {
  const address = ipv4At(text, 0, text.length);
  if (address === -1) return undefined;
  return [Math.floor(address / 0x1000000), Math.floor(address / 0x10000) % 256, Math.floor(address / 0x100) % 256, address % 256];
}

/** {@link parseIpv4} on `text[start, end)`, in place: the address as one number, or -1. */
function ipv4At(text: string, start: number, end: number): number {
  let address = 0;
  let groups = 0;
  let value = 0;
  let digits = 0;
  for (let i = start; i <= end; i++) {
    const code = i < end ? text.charCodeAt(i) : 0x2e;
    if (code === 0x2e) {
      if (digits === 0 || value > 255 || ++groups > 4) return -1;
      address = address * 256 + value;
      value = 0;
      digits = 0;
    } else if (code >= 0x30 && code <= 0x39) {
      if (++digits > 3) return -1;
      value = value * 10 + (code - 0x30);
    } else {
      return -1;
    }
  }
  return groups === 4 ? address : -1;
}

/**
 * A host name by RFC 1738 §5 (`hostname`, `domainlabel`, `toplabel`) or a dotted quad,
 * `text[start, end)`, in place: `HOST_NAME`, `HOST_QUAD` (a dotted quad with no trailing
 * dot), or the refusal's code, with where it is in `hostFault`.
 */
function nameOrQuadFault(text: string, start: number, end: number, strict: boolean): number {
  let stop = end;
  if (text.charCodeAt(end - 1) === 0x2e) {
    if (strict) return TRAILING_DOT;
    stop = end - 1;
  }
  if (stop <= start) return NAME_EMPTY;
  if (stop - start > MAX_HOSTNAME_LENGTH) return NAME_TOO_LONG;
  let labelStart = start;
  for (let i = start; i <= stop; i++) {
    const code = i < stop ? text.charCodeAt(i) : 0x2e;
    if (code === 0x2e) {
      const length = i - labelStart;
      if (length === 0) return EMPTY_LABEL;
      if (length > MAX_LABEL_LENGTH) return LONG_LABEL;
      // Lenient: "_" as a letter, as real DNS names have it (a_b.example.com, _dmarc).
      if (!isLabelEdge(text.charCodeAt(labelStart), strict) || !isLabelEdge(text.charCodeAt(i - 1), strict)) {
        hostFault.from = labelStart;
        hostFault.to = i;
        return LABEL_EDGE;
      }
      if (i < stop) labelStart = i + 1;
    } else if (!isIn(ALPHADIGIT, code) && code !== 0x2d && (strict || code !== 0x5f)) {
      hostFault.from = i;
      return NAME_CHAR;
    }
  }
  // RFC 1738 §3.1: "The rightmost domain label will never start with a digit, though, which
  // syntactically distinguishes all domain names from the IP addresses." `labelStart` is
  // the rightmost label's start.
  const top = labelStart;
  // Top-level domains are letters, digits and "-" (RFC 1123 §2.1); "_" only below them.
  if (!strict) {
    for (let i = top; i < stop; i++) {
      if (text.charCodeAt(i) === 0x5f) {
        hostFault.from = top;
        hostFault.to = stop;
        return TOP_UNDERSCORE;
      }
    }
  }
  if (isIn(ALPHA, text.charCodeAt(top))) return HOST_NAME;
  if (ipv4At(text, start, stop) !== -1) return stop === end ? HOST_QUAD : HOST_NAME;
  return NOT_NAME_OR_QUAD;
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
