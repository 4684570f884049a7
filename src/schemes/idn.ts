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
 * Two different placeholder hosts. The hostname setter leaves the host unchanged when
 * the new one is invalid; only a failure leaves both placeholders in place, since a
 * valid name sets both URLs to the same host.
 */
const PLACEHOLDER_A = 'x';
const PLACEHOLDER_B = 'y';

/**
 * The ASCII (IDNA) form of `domain` as the WHATWG URL standard's host parser gives it
 * for a special scheme (lower case, UTS #46 mapping, Punycode, IPv4 numbers
 * normalised), or `''` when it is not a valid host — the contract of Node's
 * `url.domainToASCII`, except that a name holding a character the hostname setter stops
 * at or strips is refused rather than cut (Node's gives `'b'` for `b\x` and `b/x`).
 *
 * @example
 * domainToAscii('bücher.example') // 'xn--bcher-kva.example'
 * domainToAscii('xn--iñ.example') // ''
 */
export function domainToAscii(domain: string): string {
  if (domain === '' || hasSetterBreak(domain)) return '';
  // `ws:` is a special scheme (WHATWG URL §4.1), so its host goes through domain-to-ASCII.
  const first = new URL(`ws://${PLACEHOLDER_A}`);
  first.hostname = domain;
  const second = new URL(`ws://${PLACEHOLDER_B}`);
  second.hostname = domain;
  if (first.hostname === PLACEHOLDER_A && second.hostname === PLACEHOLDER_B) return '';
  return first.hostname;
}

/**
 * True when `domain` holds a character the WHATWG hostname setter does not read as part
 * of a host: it ends the host at "/", "?", "#" and (special schemes) "\\" (URL standard
 * §4.4, host state), and removes ASCII tab and newline before parsing (§4.4, basic URL
 * parser). The setter would then convert only part of the name, and a host such as
 * `b\\é` would pass as `b`.
 */
function hasSetterBreak(domain: string): boolean {
  for (let i = 0; i < domain.length; i++) {
    const code = domain.charCodeAt(i);
    if (code === 0x2f || code === 0x3f || code === 0x23 || code === 0x5c || code === 0x09 || code === 0x0a || code === 0x0d) return true;
  }
  return false;
}
