/**
 * Prospero URLs (RFC 1738 §3.11, RFC 4157):
 * `prospero://<host>:<port>/<hsoname>;<field>=<value>`, default port 1525.
 */
import { charClass, checkPart, type PartRule, PCHAR_CHARS, UCHAR_CHARS } from './characters.js';
import { beginUrl, finishUrl, indexIn } from './components.js';
import { readAuthority } from './login.js';
import { type Parsed, QUIET_REJECTION, reject, type Rejection, type SchemeParseOptions } from './parsed.js';
import { defaultPortOf } from './ports.js';

/** RFC 1738 §3.11: "If :<port> is omitted, the port defaults to 1525." */
const PROSPERO_PORT = 1525;

const PCHAR_NO_SEMICOLON = PCHAR_CHARS.replace(';', '');
// RFC 1738 §5: ppath = psegment *[ "/" psegment ]; psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ].
// "The semicolon ";" is reserved and may not appear without quoting in the <hsoname>."
export const PPATH: PartRule = { name: 'hsoname', strict: charClass(UCHAR_CHARS, '?:@&=/'), lenient: charClass(PCHAR_NO_SEMICOLON, '/?'), sent: true };
// RFC 1738 §5: fieldname = *[ uchar | "?" | ":" | "@" | "&" ]; fieldvalue likewise (no "=").
export const FIELD: PartRule = {
  name: 'field',
  strict: charClass(UCHAR_CHARS, '?:@&'),
  lenient: charClass(PCHAR_NO_SEMICOLON.replace('=', ''), '/?'),
  sent: true,
  reason: 'bad-field',
};

/**
 * Parses a `prospero:` URL into `hsoname` (the path without the `/` that ends the
 * host: `prospero://host.dom//pros/name` names `/pros/name`, RFC 1738 §3.11) and
 * `fields` from the `;field=value` pairs, by RFC 1738 §5
 * `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`. No user name or
 * password in either mode (RFC 4157 §2: "No username or password is allowed").
 */
export function parseProspero(url: string, options: SchemeParseOptions): Parsed | Rejection {
  const frame = beginUrl(url, options);
  if ('reason' in frame) return frame;
  const { state, parsed, end } = frame;
  const authEnd = readAuthority(frame, '/', { userinfo: 'never', defaultPort: defaultPortOf(state.scheme) ?? PROSPERO_PORT });
  if (typeof authEnd !== 'number') return authEnd;
  if (authEnd === end) {
    return state.quiet ? QUIET_REJECTION : reject(state, 'bad-path', `"${url.slice(0, 80)}" names no hsoname: RFC 1738 §5 wants "/" ppath after the host`, authEnd);
  }
  const pathEnd = indexIn(url, ';', authEnd, end);
  const badPath = checkPart(state, authEnd + 1, pathEnd, PPATH);
  if (badPath) return badPath;
  parsed.path = url.slice(authEnd, pathEnd);
  parsed.hsoname = url.slice(authEnd + 1, pathEnd);
  if (pathEnd < end) {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (let start = pathEnd + 1; start <= end; ) {
      const stop = indexIn(url, ';', start, end);
      const equals = indexIn(url, '=', start, stop);
      if (equals === stop) {
        return state.quiet ? QUIET_REJECTION : reject(state, 'bad-field', `";${url.slice(start, Math.min(stop, start + 40))}" at offset ${start - 1} is not ";<field>=<value>" (RFC 1738 §5 fieldspec)`, start);
      }
      const bad = checkPart(state, start, equals, FIELD) ?? checkPart(state, equals + 1, stop, FIELD);
      if (bad) return bad;
      fields[url.slice(start, equals)] = url.slice(equals + 1, stop);
      start = stop + 1;
    }
    parsed.fields = fields;
  }
  return finishUrl(frame);
}
