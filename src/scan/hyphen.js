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
export const MAX_HYPHEN_BREAKS = 3;
/**
 * All readings of `url` whose characters at `breaks` (indexes of hyphens that stood
 * at a line end) may or may not belong to it. The first reading keeps every hyphen
 * (a hyphen at a line break is kept unless validation says otherwise); the others
 * drop them in every combination, fewest dropped first.
 */
export function hyphenReadings(url, breaks) {
    if (breaks.length === 0)
        return [url];
    if (breaks.length === 1)
        return [url, dropAt(url, breaks)];
    if (breaks.length > MAX_HYPHEN_BREAKS)
        return [url, dropAt(url, breaks)];
    const masks = [];
    for (let mask = 0; mask < 1 << breaks.length; mask++)
        masks.push(mask);
    masks.sort((a, b) => bitCount(a) - bitCount(b) || a - b);
    return masks.map((mask) => dropAt(url, breaks.filter((_, bit) => (mask & (1 << bit)) !== 0)));
}
/** `url` without the characters at the (ascending) indexes `drop`. */
function dropAt(url, drop) {
    let out = '';
    let from = 0;
    for (const index of drop) {
        out += url.slice(from, index);
        from = index + 1;
    }
    return out + url.slice(from);
}
function bitCount(mask) {
    let count = 0;
    for (let m = mask; m !== 0; m &= m - 1)
        count++;
    return count;
}
//# sourceMappingURL=hyphen.js.map