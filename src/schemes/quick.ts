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
 * less sure than its parser. Each one walks its parser's steps in the same order and
 * asks the parser's own string-free checks at each: `scanPart` (what checkPart decides,
 * before its notes), `readPort`, `classifyHost` (checkHost's rules), and the parsers'
 * in-place helpers (ftp's `isTypeEquals`, mailto's `isDotAtom`, news's `isArticleNumber`,
 * file's `isLocalPath`).
 * The parsers build the rejection's detail from the same checks' codes and offsets.
 * What needs decoding is left to the parser: an internationalised or percent-encoded
 * host, an IP literal's inside, a percent-encoded mail address.
 * The differential test (`test/schemes/quick.test.ts`) holds each one to its parser on
 * generated URLs of every built-in scheme, in both modes.
 */
import { ALPHA, type PartRule, scanPart } from './characters.js';
import { FRAGMENT, hasAuthority, indexIn, indexOfAny, lastIndexIn } from './components.js';
import { FPATH as FILE_PATH, isLocalPath, parseFile, QUERY as FILE_QUERY } from './file.js';
import { FPATH as FTP_PATH, isTypeEquals, parseFtp, QUERY as FTP_QUERY } from './ftp.js';
import { PATH as GENERIC_PATH, parseGeneric, QUERY as GENERIC_QUERY } from './generic.js';
import { GOPHER_PATH, parseGopher } from './gopher.js';
import { classifyHost, HOST_REFUSED } from './host.js';
import { parseHttp, PATH as HTTP_PATH, SEARCH as HTTP_SEARCH } from './http.js';
import { PASSWORD, readPort, USER } from './login.js';
import { ADDRESSES, HFNAME, HFVALUE, isDomainLiteral, isDotAtom, isQuotedString, parseMailto } from './mailto.js';
import { ARTICLE_LEFT, ARTICLE_RIGHT, encodedCloseIn, isArticleNumber, NEWS_GROUPS, NNTP_GROUP, parseNews, parseNntp, QUERY as NEWS_QUERY } from './news.js';
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

/** checkPart's verdict on `text[from, to)` as the part `rule`, without its notes (see scanPart). */
function partRefuses(text: string, from: number, to: number, rule: PartRule, strict: boolean): boolean {
  return scanPart(text, from, to, rule, strict) >= 0;
}

/**
 * `beginUrl` (components.ts): where the scheme-specific part ends (its first `#`, or
 * `to`), or -1 when the parser refuses at once: nothing before the `#` or the end
 * (`empty`), or a fragment with a character its rule refuses.
 */
function partEnd(text: string, colon: number, to: number, strict: boolean): number {
  const rest = colon + 1;
  const hash = indexIn(text, '#', rest, to);
  if (hash === rest) return -1;
  if (hash < to && partRefuses(text, hash + 1, to, FRAGMENT, strict)) return -1;
  return hash;
}

// LoginRules.userinfo (login.ts), as numbers.
const USERINFO_ALLOWED = 0;
const USERINFO_LENIENT = 1;
const USERINFO_NEVER = 2;

/**
 * `parseLogin` (login.ts) on `text[start, end)`: the user name and password by their part
 * rules, an IP literal's brackets, the port (readPort) and the host (see hostRefuses).
 * The steps of scanLogin, walked here again: quick refusals that called scanLogin (and
 * its LoginRules and offsets record) cost the refused mix (s15/mixcg.sh, prefixes=bare)
 * 94 M instructions a pass more than this walk, 18%.
 */
function loginRefuses(text: string, start: number, end: number, strict: boolean, userinfo: number, port: boolean, allowEmptyHost: boolean): boolean {
  const at = lastIndexIn(text, '@', start, end);
  let hostStart = start;
  if (at !== -1) {
    if (userinfo === USERINFO_NEVER || (userinfo === USERINFO_LENIENT && strict)) return true;
    const userEnd = indexIn(text, ':', start, at);
    if (partRefuses(text, start, userEnd, USER, strict)) return true;
    if (userEnd < at && partRefuses(text, userEnd + 1, at, PASSWORD, strict)) return true;
    hostStart = at + 1;
  }
  let hostEnd = end;
  // (The parser reads the character at `end` too, which is "/", "?", "#" or none there.)
  if (hostStart < end && text.charCodeAt(hostStart) === 0x5b) {
    const close = indexIn(text, ']', hostStart, end);
    if (close === end) return true;
    hostEnd = close + 1;
    if (hostEnd < end && text.charCodeAt(hostEnd) !== 0x3a) return true;
  } else {
    const colon = lastIndexIn(text, ':', hostStart, end);
    if (colon !== -1) hostEnd = colon;
  }
  if (hostEnd < end) {
    if (!port) return true;
    const value = readPort(text, hostEnd + 1, end);
    if (value === 'bad' || (value === 'empty' && strict)) return true;
  }
  return hostRefuses(text, hostStart, hostEnd, strict, allowEmptyHost);
}

/**
 * `checkHost` (host.ts) on `text[start, end)`: classifyHost's refusals. An IP literal's
 * inside and an encoded name's conversion (IDNA) are the parser's.
 */
function hostRefuses(text: string, start: number, end: number, strict: boolean, allowEmpty: boolean): boolean {
  return classifyHost(text, start, end, strict, allowEmpty) >= HOST_REFUSED;
}

/** `parseHttp`: `readAuthority` up to `/` or `?` (a user name lenient only), the path and the search. */
const httpRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = indexOfAny(text, '/?', rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_LENIENT, true, false)) return true;
  const query = indexIn(text, '?', authEnd, end);
  // RFC 1738 §5: "/" hpath [ "?" search ].
  if (strict && query === authEnd && query < end) return true;
  return partRefuses(text, authEnd, query, HTTP_PATH, strict) || (query < end && partRefuses(text, query + 1, end, HTTP_SEARCH, strict));
};

/** `parseFtp`: `?` ends the login and the path in lenient mode only; `;type=` takes one of "aidAID". */
const ftpRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = strict ? indexIn(text, '/', rest + 2, end) : indexOfAny(text, '/?', rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_ALLOWED, true, false)) return true;
  const pathEnd = strict ? end : indexIn(text, '?', authEnd, end);
  let nameEnd = pathEnd;
  if (authEnd < pathEnd) {
    const semicolon = lastIndexIn(text, ';', authEnd, pathEnd);
    // "type=" holds no "?" or "#": when the parser reads it, it lies before the path's end.
    if (semicolon > lastIndexIn(text, '/', authEnd, pathEnd) && isTypeEquals(text, semicolon + 1, pathEnd)) {
      const code = text.charCodeAt(semicolon + 6) | 0x20;
      if (pathEnd !== semicolon + 7 || (code !== 0x61 && code !== 0x69 && code !== 0x64)) return true;
      nameEnd = semicolon;
    }
  }
  return partRefuses(text, authEnd, nameEnd, FTP_PATH, strict) || (pathEnd < end && partRefuses(text, pathEnd + 1, end, FTP_QUERY, strict));
};

/** `parseNntp`: a server, then `/` group (strict: RFC 1738 `group`) and an optional `/` article number. */
const nntpRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = strict ? indexIn(text, '/', rest + 2, end) : indexOfAny(text, '/?', rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_LENIENT, true, false)) return true;
  const pathEnd = strict ? end : indexIn(text, '?', authEnd, end);
  const groupStart = authEnd + 1;
  const groupEnd = indexIn(text, '/', groupStart, pathEnd);
  if (authEnd >= pathEnd || groupStart >= groupEnd) return true;
  if (strict) {
    const first = text.charCodeAt(groupStart);
    if (first >= 128 || ALPHA[first] !== 1 || indexIn(text, '%', groupStart, groupEnd) < groupEnd) return true;
  }
  if (partRefuses(text, groupStart, groupEnd, NNTP_GROUP, strict)) return true;
  if (groupEnd < pathEnd) {
    if (!isArticleNumber(text, groupEnd + 1, pathEnd, strict)) return true;
  }
  return pathEnd < end && partRefuses(text, pathEnd + 1, end, NEWS_QUERY, strict);
};

/** `parseTelnet`: the login, then at most a `/`. */
const telnetRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = indexOfAny(text, '/?', rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_ALLOWED, true, false)) return true;
  const after = authEnd < end && text.charCodeAt(authEnd) === SLASH ? authEnd + 1 : authEnd;
  return after < end;
};

/** `parseWais`: the host, `/` database, then `?` search or `/` wtype `/` wpath. */
const waisRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  const rest = colon + 1;
  if (end === -1 || !hasAuthority(text, rest, end)) return true;
  const authEnd = indexOfAny(text, '/?', rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_NEVER, true, false)) return true;
  if (authEnd === end || text.charCodeAt(authEnd) !== SLASH) return true;
  const query = indexIn(text, '?', authEnd, end);
  const dbEnd = indexIn(text, '/', authEnd + 1, query);
  if (partRefuses(text, authEnd + 1, dbEnd, DATABASE, strict)) return true;
  if (dbEnd < query) {
    const typeEnd = indexIn(text, '/', dbEnd + 1, query);
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
  const authEnd = indexIn(text, '/', rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_NEVER, true, false)) return true;
  if (authEnd === end) return true;
  const pathEnd = indexIn(text, ';', authEnd, end);
  if (partRefuses(text, authEnd + 1, pathEnd, PPATH, strict)) return true;
  if (pathEnd < end) {
    for (let start = pathEnd + 1; start <= end; ) {
      const stop = indexIn(text, ';', start, end);
      const equals = indexIn(text, '=', start, stop);
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
  const authEnd = indexIn(text, '/', rest + 2, end);
  if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_NEVER, true, false)) return true;
  return partRefuses(text, Math.min(authEnd + 1, end), end, GOPHER_PATH, strict);
};

/** `parseGeneric`: an optional `//` authority, then the path and the query by RFC 3986 (strict: `xchar`). */
const genericRefuses: QuickRefusal = (text, colon, to, strict) => {
  const end = partEnd(text, colon, to, strict);
  if (end === -1) return true;
  let pathStart = colon + 1;
  if (hasAuthority(text, pathStart, end)) {
    const authEnd = indexOfAny(text, '/?', pathStart + 2, end);
    if (loginRefuses(text, pathStart + 2, authEnd, strict, USERINFO_ALLOWED, true, false)) return true;
    pathStart = authEnd;
  }
  const query = indexIn(text, '?', pathStart, end);
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
  const pathLimit = strict ? end : indexIn(text, '?', rest, end);
  let pathStart = rest;
  if (hasAuthority(text, rest, end)) {
    const authEnd = strict ? indexIn(text, '/', rest + 2, end) : indexOfAny(text, '/?', rest + 2, end);
    if (loginRefuses(text, rest + 2, authEnd, strict, USERINFO_LENIENT, false, true)) return true;
    pathStart = authEnd;
    if (pathStart >= pathLimit) return true;
  } else if (strict) {
    return true;
  } else if (!isLocalPath(text, rest, pathLimit)) {
    return true;
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
    const authEnd = indexOfAny(text, '/?', rest + 2, end);
    if (loginRefuses(text, rest + 2, authEnd, false, USERINFO_LENIENT, true, false)) return true;
    if (authEnd === end || text.charCodeAt(authEnd) !== SLASH) return true;
    start = authEnd + 1;
    server = true;
  }
  const groupsEnd = strict ? end : indexIn(text, '?', start, end);
  const at = indexIn(text, '@', start, groupsEnd);
  if (at < groupsEnd) {
    // readArticle: something on both sides of the first "@".
    if (at === start || at + 1 === groupsEnd) return true;
    if (partRefuses(text, start, at, ARTICLE_LEFT, strict) || partRefuses(text, at + 1, groupsEnd, ARTICLE_RIGHT, strict)) return true;
    if (strict) return hostRefuses(text, at + 1, groupsEnd, true, false);
    // RFC 5538 §4: no "%3E" in a message-id.
    if (encodedCloseIn(text, start, groupsEnd) < groupsEnd) return true;
  } else {
    // readGroups.
    if (start === groupsEnd && !server) return true;
    if (strict) {
      const first = text.charCodeAt(start);
      // RFC 1738 §3.6: "*" alone, all groups.
      if (groupsEnd === start + 1 && first === 0x2a) return false;
      if (first >= 128 || ALPHA[first] !== 1 || indexIn(text, '%', start, groupsEnd) < groupsEnd) return true;
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
  const question = indexIn(text, '?', rest, end);
  if (partRefuses(text, rest, question, ADDRESSES, false) || addressesRefuse(text, rest, question)) return true;
  if (question < end) {
    for (let start = question + 1; start <= end; ) {
      const stop = indexIn(text, '&', start, end);
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
    const comma = indexIn(text, ',', from, end);
    if (addressRefuses(text, from, comma, false)) return true;
    from = comma + 1;
  }
  return false;
}

/** mailto.ts readField: `hfname "=" hfvalue` in `text[start, end)`, lenient. */
function fieldRefuses(text: string, start: number, end: number): boolean {
  const equals = indexIn(text, '=', start, end);
  if (equals === end || equals === start) return true;
  if (indexOfAny(text, '?=', equals + 1, end) < end) return true;
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
  const at = lastIndexIn(text, '@', start, end);
  if (at === -1) return true;
  if (indexIn(text, '%', start, at) === at && !isDotAtom(text, start, at, strict) && !isQuotedString(text, start, at)) return true;
  const domain = at + 1;
  if (indexIn(text, '%', domain, end) < end) return false;
  if (domain < end && text.charCodeAt(domain) === 0x5b) return !isDomainLiteral(text, domain, end);
  return hostRefuses(text, domain, end, strict, false);
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

/**
 * What a quick refusal refuses before it reads any part of the URL, by the shape of the
 * scheme-specific part alone ({@link refusalShapeOf}): a reader of hostile text decides
 * most refused candidates with this and one look at the body's first characters, with no
 * call (see refused-words.ts in the scanner).
 */
/** No shape known: the quick refusal must be asked. */
export const SHAPE_UNKNOWN = 0;
/**
 * Refused unless the part starts with `//` (RFC 1738 §3.1, `hasAuthority`): http, ftp,
 * nntp, telnet, wais, prospero and gopher check it first, after `partEnd`, which refuses a
 * part that is empty before its `#` (no `//` there either).
 */
export const SHAPE_AUTHORITY = 1;
/**
 * Refused unless the part holds an `@` or a `?` (mailto, RFC 6068 §2): with neither, its
 * one address has no `@` (`addressRefuses`), in either mode; `partEnd` refuses an empty part.
 */
export const SHAPE_ADDRESS = 2;

const REFUSAL_SHAPES: ReadonlyMap<QuickRefusal, number> = new Map<QuickRefusal, number>([
  [httpRefuses, SHAPE_AUTHORITY],
  [ftpRefuses, SHAPE_AUTHORITY],
  [nntpRefuses, SHAPE_AUTHORITY],
  [telnetRefuses, SHAPE_AUTHORITY],
  [waisRefuses, SHAPE_AUTHORITY],
  [prosperoRefuses, SHAPE_AUTHORITY],
  [gopherRefuses, SHAPE_AUTHORITY],
  [mailtoRefuses, SHAPE_ADDRESS],
]);

/** The shape (SHAPE_AUTHORITY, SHAPE_ADDRESS) that `quick` refuses every URL outside of, or SHAPE_UNKNOWN. */
export function refusalShapeOf(quick: QuickRefusal | undefined): number {
  return quick === undefined ? SHAPE_UNKNOWN : (REFUSAL_SHAPES.get(quick) ?? SHAPE_UNKNOWN);
}

/** The quick refusal of `parser` when it is one of urlsift's own, else `undefined`. */
export function quickRefusalOf(parser: SchemeParser): QuickRefusal | undefined {
  return QUICK_REFUSALS.get(parser);
}
