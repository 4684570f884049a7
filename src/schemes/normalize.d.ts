/**
 * Normalises a URL for comparison: the scheme and the host in lower case (RFC 1738
 * §2.1, RFC 3986 §6.2.2.1), the port dropped when it is the scheme's default or empty
 * (RFC 3986 §6.2.3), every other character left byte for byte (percent-escapes, path,
 * query, fragment and user name keep their case; dot segments stay). Text without a
 * scheme is returned unchanged. Purely syntactic: it does not validate the URL, so use
 * it on matches or on results `parseUrl` accepted.
 */
export declare function normalizeUrl(url: string): string;
