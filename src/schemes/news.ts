/**
 * Usenet URLs: `news:` (RFC 1738 §3.6; RFC 5538 §4 in lenient mode) and `nntp:`
 * (RFC 1738 §3.7; RFC 5538 §3), default port 119.
 */
import { charClass, checkPart, type PartRule, PCHAR_CHARS, QUERY_3986, UCHAR_CHARS } from './characters.js';
import { beginUrl, finishUrl, hasAuthority, indexIn, indexOfAny, type UrlFrame } from './components.js';
import { checkHost } from './host.js';
import { assignLogin, parseLogin, readAuthority } from './login.js';
import { type Parsed, QUIET_REJECTION, reject, type Rejection, type SchemeParseOptions } from './parsed.js';
import { defaultPortOf } from './ports.js';

/** RFC 1738 §3.7 and RFC 5538 §2 (citing RFC 3977): the NNTP port. */
const NNTP_PORT = 119;

/** RFC 5538 §3: `article-number = 1*16DIGIT` (RFC 3977 §6 article numbers fit 63 bits). */
export const MAX_ARTICLE_NUMBER_DIGITS = 16;

const ALPHA_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
// RFC 1738 §5: group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ].
const GROUP_1738_REST = charClass(ALPHA_CHARS, '0123456789-.+_');
const GROUP_1738_START = charClass(ALPHA_CHARS);
// RFC 5538 §3: group-char = ALPHA / DIGIT / "-" / "+" / "_" / "." (plus pct-encoded);
// §4: newsgroups = *( group-char / pct-encoded / "*" ). Group names go to the server.
export const NNTP_GROUP: PartRule = { name: 'newsgroup', strict: GROUP_1738_REST, lenient: charClass(ALPHA_CHARS, '0123456789-+_.'), sent: true, reason: 'bad-group' };
export const NEWS_GROUPS: PartRule = { ...NNTP_GROUP, lenient: charClass(ALPHA_CHARS, '0123456789-+_.*') };
// RFC 1738 §5: article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host.
// RFC 5538 §4: msg-id-core with "/", "?", "#", "[", "]" and "%" percent-encoded.
export const ARTICLE_LEFT: PartRule = { name: 'message-id', strict: charClass(UCHAR_CHARS, ';/?:&='), lenient: charClass(PCHAR_CHARS), sent: true, reason: 'bad-article' };
export const ARTICLE_RIGHT: PartRule = { ...ARTICLE_LEFT, lenient: charClass(PCHAR_CHARS.replace('@', '')) };
// Lenient only: RFC 3986 §3.4 query, which RFC 5538 §2.3 mentions but does not define.
export const QUERY: PartRule = { name: 'query', strict: charClass(), lenient: QUERY_3986, sent: true };

/**
 * Parses a `news:` URL: `*`, a newsgroup (`group`) or a message-id (`article`, told
 * apart by its `@`, RFC 1738 §3.6). Strict: RFC 1738 §5 `newsurl = "news:" grouppart`.
 * Lenient: RFC 5538 §4 `newsURL = "news:" [ server "/" ] ( article / newsgroups )`, with
 * wildcards, an optional server (its `host` and `port`) and a query.
 */
export function parseNews(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, rest, end } = frame;
  let start = rest;
  let server = false;
  if (hasAuthority(url, rest, end)) {
    if (state.strict) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-group', `"news://" at offset 0 names a server, which RFC 1738 §3.6 news URLs do not have (RFC 5538 added it; use lenient mode)`, rest);
    }
    const authEnd = indexOfAny(url, '/?', rest + 2, end);
    const login = parseLogin(state, rest + 2, authEnd, {
      userinfo: 'lenient',
      defaultPort: defaultPortOf(state.scheme) ?? NNTP_PORT,
    });
    if ('reason' in login) return login;
    assignLogin(parsed, login);
    if (authEnd === end || url.charCodeAt(authEnd) !== 0x2f) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-group', `"${url.slice(0, 80)}": the server must be followed by "/" and a newsgroup or message-id (RFC 5538 §4)`, authEnd);
    }
    start = authEnd + 1;
    server = true;
  }
  const partEnd = state.strict ? end : indexIn(url, '?', start, end);
  const at = indexIn(url, '@', start, partEnd);
  const bad = at < partEnd ? readArticle(frame, start, at, partEnd) : readGroups(frame, start, partEnd, server);
  if (bad) return bad;
  return readQuery(frame, partEnd);
}

/** `id-left "@" id-right`: RFC 1738 wants a host on the right, RFC 5538 a msg-id-core. */
function readArticle(frame: UrlFrame, start: number, at: number, end: number): Rejection | undefined {
  const { state, parsed } = frame;
  const url = state.url;
  if (at === start) return state.quiet ? QUIET_REJECTION : reject(state, 'bad-article', `message-id "${url.slice(start, Math.min(end, start + 80))}" has nothing before "@"`, start);
  const bad = checkPart(state, start, at, ARTICLE_LEFT) ?? checkPart(state, at + 1, end, ARTICLE_RIGHT);
  if (bad) return bad;
  if (state.strict) {
    const host = checkHost(state, at + 1, end, { reason: 'bad-article', what: 'message-id domain' });
    if ('reason' in host) return host.reason === 'empty-host' && !state.quiet ? reject(state, 'bad-article', `message-id at offset ${start} has nothing after "@"`, at + 1) : host;
  } else {
    if (at + 1 === end) return state.quiet ? QUIET_REJECTION : reject(state, 'bad-article', `message-id at offset ${start} has nothing after "@"`, at + 1);
    // RFC 5538 §4: "Please note that "%3E" (">") is not allowed".
    const close = encodedCloseIn(url, start, end);
    if (close < end) return state.quiet ? QUIET_REJECTION : reject(state, 'bad-article', `"%3E" (">") at offset ${close} cannot be part of a message-id (RFC 5538 §4)`, close);
  }
  parsed.article = url.slice(start, end);
  return undefined;
}

/** `"*" | group` (RFC 1738) or RFC 5538 `newsgroups` with wildcards. */
function readGroups(frame: UrlFrame, start: number, end: number, server: boolean): Rejection | undefined {
  const { state, parsed } = frame;
  const url = state.url;
  if (start === end && !server) return state.quiet ? QUIET_REJECTION : reject(state, 'bad-group', `"${url.slice(0, 80)}" names no newsgroup or message-id`, start);
  if (state.strict) {
    // RFC 1738 §3.6: "If <newsgroup-name> is "*" (as in <URL:news:*>), it is used to refer
    // to "all available news groups"".
    if (end === start + 1 && url.charCodeAt(start) === 0x2a) {
      parsed.group = '*';
      return undefined;
    }
    if (!GROUP_1738_START[url.charCodeAt(start)]) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-group', `newsgroup "${url.slice(start, Math.min(end, start + 80))}" must start with a letter (RFC 1738 §5 group)`, start);
    }
    if (indexIn(url, '%', start, end) < end) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-group', `newsgroup at offset ${start} has a "%" escape, which RFC 1738 §5 group does not allow`, start);
    }
  }
  const bad = checkPart(state, start, end, NEWS_GROUPS);
  if (bad) return bad;
  parsed.group = url.slice(start, end);
  return undefined;
}

/** The first `%3E` (">", in either case) in `text[start, end)`, or `end`. */
export function encodedCloseIn(text: string, start: number, end: number): number {
  for (let i = start; i + 3 <= end; i++) {
    if (text.charCodeAt(i) === 0x25 && text.charCodeAt(i + 1) === 0x33 && (text.charCodeAt(i + 2) | 0x20) === 0x65) return i;
  }
  return end;
}

/**
 * `text[start, end)` as an NNTP article number: RFC 1738 §5 `digits`; lenient, RFC 5538
 * §3 `article-number = 1*16DIGIT`.
 */
export function isArticleNumber(text: string, start: number, end: number, strict: boolean): boolean {
  if (start === end || (!strict && end - start > MAX_ARTICLE_NUMBER_DIGITS)) return false;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

function readQuery(frame: UrlFrame, start: number): Parsed | Rejection {
  const { state, parsed, end } = frame;
  if (start < end) {
    const bad = checkPart(state, start + 1, end, QUERY);
    if (bad) return bad;
    parsed.search = state.url.slice(start + 1, end);
  }
  return finishUrl(frame);
}

/**
 * Parses an `nntp:` URL: `group` and, when present, `article` (the article number).
 * Strict: RFC 1738 §5 `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.
 * Lenient: RFC 5538 §3 `nntpURL = "nntp:" server "/" group [ "/" article-number ]`, with
 * an RFC 3986 authority, percent-encoded group characters and a query.
 */
export function parseNntp(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, end } = frame;
  const authEnd = readAuthority(frame, state.strict ? '/' : '/?', { userinfo: 'lenient', defaultPort: defaultPortOf(state.scheme) ?? NNTP_PORT });
  if (typeof authEnd !== 'number') return authEnd;
  const pathEnd = state.strict ? end : indexIn(url, '?', authEnd, end);
  const groupStart = authEnd + 1;
  const groupEnd = indexIn(url, '/', groupStart, pathEnd);
  if (authEnd >= pathEnd || groupStart >= groupEnd) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-group', `"${url.slice(0, 80)}" names no newsgroup (RFC 1738 §3.7: nntp://<host>:<port>/<newsgroup-name>)`, Math.min(groupStart, end));
  }
  if (state.strict && !GROUP_1738_START[url.charCodeAt(groupStart)]) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-group', `newsgroup at offset ${groupStart} must start with a letter (RFC 1738 §5 group)`, groupStart);
  }
  const badGroup = checkPart(state, groupStart, groupEnd, NNTP_GROUP);
  if (badGroup) return badGroup;
  if (state.strict && indexIn(url, '%', groupStart, groupEnd) < groupEnd) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-group', `newsgroup at offset ${groupStart} has a "%" escape, which RFC 1738 §5 group does not allow`, groupStart);
  }
  parsed.group = url.slice(groupStart, groupEnd);
  if (groupEnd < pathEnd) {
    const numberStart = groupEnd + 1;
    if (!isArticleNumber(url, numberStart, pathEnd, state.strict)) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-article', `"${url.slice(numberStart, Math.min(pathEnd, numberStart + 40))}" at offset ${numberStart} is not an article number (1 to ${MAX_ARTICLE_NUMBER_DIGITS} digits, RFC 5538 §3)`, numberStart);
    }
    parsed.article = url.slice(numberStart, pathEnd);
  }
  return readQuery(frame, pathEnd);
}
