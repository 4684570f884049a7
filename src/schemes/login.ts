/**
 * The common Internet scheme syntax (RFC 1738 §3.1):
 * `//<user>:<password>@<host>:<port>/<url-path>`, here the part between `//` and the
 * path: RFC 1738 §5 `login = [ user [ ":" password ] "@" ] hostport`, which RFC 3986
 * §3.2 calls the authority.
 */
import { addPartNotes, charClass, partRejection, scanPart, USERINFO_3986, type PartRule } from './characters.js';
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

// What scanLogin finds, as numbers: no string is built until a rejection is reported.
/** The login's user name, password and port are fine; its host is still to check. */
const LOGIN_READ = 0;
// Its refusals, for loginRejection.
const [UNEXPECTED_USERINFO, BAD_USER, BAD_PASSWORD, UNCLOSED_LITERAL, AFTER_LITERAL, NO_PORT_TAKEN, BAD_PORT, EMPTY_PORT] = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * Where {@link scanLogin} found the parts of the login it read last, as offsets: the last
 * `@` (or -1), the end of the user name, the host, the port (-1 for none, -2 for an empty
 * one), the note bits of the user name and password (see scanPart) and, for a refused user
 * name or password, the offset that refuses it. One record, reused: read at once.
 */
const loginRead = { at: -1, userEnd: -1, hostStart: 0, hostEnd: 0, port: -1, bits: 0, fault: 0 };

/**
 * RFC 1738 §5 `login` on `text[start, end)`, read in place without building a string:
 * the user name and password by their part rules, the IP literal's brackets, the port.
 * Returns `LOGIN_READ` with the parts' offsets in {@link loginRead}, the host still to
 * check (classifyHost, checkHost), or the code of the refusal, which
 * {@link parseLogin} reports.
 */
function scanLogin(text: string, start: number, end: number, rules: LoginRules, strict: boolean): number {
  const read = loginRead;
  const at = lastIndexIn(text, '@', start, end);
  let hostStart = start;
  let userEnd = -1;
  let bits = 0;
  if (at !== -1) {
    if (rules.userinfo === 'never' || (rules.userinfo === 'lenient' && strict)) return UNEXPECTED_USERINFO;
    userEnd = indexIn(text, ':', start, at);
    const user = scanPart(text, start, userEnd, USER, strict);
    if (user >= 0) {
      read.fault = user;
      return BAD_USER;
    }
    bits = -1 - user;
    if (userEnd < at) {
      const password = scanPart(text, userEnd + 1, at, PASSWORD, strict);
      if (password >= 0) {
        read.fault = password;
        return BAD_PASSWORD;
      }
      bits |= -1 - password;
    }
    hostStart = at + 1;
  }
  read.at = at;
  read.userEnd = userEnd;
  read.hostStart = hostStart;
  read.bits = bits;
  let hostEnd = end;
  // (A parser's URL has "/", "?", "#" or nothing at `end`; a text read in place may have any.)
  if (hostStart < end && text.charCodeAt(hostStart) === 0x5b) {
    const close = indexIn(text, ']', hostStart, end);
    if (close === end) return UNCLOSED_LITERAL;
    hostEnd = close + 1;
    if (hostEnd < end && text.charCodeAt(hostEnd) !== 0x3a) return AFTER_LITERAL;
  } else {
    const colon = lastIndexIn(text, ':', hostStart, end);
    if (colon !== -1) hostEnd = colon;
  }
  read.hostEnd = hostEnd;
  read.port = -1;
  if (hostEnd < end) {
    if (rules.port === false) return NO_PORT_TAKEN;
    const port = readPort(text, hostEnd + 1, end);
    if (port === 'bad') return BAD_PORT;
    if (port === 'empty') {
      if (strict) return EMPTY_PORT;
      read.port = -2;
    } else {
      read.port = port;
    }
  }
  return LOGIN_READ;
}

/**
 * Parses `state.url[start, end)` as a login. Adds the notes `password` (RFC 1738 §6:
 * "The use of URLs containing passwords that should be secret is clearly unwise"),
 * `nondefault-port` (§6: a port other than the protocol's own can make a harmless
 * request talk to another protocol) and `userinfo` (a user name where RFC 1738 has
 * none, as in `http://trusted.example@evil.example/`, RFC 3986 §7.6).
 */
export function parseLogin(state: ParseState, start: number, end: number, rules: LoginRules): Login | Rejection {
  const url = state.url;
  const code = scanLogin(url, start, end, rules, state.strict);
  if (code !== LOGIN_READ) return state.quiet ? QUIET_REJECTION : loginRejection(state, code, start, end);
  const { at, userEnd, hostStart, hostEnd, port, bits } = loginRead;
  let user: string | undefined;
  let password: string | undefined;
  if (at !== -1) {
    addPartNotes(state, bits);
    user = url.slice(start, userEnd);
    if (userEnd < at) {
      password = url.slice(userEnd + 1, at);
      addNote(state, 'password');
    }
    if (rules.userinfo === 'lenient') addNote(state, 'userinfo');
  }
  const host = checkHost(state, hostStart, hostEnd, { allowEmpty: rules.allowEmptyHost ?? false });
  if ('reason' in host) return host;
  const login: Login = { host: host.host };
  if (host.asciiHost !== undefined) login.asciiHost = host.asciiHost;
  if (user !== undefined) login.user = user;
  if (password !== undefined) login.password = password;
  if (port >= 0 && rules.defaultPort !== undefined && port !== rules.defaultPort) addNote(state, 'nondefault-port');
  const effective = port >= 0 ? port : rules.defaultPort;
  if (effective !== undefined) login.port = effective;
  return login;
}

/** The rejection of the login `state.url[start, end)` that scanLogin refused with `code`. */
function loginRejection(state: ParseState, code: number, start: number, end: number): Rejection {
  const url = state.url;
  const { hostStart, hostEnd, fault } = loginRead;
  switch (code) {
    case UNEXPECTED_USERINFO: {
      const sign = lastIndexIn(url, '@', start, end);
      return reject(
        state,
        'unexpected-userinfo',
        `"${state.scheme}" URLs carry no user name or password (RFC 1738 §3.1 hostport), but "${url.slice(start, Math.min(sign + 1, start + 80))}" starts at offset ${start}`,
        start,
      );
    }
    case BAD_USER:
      return partRejection(state, USER, fault);
    case BAD_PASSWORD:
      return partRejection(state, PASSWORD, fault);
    case UNCLOSED_LITERAL:
      return reject(state, 'bad-host', `"[" at offset ${hostStart} opens an IP literal that is never closed`, hostStart);
    case AFTER_LITERAL: {
      const after = indexIn(url, ']', hostStart, end) + 1;
      return reject(state, 'bad-host', `"${url.charAt(after)}" at offset ${after} follows the IP literal; only ":" and a port may`, after);
    }
    case NO_PORT_TAKEN:
      return reject(state, 'bad-port', `"${state.scheme}" URLs take no port, but one starts at offset ${hostEnd + 1}`, hostEnd + 1);
    case BAD_PORT: {
      const portStart = hostEnd + 1;
      return reject(state, 'bad-port', `port "${url.slice(portStart, Math.min(end, portStart + 20))}" at offset ${portStart} is not a number from 0 to ${MAX_PORT}`, portStart);
    }
    default:
      return reject(state, 'bad-port', `":" at offset ${hostEnd} is followed by no port; RFC 1738 §3.1: "If the port is omitted, the colon is as well"`, hostEnd);
  }
}

/** RFC 1738 §5 `port = digits` (RFC 3986 §3.2.3 `port = *DIGIT`): a number, `'empty'` or `'bad'`. */
export function readPort(url: string, start: number, end: number): number | 'empty' | 'bad' {
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
