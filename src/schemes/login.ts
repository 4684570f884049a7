/**
 * The common Internet scheme syntax (RFC 1738 §3.1):
 * `//<user>:<password>@<host>:<port>/<url-path>`, here the part between `//` and the
 * path: RFC 1738 §5 `login = [ user [ ":" password ] "@" ] hostport`, which RFC 3986
 * §3.2 calls the authority.
 */
import { checkPart, charClass, USERINFO_3986, type PartRule } from './characters.js';
import { indexIn, indexOfAny, lastIndexIn, requireAuthority, type UrlFrame } from './components.js';
import { checkHost } from './host.js';
import { addNote, type Parsed, type ParseState, QUIET_REJECTION, reject, type Rejection } from './parsed.js';

/** RFC 3986 §3.2.3 / RFC 793: ports are 16-bit numbers. */
export const MAX_PORT = 65535;

/** Whether a scheme takes a user name and password in its authority. */
export type UserinfoRule =
  /** RFC 1738 §5 `login` (ftp, telnet, and schemes with the generic syntax). */
  | 'allowed'
  /** RFC 1738 has `hostport` only, but RFC 3986 (or the scheme's own later RFC) allows it: lenient mode only. */
  | 'lenient'
  /** Neither RFC 1738 nor the scheme's later RFC allows it (gopher, wais, prospero). */
  | 'never';

/** What a scheme allows between `//` and the path. */
export interface LoginRules {
  userinfo: UserinfoRule;
  /** The scheme's default port, when it has one (filled in, and used for `nondefault-port`). */
  defaultPort?: number;
  /** `false` when the scheme takes no port at all (file). */
  port?: boolean;
  /** An empty host is fine (file). */
  allowEmptyHost?: boolean;
}

/** The parts of an accepted login. */
export interface Login {
  user?: string;
  password?: string;
  host: string;
  asciiHost?: string;
  port?: number;
}

// RFC 1738 §5: user = *[ uchar | ";" | "?" | "&" | "=" ], password likewise.
const USER_1738 = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', "$-_.+!*'(),", ';?&=');
// RFC 3986 §3.2.1 userinfo: the first ":" ends the user name.
const USER_3986 = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', "-._~!$&'()*+,;=");
// User names and passwords go on the wire (FTP USER and PASS, RFC 1738 §3.2.1).
export const USER: PartRule = { name: 'user name', strict: USER_1738, lenient: USER_3986, sent: true };
export const PASSWORD: PartRule = { name: 'password', strict: USER_1738, lenient: USERINFO_3986, sent: true };

/**
 * Parses `state.url[start, end)` as a login. Adds the notes `password` (RFC 1738 §6:
 * "The use of URLs containing passwords that should be secret is clearly unwise"),
 * `nondefault-port` (§6: a port other than the protocol's own can make a harmless
 * request talk to another protocol) and `userinfo` (a user name where RFC 1738 has
 * none, as in `http://trusted.example@evil.example/`, RFC 3986 §7.6).
 */
export function parseLogin(state: ParseState, start: number, end: number, rules: LoginRules): Login | Rejection {
  const url = state.url;
  const at = lastIndexIn(url, '@', start, end);
  let hostStart = start;
  let user: string | undefined;
  let password: string | undefined;
  if (at >= start) {
    if (rules.userinfo === 'never' || (rules.userinfo === 'lenient' && state.strict)) {
      if (state.quiet) return QUIET_REJECTION;
      return reject(
        state,
        'unexpected-userinfo',
        `"${state.scheme}" URLs carry no user name or password (RFC 1738 §3.1 hostport), but "${url.slice(start, Math.min(at + 1, start + 80))}" starts at offset ${start}`,
        start,
      );
    }
    const userEnd = indexIn(url, ':', start, at);
    const badUser = checkPart(state, start, userEnd, USER);
    if (badUser) return badUser;
    user = url.slice(start, userEnd);
    if (userEnd < at) {
      const badPassword = checkPart(state, userEnd + 1, at, PASSWORD);
      if (badPassword) return badPassword;
      password = url.slice(userEnd + 1, at);
      addNote(state, 'password');
    }
    if (rules.userinfo === 'lenient') addNote(state, 'userinfo');
    hostStart = at + 1;
  }
  let hostEnd = end;
  if (url.charCodeAt(hostStart) === 0x5b) {
    const close = indexIn(url, ']', hostStart, end);
    if (close === end) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-host', `"[" at offset ${hostStart} opens an IP literal that is never closed`, hostStart);
    }
    hostEnd = close + 1;
    if (hostEnd < end && url.charCodeAt(hostEnd) !== 0x3a) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-host', `"${url.charAt(hostEnd)}" at offset ${hostEnd} follows the IP literal; only ":" and a port may`, hostEnd);
    }
  } else {
    const colon = lastIndexIn(url, ':', hostStart, end);
    if (colon !== -1) hostEnd = colon;
  }
  let port: number | undefined;
  if (hostEnd < end) {
    const portStart = hostEnd + 1;
    if (rules.port === false) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-port', `"${state.scheme}" URLs take no port, but one starts at offset ${portStart}`, portStart);
    }
    const parsedPort = readPort(url, portStart, end);
    if (parsedPort === 'bad') {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-port', `port "${url.slice(portStart, Math.min(end, portStart + 20))}" at offset ${portStart} is not a number from 0 to ${MAX_PORT}`, portStart);
    }
    if (parsedPort === 'empty' && state.strict) {
      return state.quiet ? QUIET_REJECTION : reject(state, 'bad-port', `":" at offset ${hostEnd} is followed by no port; RFC 1738 §3.1: "If the port is omitted, the colon is as well"`, hostEnd);
    }
    if (typeof parsedPort === 'number') port = parsedPort;
  }
  const host = checkHost(state, hostStart, hostEnd, { allowEmpty: rules.allowEmptyHost ?? false });
  if ('reason' in host) return host;
  const login: Login = { host: host.host };
  if (host.asciiHost !== undefined) login.asciiHost = host.asciiHost;
  if (user !== undefined) login.user = user;
  if (password !== undefined) login.password = password;
  if (port !== undefined && rules.defaultPort !== undefined && port !== rules.defaultPort) addNote(state, 'nondefault-port');
  const effective = port ?? rules.defaultPort;
  if (effective !== undefined) login.port = effective;
  return login;
}

/** RFC 1738 §5 `port = digits` (RFC 3986 §3.2.3 `port = *DIGIT`): a number, `'empty'` or `'bad'`. */
function readPort(url: string, start: number, end: number): number | 'empty' | 'bad' {
  if (start === end) return 'empty';
  let value = 0;
  for (let i = start; i < end; i++) {
    const code = url.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return 'bad';
    value = value * 10 + (code - 0x30);
    if (value > MAX_PORT) return 'bad';
  }
  return value;
}

/** Copies a login's parts onto a parse result. */
export function assignLogin(parsed: Parsed, login: Login): void {
  if (login.user !== undefined) parsed.user = login.user;
  if (login.password !== undefined) parsed.password = login.password;
  parsed.host = login.host;
  if (login.asciiHost !== undefined) parsed.asciiHost = login.asciiHost;
  if (login.port !== undefined) parsed.port = login.port;
}

/**
 * RFC 1738 §3.1 `ip-schemepart = "//" login [ "/" urlpath ]`: checks the `//`, reads the
 * login up to the first of `ends` (e.g. `/?`), and stores user, password, host and port in
 * the frame's parts. Returns where the login ends, or a rejection.
 */
export function readAuthority(frame: UrlFrame, ends: string, rules: LoginRules): number | Rejection {
  const start = requireAuthority(frame);
  if (typeof start !== 'number') return start;
  const end = indexOfAny(frame.state.url, ends, start, frame.end);
  const login = parseLogin(frame.state, start, end, rules);
  if ('reason' in login) return login;
  assignLogin(frame.parsed, login);
  return end;
}
