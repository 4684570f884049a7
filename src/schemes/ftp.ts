/**
 * FTP URLs (RFC 1738 §3.2): `ftp://<user>:<password>@<host>:<port>/<cwd1>/.../<cwdN>/<name>;type=<typecode>`,
 * default port 21.
 */
import { charClass, checkPart, type PartRule, PATH_3986, QUERY_3986, UCHAR_CHARS } from './characters.js';
import { beginUrl, finishUrl, indexIn, lastIndexIn } from './components.js';
import { readAuthority } from './login.js';
import { type Parsed, QUIET_REJECTION, reject, type Rejection, type SchemeParseOptions } from './parsed.js';
import { defaultPortOf } from './ports.js';

/** RFC 1738 §3.2: "If :<port> is omitted, the port defaults to 21." */
const FTP_PORT = 21;

// RFC 1738 §5: fpath = fsegment *[ "/" fsegment ]; fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ].
// Segments become CWD and RETR arguments (§3.2.2), so escaped CR and LF are sent on.
export const FPATH: PartRule = { name: 'path', strict: charClass(UCHAR_CHARS, '?:@&=/'), lenient: PATH_3986, sent: true };
// Lenient only: RFC 3986 §3.4 query (RFC 1738 has none for ftp; there "?" is a path character).
export const QUERY: PartRule = { name: 'query', strict: charClass(), lenient: QUERY_3986, sent: true };

/** RFC 1738 §5: ftptype = "A" | "I" | "D" | "a" | "i" | "d". */
const FTP_TYPES = 'aidAID';

/**
 * `type=` at `at`, before `end`, in any case (RFC 1738 §5 is in RFC 822 notation, whose
 * quoted literals "may be upper and/or lower case").
 */
export function isTypeEquals(text: string, at: number, end: number): boolean {
  return (
    at + 5 <= end &&
    (text.charCodeAt(at) | 0x20) === 0x74 &&
    (text.charCodeAt(at + 1) | 0x20) === 0x79 &&
    (text.charCodeAt(at + 2) | 0x20) === 0x70 &&
    (text.charCodeAt(at + 3) | 0x20) === 0x65 &&
    text.charCodeAt(at + 4) === 0x3d
  );
}

/**
 * Parses an `ftp:` URL. Strict: RFC 1738 §5
 * `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`, where `?` is an ordinary
 * path character. Lenient: RFC 3986 authority and path, `?` starts a query.
 * `cwd` and `name` split the path as §3.2.2 does; `typecode` is lower-cased.
 */
export function parseFtp(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, end } = frame;
  const authEnd = readAuthority(frame, state.strict ? '/' : '/?', { userinfo: 'allowed', defaultPort: defaultPortOf(state.scheme) ?? FTP_PORT });
  if (typeof authEnd !== 'number') return authEnd;
  const pathEnd = state.strict ? end : indexIn(url, '?', authEnd, end);
  let nameEnd = pathEnd;
  if (authEnd < pathEnd) {
    // §3.2.2: ";type=<typecode>" may follow the name.
    const lastSlash = lastIndexIn(url, '/', authEnd, pathEnd);
    const semicolon = lastIndexIn(url, ';', authEnd, pathEnd);
    if (semicolon > lastSlash && isTypeEquals(url, semicolon + 1, pathEnd)) {
      const code = url.slice(semicolon + 6, pathEnd);
      if (code.length !== 1 || !FTP_TYPES.includes(code)) {
        return state.quiet ? QUIET_REJECTION : reject(state, 'bad-typecode', `";type=${code.slice(0, 20)}" at offset ${semicolon}: the FTP typecode is one of "a", "i" or "d" (RFC 1738 §3.2.2)`, semicolon + 6);
      }
      parsed.typecode = code.toLowerCase();
      nameEnd = semicolon;
    }
  }
  const badPath = checkPart(state, authEnd, nameEnd, FPATH);
  if (badPath) return badPath;
  parsed.path = url.slice(authEnd, nameEnd);
  if (authEnd < pathEnd) {
    const segments = url.slice(authEnd + 1, nameEnd).split('/');
    parsed.name = segments.pop() ?? '';
    parsed.cwd = segments;
  }
  if (pathEnd < end) {
    const badQuery = checkPart(state, pathEnd + 1, end, QUERY);
    if (badQuery) return badQuery;
    parsed.search = url.slice(pathEnd + 1, end);
  }
  return finishUrl(frame);
}
