/**
 * File URLs (RFC 1738 §3.10; RFC 8089 in lenient mode): `file://<host>/<path>`, where
 * the host may be `localhost` or empty ("the machine from which the URL is being
 * interpreted").
 */
import { ALPHA, charClass, checkPart, isIn, PATH_3986, QUERY_3986, UCHAR_CHARS, type PartRule } from './characters.js';
import { beginUrl, finishUrl, hasAuthority, indexIn, indexOfAny, type UrlFrame } from './components.js';
import { assignLogin, parseLogin } from './login.js';
import { QUIET_REJECTION, reject, type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';

// RFC 1738 §5: fileurl = "file://" [ host | "localhost" ] "/" fpath, with fpath as for ftp.
// The path is handed to a file system, where a decoded %00 or line break can cut or split
// it, so escaped controls count as sent on (RFC 1738 §6).
export const FPATH: PartRule = { name: 'path', strict: charClass(UCHAR_CHARS, '?:@&=/'), lenient: PATH_3986, sent: true };
// Lenient only: RFC 3986 §3.4 query (RFC 8089 does not use one; RFC 1738 reads "?" as a path character).
export const QUERY: PartRule = { name: 'query', strict: charClass(), lenient: QUERY_3986, sent: true };

/**
 * Parses a `file:` URL into `host` (`''` for an empty authority, absent when the URL has
 * no `//`) and `path`. Strict: RFC 1738 §5 `fileurl` only. Lenient: RFC 8089 §2 and the
 * forms of its Appendix F: `file:/path`, `file:c:/path`, `file:///c|/path`, UNC
 * `file:////host/share` and `file://///host/share`; a user name is accepted, a port is not.
 */
export function parseFile(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, rest, end } = frame;
  const pathLimit = state.strict ? end : indexIn(url, '?', rest, end);
  let pathStart = rest;
  if (hasAuthority(url, rest, end)) {
    const authEnd = indexOfAny(url, state.strict ? '/' : '/?', rest + 2, end);
    const login = parseLogin(state, rest + 2, authEnd, { userinfo: 'lenient', port: false, allowEmptyHost: true });
    if ('reason' in login) return login;
    assignLogin(parsed, login);
    pathStart = authEnd;
    if (pathStart >= pathLimit) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-path', `"${url.slice(0, 80)}" has no path after the host: RFC 1738 §5 wants "/" fpath`, pathStart);
    }
  } else if (state.strict) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'missing-authority', `"file:" must be followed by "//" (RFC 1738 §5 fileurl); "${url.slice(0, 40)}" is an RFC 8089 form (lenient mode)`, rest);
  } else if (!isLocalPath(url, rest, pathLimit)) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-path', `"${url.slice(rest, Math.min(pathLimit, rest + 40))}" at offset ${rest} is not an absolute path or a drive letter and path (RFC 8089 §2, Appendix E.2)`, rest);
  }
  return readPath(frame, pathStart, pathLimit);
}

/** RFC 8089 Appendix F `local-path = [ drive-letter ] path-absolute / file-absolute`, drive-letter = ALPHA ( ":" / "|" ). */
export function isLocalPath(url: string, start: number, end: number): boolean {
  if (url.charCodeAt(start) === 0x2f) return true;
  const mark = url.charCodeAt(start + 1);
  return end - start >= 3 && isIn(ALPHA, url.charCodeAt(start)) && (mark === 0x3a || mark === 0x7c) && url.charCodeAt(start + 2) === 0x2f;
}

function readPath(frame: UrlFrame, start: number, pathEnd: number): Parsed | Rejection {
  const { state, parsed, end } = frame;
  const bad = checkPart(state, start, pathEnd, FPATH);
  if (bad) return bad;
  parsed.path = state.url.slice(start, pathEnd);
  if (pathEnd < end) {
    const badQuery = checkPart(state, pathEnd + 1, end, QUERY);
    if (badQuery) return badQuery;
    parsed.search = state.url.slice(pathEnd + 1, end);
  }
  return finishUrl(frame);
}
