/**
 * The hyphen-at-line-break ambiguity (RFC 1738 Appendix): "the interpreter of a URL
 * containing a line break immediately after a hyphen should ignore all unencoded
 * whitespace around the line break, and should be aware that the hyphen may or may
 * not actually be part of the URL."
 */
/**
 * Each ambiguous hyphen doubles the readings, and every reading is parsed. Three
 * breaks (8 readings) cover every wrapper in the labelled corpus (at most two breaks);
 * past that only the all-kept and all-dropped readings are offered, so a hostile
 * wrapper of many `-` line ends costs a constant number of parses.
 */
export declare const MAX_HYPHEN_BREAKS = 3;
/**
 * All readings of `url` whose characters at `breaks` (indexes of hyphens that stood
 * at a line end) may or may not belong to it. The first reading keeps every hyphen
 * (a hyphen at a line break is kept unless validation says otherwise); the others
 * drop them in every combination, fewest dropped first.
 */
export declare function hyphenReadings(url: string, breaks: readonly number[]): string[];
