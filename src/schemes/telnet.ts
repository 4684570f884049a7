/**
 * Telnet URLs (RFC 1738 §3.8, RFC 4248): `telnet://<user>:<password>@<host>:<port>/`,
 * default port 23.
 */
import { beginUrl, finishUrl } from './components.js';
import { readAuthority } from './login.js';
import { type Parsed, QUIET_REJECTION, reject, type Rejection, type SchemeParseOptions } from './parsed.js';
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
  const authEnd = readAuthority(frame, '/?', { userinfo: 'allowed', defaultPort: defaultPortOf(state.scheme) ?? TELNET_PORT });
  if (typeof authEnd !== 'number') return authEnd;
  const after = url.charCodeAt(authEnd) === 0x2f ? authEnd + 1 : authEnd;
  if (after < end) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-path', `"${url.slice(after, Math.min(end, after + 40))}" at offset ${after}: a telnet URL ends after the host, port and an optional "/" (RFC 1738 §3.8)`, after);
  }
  return finishUrl(frame);
}
