/**
 * Internationalised domain names (RFC 3987 §3.1, UTS #46 / IDNA): the ASCII form of a
 * host name, through the WHATWG `URL` global, which Node and every browser have.
 *
 * Node's own `domainToASCII` (`node:url`) sets the hostname of a `ws://x` URL and
 * reads it back; this does the same with the global `URL`, so the core needs nothing
 * from `node:` and gives the same answers on Node (both are the WHATWG host parser,
 * RFC 3986 §3.2.2 reg-names included). A browser's `URL` follows the same standard.
 */
/**
 * The ASCII (IDNA) form of `domain` as the WHATWG URL standard's host parser gives it
 * for a special scheme (lower case, UTS #46 mapping, Punycode, IPv4 numbers
 * normalised), or `''` when it is not a valid host — the contract of Node's
 * `url.domainToASCII`.
 *
 * @example
 * domainToAscii('bücher.example') // 'xn--bcher-kva.example'
 * domainToAscii('xn--iñ.example') // ''
 */
export declare function domainToAscii(domain: string): string;
