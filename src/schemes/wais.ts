/**
 * WAIS URLs (RFC 1738 §3.9, RFC 4156): `wais://<host>:<port>/<database>`, with
 * `?<search>` or `/<wtype>/<wpath>`; default port 210.
 */
import { charClass, checkPart, type PartRule, PATH_3986, PCHAR, QUERY_3986, UCHAR, UCHAR_CHARS } from './characters.js';
import { beginUrl, finishUrl, indexIn } from './components.js';
import { readAuthority } from './login.js';
import { type Parsed, QUIET_REJECTION, reject, type Rejection, type SchemeParseOptions } from './parsed.js';
import { defaultPortOf } from './ports.js';

/** RFC 1738 §3.9: "If :<port> is omitted, the port defaults to 210." */
const WAIS_PORT = 210;

// RFC 1738 §5: database = *uchar; wtype = *uchar; wpath = *uchar. All go to the server.
export const DATABASE: PartRule = { name: 'database', strict: UCHAR, lenient: PCHAR, sent: true };
export const WTYPE: PartRule = { name: 'wtype', strict: UCHAR, lenient: PCHAR, sent: true };
// Lenient: the document-id is opaque (RFC 4156 §2), so "/" may stand in it as in any RFC 3986 path.
export const WPATH: PartRule = { name: 'wpath', strict: UCHAR, lenient: PATH_3986, sent: true };
// RFC 1738 §5 search = *[ uchar | ";" | ":" | "@" | "&" | "=" ].
export const SEARCH: PartRule = { name: 'search', strict: charClass(UCHAR_CHARS, ';:@&='), lenient: QUERY_3986, sent: true };

/**
 * Parses a `wais:` URL into `database` and either `search` (waisindex) or `wtype` and
 * `wpath` (waisdoc), by RFC 1738 §5
 * `waisurl = waisdatabase | waisindex | waisdoc`. Lenient mode allows `/` inside the
 * wpath and RFC 3986 characters in each part.
 */
export function parseWais(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, end } = frame;
  const authEnd = readAuthority(frame, '/?', { userinfo: 'never', defaultPort: defaultPortOf(state.scheme) ?? WAIS_PORT });
  if (typeof authEnd !== 'number') return authEnd;
  if (authEnd === end || url.charCodeAt(authEnd) !== 0x2f) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-path', `"${url.slice(0, 80)}" names no database: RFC 1738 §3.9 wants "/" <database> after the host`, authEnd);
  }
  const query = indexIn(url, '?', authEnd, end);
  parsed.path = url.slice(authEnd, query);
  const dbStart = authEnd + 1;
  const dbEnd = indexIn(url, '/', dbStart, query);
  const badDb = checkPart(state, dbStart, dbEnd, DATABASE);
  if (badDb) return badDb;
  parsed.database = url.slice(dbStart, dbEnd);
  if (dbEnd < query) {
    const typeStart = dbEnd + 1;
    const typeEnd = indexIn(url, '/', typeStart, query);
    if (typeEnd === query) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-path', `"${url.slice(dbStart, Math.min(query, dbStart + 80))}" has a wtype but no "/" <wpath> (RFC 1738 §5 waisdoc)`, typeStart);
    }
    const bad = checkPart(state, typeStart, typeEnd, WTYPE) ?? checkPart(state, typeEnd + 1, query, WPATH);
    if (bad) return bad;
    parsed.wtype = url.slice(typeStart, typeEnd);
    parsed.wpath = url.slice(typeEnd + 1, query);
    if (state.strict && query < end) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-path', `"?" at offset ${query}: RFC 1738 §5 waisdoc has no search`, query);
    }
  }
  if (query < end) {
    const badSearch = checkPart(state, query + 1, end, SEARCH);
    if (badSearch) return badSearch;
    parsed.search = url.slice(query + 1, end);
  }
  return finishUrl(frame);
}
