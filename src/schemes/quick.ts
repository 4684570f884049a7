/**
 * Quick refusals: for each of urlsift's own parsers, a check that knows, without
 * building a string or an object, that the parser refuses a URL. The scanner asks it
 * when no one listens for rejections (`onReject` unset): a candidate such as `http:/`,
 * `mailto:(` or `news:@`, repeated or varied through a hostile message, is then refused
 * in tens of nanoseconds instead of the microsecond a full parse and its rejection
 * detail cost (bench rows "http:/ space repeated", "mailto:( repeated" and their kin).
 *
 * Each check reads the URL `text[from, end)` in place, whose scheme name ends at the
 * colon `colon`, and answers `true` only where its parser's code refuses for certain;
 * `false` leaves the decision to the parser. A check never accepts: it may only be
 * less sure than its parser. The differential test (`test/schemes/quick.test.ts`)
 * holds each one to that on generated URLs of every built-in scheme, in both modes.
 */
import { ALPHA, charClass, UNSAFE } from './characters.js';
import { parseFile } from './file.js';
import { parseFtp } from './ftp.js';
import { parseGeneric } from './generic.js';
import { parseGopher } from './gopher.js';
import { parseHttp } from './http.js';
import { parseMailto } from './mailto.js';
import { parseNews, parseNntp } from './news.js';
import type { SchemeParser } from './parsed.js';
import { parseProspero } from './prospero.js';
import { parseTelnet } from './telnet.js';
import { parseWais } from './wais.js';

/**
 * True when the parser refuses the URL `text[colon - name, end)` whose scheme name ends
 * at `colon`, in strict or lenient mode; `false` when the parser must decide.
 */
export type QuickRefusal = (text: string, colon: number, end: number, strict: boolean) => boolean;

const SLASH = 0x2f;
const QUESTION = 0x3f;
/** Ends the scheme-specific part: the fragment follows (RFC 1738 Appendix, read by `beginUrl`). */
const HASH = 0x23;
const AT = 0x40;
const COLON = 0x3a;
const PERCENT = 0x25;

// Host characters that survive to the host checks: RFC 1738 §5 hostname characters,
// "_" (lenient: a letter of DNS names), "%" (lenient: an escaped IDN). Any other ASCII
// character in a host is refused by `checkHost`, which keeps ASCII as it is through
// percent-decoding and IDNA mapping and then allows only letters, digits, "-", "." and
// (lenient) "_" (host.ts checkNameOrQuad).
const HOST_STRICT = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '-.');
const HOST_LENIENT = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '-._%');

/**
 * RFC 1738 §3.1 `"//" login`, as `readAuthority` reads it (login.ts): the `//` is
 * required in both modes; then, when the login holds no user name (`@`) and no IP
 * literal (`[`), a host that is empty or holds a character no host may hold, or a port
 * that is not digits (or, strict, empty), is refused. `question` says whether `?` ends
 * the login (the scheme's `ends` there in that mode).
 */
function authorityRefuses(text: string, colon: number, end: number, strict: boolean, question: boolean): boolean {
  const rest = colon + 1;
  // "//" first (neither is the "#" that ends the part); the login ends at the part's end
  // too, read in the same pass (see mailtoRefuses).
  if (end - rest < 2 || text.charCodeAt(rest) !== SLASH || text.charCodeAt(rest + 1) !== SLASH) return true;
  const start = rest + 2;
  let loginEnd = start;
  let lastColon = -1;
  for (; loginEnd < end; loginEnd++) {
    const code = text.charCodeAt(loginEnd);
    if (code === SLASH || code === HASH || (question && code === QUESTION)) break;
    // A user name or password: parseLogin's to read.
    if (code === AT) return false;
    if (code === COLON) lastColon = loginEnd;
  }
  const hostEnd = lastColon === -1 ? loginEnd : lastColon;
  // "empty-host" (or "bad-port" first).
  if (hostEnd === start) return true;
  // An IP literal: parseLogin's to read.
  if (text.charCodeAt(start) === 0x5b) return false;
  if (lastColon !== -1) {
    // RFC 1738 §5 port = digits; strict: "If the port is omitted, the colon is as well".
    if (strict && lastColon + 1 === loginEnd) return true;
    for (let i = lastColon + 1; i < loginEnd; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x30 || code > 0x39) return true;
    }
  }
  const allowed = strict ? HOST_STRICT : HOST_LENIENT;
  for (let i = start; i < hostEnd; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 ? allowed[code] !== 1 : strict) return true;
  }
  return false;
}

/** `parseHttp`: `readAuthority` up to `/` or `?`, in both modes. */
const httpRefuses: QuickRefusal = (text, colon, end, strict) => authorityRefuses(text, colon, end, strict, true);
/** `parseFtp`, `parseNntp`: `?` ends the login in lenient mode only. */
const ftpRefuses: QuickRefusal = (text, colon, end, strict) => authorityRefuses(text, colon, end, strict, !strict);
/** `parseGopher`, `parseProspero`: the login ends at `/` only. */
const slashOnlyRefuses: QuickRefusal = (text, colon, end, strict) => authorityRefuses(text, colon, end, strict, false);

/** Every built-in parser refuses `scheme:` with nothing before `#` or the end (`beginUrl`: `empty`). */
const emptyRefuses: QuickRefusal = (text, colon, end) => colon + 1 === end || text.charCodeAt(colon + 1) === HASH;

// RFC 5322 §3.2.3 atext, which a dot-atom local part starts with (mailto.ts isDotAtom).
const ATEXT = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', "!#$%&'*+-/=?^_`{|}~");

/**
 * `parseMailto`: the first address (strict: the whole `to`; lenient: up to the first
 * `,` before any `?`) is `local-part "@" domain` in both modes. Refused when it has no
 * `@`, nothing before its last `@`, nothing after it, or a local part that starts with
 * a character neither a dot-atom nor a quoted string starts with (`%` is decoded first:
 * the parser's to read). A lenient URL with no `to` but header fields is the parser's.
 */
const mailtoRefuses: QuickRefusal = (text, colon, end, strict) => {
  const rest = colon + 1;
  // One pass to where the first address ends, its last "@" noted: the part ends at "#",
  // `to` (lenient) at "?", the address (lenient) at ",". A check per candidate of a
  // hostile run, so no helper per mark: a pass each cost "mailto:(" repeated about a
  // third of its time.
  let addressEnd = rest;
  let at = -1;
  let code = 0;
  for (; addressEnd < end; addressEnd++) {
    code = text.charCodeAt(addressEnd);
    if (code === HASH || (!strict && (code === QUESTION || code === 0x2c))) break;
    if (code === AT) at = addressEnd;
  }
  if (addressEnd === rest) {
    // Nothing before "#" or the end: refused; a lenient "?" first: header fields, the
    // parser's; a lenient "," first: an empty first address, refused.
    return !(addressEnd < end && code === QUESTION);
  }
  if (at === -1 || at === rest || at + 1 === addressEnd) return true;
  const first = text.charCodeAt(rest);
  return first === 0x2e || (first < 128 && ATEXT[first] !== 1 && first !== 0x22);
};

// RFC 1738 §5 group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]; RFC 5538 §4 adds "*" (news.ts).
const GROUP_1738_REST = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '-.+_');
const NEWS_GROUPS_LENIENT = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', '-+_.*');

/**
 * `parseNews`: `news://` is refused in strict mode (lenient: a server, the parser's).
 * A message-id (a `@` in the part) needs something on both sides of its first `@`; a
 * newsgroup list must not be empty, and holds only group characters: strict, RFC 1738
 * `group` (or `*` alone); lenient, group characters, `*`, escapes, unsafe characters
 * (noted) and non-ASCII (the parser's to judge).
 */
const newsRefuses: QuickRefusal = (text, colon, end, strict) => {
  const rest = colon + 1;
  // One pass to where the groups end, the first "@" noted: the part ends at "#", the
  // groups (lenient) at "?" (see mailtoRefuses); each character's fitness for a group in
  // each mode is noted on the way (NEWS_UNFIT), not read again.
  let groupEnd = rest;
  let at = -1;
  let unfit = 0;
  let code = 0;
  for (; groupEnd < end; groupEnd++) {
    code = text.charCodeAt(groupEnd);
    if (code === HASH || (!strict && code === QUESTION)) break;
    if (code === AT && at === -1) at = groupEnd;
    unfit |= code < 128 ? (NEWS_UNFIT[code] as number) : UNFIT_STRICT;
  }
  // Nothing before "#" or the end; a lenient "?" first leaves no groups, refused too.
  if (groupEnd === rest) return true;
  const first = text.charCodeAt(rest);
  // "//" (two characters before the part's end, which is at or after the groups' end).
  if (first === SLASH && text.charCodeAt(rest + 1) === SLASH && rest + 1 < groupEnd) return strict;
  if (at !== -1) return at === rest || at + 1 === groupEnd;
  if (strict) {
    if (groupEnd === rest + 1 && first === 0x2a) return false;
    // A letter first (which is fit for the rest too), then the rest.
    return ALPHA[first] !== 1 || (unfit & UNFIT_STRICT) !== 0;
  }
  return (unfit & UNFIT_LENIENT) !== 0;
};

/** NEWS_UNFIT: a character no lenient newsgroup holds (not a group character, "*", an escape's "%", nor unsafe). */
const UNFIT_LENIENT = 1;
/** NEWS_UNFIT: a character no strict group holds after its first (RFC 1738 §5 group); so is every one beyond ASCII. */
const UNFIT_STRICT = 2;
/** Of each ASCII character, which modes' newsgroups cannot hold it (see newsRefuses). */
const NEWS_UNFIT: Uint8Array = Uint8Array.from({ length: 128 }, (_, code) =>
  (NEWS_GROUPS_LENIENT[code] !== 1 && code !== PERCENT && UNSAFE[code] !== 1 ? UNFIT_LENIENT : 0) | (GROUP_1738_REST[code] !== 1 ? UNFIT_STRICT : 0),
);

/**
 * `parseFile`: without `//`, strict mode refuses (`missing-authority`) and lenient mode
 * wants an RFC 8089 local path: `/`, or a drive letter, `:` or `|`, and `/` (file.ts
 * isLocalPath), before any `?`. With `//` the parser decides.
 */
const fileRefuses: QuickRefusal = (text, colon, end, strict) => {
  const rest = colon + 1;
  // Read where they stand, with no search for the part's end ("#") or the path's ("?"):
  // the characters each test needs are none of those.
  const first = text.charCodeAt(rest);
  if (rest === end || first === HASH) return true;
  if (end - rest >= 2 && first === SLASH && text.charCodeAt(rest + 1) === SLASH) return false;
  if (strict) return true;
  if (first === SLASH) return false;
  const mark = text.charCodeAt(rest + 1);
  return !(end - rest >= 3 && first < 128 && ALPHA[first] === 1 && (mark === COLON || mark === 0x7c) && text.charCodeAt(rest + 2) === SLASH);
};

/** The quick refusal of each built-in parser. */
const QUICK_REFUSALS: ReadonlyMap<SchemeParser, QuickRefusal> = new Map<SchemeParser, QuickRefusal>([
  [parseHttp, httpRefuses],
  [parseFtp, ftpRefuses],
  [parseNntp, ftpRefuses],
  [parseGopher, slashOnlyRefuses],
  [parseProspero, slashOnlyRefuses],
  [parseTelnet, httpRefuses],
  [parseWais, httpRefuses],
  [parseMailto, mailtoRefuses],
  [parseNews, newsRefuses],
  [parseFile, fileRefuses],
  [parseGeneric, emptyRefuses],
]);

/** The quick refusal of `parser` when it is one of urlsift's own, else `undefined`. */
export function quickRefusalOf(parser: SchemeParser): QuickRefusal | undefined {
  return QUICK_REFUSALS.get(parser);
}
