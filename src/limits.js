/**
 * Limits that both the sources and the scanner must agree on. The sources cut very
 * long lines only where no URL can be, so they need to know how long a URL may be.
 */
/**
 * A bare candidate longer than this is not a URL anyone wrote in a message (RFC 9110
 * §4.1 asks recipients to support at least 8,000 octets); it is rejected as `too-long`
 * instead of being handed to a parser.
 */
export const MAX_URL_LENGTH = 8192;
//# sourceMappingURL=limits.js.map