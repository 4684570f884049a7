/**
 * Normalisation for de-duplication: the case and port rules of RFC 3986 §6.2.2.1 and
 * §6.2.3, and nothing else.
 */
import { indexOfAny, lastIndexIn, readSchemeName } from './components.js';
import { MAX_PORT } from './login.js';
import { defaultPortOf } from './ports.js';

/**
 * Normalises a URL for comparison: the scheme and the host in lower case (RFC 1738
 * §2.1, RFC 3986 §6.2.2.1), the port dropped when it is the scheme's default or empty
 * (RFC 3986 §6.2.3), every other character left byte for byte (percent-escapes, path,
 * query, fragment and user name keep their case; dot segments stay). Text without a
 * scheme is returned unchanged. Purely syntactic: it does not validate the URL, so use
 * it on matches or on results `parseUrl` accepted. It takes no options: a second
 * argument other than `undefined` is misuse (a `TypeError`, as `parseUrl` gives for
 * options that are not an object).
 */
export function normalizeUrl(url: string, options?: undefined): string {
  if (typeof url !== 'string') throw new TypeError(`normalizeUrl: expected the URL as a string, got ${url === null ? 'null' : typeof url}`);
  if (options !== undefined) {
    throw new TypeError(`normalizeUrl: takes the URL only, no options; got ${options === null ? 'null' : typeof options} as a second argument`);
  }
  const name = readSchemeName(url);
  if (name === undefined) return url;
  const colon = name.length;
  const scheme = name.toLowerCase();
  if (!url.startsWith('//', colon + 1)) return scheme + url.slice(colon);
  const authStart = colon + 3;
  const authEnd = indexOfAny(url, '/?#', authStart, url.length);
  const at = lastIndexIn(url, '@', authStart, authEnd);
  const hostStart = at === -1 ? authStart : at + 1;
  let hostEnd = authEnd;
  if (url.charCodeAt(hostStart) === 0x5b) {
    const close = url.indexOf(']', hostStart);
    if (close !== -1 && close < authEnd) hostEnd = close + 1;
  } else {
    const portColon = lastIndexIn(url, ':', hostStart, authEnd);
    if (portColon !== -1) hostEnd = portColon;
  }
  let port = url.slice(hostEnd, authEnd);
  if (port.startsWith(':')) {
    const digits = port.slice(1);
    let value = digits.length > 0 ? 0 : -1;
    for (let i = 0; i < digits.length && value >= 0; i++) {
      const code = digits.charCodeAt(i);
      value = code >= 0x30 && code <= 0x39 && value <= MAX_PORT ? value * 10 + (code - 0x30) : -1;
    }
    const isDefault = digits === '' || value === defaultPortOf(scheme);
    if (isDefault) port = '';
  }
  return `${scheme}:${url.slice(colon + 1, hostStart)}${url.slice(hostStart, hostEnd).toLowerCase()}${port}${url.slice(authEnd)}`;
}
