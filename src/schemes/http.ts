/**
 * HTTP and HTTPS URLs (RFC 1738 §3.3; RFC 3986 and RFC 9110 §4.2 in lenient mode):
 * `http://<host>:<port>/<path>?<searchpart>`, default port 80 (443 for https).
 */
import { charClass, checkPart, type PartRule, PATH_3986, QUERY_3986, UCHAR_CHARS } from './characters.js';
import { beginUrl, finishUrl, indexIn } from './components.js';
import { readAuthority } from './login.js';
import { type Parsed, QUIET_REJECTION, reject, type Rejection, type SchemeParseOptions } from './parsed.js';
import { defaultPortOf } from './ports.js';

/** RFC 1738 §3.3: "If :<port> is omitted, the port defaults to 80." */
const HTTP_PORT = 80;

// RFC 1738 §5: hpath = hsegment *[ "/" hsegment ]; hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ].
// The path and search go into the request line, so escaped CR and LF are sent on.
export const PATH: PartRule = { name: 'path', strict: charClass(UCHAR_CHARS, ';:@&=/'), lenient: PATH_3986, sent: true };
// RFC 1738 §5: search = *[ uchar | ";" | ":" | "@" | "&" | "=" ] (no "/" or "?").
export const SEARCH: PartRule = { name: 'search', strict: charClass(UCHAR_CHARS, ';:@&='), lenient: QUERY_3986, sent: true };

/**
 * Parses an `http:` or `https:` URL (and any scheme aliased to this parser; its default
 * port comes from the scheme name). Strict: RFC 1738 §5
 * `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`. Lenient: RFC 3986
 * `"//" authority path-abempty [ "?" query ]`, so a user name (noted `userinfo`), IP
 * literals, IDN hosts, an empty port and `/` or `?` in the query are accepted.
 */
export function parseHttp(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, end } = frame;
  const authEnd = readAuthority(frame, '/?', { userinfo: 'lenient', defaultPort: defaultPortOf(state.scheme) ?? HTTP_PORT });
  if (typeof authEnd !== 'number') return authEnd;
  const query = indexIn(url, '?', authEnd, end);
  if (state.strict && query === authEnd && query < end) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-path', `"?" at offset ${query} must follow a "/" (RFC 1738 §5: "/" hpath [ "?" search ])`, query);
  }
  const badPath = checkPart(state, authEnd, query, PATH);
  if (badPath) return badPath;
  parsed.path = url.slice(authEnd, query);
  if (query < end) {
    const badSearch = checkPart(state, query + 1, end, SEARCH);
    if (badSearch) return badSearch;
    parsed.search = url.slice(query + 1, end);
  }
  return finishUrl(frame);
}
