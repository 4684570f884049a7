/**
 * URLs in running text without a wrapper: where a bare run ends, schemeless `www.` and
 * `ftp.` hosts, and bare e-mail addresses.
 */
import { codeUnitSearch, endsBareUrl, endsEveryRun, HAND_READ_LIMIT, isAlnum, isAlpha, isDigit, isSpacelessPunctuation, isSpacelessScript, isTrailingPunctuation, searchOrLength } from './characters.js';

export { MAX_URL_LENGTH } from '../limits.js';
import { MAX_URL_LENGTH } from '../limits.js';

/** RFC 5321 §4.5.3.1.1: a local part is at most 64 octets. */
export const MAX_LOCAL_PART_LENGTH = 64;

/** RFC 5321 §4.5.3.1.2: a domain is at most 255 octets. */
export const MAX_DOMAIN_LENGTH = 255;

/**
 * The end of the run of URL characters that starts at `from`: whitespace or `<>"` ends
 * it, and so does CJK punctuation (`。`, `｜`). In `spaceless` prose (the URL is glued to
 * CJK text before it, so the writer puts no spaces around it) CJK letters after the host
 * name end it too; elsewhere they are an IRI path's (RFC 3987). `inHost`: `from` is
 * inside a host name already (a schemeless `www.`); otherwise the host follows `//`.
 */
export function bareRunEnd(text: string, from: number, inHost = false, spaceless = false): number {
  let i = from;
  // RFC 3986 §3.2: the authority follows "//" and ends at the next "/", "?" or "#".
  let host = inHost;
  if (!host && text.charCodeAt(from) === 0x2f && text.charCodeAt(from + 1) === 0x2f) {
    host = true;
    i += 2;
  }
  const length = text.length;
  // Outside spaceless prose, what ends the run does not depend on the host: past the
  // first characters, a native search (see HAND_READ_LIMIT).
  let handEnd = spaceless ? length : Math.min(length, i + HAND_READ_LIMIT);
  for (; i < handEnd; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      // One table look-up per ASCII character: this loop reads every character of every URL.
      const kind = ASCII_RUN[code] as number;
      if (kind === 0) continue;
      if (kind === RUN_ENDS) break;
      host = false;
    } else {
      // Text beyond ASCII is read by hand to the end (see HAND_READ_LIMIT).
      handEnd = length;
      if (code < 0x2e80 ? endsBareUrl(code) : isSpacelessPunctuation(code) || (spaceless && !host && isSpacelessScript(code)) || endsBareUrl(code)) break;
    }
  }
  return i < handEnd || i === length ? i : searchOrLength((runEndSearch ??= codeUnitSearch(endsEveryRun)), text, i);
}

/** {@link endsEveryRun} as a native search, built at the first long run. */
let runEndSearch: RegExp | undefined;

const RUN_ENDS = 1;
const HOST_ENDS = 2;
/** What each ASCII character does to a bare run: 0 nothing, {@link RUN_ENDS}, or {@link HOST_ENDS} (`/?#`, RFC 3986 §3.2). */
const ASCII_RUN: Uint8Array = (() => {
  const table = new Uint8Array(0x80);
  for (let code = 0; code < 0x80; code++) table[code] = endsBareUrl(code) ? RUN_ENDS : code === 0x2f || code === 0x3f || code === 0x23 ? HOST_ENDS : 0;
  return table;
})();

/** True when the character before `start` is CJK text or punctuation: the URL is glued to spaceless prose. */
export function afterSpacelessText(text: string, start: number): boolean {
  if (start === 0) return false;
  return isSpacelessText(text.charCodeAt(start - 1));
}

/** True when `code` is CJK text or punctuation (see {@link afterSpacelessText}). */
export function isSpacelessText(code: number): boolean {
  // Both ranges start at U+2E80: one comparison for every other character (the scan asks
  // at every host of a refused run).
  return code >= 0x2e80 && (isSpacelessScript(code) || isSpacelessPunctuation(code));
}

/** Where the authority of a URL that starts at `from` ends: the first `/`, `?` or `#` (RFC 3986 §3.2). */
export function authorityEnd(text: string, from: number, end: number): number {
  let i = from;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (code === 0x2f || code === 0x3f || code === 0x23) break;
    i++;
  }
  return i;
}

/** Characters that, just before `www.` or `ftp.`, mean it is inside a longer word or URL. */
function continuesWord(code: number): boolean {
  return code < 0x80 && CONTINUES_WORD[code] === 1;
}

/**
 * {@link continuesWord} of each ASCII character, as 1 or 0: letters, digits and
 * `.-_@/:%=`. A table, so that schemelessPrefixAt stays small enough to be compiled into
 * the loops that ask it at every host of a refused run (bench row "www.a/( repeated").
 */
const CONTINUES_WORD: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) => (isAlnum(code) || '.-_@/:%='.includes(String.fromCharCode(code)) ? 1 : 0));

/**
 * For a `.` at `dot`, the start and implied scheme of a schemeless host when the dot
 * ends `www` or `ftp` at a word start and a host name follows; the start is never
 * before `floor`.
 */
export function schemelessAt(text: string, dot: number, floor: number): { start: number; scheme: 'http' | 'ftp' } | undefined {
  const start = dot - 3;
  if (start < floor) return undefined;
  const prefix = schemelessPrefixAt(text, dot);
  return prefix === NO_PREFIX ? undefined : { start, scheme: prefix === WWW ? 'http' : 'ftp' };
}

/** What {@link schemelessPrefixAt} found before a dot. */
export const NO_PREFIX = 0;
/** {@link schemelessPrefixAt} found `www`. */
export const WWW = 1;
const FTP = 2;

/**
 * True when {@link schemelessPrefixAt} finds a prefix before the dot at `dot`, at least 3
 * into the text, given `before`, the character before the prefix (the caller's read of
 * `dot - 4`; a space at the start of the text). The caller has read that character for
 * afterSpacelessText's test already: a run of refused hosts asks at every dot.
 */
export function startsSchemelessHost(text: string, dot: number, before: number): boolean {
  return !continuesWord(before) && isAlnum(text.charCodeAt(dot + 1)) && prefixOf(text.charCodeAt(dot - 3), text.charCodeAt(dot - 2), text.charCodeAt(dot - 1)) !== NO_PREFIX;
}

/**
 * The test of {@link schemelessPrefixAt} before its dot, on characters the caller has
 * read: `a`, `b` and `c` spell `www` or `ftp` in any case, and `before`, the character
 * before them (a space at the start of the text), does not continue a word. What
 * follows the dot is the caller's to test.
 */
export function isSchemelessPrefix(before: number, a: number, b: number, c: number): boolean {
  return !continuesWord(before) && prefixOf(a, b, c) !== NO_PREFIX;
}

/**
 * `www` or `ftp` at a word start before the dot at `dot`, with a letter or digit after
 * it ({@link NO_PREFIX} otherwise). The scanner asks at every "w." and "p." of the text,
 * before the dot becomes a candidate.
 */
export function schemelessPrefixAt(text: string, dot: number): number {
  const start = dot - 3;
  if (start < 0 || !isAlnum(text.charCodeAt(dot + 1))) return NO_PREFIX;
  if (start > 0 && continuesWord(text.charCodeAt(start - 1))) return NO_PREFIX;
  return prefixOf(text.charCodeAt(start), text.charCodeAt(start + 1), text.charCodeAt(start + 2));
}

/**
 * Which prefix the characters `a`, `b`, `c` spell: {@link WWW}, FTP or {@link NO_PREFIX}.
 * Compared by character codes, any case (setting bit 0x20 lower-cases an ASCII letter, and
 * only "W" and "w" become "w").
 */
function prefixOf(a: number, b: number, c: number): number {
  a |= 0x20;
  b |= 0x20;
  c |= 0x20;
  if (a === 0x77 && b === 0x77 && c === 0x77) return WWW;
  if (a === 0x66 && b === 0x74 && c === 0x70) return FTP;
  return NO_PREFIX;
}

/**
 * Local-part characters we accept in running text: letters, digits and `._%+-`. RFC
 * 5322 `atext` allows more punctuation, but next to an address in prose those are
 * nearly always the prose's own.
 */
function isLocalChar(code: number): boolean {
  return isAlnum(code) || code === 0x2e || code === 0x5f || code === 0x25 || code === 0x2b || code === 0x2d;
}

/** What an e-mail address's domain holds: ASCII letters, digits, `.` and `-`. */
export function isDomainChar(code: number): boolean {
  return code < 0x80 && DOMAIN_CHAR[code] === 1;
}

/** {@link isDomainChar} of each ASCII character, as 1 or 0 (see SCHEME_CHAR in characters.ts). */
const DOMAIN_CHAR: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) => (isAlnum(code) || code === 0x2e || code === 0x2d ? 1 : 0));

/**
 * The span of a bare e-mail address around the `@` at `at`, never starting before
 * `floor`: a local part of at most 64 characters and a dotted domain of at most 255.
 */
export function emailAt(text: string, at: number, floor: number): { start: number; end: number } | undefined {
  let start = at;
  const min = Math.max(floor, at - MAX_LOCAL_PART_LENGTH);
  while (start > min && isLocalChar(text.charCodeAt(start - 1))) start--;
  if (start === min && start > floor && isLocalChar(text.charCodeAt(start - 1))) return undefined;
  while (start < at && text.charCodeAt(start) === 0x2e) start++;
  if (start === at) return undefined;
  const end = emailDomainEnd(text, at);
  return end === -1 ? undefined : { start, end };
}

/**
 * The end of the domain of a bare e-mail address after the `@` at `at`, or -1 when what
 * follows it is no domain: dotted, starting with a letter or digit, its top-level label
 * with a letter. Read in place (no slice per `@`), and whatever comes before the `@`: the
 * scan passes over an `@` with no domain without asking for its local part.
 */
export function emailDomainEnd(text: string, at: number): number {
  return emailDomainEndIn(text, at, emailDomainRunEnd(text, at));
}

/** The first character after the `@` at `at` that no domain holds, or where MAX_DOMAIN_LENGTH ends the look. */
export function emailDomainRunEnd(text: string, at: number): number {
  let end = at + 1;
  const max = Math.min(text.length, at + 1 + MAX_DOMAIN_LENGTH);
  while (end < max && isDomainChar(text.charCodeAt(end))) end++;
  return end;
}

/** {@link emailDomainEnd}, given the {@link emailDomainRunEnd} `runEnd` of the same `@`. */
export function emailDomainEndIn(text: string, at: number, runEnd: number): number {
  if (runEnd === at + 1 + MAX_DOMAIN_LENGTH && runEnd < text.length && isDomainChar(text.charCodeAt(runEnd))) return -1;
  let end = runEnd;
  while (end > at + 1 && !isAlnum(text.charCodeAt(end - 1))) end--;
  if (end === at + 1 || !isAlnum(text.charCodeAt(at + 1))) return -1;
  let dot = end - 1;
  while (dot > at && text.charCodeAt(dot) !== 0x2e) dot--;
  return dot > at && dot + 1 < end && isAlpha(text.charCodeAt(dot + 1)) ? end : -1;
}

/**
 * Fuzzy mode: what may follow a bare host: the end of the run (whitespace, `<>"`...),
 * a port, path, query or fragment (`:/?#`), sentence punctuation, or a closing bracket.
 * "example.com(" or "example.com-x" is part of something else.
 */
function endsFuzzyHost(code: number): boolean {
  return code < 0x80 ? ((FUZZY_ASCII[code] as number) & ENDS_FUZZY_HOST) !== 0 : endsBareUrl(code) || isTrailingPunctuation(code);
}

/** RFC 1034 §3.1: a name is at most 253 characters as text; a longer run is no host. */
const MAX_FUZZY_HOST_LENGTH = 253;

function isHostChar(code: number): boolean {
  return code < 0x80 && ((FUZZY_ASCII[code] as number) & HOST_CHAR) !== 0;
}

const HOST_CHAR = 1;
const ENDS_FUZZY_HOST = 2;
/**
 * Each ASCII character's parts in a fuzzy host, as bits: {@link HOST_CHAR} (letters,
 * digits, `.-_`) and {@link ENDS_FUZZY_HOST} (see endsFuzzyHost; a `.` is both). One
 * look-up per character: in fuzzy mode every dot after a letter or digit reads the host
 * run after it.
 */
const FUZZY_ASCII: Uint8Array = (() => {
  const table = new Uint8Array(0x80);
  for (let code = 0; code < 0x80; code++) {
    if (isAlnum(code) || code === 0x2e || code === 0x2d || code === 0x5f) table[code] = (table[code] as number) | HOST_CHAR;
    if (code === 0x2f || code === 0x3a || code === 0x3f || code === 0x23 || endsBareUrl(code) || isTrailingPunctuation(code) || code === 0x29 || code === 0x5d || code === 0x7d) table[code] = (table[code] as number) | ENDS_FUZZY_HOST;
  }
  return table;
})();

/** The end of the run of host characters after the dot at `dot`, or -1 when it runs on past MAX_FUZZY_HOST_LENGTH. */
function fuzzyRunEnd(text: string, dot: number): number {
  let runEnd = dot + 1;
  const max = Math.min(text.length, dot + 1 + MAX_FUZZY_HOST_LENGTH);
  while (runEnd < max && isHostChar(text.charCodeAt(runEnd))) runEnd++;
  return runEnd === max && runEnd < text.length && isHostChar(text.charCodeAt(runEnd)) ? -1 : runEnd;
}

/** The end of the host in the run of host characters that ends at `runEnd`: a sentence's full stop after it ("see example.com.") is not part of it, nor a dash. */
function fuzzyHostEnd(text: string, dot: number, runEnd: number): number {
  let hostEnd = runEnd;
  while (hostEnd > dot && (text.charCodeAt(hostEnd - 1) === 0x2e || text.charCodeAt(hostEnd - 1) === 0x2d)) hostEnd--;
  return hostEnd;
}

/**
 * Fuzzy mode: for the dot at `dot`, the end of its run of host characters when what
 * follows the host refuses it at once (the first test of {@link fuzzyHostAt}, which
 * then returns that end as its `runEnd`), or -1 when it may be a host or the run is too
 * long to say here.
 */
export function fuzzyRefusedRunEnd(text: string, dot: number): number {
  // fuzzyRunEnd, fuzzyHostEnd and what follows the host in one read: the character after
  // the run is the one that ends it, and the host ends with the run unless its last
  // character is a "." or "-" (bench row "www.a( repeated, fuzzy" asks at every host).
  const length = text.length;
  const max = Math.min(length, dot + 1 + MAX_FUZZY_HOST_LENGTH);
  let runEnd = dot + 1;
  let last = 0x2e;
  let code = 0x20;
  while (runEnd < max) {
    code = text.charCodeAt(runEnd);
    if (!isHostChar(code)) break;
    last = code;
    runEnd++;
  }
  if (runEnd === max) {
    code = runEnd < length ? text.charCodeAt(runEnd) : 0x20;
    if (isHostChar(code)) return -1;
  }
  if (last === 0x2e || last === 0x2d) {
    const hostEnd = fuzzyHostEnd(text, dot, runEnd);
    code = hostEnd < length ? text.charCodeAt(hostEnd) : 0x20;
  }
  return endsFuzzyHost(code) ? -1 : runEnd;
}

/**
 * How far back {@link fuzzyLabelEndsAt} looks for a dot: a longer label goes to
 * readFuzzyHost, which reads its host once.
 */
const SHORT_LABEL_LENGTH = 16;

/**
 * Fuzzy mode: true when fuzzyHostAt certainly refuses the dot at `dot`, from any floor,
 * for a reason seen in a few characters: no host character follows it (the host would
 * end at this dot), and the host characters before it, back to one that is none (or the
 * start of the text) within SHORT_LABEL_LENGTH, hold no dot: one label, and a host needs
 * two (RFC 1738 §3.1). Its run of host characters ends just after the dot. The end of a
 * sentence in prose ("word. ") and hostile "a.(" repeated are refused with no call of
 * readFuzzyHost.
 */
export function fuzzyLabelEndsAt(text: string, dot: number): boolean {
  if (isHostChar(text.charCodeAt(dot + 1))) return false;
  const min = Math.max(0, dot - SHORT_LABEL_LENGTH);
  let i = dot - 1;
  while (i >= min) {
    const code = text.charCodeAt(i);
    if (code === 0x2e) return false;
    if (!isHostChar(code)) return true;
    i--;
  }
  return i < 0;
}

/**
 * Fuzzy mode: the run of host characters (letters, digits, `.-_`) around the dot at
 * `dot`, never starting before `floor`. `runEnd` is where the run ends (its later dots
 * need no second look). `start` is -1 when the run is no host: inside a word, path,
 * address or URL, too long, not dotted labels (RFC 1738 §3.1), or followed by what no
 * host is (see endsFuzzyHost); `ipv4` when it is a
 * dotted quad (RFC 1738 §5 hostnumber).
 */
export function fuzzyHostAt(text: string, dot: number, floor: number): { start: number; hostEnd: number; runEnd: number; ipv4: boolean } {
  const start = readFuzzyHost(text, dot, floor);
  return { start, hostEnd: read.hostEnd, runEnd: read.runEnd, ipv4: read.ipv4 };
}

/**
 * Fuzzy mode: the `runEnd` of {@link fuzzyHostAt} when it refuses the dot at `dot` (its
 * `start` is -1), or -1 when it finds a host; no object is made. A refusal holds for any
 * floor at or after `floor`: a later floor inside the run leaves a host character before
 * the start, which continues a word.
 */
export function fuzzyRefusedEnd(text: string, dot: number, floor: number): number {
  return readFuzzyHost(text, dot, floor) === -1 ? read.runEnd : -1;
}

/** What readFuzzyHost read besides the start: one record, reused (the scan asks at every dot of fuzzy text). */
const read = { hostEnd: 0, runEnd: 0, ipv4: false };

/** {@link fuzzyHostAt}'s work: returns the start, and leaves the rest in {@link read}. */
function readFuzzyHost(text: string, dot: number, floor: number): number {
  let runEnd = fuzzyRunEnd(text, dot);
  read.ipv4 = false;
  if (runEnd === -1) {
    // Too long: pass over the rest of the run too, so that its dots are not read again.
    runEnd = dot + 1;
    while (runEnd < text.length && isHostChar(text.charCodeAt(runEnd))) runEnd++;
    read.hostEnd = read.runEnd = runEnd;
    return -1;
  }
  read.hostEnd = read.runEnd = runEnd;
  const hostEnd = fuzzyHostEnd(text, dot, runEnd);
  // What follows the host is read first: in a run of "www.a(" it refuses every dot at once.
  if (!endsFuzzyHost(hostEnd < text.length ? text.charCodeAt(hostEnd) : 0x20)) return -1;
  let start = dot;
  const min = Math.max(floor, dot - MAX_FUZZY_HOST_LENGTH);
  while (start > min && isHostChar(text.charCodeAt(start - 1))) start--;
  if (start === min && start > floor && isHostChar(text.charCodeAt(start - 1))) return -1;
  if (start > 0 && (continuesWord(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) >= 0x80)) return -1;
  // Labels: letters, digits, "-" and "_", each starting and ending with a letter or digit.
  let digitsOnly = true;
  let labels = 0;
  let labelStart = start;
  for (let i = start; i <= hostEnd; i++) {
    const code = i < hostEnd ? text.charCodeAt(i) : 0x2e;
    if (code === 0x2e) {
      if (i === labelStart || !isAlnum(text.charCodeAt(labelStart)) || !isAlnum(text.charCodeAt(i - 1))) return -1;
      labels++;
      labelStart = i + 1;
    } else if (!isDigit(code)) {
      digitsOnly = false;
    }
  }
  if (labels < 2) return -1;
  if (digitsOnly && labels !== 4) return -1;
  // The top-level label starts with a letter (RFC 1738 §3.1) unless it is a dotted quad.
  if (!digitsOnly && !isAlpha(text.charCodeAt(text.lastIndexOf('.', hostEnd - 1) + 1))) return -1;
  read.hostEnd = hostEnd;
  read.ipv4 = digitsOnly;
  return start;
}
