/**
 * Quick refusals: for each of urlsift's own parsers, a check that knows, without
 * building a string or an object, that the parser refuses a URL. The scanner asks it
 * when no one listens for rejections (`onReject` unset): a candidate such as `http:/`,
 * `mailto:(`, `nfs:// ` or `news://a`, repeated or varied through a hostile message, is
 * then refused in tens of nanoseconds instead of the microsecond a full parse and its
 * rejection detail cost (bench rows "http:/ space repeated", "mailto:( repeated",
 * "refused candidates, mixed" and their kin).
 *
 * Each check reads the URL `text[from, end)` in place, whose scheme name ends at the
 * colon `colon`, and answers `true` only where its parser's code refuses for certain;
 * `false` leaves the decision to the parser. A check never accepts: it may only be
 * less sure than its parser. Each one walks its parser's steps in the same order with
 * the parser's own part rules (checkPart's verdict without its notes), login, host and
 * port rules, and leaves to the parser only what needs decoding: an internationalised
 * or percent-encoded host, an IP literal's inside, a percent-encoded mail address.
 * The differential test (`test/schemes/quick.test.ts`) holds each one to its parser on
 * generated URLs of every built-in scheme, in both modes.
 */
import { acceptNonAscii, ALPHA, ALPHADIGIT, HEX, type PartRule, UNSAFE } from './characters.js';
import { FRAGMENT } from './components.js';
import { FPATH as FILE_PATH, parseFile, QUERY as FILE_QUERY } from './file.js';
import { FPATH as FTP_PATH, parseFtp, QUERY as FTP_QUERY } from './ftp.js';
import { PATH as GENERIC_PATH, parseGeneric, QUERY as GENERIC_QUERY } from './generic.js';
import { GOPHER_PATH, parseGopher } from './gopher.js';
import { MAX_HOST_TEXT_LENGTH, MAX_HOSTNAME_LENGTH, MAX_LABEL_LENGTH } from './host.js';
import { parseHttp, PATH as HTTP_PATH, SEARCH as HTTP_SEARCH } from './http.js';
import { MAX_PORT, PASSWORD, USER } from './login.js';
import { ADDRESSES, HFNAME, HFVALUE, parseMailto } from './mailto.js';
import { ARTICLE_LEFT, ARTICLE_RIGHT, MAX_ARTICLE_NUMBER_DIGITS, NEWS_GROUPS, NNTP_GROUP, parseNews, parseNntp, QUERY as NEWS_QUERY } from './news.js';
import type { SchemeParser } from './parsed.js';
import { FIELD, parseProspero, PPATH } from './prospero.js';
import { parseTelnet } from './telnet.js';
import { DATABASE, parseWais, SEARCH as WAIS_SEARCH, WPATH, WTYPE } from './wais.js';

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
const DOT = 0x2e;
const SEMICOLON = 0x3b;
const EQUALS = 0x3d;
const QUOTE = 0x22;

/** The first `code` in `text[from, to)`, or `to` (components.ts indexIn, one character). */
function firstIn(text: string, code: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) return i;
  return to;
}

/** The first `a` or `b` in `text[from, to)`, or `to` (components.ts indexOfAny). */
function firstOf(text: string, a: number, b: number, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === a || code === b) return i;
  }
  return to;
}

/** The last `code` in `text[from, to)`, or -1 (components.ts lastIndexIn). */
function lastIn(text: string, code: number, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/**
 * checkPart's verdict on `text[from, to)` as the part `rule`, without its notes: `true`
 * when a `%` starts no escape inside the part, or a character is not allowed there (in
 * lenient mode the unsafe characters and the IRI characters are).
 */
function partRefuses(text: string, from: number, to: number, rule: PartRule, strict: boolean): boolean {
  const allowed = strict ? rule.strict : rule.lenient;
  for (let i = from; i < to; ) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (code === PERCENT) {
        if (i + 3 > to || !isHexAt(text, i + 1) || !isHexAt(text, i + 2)) return true;
        i += 3;
        continue;
      }
      if (allowed[code] !== 1 && (strict || UNSAFE[code] !== 1)) return true;
      i++;
      continue;
    }
    if (strict) return true;
    // A high surrogate at the part's end reads the character after it: the parser, which
    // has none there, refuses where this check may not (it may be less sure, never more).
    const width = acceptNonAscii(text, i);
    if (width === 0) return true;
    i += width;
  }
  return false;
}

/**
 * `beginUrl` (components.ts): where the scheme-specific part ends (its first `#`, or
 * `to`), or -1 when the parser refuses at once: nothing before the `#` or the end
 * (`empty`), or a fragment with a character its rule refuses.
 */
function partEnd(text: string, colon: number, to: number, strict: boolean): number {
  const rest = colon + 1;
  const hash = firstIn(text, HASH, rest, to);
  if (hash === rest) return -1;
  if (hash < to && partRefuses(text, hash + 1, to, FRAGMENT, strict)) return -1;
  return hash;
}

/** `requireAuthority` (components.ts): `//` right after the colon, before the part's end. */
function hasAuthority(text: string, rest: number, end: number): boolean {
  return end - rest >= 2 && text.charCodeAt(rest) === SLASH && text.charCodeAt(rest + 1) === SLASH;
}

// LoginRules.userinfo (login.ts), as numbers.
const USERINFO_ALLOWED = 0;
const USERINFO_LENIENT = 1;
const USERINFO_NEVER = 2;

/**
 * `parseLogin` (login.ts) on `text[start, end)`: the user name and password by their part
 * rules, an IP literal's brackets, the port and the host (see hostRefuses).
 */
function loginRefuses(text: string, start: number, end: number, strict: boolean, userinfo: number, port: boolean, allowEmptyHost: boolean): boolean {
  const at = lastIn(text, AT, start, end);
  let hostStart = start;
  if (at !== -1) {
    if (userinfo === USERINFO_NEVER || (userinfo === USERINFO_LENIENT && strict)) return true;
    const userEnd = firstIn(text, COLON, start, at);
    if (partRefuses(text, start, userEnd, USER, strict)) return true;
    if (userEnd < at && partRefuses(text, userEnd + 1, at, PASSWORD, strict)) return true;
    hostStart = at + 1;
  }
  let hostEnd = end;
  // (The parser reads the character at `end` too, which is "/", "?", "#" or none there.)
  if (hostStart < end && text.charCodeAt(hostStart) === 0x5b) {
    const close = firstIn(text, 0x5d, hostStart, end);
    if (close === end) return true;
    hostEnd = close + 1;
    if (hostEnd < end && text.charCodeAt(hostEnd) !== COLON) return true;
  } else {
    const colon = lastIn(text, COLON, hostStart, end);
    if (colon !== -1) hostEnd = colon;
  }
  if (hostEnd < end) {
    if (!port) return true;
    // readPort: RFC 1738 §5 port = digits, at most MAX_PORT; strict: not empty.
    if (hostEnd + 1 === end) {
      if (strict) return true;
    } else {
      let value = 0;
      for (let i = hostEnd + 1; i < end; i++) {
        const code = text.charCodeAt(i);
        if (code < 0x30 || code > 0x39) return true;
        value = value * 10 + (code - 0x30);
        if (value > MAX_PORT) return true;
      }
    }
  }
  return hostRefuses(text, hostStart, hostEnd, strict, allowEmptyHost);
}

/**
 * `checkHost` (host.ts) on `text[start, end)`: empty, too long, an IP literal in strict
 * mode or without its `]`, and every rule of an ASCII host name or dotted quad
 * (checkNameOrQuad). A non-ASCII or percent-encoded name is refused in strict mode and
 * the parser's to convert in lenient mode; an IP literal's inside is the parser's.
 */
function hostRefuses(text: string, start: number, end: number, strict: boolean, allowEmpty: boolean): boolean {
  if (start === end) return !allowEmpty;
  if (end - start > MAX_HOST_TEXT_LENGTH) return true;
  if (text.charCodeAt(start) === 0x5b) return strict || text.charCodeAt(end - 1) !== 0x5d;
  let ascii = true;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === PERCENT) {
      // decodePercent refuses a "%" that starts no escape inside the host.
      if (strict || i + 3 > end || !isHexAt(text, i + 1) || !isHexAt(text, i + 2)) return true;
      ascii = false;
    } else if (code >= 128) {
      if (strict) return true;
      ascii = false;
    } else if (ALPHADIGIT[code] !== 1 && code !== 0x2d && code !== DOT && code !== 0x5f) {
      // ASCII stays as it is through percent-decoding and IDNA mapping (but for case), and
      // checkNameOrQuad allows no other in a name.
      return true;
    }
  }
  // A name to percent-decode or convert (IDNA): the parser's.
  if (!ascii) return false;
  // checkNameOrQuad: one trailing dot in lenient mode (the DNS root).
  let stop = end;
  if (text.charCodeAt(end - 1) === DOT) {
    if (strict) return true;
    stop = end - 1;
  }
  if (stop === start || stop - start > MAX_HOSTNAME_LENGTH) return true;
  let labelStart = start;
  let top = start;
  for (let i = start; i <= stop; i++) {
    const code = i < stop ? text.charCodeAt(i) : DOT;
    if (code === DOT) {
      const length = i - labelStart;
      if (length === 0 || length > MAX_LABEL_LENGTH) return true;
      if (!isLabelEdge(text.charCodeAt(labelStart), strict) || !isLabelEdge(text.charCodeAt(i - 1), strict)) return true;
      top = labelStart;
      labelStart = i + 1;
    } else if (ALPHADIGIT[code] !== 1 && code !== 0x2d && (strict || code !== 0x5f)) {
      return true;
    }
  }
  // RFC 1738 §3.1: the rightmost label starts with a letter, or the name is a dotted quad;
  // "_" stands in no top-level label.
  if (!strict && firstIn(text, 0x5f, top, stop) < stop) return true;
  if (ALPHA[text.charCodeAt(top)] === 1) return false;
  return !isDottedQuad(text, start, stop);
}

/** A hex digit at `at`. */
function isHexAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code < 128 && HEX[code] === 1;
}

/** host.ts isLabelEdge: a letter or digit, or (lenient) "_". */
function isLabelEdge(code: number, strict: boolean): boolean {
  return (code < 128 && ALPHADIGIT[code] === 1) || (!strict && code === 0x5f);
}

/** host.ts parseIpv4 on `text[start, end)`: four groups of 1–3 digits, each 0–255. */
function isDottedQuad(text: string, start: number, end: number): boolean {
  let groups = 0;
  let value = 0;
  let digits = 0;
  for (let i = start; i <= end; i++) {
    const code = i < end ? text.charCodeAt(i) : DOT;
    if (code === DOT) {
      if (digits === 0 || value > 255 || ++groups > 4) return false;
      value = 0;
      digits = 0;
    } else if (code >= 0x30 && code <= 0x39) {
      if (++digits > 3) return false;
      value = value * 10 + (code - 0x30);
    } else {
      return false;
    }
  }
  return groups === 4;
}

/** `parseHttp`: `readAuthority` up to `/` or `?` (a user name lenient only), the path and the search. */
const httpRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = firstOf(text, SLASH, QUESTION, rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_LENIENT, true, false)) return true;
  const query = firstIn(text, QUESTION, authEnd, end);
  // RFC 1738 §5: "/" hpath [ "?" search ].
  if (strict && query === authEnd && query < end) return true;
  return partRefuses(text, authEnd, query, HTTP_PATH, strict) || (query < end && partRefuses(text, query + 1, end, HTTP_SEARCH, strict));
};

/** `parseFtp`: `?` ends the login and the path in lenient mode only; `;type=` takes one of "aidAID". */
const ftpRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = strict ? firstIn(text, SLASH, rest + 2, end) : firstOf(text, SLASH, QUESTION, rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_ALLOWED, true, false)) return true;
  const pathEnd = strict ? end : firstIn(text, QUESTION, authEnd, end);
  let nameEnd = pathEnd;
  if (authEnd < pathEnd) {
    const semicolon = lastIn(text, SEMICOLON, authEnd, pathEnd);
    // "type=" holds no "?" or "#": when the parser reads it, it lies before the path's end.
    if (semicolon > lastIn(text, SLASH, authEnd, pathEnd) && semicolon + 6 <= pathEnd && isTypeEquals(text, semicolon + 1)) {
      const code = text.charCodeAt(semicolon + 6) | 0x20;
      if (pathEnd !== semicolon + 7 || (code !== 0x61 && code !== 0x69 && code !== 0x64)) return true;
      nameEnd = semicolon;
    }
  }
  return partRefuses(text, authEnd, nameEnd, FTP_PATH, strict) || (pathEnd < end && partRefuses(text, pathEnd + 1, end, FTP_QUERY, strict));
};

/** `type=` at `at`, in any case (parseFtp: RFC 822 literals). */
function isTypeEquals(text: string, at: number): boolean {
  return (
    (text.charCodeAt(at) | 0x20) === 0x74 &&
    (text.charCodeAt(at + 1) | 0x20) === 0x79 &&
    (text.charCodeAt(at + 2) | 0x20) === 0x70 &&
    (text.charCodeAt(at + 3) | 0x20) === 0x65 &&
    text.charCodeAt(at + 4) === EQUALS
  );
}

/** `parseNntp`: a server, then `/` group (strict: RFC 1738 `group`) and an optional `/` article number. */
const nntpRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = strict ? firstIn(text, SLASH, rest + 2, end) : firstOf(text, SLASH, QUESTION, rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_LENIENT, true, false)) return true;
  const pathEnd = strict ? end : firstIn(text, QUESTION, authEnd, end);
  const groupStart = authEnd + 1;
  const groupEnd = firstIn(text, SLASH, groupStart, pathEnd);
  if (authEnd >= pathEnd || groupStart >= groupEnd) return true;
  if (strict) {
    const first = text.charCodeAt(groupStart);
    if (first >= 128 || ALPHA[first] !== 1 || firstIn(text, PERCENT, groupStart, groupEnd) < groupEnd) return true;
  }
  if (partRefuses(text, groupStart, groupEnd, NNTP_GROUP, strict)) return true;
  if (groupEnd < pathEnd) {
    const numberStart = groupEnd + 1;
    if (numberStart === pathEnd || (!strict && pathEnd - numberStart > MAX_ARTICLE_NUMBER_DIGITS)) return true;
    for (let i = numberStart; i < pathEnd; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x30 || code > 0x39) return true;
    }
  }
  return pathEnd < end && partRefuses(text, pathEnd + 1, end, NEWS_QUERY, strict);
};

/** `parseTelnet`: the login, then at most a `/`. */
const telnetRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = firstOf(text, SLASH, QUESTION, rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_ALLOWED, true, false)) return true;
  const after = authEnd < end && text.charCodeAt(authEnd) === SLASH ? authEnd + 1 : authEnd;
  return after < end;
};

/** `parseWais`: the host, `/` database, then `?` search or `/` wtype `/` wpath. */
const waisRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = firstOf(text, SLASH, QUESTION, rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_NEVER, true, false)) return true;
  if (authEnd === end || text.charCodeAt(authEnd) !== SLASH) return true;
  const query = firstIn(text, QUESTION, authEnd, end);
  const dbEnd = firstIn(text, SLASH, authEnd + 1, query);
  if (partRefuses(text, authEnd + 1, dbEnd, DATABASE, strict)) return true;
  if (dbEnd < query) {
    const typeEnd = firstIn(text, SLASH, dbEnd + 1, query);
    if (typeEnd === query || partRefuses(text, dbEnd + 1, typeEnd, WTYPE, strict) || partRefuses(text, typeEnd + 1, query, WPATH, strict)) return true;
    if (strict && query < end) return true;
  }
  return query < end && partRefuses(text, query + 1, end, WAIS_SEARCH, strict);
};

/** `parseProspero`: the host, `/` hsoname, then `;field=value` pairs. */
const prosperoRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = firstIn(text, SLASH, rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_NEVER, true, false)) return true;
  if (authEnd === end) return true;
  const pathEnd = firstIn(text, SEMICOLON, authEnd, end);
  if (partRefuses(text, authEnd + 1, pathEnd, PPATH, strict)) return true;
  if (pathEnd < end) {
    for (let start = pathEnd + 1; start <= end; ) {
      const stop = firstIn(text, SEMICOLON, start, end);
      const equals = firstIn(text, EQUALS, start, stop);
      if (equals === stop || partRefuses(text, start, equals, FIELD, strict) || partRefuses(text, equals + 1, stop, FIELD, strict)) return true;
      start = stop + 1;
    }
  }
  return false;
};

/** `parseGopher`: the host, then the gopher path's characters. */
const gopherRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = firstIn(text, SLASH, rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_NEVER, true, false)) return true;
  return partRefuses(text, Math.min(authEnd + 1, end), end, GOPHER_PATH, strict);
};

/** `parseGeneric`: an optional `//` authority, then the path and the query by RFC 3986 (strict: `xchar`). */
const genericRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  if (end === -1) return true;
  let pathStart = colon + 1;
  if (hasAuthority(text, pathStart, end)) {
    const authEnd = firstOf(text, SLASH, QUESTION, pathStart + 2, end);
    if (loginRefuses(text, pathStart + 2, authEnd, strict, USERINFO_ALLOWED, true, false)) return true;
    pathStart = authEnd;
  }
  const query = firstIn(text, QUESTION, pathStart, end);
  return partRefuses(text, pathStart, query, GENERIC_PATH, strict) || (query < end && partRefuses(text, query + 1, end, GENERIC_QUERY, strict));
};

/**
 * `parseFile`: with `//`, a login with no port (an empty host is fine) and a path after
 * it; without, strict mode refuses (`missing-authority`) and lenient mode wants an
 * RFC 8089 local path: `/`, or a drive letter, `:` or `|`, and `/` (file.ts isLocalPath).
 */
const fileRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  if (end === -1) return true;
  const rest = colon + 1;
  const pathLimit = strict ? end : firstIn(text, QUESTION, rest, end);
  let pathStart = rest;
  if (hasAuthority(text, rest, end)) {
    const authEnd = strict ? firstIn(text, SLASH, rest + 2, end) : firstOf(text, SLASH, QUESTION, rest + 2, end);
    if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_LENIENT, false, true)) return true;
    pathStart = authEnd;
    if (pathStart >= pathLimit) return true;
  } else if (strict) {
    return true;
  } else if (text.charCodeAt(rest) !== SLASH) {
    const first = text.charCodeAt(rest);
    const mark = text.charCodeAt(rest + 1);
    if (!(pathLimit - rest >= 3 && first < 128 && ALPHA[first] === 1 && (mark === COLON || mark === 0x7c) && text.charCodeAt(rest + 2) === SLASH)) return true;
  }
  return partRefuses(text, pathStart, pathLimit, FILE_PATH, strict) || (pathLimit < end && partRefuses(text, pathLimit + 1, end, FILE_QUERY, strict));
};

/**
 * `parseNews`: strict, RFC 1738 `grouppart` (no server); lenient, an optional server
 * and `/`, then a message-id (told apart by its `@`) or newsgroups, and a query.
 */
const newsRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  if (end === -1) return true;
  const rest = colon + 1;
  let start = rest;
  let server = false;
  if (hasAuthority(text, rest, end)) {
    if (strict) return true;
    const authEnd = firstOf(text, SLASH, QUESTION, rest + 2, end);
    if (loginRefuses(text, rest + 2, authEnd, false, USERINFO_LENIENT, true, false)) return true;
    if (authEnd === end || text.charCodeAt(authEnd) !== SLASH) return true;
    start = authEnd + 1;
    server = true;
  }
  const groupsEnd = strict ? end : firstIn(text, QUESTION, start, end);
  const at = firstIn(text, AT, start, groupsEnd);
  if (at < groupsEnd) {
    // readArticle: something on both sides of the first "@".
    if (at === start || at + 1 === groupsEnd) return true;
    if (partRefuses(text, start, at, ARTICLE_LEFT, strict) || partRefuses(text, at + 1, groupsEnd, ARTICLE_RIGHT, strict)) return true;
    if (strict) return hostRefuses(text, at + 1, groupsEnd, true, false);
    // RFC 5538 §4: no "%3E" in a message-id.
    for (let i = start; i + 3 <= groupsEnd; i++) {
      if (text.charCodeAt(i) === PERCENT && text.charCodeAt(i + 1) === 0x33 && (text.charCodeAt(i + 2) | 0x20) === 0x65) return true;
    }
  } else {
    // readGroups.
    if (start === groupsEnd && !server) return true;
    if (strict) {
      const first = text.charCodeAt(start);
      // RFC 1738 §3.6: "*" alone, all groups.
      if (groupsEnd === start + 1 && first === 0x2a) return false;
      if (first >= 128 || ALPHA[first] !== 1 || firstIn(text, PERCENT, start, groupsEnd) < groupsEnd) return true;
    }
    if (partRefuses(text, start, groupsEnd, NEWS_GROUPS, strict)) return true;
  }
  return groupsEnd < end && partRefuses(text, groupsEnd + 1, end, NEWS_QUERY, strict);
};

/**
 * `parseMailto`: strict, one address of `xchar`; lenient, the `to` addresses, then
 * `?hfields`, each `name=value` with no `?` or second `=` in it, and a `to` field's
 * addresses (see addressRefuses).
 */
const mailtoRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  if (end === -1) return true;
  const rest = colon + 1;
  if (strict) return partRefuses(text, rest, end, ADDRESSES, true) || addressRefuses(text, rest, end, true);
  const question = firstIn(text, QUESTION, rest, end);
  if (partRefuses(text, rest, question, ADDRESSES, false) || addressesRefuse(text, rest, question)) return true;
  if (question < end) {
    for (let start = question + 1; start <= end; ) {
      const stop = firstIn(text, 0x26, start, end);
      if (fieldRefuses(text, start, stop)) return true;
      start = stop + 1;
    }
  }
  // (Nothing refused before "#" but no address and no field: the part is empty, refused above.)
  return false;
};

/** mailto.ts readAddresses, lenient: each address of `addr-spec *("," addr-spec)` in `text[start, end)`. */
function addressesRefuse(text: string, start: number, end: number): boolean {
  if (start === end) return false;
  for (let from = start; from <= end; ) {
    const comma = firstIn(text, 0x2c, from, end);
    if (addressRefuses(text, from, comma, false)) return true;
    from = comma + 1;
  }
  return false;
}

/** mailto.ts readField: `hfname "=" hfvalue` in `text[start, end)`, lenient. */
function fieldRefuses(text: string, start: number, end: number): boolean {
  const equals = firstIn(text, EQUALS, start, end);
  if (equals === end || equals === start) return true;
  if (firstOf(text, QUESTION, EQUALS, equals + 1, end) < end) return true;
  // HFVALUE and BODY differ in what is noted only.
  if (partRefuses(text, start, equals, HFNAME, false) || partRefuses(text, equals + 1, end, HFVALUE, false)) return true;
  // RFC 6068 §2: a "to" field names addresses too.
  return equals === start + 2 && (text.charCodeAt(start) | 0x20) === 0x74 && (text.charCodeAt(start + 1) | 0x20) === 0x6f && addressesRefuse(text, equals + 1, end);
}

/**
 * mailto.ts checkAddress on `text[start, end)`: `local-part "@" domain` at the last `@`.
 * A local part with escapes is the parser's to decode; one without is a dot-atom or a
 * quoted string as written. A domain with escapes is the parser's too; one without is a
 * `[...]` literal of dtext or a host (see hostRefuses).
 */
function addressRefuses(text: string, start: number, end: number, strict: boolean): boolean {
  const at = lastIn(text, AT, start, end);
  if (at === -1) return true;
  if (firstIn(text, PERCENT, start, at) === at && !isDotAtom(text, start, at, strict) && !isQuotedString(text, start, at)) return true;
  const domain = at + 1;
  if (firstIn(text, PERCENT, domain, end) < end) return false;
  if (domain < end && text.charCodeAt(domain) === 0x5b) {
    // RFC 6068 §2: "[" *dtext-no-obs "]".
    if (end - domain < 3 || text.charCodeAt(end - 1) !== 0x5d) return true;
    for (let i = domain + 1; i < end - 1; i++) {
      const code = text.charCodeAt(i);
      if (code < 33 || code > 126 || (code >= 91 && code <= 93)) return true;
    }
    return false;
  }
  return hostRefuses(text, domain, end, strict, false);
}

// RFC 5322 §3.2.3 atext (mailto.ts ATEXT).
const ATEXT = Uint8Array.from({ length: 128 }, (_, code) => (ALPHADIGIT[code] === 1 || "!#$%&'*+-/=?^_`{|}~".includes(String.fromCharCode(code)) ? 1 : 0));

/** mailto.ts isDotAtom on `text[start, end)`. */
function isDotAtom(text: string, start: number, end: number, strict: boolean): boolean {
  if (start === end || text.charCodeAt(start) === DOT || text.charCodeAt(end - 1) === DOT) return false;
  let previous = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === DOT) {
      if (previous === DOT) return false;
    } else if (!(code < 128 ? ATEXT[code] === 1 : code >= 0xa0 && !strict)) {
      return false;
    }
    previous = code;
  }
  return true;
}

/** mailto.ts isQuotedString on `text[start, end)`. */
function isQuotedString(text: string, start: number, end: number): boolean {
  if (end - start < 2 || text.charCodeAt(start) !== QUOTE || text.charCodeAt(end - 1) !== QUOTE) return false;
  for (let i = start + 1; i < end - 1; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x5c) {
      const next = text.charCodeAt(i + 1);
      if (i + 1 >= end - 1 || next < 0x20 || next === 0x7f) return false;
      i += 1;
    } else if (code === QUOTE || code < 0x20 || code === 0x7f) {
      return false;
    }
  }
  return true;
}

/** The quick refusal of each built-in parser. */
const QUICK_REFUSALS: ReadonlyMap<SchemeParser, QuickRefusal> = new Map<SchemeParser, QuickRefusal>([
  [parseHttp, httpRefuses],
  [parseFtp, ftpRefuses],
  [parseNntp, nntpRefuses],
  [parseGopher, gopherRefuses],
  [parseProspero, prosperoRefuses],
  [parseTelnet, telnetRefuses],
  [parseWais, waisRefuses],
  [parseMailto, mailtoRefuses],
  [parseNews, newsRefuses],
  [parseFile, fileRefuses],
  [parseGeneric, genericRefuses],
]);

/** The quick refusal of `parser` when it is one of urlsift's own, else `undefined`. */
export function quickRefusalOf(parser: SchemeParser): QuickRefusal | undefined {
  return QUICK_REFUSALS.get(parser);
}
