/**
 * Default ports (RFC 1738 §3: "Most schemes designate protocols that have a default
 * port number"). A parser fills the default in when the URL gives none, and notes
 * `nondefault-port` when it gives another (RFC 1738 §6).
 */
/** Scheme name (lower case) to its default port, from each scheme's RFC and the IANA port registry. */
export declare const DEFAULT_PORTS: Readonly<Record<string, number>>;
/** The default port of `scheme` (lower case), or `undefined` when it has none or is unknown. */
export declare function defaultPortOf(scheme: string): number | undefined;
