import { type ParseState, type Rejection } from './parsed.js';
/** RFC 1034 §3.1 (cited by RFC 1738 §3.1): "labels must be 63 characters or less". */
export declare const MAX_LABEL_LENGTH = 63;
/**
 * RFC 1034 §3.1 limits a name to 255 octets on the wire, which is 253 characters as
 * text (the wire form spends one length octet per label and one for the root).
 */
export declare const MAX_HOSTNAME_LENGTH = 253;
/**
 * A percent-encoded internationalised name can spell each character of a 253-character
 * name as up to nine escape characters (`%E7%B4%8D`). Anything longer cannot be a host,
 * and IDNA conversion is not run on it.
 */
export declare const MAX_HOST_TEXT_LENGTH: number;
/** What kind of host a URL names. */
export type HostKind = 'name' | 'ipv4' | 'ipv6' | 'ipvfuture' | 'empty';
/** An accepted host. */
export interface Host {
    /** The host as written. */
    host: string;
    kind: HostKind;
    /** For internationalised or percent-encoded names: the ASCII (IDNA) form. */
    asciiHost?: string;
}
/** Options for {@link checkHost}. */
export interface HostOptions {
    /** An empty host is acceptable (RFC 1738 §3.10 `file://`/path). */
    allowEmpty?: boolean;
    /** Reason to use instead of `bad-host` (e.g. `bad-article` for a news message-id). */
    reason?: string;
    /** What the host is called in details (default `host`). */
    what?: string;
}
/**
 * Checks `state.url[start, end)` as a host. Strict mode: RFC 1738 §5 `host` exactly.
 * Lenient mode adds IP literals, internationalised and percent-encoded names, and a
 * single trailing dot (the DNS root, RFC 1034 §3.1).
 */
export declare function checkHost(state: ParseState, start: number, end: number, options?: HostOptions): Host | Rejection;
/**
 * RFC 1738 §5 `hostnumber = digits "." digits "." digits "." digits`, each group 0–255
 * (§3.1: "its IP address as a set of four decimal digit groups"). Returns the four
 * numbers or `undefined`. Groups of more than three digits are refused.
 */
export declare function parseIpv4(text: string): number[] | undefined;
/**
 * RFC 3986 §3.2.2 `IPv6address` (RFC 4291 §2.2 text forms, no zone identifier): the
 * eight 16-bit groups, or `undefined` when `text` is not one.
 */
export declare function parseIpv6(text: string): number[] | undefined;
