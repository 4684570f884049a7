/**
 * `--redact`: passwords in URLs masked before they are printed. RFC 1738 §6 calls
 * "URLs containing passwords that should be secret" unwise; mail is full of them
 * (FTP mirrors, `http://user:pass@host/` in pasted logs), and a report is often
 * shared further than the mailbox it came from.
 */
/** What a password is replaced with. */
export const PASSWORD_MASK = '****';
/**
 * Masks the password of a URL of the common Internet scheme syntax (RFC 1738 §3.1,
 * `//<user>:<password>@<host>:<port>/<url-path>`; RFC 3986 §3.2.1 userinfo): the text
 * between the first `:` of the userinfo and the last `@` of the authority. A URL
 * without one, or with an empty password, is returned unchanged. Linear in the URL.
 */
export function redactUrl(url) {
    const slashes = url.indexOf('://');
    if (slashes <= 0)
        return url;
    const authorityStart = slashes + 3;
    let authorityEnd = url.length;
    for (let i = authorityStart; i < url.length; i++) {
        const code = url.charCodeAt(i);
        // RFC 3986 §3.2: the authority ends at the next "/", "?" or "#".
        if (code === 0x2f || code === 0x3f || code === 0x23) {
            authorityEnd = i;
            break;
        }
    }
    const at = url.lastIndexOf('@', authorityEnd - 1);
    if (at < authorityStart)
        return url;
    const colon = url.indexOf(':', authorityStart);
    if (colon < 0 || colon >= at - 1)
        return url;
    return url.slice(0, colon + 1) + PASSWORD_MASK + url.slice(at);
}
//# sourceMappingURL=redact.js.map