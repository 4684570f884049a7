/**
 * Gopher URLs (RFC 1738 §3.4, RFC 4266): `gopher://<host>:<port>/<gopher-path>`, where
 * the gopher-path is `<gophertype><selector>%09<search>%09<gopher+_string>`; default
 * port 70.
 */
import { checkPart, type PartRule, QUERY_3986, XCHAR } from './characters.js';
import { beginUrl, finishUrl, indexIn } from './components.js';
import { readAuthority } from './login.js';
import type { Parsed, Rejection, SchemeParseOptions } from './parsed.js';
import { defaultPortOf } from './ports.js';

/** RFC 1738 §3.4.1: "If :<port> is omitted, the port defaults to 70." */
const GOPHER_PORT = 70;

/** RFC 1738 §3.4.1: an empty gopher-path means "the <gophertype> defaults to "1"". */
const DEFAULT_GOPHER_TYPE = '1';

/** RFC 1738 §3.4.2: the encoded tab between selector, search and gopher+ string. */
const TAB = '%09';

// RFC 1738 §5: gtype = xchar; selector, search, gopher+_string = *xchar. "Within the
// <gopher-path>, no characters are reserved" (§3.4.1), so lenient mode allows "/" and "?"
// too. The selector is sent to the server verbatim after decoding.
export const GOPHER_PATH: PartRule = { name: 'gopher path', strict: XCHAR, lenient: QUERY_3986, sent: true };

/**
 * Parses a `gopher:` URL into `gtype`, `selector`, `search` (after the first `%09`) and
 * `gopherPlus` (after the second). Only the first two `%09` separate fields: a gopher+
 * string may hold more (RFC 1738 §3.4.9 electronic forms).
 */
export function parseGopher(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, end } = frame;
  const authEnd = readAuthority(frame, '/', { userinfo: 'never', defaultPort: defaultPortOf(state.scheme) ?? GOPHER_PORT });
  if (typeof authEnd !== 'number') return authEnd;
  parsed.path = url.slice(authEnd, end);
  const pathStart = Math.min(authEnd + 1, end);
  const badPath = checkPart(state, pathStart, end, GOPHER_PATH);
  if (badPath) return badPath;
  if (pathStart === end) {
    parsed.gtype = DEFAULT_GOPHER_TYPE;
    parsed.selector = '';
    return finishUrl(frame);
  }
  // gtype is one xchar: a character or an escape.
  const code = url.charCodeAt(pathStart);
  const typeEnd = pathStart + (code === 0x25 ? 3 : code >= 0xd800 && code <= 0xdbff ? 2 : 1);
  parsed.gtype = url.slice(pathStart, typeEnd);
  const firstTab = indexIn(url, TAB, typeEnd, end);
  parsed.selector = url.slice(typeEnd, firstTab);
  if (firstTab < end) {
    const secondTab = indexIn(url, TAB, firstTab + TAB.length, end);
    parsed.search = url.slice(firstTab + TAB.length, secondTab);
    if (secondTab < end) parsed.gopherPlus = url.slice(secondTab + TAB.length, end);
  }
  return finishUrl(frame);
}
