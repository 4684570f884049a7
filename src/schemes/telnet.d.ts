import { type Parsed, type Rejection, type SchemeParseOptions } from './parsed.js';
/**
 * Parses a `telnet:` URL: RFC 1738 §5 `telneturl = "telnet://" login [ "/" ]` in both
 * modes (RFC 4248 §2 keeps it: "The final "/" character may be omitted"). Anything
 * after that `/` is refused with `bad-path`. The user name and password are sent to
 * the remote login, so `%0D` and `%0A` in them are noted `encoded-control`.
 */
export declare function parseTelnet(url: string, options: SchemeParseOptions): Parsed | Rejection;
