/**
 * `--redact`: passwords in URLs masked before they are printed. RFC 1738 §6 calls
 * "URLs containing passwords that should be secret" unwise; mail is full of them
 * (FTP mirrors, `http://user:pass@host/` in pasted logs), and a report is often
 * shared further than the mailbox it came from.
 */
/** What a password is replaced with. */
export declare const PASSWORD_MASK = "****";
/**
 * Masks the password of a URL of the common Internet scheme syntax (RFC 1738 §3.1,
 * `//<user>:<password>@<host>:<port>/<url-path>`; RFC 3986 §3.2.1 userinfo): the text
 * between the first `:` of the userinfo and the last `@` of the authority. A URL
 * without one, or with an empty password, is returned unchanged. Linear in the URL.
 */
export declare function redactUrl(url: string): string;
