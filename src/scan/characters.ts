/**
 * Character classes the scanner needs, by UTF-16 code unit. Plain comparisons, no
 * regular expressions: the scanner calls these on every candidate character.
 */

/** ASCII letter. */
export function isAlpha(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/** ASCII digit. */
export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** ASCII letter or digit. */
export function isAlnum(code: number): boolean {
  return isAlpha(code) || isDigit(code);
}

/** RFC 1738 §2.1: scheme names are letters, digits, `+`, `.` and `-`. */
export function isSchemeChar(code: number): boolean {
  return isAlnum(code) || code === 0x2b || code === 0x2e || code === 0x2d;
}

/**
 * Whitespace the Appendix tells us to drop inside wrappers, and that ends a bare URL:
 * ASCII space and controls, and the Unicode spaces mail clients put in text (U+00A0
 * no-break space from HTML `&nbsp;`, U+2000–U+200B, U+2028/2029, U+202F, U+205F,
 * U+3000, U+FEFF).
 */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return true;
  if (code < 0xa0) return code === 0x7f || (code >= 0x80 && code <= 0x9f);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Ends a bare URL (issue rule: whitespace or `<>"`). Typographic quotes and angle
 * quotes are added because mail clients put them around URLs and no URL contains
 * them unencoded (RFC 3987 §4.1 advises the same for IRIs in running text).
 */
export function endsBareUrl(code: number): boolean {
  if (isWhitespace(code)) return true;
  switch (code) {
    case 0x3c: // <
    case 0x3e: // >
    case 0x22: // "
    case 0xab: // «
    case 0xbb: // »
    case 0x2018: // ‘
    case 0x2019: // ’
    case 0x201c: // “
    case 0x201d: // ”
    case 0x300c: // 「
    case 0x300d: // 」
      return true;
    default:
      return false;
  }
}

/**
 * Punctuation that goes back to the text when it ends a bare URL: sentence marks and
 * quotes (issue rule `.,;:!?'"`), plus the markdown emphasis and code marks `*` and
 * backquote, which in mail close a span around the URL far more often than they end one.
 */
export function isTrailingPunctuation(code: number): boolean {
  switch (code) {
    case 0x2e: // .
    case 0x2c: // ,
    case 0x3b: // ;
    case 0x3a: // :
    case 0x21: // !
    case 0x3f: // ?
    case 0x27: // '
    case 0x22: // "
    case 0x2a: // *
    case 0x60: // `
      return true;
    default:
      return false;
  }
}

/**
 * Letters of the scripts written without spaces (CJK ideographs, kana, Hangul) and the
 * fullwidth forms: in running text they follow a URL with no space between. Outside a
 * host name (where an IDN may spell them), they end a bare URL; an IRI path written
 * with them is wrapped or percent-encoded in mail (RFC 3987 §3.1 maps it to %-escapes).
 */
export function isSpacelessScript(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xa960 && code <= 0xa97f) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef)
  );
}

/**
 * CJK and fullwidth punctuation (U+3001–U+303F, fullwidth ASCII punctuation, halfwidth
 * CJK marks): a sentence mark such as `。` or a bar `｜`, which ends a bare URL even in
 * its host name.
 */
export function isSpacelessPunctuation(code: number): boolean {
  return (
    (code >= 0x3001 && code <= 0x303f) ||
    (code >= 0xff01 && code <= 0xff0f) ||
    (code >= 0xff1a && code <= 0xff20) ||
    (code >= 0xff3b && code <= 0xff40) ||
    (code >= 0xff5b && code <= 0xff65)
  );
}

/** The index of `search` in `text` at or after `from`, or the text's length when there is none. */
export function indexOrLength(text: string, search: string, from: number): number {
  const index = text.indexOf(search, from);
  return index === -1 ? text.length : index;
}

/**
 * True when `text` at `at` holds `lower` (lower-case ASCII) in any case: "URL:", "Url:" and
 * "url:" alike (the Appendix's prefix, scheme names by RFC 3986 §3.1). Only letters fold:
 * a control character whose code is a punctuation mark's minus 0x20 is not that mark.
 */
export function startsWithFold(text: string, at: number, lower: string): boolean {
  if (at < 0 || at + lower.length > text.length) return false;
  for (let k = 0; k < lower.length; k++) {
    const code = text.charCodeAt(at + k);
    const want = lower.charCodeAt(k);
    if (code !== want && !(want >= 0x61 && want <= 0x7a && (code | 0x20) === want)) return false;
  }
  return true;
}

/**
 * Ends every bare run, wherever it stands (see bareRunEnd): whitespace, `<>"`, the
 * quotes of {@link endsBareUrl}, and CJK punctuation.
 */
export function endsEveryRun(code: number): boolean {
  return endsBareUrl(code) || (code >= 0x2e80 && isSpacelessPunctuation(code));
}

/**
 * A run read by hand for this many characters goes on with a native search
 * ({@link codeUnitSearch}): a regular expression's call costs more than a short loop
 * (URLs in mail are a few dozen characters), but over a long run (a hostile megabyte
 * with no space: bench rows "(_http:a repeated", "www.a( repeated, fuzzy") its one
 * character class is read about four times faster than the loop reads it. Not once a
 * character beyond ASCII is met: on text stored two bytes per character (bench row
 * "漢www.a( repeated") the search is about 2.5 times slower than the loop.
 */
export const HAND_READ_LIMIT = 64;

/**
 * A global regular expression that matches one UTF-16 code unit for which `test`
 * holds, built from the predicate itself so that the two cannot disagree. One
 * character class, no quantifier: linear, no backtracking. Code units, not code
 * points (no `u` flag), as `charCodeAt` reads them.
 */
export function codeUnitSearch(test: (code: number) => boolean): RegExp {
  let ranges = '';
  const unit = (code: number): string => `\\u${code.toString(16).padStart(4, '0')}`;
  for (let code = 0; code <= 0xffff; code++) {
    if (!test(code)) continue;
    const first = code;
    while (code < 0xffff && test(code + 1)) code++;
    ranges += code > first ? `${unit(first)}-${unit(code)}` : unit(first);
  }
  return new RegExp(`[${ranges}]`, 'g');
}

/** The first index at or after `from` that `search` (from {@link codeUnitSearch}) matches, or the text's length. */
export function searchOrLength(search: RegExp, text: string, from: number): number {
  search.lastIndex = from;
  return search.test(text) ? search.lastIndex - 1 : text.length;
}
