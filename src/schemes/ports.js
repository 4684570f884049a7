/**
 * Default ports (RFC 1738 §3: "Most schemes designate protocols that have a default
 * port number"). A parser fills the default in when the URL gives none, and notes
 * `nondefault-port` when it gives another (RFC 1738 §6).
 */
/** Scheme name (lower case) to its default port, from each scheme's RFC and the IANA port registry. */
export const DEFAULT_PORTS = Object.freeze({
    // RFC 1738 §3.2–§3.11.
    ftp: 21,
    http: 80,
    gopher: 70,
    nntp: 119,
    news: 119,
    telnet: 23,
    wais: 210,
    prospero: 1525,
    // Later schemes.
    https: 443, // RFC 9110 §4.2.2
    snews: 563, // RFC 5538 §8.1
    ws: 80, // RFC 6455 §3
    wss: 443, // RFC 6455 §3
    ssh: 22, // RFC 4253 §4.1
    sftp: 22,
    git: 9418,
    svn: 3690,
    irc: 6667, // RFC 7194
    ircs: 6697, // RFC 7194
    ldap: 389, // RFC 4516 §2
    rtsp: 554, // RFC 7826 §19.1
    imap: 143, // RFC 5092 §3
    pop: 110, // RFC 2384 §4
    nfs: 2049, // RFC 2224 §1
});
/** The default port of `scheme` (lower case), or `undefined` when it has none or is unknown. */
export function defaultPortOf(scheme) {
    return Object.hasOwn(DEFAULT_PORTS, scheme) ? DEFAULT_PORTS[scheme] : undefined;
}
//# sourceMappingURL=ports.js.map