import { type UrlFrame } from './components.js';
import { type Parsed, type ParseState, type Rejection } from './parsed.js';
/** RFC 3986 §3.2.3 / RFC 793: ports are 16-bit numbers. */
export declare const MAX_PORT = 65535;
/** Whether a scheme takes a user name and password in its authority. */
export type UserinfoRule = 
/** RFC 1738 §5 `login` (ftp, telnet, and schemes with the generic syntax). */
'allowed'
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
/**
 * Parses `state.url[start, end)` as a login. Adds the notes `password` (RFC 1738 §6:
 * "The use of URLs containing passwords that should be secret is clearly unwise"),
 * `nondefault-port` (§6: a port other than the protocol's own can make a harmless
 * request talk to another protocol) and `userinfo` (a user name where RFC 1738 has
 * none, as in `http://trusted.example@evil.example/`, RFC 3986 §7.6).
 */
export declare function parseLogin(state: ParseState, start: number, end: number, rules: LoginRules): Login | Rejection;
/** Copies a login's parts onto a parse result. */
export declare function assignLogin(parsed: Parsed, login: Login): void;
/**
 * RFC 1738 §3.1 `ip-schemepart = "//" login [ "/" urlpath ]`: checks the `//`, reads the
 * login up to the first of `ends` (e.g. `/?`), and stores user, password, host and port in
 * the frame's parts. Returns where the login ends, or a rejection.
 */
export declare function readAuthority(frame: UrlFrame, ends: string, rules: LoginRules): number | Rejection;
