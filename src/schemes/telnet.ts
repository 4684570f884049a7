/**
 * Telnet URLs (RFC 1738 §3.8, RFC 4248): `telnet://<user>:<password>@<host>:<port>/`,
 * default port 23.
 */
import { beginUrl, finishUrl, indexOfAny, requireAuthority } from './components.js';
import { assignLogin, parseLogin } from './login.js';
import { reject, type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';
import { defaultPortOf } from './ports.js';

/** RFC 1738 §3.8: "If :<port> is omitted, the port defaults to 23." */
const TELNET_PORT = 23;

/**
 * Parses a `telnet:` URL: RFC 1738 §5 `telneturl = "telnet://" login [ "/" ]` in both
 * modes (RFC 4248 §2 keeps it: "The final "/" character may be omitted"). Anything
 * after that `/` is refused with `bad-path`. The user name and password are sent to
 * the remote login, so `%0D` and `%0A` in them are noted `encoded-control`.
 */
export function parseTelnet(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, end } = frame;
  const authStart = requireAuthority(frame);
  if (typeof authStart !== 'number') return authStart;
  const authEnd = indexOfAny(url, '/?', authStart, end);
  const login = parseLogin(state, authStart, authEnd, {
    userinfo: 'allowed',
    defaultPort: defaultPortOf(state.scheme) ?? TELNET_PORT,
  });
  if ('reason' in login) return login;
  assignLogin(parsed, login);
  const after = url.charCodeAt(authEnd) === 0x2f ? authEnd + 1 : authEnd;
  if (after < end) {
    return reject(state, 'bad-path', `"${url.slice(after, Math.min(end, after + 40))}" at offset ${after}: a telnet URL ends after the host, port and an optional "/" (RFC 1738 §3.8)`, after);
  }
  return finishUrl(frame);
}
