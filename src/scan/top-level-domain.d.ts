/**
 * True when the host `text[start, end)` ends in a known top-level domain (one trailing
 * dot, the DNS root, is allowed). A host without a dot has no top-level domain.
 */
export declare function hasKnownTld(text: string, start: number, end: number): boolean;
