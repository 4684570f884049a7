/**
 * The generic syntax (RFC 3986 §3) for schemes without a module of their own: ssh, git,
 * irc, xmpp, sip, tel, urn, mid, cid, ldap, imap...
 */
import { checkPart, PATH_3986, QUERY_3986, XCHAR, type PartRule } from './characters.js';
import { beginUrl, finishUrl, hasAuthority, indexIn, indexOfAny } from './components.js';
import { assignLogin, parseLogin } from './login.js';
import type { Parsed, Rejection, SchemeParseOptions } from './parsed.js';
import { defaultPortOf } from './ports.js';

// RFC 1738 §5: schemepart = *xchar | ip-schemepart; urlpath = *xchar. What a generic
// scheme does with its path is unknown, so escaped controls are assumed to be sent on.
export const PATH: PartRule = { name: 'path', strict: XCHAR, lenient: PATH_3986, sent: true };
export const QUERY: PartRule = { name: 'query', strict: XCHAR, lenient: QUERY_3986, sent: true };

/**
 * Parses any `scheme:...` by RFC 3986 §3:
 * `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`. After `//` comes an authority,
 * checked as RFC 1738 §3.1 login (host rules, port 0–65535, the scheme's default port
 * filled in where {@link defaultPortOf} knows it); IPv6 literals in lenient mode. Strict
 * mode allows only RFC 1738 `xchar` in the rest (§5 `otherurl = genericurl`).
 */
export function parseGeneric(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, rest, end } = frame;
  let pathStart = rest;
  if (hasAuthority(url, rest, end)) {
    const authEnd = indexOfAny(url, '/?', rest + 2, end);
    const defaultPort = defaultPortOf(state.scheme);
    const login = parseLogin(state, rest + 2, authEnd, defaultPort === undefined ? { userinfo: 'allowed' } : { userinfo: 'allowed', defaultPort });
    if ('reason' in login) return login;
    assignLogin(parsed, login);
    pathStart = authEnd;
  }
  const query = indexIn(url, '?', pathStart, end);
  const badPath = checkPart(state, pathStart, query, PATH);
  if (badPath) return badPath;
  parsed.path = url.slice(pathStart, query);
  if (query < end) {
    const badQuery = checkPart(state, query + 1, end, QUERY);
    if (badQuery) return badQuery;
    parsed.search = url.slice(query + 1, end);
  }
  return finishUrl(frame);
}
