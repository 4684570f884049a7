/**
 * URLs read in place, in lenient mode: the scanner's fast path for the shapes nearly
 * every message carries: `http://host/path?query#fragment` (RFC 1738 §3.3, RFC 3986),
 * `ftp://host/path` (§3.2), `mailto:local@domain` (RFC 6068 §2, one address) and
 * `news:group` (RFC 5538 §4), each with an ASCII host name.
 *
 * One pass over the URL where it stands in the text: part boundaries are recorded as
 * offsets, each part is cut once when the URL is accepted, and nothing is built for a URL
 * the reader does not accept. Anything else (strict mode, a user name, a port, an IP
 * literal, an IDN or percent-encoded host, header fields, a rejection) returns
 * `undefined`, and the caller hands the URL to the scheme's full parser (`parseHttp`,
 * `parseFtp`, `parseMailto`, `parseNews`), which also writes every rejection's detail. The result is the one the
 * full parser gives, key order included: the differential test
 * (`test/scan/in-place.differential.test.ts`) compares both on the shared corpus and on
 * generated text.
 */
import { acceptNonAscii, type CharClass, charClass, isIn, HEX, PATH_3986, QUERY_3986, UNSAFE } from './characters.js';
import { MAX_HOSTNAME_LENGTH, MAX_LABEL_LENGTH } from './host.js';
import type { Parsed } from './parsed.js';
import { defaultPortOf } from './ports.js';

/** RFC 1738 §3.3: "If :<port> is omitted, the port defaults to 80." */
const HTTP_PORT = 80;

/** RFC 9110 §4.2.2: "https" defaults to port 443. */
const HTTPS_PORT = 443;

/** RFC 1738 §3.2: "If :<port> is omitted, the port defaults to 21." */
const FTP_PORT = 21;

/** Shared by every result without notes; frozen so that no caller can change the others'. */
export const NO_NOTES: string[] = Object.freeze([]) as unknown as string[];

/**
 * The scheme, notes and fragment of the last URL a reader accepted, the same values as its
 * result's: the scanner reads them back at once from this one object of one shape, where
 * the results have a dozen shapes between them (with and without a fragment or a query,
 * http, ftp, mailto, news) and each read of a result's field is a megamorphic look-up.
 */
export const lastRead: { scheme: string; notes: string[]; fragment: string | undefined } = { scheme: '', notes: NO_NOTES, fragment: undefined };

/** Sets {@link lastRead}. */
function remember(scheme: string, notes: string[], fragment: string | undefined): void {
  lastRead.scheme = scheme;
  lastRead.notes = notes;
  lastRead.fragment = fragment;
}

// Notes as bits while reading; the result lists them in sorted order, as `finishUrl` does.
const ENCODED_CONTROL = 1;
const UNSAFE_CHAR = 2;
const NOTE_LISTS: readonly string[][] = [
  NO_NOTES,
  Object.freeze(['encoded-control']) as unknown as string[],
  Object.freeze(['unsafe-char']) as unknown as string[],
  Object.freeze(['encoded-control', 'unsafe-char']) as unknown as string[],
];

// Which part a character belongs to, by the part the reader is in: RFC 3986 §3.3
// path-abempty (pchar and "/"), §3.4 query and §3.5 fragment (pchar, "/" and "?").
const LETTER_DIGIT = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');

/**
 * Reads the `http:`-family URL whose scheme (lower case `scheme`) ends at the colon
 * `colon` and that ends at `end` in `text`, in lenient mode. Returns its parts as
 * `parseHttp` gives them, or `undefined` when the full parser must decide.
 */
export function readHttpInPlace(text: string, colon: number, end: number, scheme: string): Parsed | undefined {
  const hostEnd = readHostAndTail(text, colon, end);
  if (hostEnd === -1) return undefined;
  const { query, hash } = tail;
  const notes = NOTE_LISTS[tail.notes] as string[];
  const pathEnd = query !== -1 ? query : hash !== -1 ? hash : end;
  const host = text.slice(colon + 3, hostEnd);
  const port = scheme === 'http' ? HTTP_PORT : scheme === 'https' ? HTTPS_PORT : (defaultPortOf(scheme) ?? HTTP_PORT);
  const path = text.slice(hostEnd, pathEnd);
  // Key order as parseHttp builds it: scheme, notes, fragment, host, port, path, search.
  // One literal per shape (absent parts stay absent), so that every field is in the object
  // itself: adding keys one by one would give each result a second, out-of-object store.
  if (hash === -1) {
    remember(scheme, notes, undefined);
    return query === -1 ? { scheme, notes, host, port, path } : { scheme, notes, host, port, path, search: text.slice(query + 1, end) };
  }
  const fragment = text.slice(hash + 1, end);
  remember(scheme, notes, fragment);
  return query === -1 ? { scheme, notes, fragment, host, port, path } : { scheme, notes, fragment, host, port, path, search: text.slice(query + 1, hash) };
}

/**
 * Reads the `ftp:` URL whose scheme ends at `colon` and that ends at `end` in `text`, in
 * lenient mode, when its path has no `;` parameter (RFC 1738 §3.2.2 `;type=`). Returns
 * its parts as `parseFtp` gives them, or `undefined` when the full parser must decide.
 */
export function readFtpInPlace(text: string, colon: number, end: number, scheme: string): Parsed | undefined {
  const hostEnd = readHostAndTail(text, colon, end);
  if (hostEnd === -1 || tail.semicolon) return undefined;
  const { query, hash } = tail;
  const notes = NOTE_LISTS[tail.notes] as string[];
  const pathEnd = query !== -1 ? query : hash !== -1 ? hash : end;
  const host = text.slice(colon + 3, hostEnd);
  const port = defaultPortOf(scheme) ?? FTP_PORT;
  const path = text.slice(hostEnd, pathEnd);
  // Key order as parseFtp builds it: scheme, notes, fragment, host, port, path, name, cwd, search.
  if (hash === -1 && query === -1) {
    remember(scheme, notes, undefined);
    // The common shape as one literal (see readHttpInPlace).
    if (hostEnd === pathEnd) return { scheme, notes, host, port, path };
    const cwd = cwdOf(text, hostEnd + 1, pathEnd);
    return { scheme, notes, host, port, path, name: text.slice(segmentStart, pathEnd), cwd };
  }
  const parsed: Parsed = { scheme, notes };
  if (hash !== -1) parsed.fragment = text.slice(hash + 1, end);
  parsed.host = host;
  parsed.port = port;
  parsed.path = path;
  if (hostEnd < pathEnd) {
    const cwd = cwdOf(text, hostEnd + 1, pathEnd);
    parsed.name = text.slice(segmentStart, pathEnd);
    parsed.cwd = cwd;
  }
  if (query !== -1) parsed.search = text.slice(query + 1, hash !== -1 ? hash : end);
  remember(scheme, notes, parsed.fragment);
  return parsed;
}

/** Where the last segment {@link cwdOf} read starts: the name's. */
let segmentStart = 0;

/**
 * RFC 1738 §3.2.2 `<cwd1>/.../<cwdN>/<name>`: the segments of `text[from, to)` before its
 * last "/", as `split('/')` gives them less the last, which starts at `segmentStart`. Cut
 * from the text in place, into an array of their number: `split` on a slice of the path
 * cost an ftp URL half its read (bench (a)).
 */
function cwdOf(text: string, from: number, to: number): string[] {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 0x2f) count++;
  const cwd = new Array<string>(count);
  let start = from;
  for (let k = 0; k < count; k++) {
    const slash = text.indexOf('/', start);
    cwd[k] = text.slice(start, slash);
    start = slash + 1;
  }
  segmentStart = start;
  return cwd;
}

/**
 * Characters of a path (RFC 3986 §3.3) and of a query or fragment (§3.4, §3.5) that need
 * no check beyond being allowed: not `%` (an escape), `#`, `?` or `;` (they start parts),
 * and no RFC 1738 §2.2 unsafe character (a note).
 */
const PLAIN_PATH = plainOf(PATH_3986, '%#?;');
const PLAIN_QUERY = plainOf(QUERY_3986, '%#?;');

function plainOf(allowed: CharClass, special: string): Uint8Array {
  const table = allowed.slice();
  for (let code = 0; code < 128; code++) if (UNSAFE[code] === 1 || special.includes(String.fromCharCode(code))) table[code] = 0;
  return table;
}

/**
 * What {@link readHostAndTail} found after the host, as offsets. One record, reused:
 * the readers run one at a time and read it back at once, so no object is made per URL.
 */
const tail = { query: -1, hash: -1, notes: 0, semicolon: false };

/**
 * RFC 1738 §3.1 `"//" hostport`, here an ASCII host name without a port or user name,
 * then RFC 3986 §3.3 path-abempty, §3.4 `"?" query` and §3.5 `"#" fragment`, checked in
 * one pass. Returns where the host ends (the offsets after it are left in `tail`), or -1
 * when the full parser must decide.
 */
function readHostAndTail(text: string, colon: number, end: number): number {
  // RFC 1738 §3.1: "The scheme specific data start with a double slash".
  const hostStart = colon + 3;
  if (hostStart > end || text.charCodeAt(colon + 1) !== 0x2f || text.charCodeAt(colon + 2) !== 0x2f) return -1;
  const hostEnd = asciiHostNameEnd(text, hostStart, end);
  if (hostEnd === -1) return -1;
  const stop = hostEnd < end ? text.charCodeAt(hostEnd) : 0x2f;
  // "@", ":", "[", "%", non-ASCII: a user name, a port, a literal or an IDN, for the full parser.
  if (stop !== 0x2f && stop !== 0x3f && stop !== 0x23) return -1;
  // Most paths are plain characters to their end (bench (a): 59% of its http and ftp
  // URLs): one look-up each in a fixed table, and no part or note to keep track of.
  let i = hostEnd;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (code >= 128 || PLAIN_PATH[code] !== 1) break;
    i++;
  }
  let notes = 0;
  let query = -1;
  let hash = -1;
  let semicolon = false;
  let allowed = PATH_3986;
  let plain = PLAIN_PATH;
  while (i < end) {
    const code = text.charCodeAt(i);
    // Nearly every character of a path or query needs no more than this one look-up.
    if (code < 128 && plain[code] === 1) {
      i++;
      continue;
    }
    if (code === 0x25) {
      // RFC 3986 §2.1: "%" HEXDIG HEXDIG, inside the URL.
      if (i + 3 > end || !isIn(HEX, text.charCodeAt(i + 1)) || !isIn(HEX, text.charCodeAt(i + 2))) return -1;
      // RFC 1738 §6: an escaped CR, LF or NUL in a part that goes on the wire.
      if (hash === -1 && isEncodedControl(text, i)) notes |= ENCODED_CONTROL;
      i += 3;
      continue;
    }
    if (code === 0x23 && hash === -1) {
      hash = i;
      allowed = QUERY_3986;
      plain = PLAIN_QUERY;
    } else if (code === 0x3f && query === -1 && hash === -1) {
      query = i;
      allowed = QUERY_3986;
      plain = PLAIN_QUERY;
    } else if (code < 128) {
      if (code === 0x3b && query === -1 && hash === -1) semicolon = true;
      // RFC 1738 §2.2 unsafe characters: accepted in lenient mode, with a note.
      if (UNSAFE[code] === 1) notes |= UNSAFE_CHAR;
      else if (allowed[code] !== 1) return -1;
    } else {
      // RFC 3987 IRI characters, accepted in lenient mode with the same note.
      const width = acceptNonAscii(text, i);
      if (width === 0) return -1;
      notes |= UNSAFE_CHAR;
      i += width;
      continue;
    }
    i++;
  }
  tail.query = query;
  tail.hash = hash;
  tail.notes = notes;
  tail.semicolon = semicolon;
  return hostEnd;
}

/**
 * Reads the `news:` URL whose scheme ends at `colon` and that ends at `end` in `text`, in
 * lenient mode, when it is a plain newsgroup list (RFC 5538 §4 `newsgroups`: letters,
 * digits, `-+_.` and the wildcard `*`). Returns its parts as `parseNews` gives them, or
 * `undefined` when the full parser must decide (a server, a message-id, escapes, a query).
 */
export function readNewsInPlace(text: string, colon: number, end: number, scheme: string): Parsed | undefined {
  if (colon + 1 === end) return undefined;
  for (let i = colon + 1; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || NEWS_GROUP_CHAR[code] !== 1) return undefined;
  }
  // Key order as parseNews builds it: scheme, notes, group.
  remember(scheme, NO_NOTES, undefined);
  return { scheme, notes: NO_NOTES, group: text.slice(colon + 1, end) };
}

// RFC 5538 §3 group-char and §4 "*".
const NEWS_GROUP_CHAR = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '-+_.*');

/**
 * Reads an ASCII host name (RFC 1738 §5 `hostname`, RFC 1034 §3.1 lengths) from `start`
 * up to the first character that is not a letter, digit, `-` or `.`, at most to `end`.
 * Returns where it stops, or -1 when what it read is not a host name this reader accepts
 * (a dotted quad, whose last label starts with a digit, is the full parser's to read).
 */
export function asciiHostNameEnd(text: string, start: number, end: number): number {
  // Each character is read once: a label's first and last characters are kept as the walk
  // passes them, not read again at its end. Inside the walk a label holds letters, digits
  // and "-" only, so "starts and ends with a letter or digit" is "neither is a -".
  let labelStart = start;
  let first = 0;
  let previous = 0;
  // The first character of the last label closed by a ".".
  let closedFirst = 0;
  let i = start;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e) {
      if (i === labelStart || i - labelStart > MAX_LABEL_LENGTH || first === 0x2d || previous === 0x2d) return -1;
      closedFirst = first;
      labelStart = i + 1;
    } else if (code >= 128 || (LETTER_DIGIT[code] !== 1 && code !== 0x2d)) {
      break;
    } else if (i === labelStart) {
      first = code;
    }
    previous = code;
  }
  const hostEnd = i;
  if (hostEnd === start) return -1;
  // Lenient mode takes one trailing dot, the DNS root (RFC 1034 §3.1): then the last label
  // is the one closed by it.
  let topFirst = closedFirst;
  if (labelStart < hostEnd) {
    if (hostEnd - labelStart > MAX_LABEL_LENGTH || first === 0x2d || previous === 0x2d) return -1;
    topFirst = first;
  }
  const nameLength = (labelStart === hostEnd ? hostEnd - 1 : hostEnd) - start;
  if (nameLength > MAX_HOSTNAME_LENGTH) return -1;
  // RFC 1738 §3.1: "The rightmost domain label will never start with a digit".
  if (topFirst <= 0x39) return -1;
  return hostEnd;
}

/**
 * Reads the `mailto:` URL whose colon is at `colon` and that ends at `end` in `text`,
 * in lenient mode, when it is one plain address (a dot-atom local part of letters,
 * digits and `._+-`, `@`, an ASCII host name) and optionally header fields with plain
 * values (RFC 6068 §2 `hfields`, no `to` field, no repeats). Returns its parts as
 * `parseMailto` gives them, or `undefined` when the full parser must decide.
 */
export function readMailtoInPlace(text: string, colon: number, end: number, scheme: string): Parsed | undefined {
  // RFC 5322 §3.2.3 dot-atom-text: no leading, trailing or doubled ".".
  const localStart = colon + 1;
  let i = localStart;
  let previous = 0x2e;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e) {
      if (previous === 0x2e) return undefined;
    } else if (code >= 128 || LOCAL_CHAR[code] !== 1) {
      break;
    }
    previous = code;
  }
  if (i === localStart || previous === 0x2e || i === end || text.charCodeAt(i) !== 0x40) return undefined;
  // The domain is a host name (RFC 1738 §3.1), up to the end or the "?" of the header fields.
  const addressEnd = asciiHostNameEnd(text, i + 1, end);
  if (addressEnd === -1 || (addressEnd < end && text.charCodeAt(addressEnd) !== 0x3f)) return undefined;
  // Key order as parseMailto builds it: scheme, notes, fields, addresses.
  if (addressEnd === end) {
    remember(scheme, NO_NOTES, undefined);
    return { scheme, notes: NO_NOTES, addresses: [text.slice(localStart, addressEnd)] };
  }
  const fields = readHeaderFields(text, addressEnd + 1, end);
  if (fields === undefined) return undefined;
  remember(scheme, NO_NOTES, undefined);
  return { scheme, notes: NO_NOTES, fields, addresses: [text.slice(localStart, addressEnd)] };
}

/**
 * RFC 6068 §2 `hfield *( "&" hfield )`, `hfield = hfname "=" hfvalue`, from `start` to
 * `end`: names lower-cased, values as written. `undefined` for anything the full parser
 * must decide: an empty or nameless field, a second `=` or a `?` in a field (§6.1), a `to`
 * field (more addresses), a repeated name (noted there), an escaped control character or
 * an RFC 1738 §2.2 unsafe character (noted there).
 */
function readHeaderFields(text: string, start: number, end: number): Record<string, string> | undefined {
  // A null prototype as parseMailto gives, but set on a plain object: Object.create(null)
  // makes a dictionary-mode object, several times slower to build and larger to keep.
  // Made at the second field: a lone field (a mailing list's "?subject=unsubscribe") is
  // held by a literal of its own (see oneField).
  let fields: Record<string, string> | undefined;
  let firstName = '';
  let firstValue = '';
  let fieldStart = start;
  let equals = -1;
  for (let i = start; i <= end; i++) {
    const code = i < end ? text.charCodeAt(i) : 0x26;
    if (code === 0x26 /* & */) {
      if (equals === -1 || equals === fieldStart) return undefined;
      const name = commonFieldName(text, fieldStart, equals) ?? text.slice(fieldStart, equals).toLowerCase();
      if (name === 'to') return undefined;
      const value = text.slice(equals + 1, i);
      if (fieldStart === start) {
        firstName = name;
        firstValue = value;
      } else {
        if (fields === undefined) {
          fields = Object.setPrototypeOf({}, null) as Record<string, string>;
          fields[firstName] = firstValue;
        }
        if (Object.hasOwn(fields, name)) return undefined;
        fields[name] = value;
      }
      fieldStart = i + 1;
      equals = -1;
    } else if (code === 0x3d /* = */) {
      if (equals !== -1) return undefined;
      equals = i;
    } else if (code === 0x25) {
      // RFC 3986 §2.1 escape; %0D, %0A and %00 get a note from the full parser.
      if (i + 3 > end || !isIn(HEX, text.charCodeAt(i + 1)) || !isIn(HEX, text.charCodeAt(i + 2)) || isEncodedControl(text, i)) return undefined;
      i += 2;
    } else if (code >= 128 || FIELD_CHAR[code] !== 1 || (code === 0x2f && equals === -1)) {
      // "/" only in values (lenient mode, as in any RFC 3986 query).
      return undefined;
    }
  }
  return fields ?? oneField(firstName, firstValue);
}

/**
 * The fields record of one field, as readHeaderFields builds it: a literal with its one
 * property for the common names, 32 bytes where a record grown from `{}` keeps room for
 * four (56 bytes; bench (a): one match in eleven, and two List- header fields a message
 * on a mailing list).
 */
function oneField(name: string, value: string): Record<string, string> {
  switch (name) {
    case 'subject':
      return Object.setPrototypeOf({ subject: value }, null) as Record<string, string>;
    case 'body':
      return Object.setPrototypeOf({ body: value }, null) as Record<string, string>;
    default: {
      const fields = Object.setPrototypeOf({}, null) as Record<string, string>;
      fields[name] = value;
      return fields;
    }
  }
}

/**
 * Header field names that `mailto:` URLs carry (RFC 6068 §2 and §6 examples), as string
 * constants: a name cut from the text is a new string that V8 must intern before it can
 * be a key of `fields`, which costs more than the rest of the URL (bench (a)).
 */
const COMMON_FIELD_NAMES: readonly string[] = ['subject', 'body', 'cc', 'bcc', 'in-reply-to', 'keywords'];

/** The constant of {@link COMMON_FIELD_NAMES} that `text[from, to)` spells in any case, or `undefined`. */
function commonFieldName(text: string, from: number, to: number): string | undefined {
  for (let n = 0; n < COMMON_FIELD_NAMES.length; n++) {
    const name = COMMON_FIELD_NAMES[n] as string;
    if (name.length !== to - from) continue;
    let k = 0;
    while (k < name.length && (text.charCodeAt(from + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k === name.length) return name;
  }
  return undefined;
}

// RFC 6068 §2 qchar without pct-encoded, less "~" (an RFC 1738 §2.2 unsafe character, noted by the full parser), plus "/" for values.
const FIELD_CHAR = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', "-._!$'()*+,;:@/");

// Local-part characters the reader takes: RFC 5322 atext that RFC 6068 §2 `to` also allows unencoded.
const LOCAL_CHAR = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '_+-');

/** `%0D`, `%0A` or `%00` at `i` (the caller has checked it is an escape). */
function isEncodedControl(text: string, i: number): boolean {
  if (text.charCodeAt(i + 1) !== 0x30) return false;
  const low = text.charCodeAt(i + 2) | 0x20;
  return low === 0x30 || low === 0x61 || low === 0x64;
}
