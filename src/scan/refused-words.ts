/**
 * The reader of refused runs: from the start of a word where the scan stands, the words of
 * hostile text that the scan would consume with nothing to report, read word after word in
 * one loop, each character once, each decision a table look-up (RFC 1738 Appendix: the
 * scanner's candidates, `<`-wrapped, `URL:`-prefixed or bare).
 *
 * Why: text of refused candidates with mixed prefixes ("http:( ", "<ftp:x ", "URL:nfs:// "
 * in random order, bench row "refused candidates, mixed") went from the scan's loop to the
 * colon search's word pass, to atAngle and its readers of wrappers, to atColon and the run
 * memories, and back, per word: each hand-off read the text again and paid its fixed
 * costs, about 3,000 instructions a word (0.15x normal text).
 *
 *     <http:( URL:ftp:x nfs:// <foo:[ ...
 *     ^ from: a word start, after whitespace
 *
 * What it reads, as the general path reads it (find-urls.ts keeps that path, and is the
 * oracle of the differential test, test/scan/refused-words.test.ts):
 * - Whitespace (space, tab, CR, LF) between words: it ends every bare run, and no look
 *   back from a trigger after it reads past it.
 * - A prefix: `<` (a wrapper when "URL:" or a known scheme's name and colon follow, else
 *   a character no look back reads past), "URL:" (the Appendix's prefix), or a few marks
 *   (`(`, `"`, `[`...: see WORD_MARK in find-urls.ts) that atColon's name stops at.
 * - A name of letters, digits, `+` and `-` (a letter first, a letter or digit last, at
 *   most MAX_SHORT_NAME), looked up by its key in the registry's table of short names,
 *   then `:`.
 * - A body of printable ASCII with no trigger of the scan and no mark a look back reads
 *   (no `:`, `"`, `<`, `>`, `=`, `_`; `.` only after no letter or digit, where no dot
 *   search stops; `@` only with no `.` after it), ended by whitespace, `<` or the text's end.
 * A word is refused when its name is no scheme's (every short name of the registry is in
 * the table), a label not asked for bare (refused at its colon), "URL:" before no scheme
 * (atColon refuses that colon and consumes nothing), or a known scheme whose candidate, its
 * tail given back, is "scheme:" alone or has a shape its quick refusal refuses at once (no
 * `//` for http and its kin, no `@` or `?` for mailto: see refusalShapeOf); else its quick
 * refusal is asked. A wrapper `<scheme:` or `<URL:` is unterminated when the next `<` (or
 * the text's end) comes before any `>`: its body is then read bare from its start (the
 * scan's floor), which is the word after the prefix, read so ("<URL:tel:x" is the label
 * "tel:x", refused). A `>` ends the reading: the wrapper may be terminated.
 *
 * At the first word it cannot decide, the reader hands back that word's start, or the
 * start of the wrapper whose end it has not seen yet; the scan's general path reads on
 * from there exactly as it would have.
 */
import { type KnownScheme, MAX_SCHEME_LENGTH, type SchemeNameReader } from '../schemes/registry.js';
import { SHAPE_ADDRESS, SHAPE_AUTHORITY } from '../schemes/quick.js';
import { isAlpha } from './characters.js';
import { MAX_SHORT_NAME, SHORT_NAME_CODE, shortNameSlot, type SchemeNameTable } from './scheme-ends.js';
import { givesBackAlone, keepsTail, trimTrailing } from './trailing.js';

// What each ASCII character is to the reader (WORD_CHAR): 0 stops the reading.
/** Space, tab, CR, LF: between words. */
const GAP = 1;
/** A mark before a name (see WORD_MARK in find-urls.ts, without `>`): no look back reads past it. */
const MARK = 2;
const WORD_CHAR: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
    ? GAP
    : code > 0x20 && code < 0x7f && !isSchemeCharCode(code) && code !== 0x5f && code !== 0x3d && code !== 0x3c && code !== 0x40 && code !== 0x3e
      ? MARK
      : 0,
);

// What each ASCII character is in a body (BODY_CHAR), as bits; 0 stops the reading.
/** A character the body may hold. */
const IN_BODY = 1;
/** `@`: a mailto candidate with one is its quick refusal's to decide. */
const BODY_AT = 2;
/** `?`: as `@`. */
const BODY_QUESTION = 4;
/** `.`: a body's only where no dot search stops (see refusedRunEnd). */
const BODY_DOT = 8;
/** Ends the body: whitespace (GAP) or `<`, the next word's. */
const BODY_ENDS = 16;
/** `:`: words glued together ("http:(ftp:x"). */
const BODY_COLON = 32;
/** `>`: ends the body, and the wrapper the reader has seen open, if any. */
const BODY_CLOSES = 64;
const BODY_CHAR: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x3c
    ? BODY_ENDS
    : code === 0x2e
      ? BODY_DOT
      : code === 0x3e
        ? BODY_CLOSES
      : code <= 0x20 || code >= 0x7f || code === 0x22 || code === 0x3d || code === 0x5f
        ? 0
        : IN_BODY | (code === 0x40 ? BODY_AT : 0) | (code === 0x3f ? BODY_QUESTION : 0) | (code === 0x3a ? BODY_COLON : 0),
);

/** Letters, digits, `+`, `-`, `.`: RFC 3986 §3.1's scheme characters. */
function isSchemeCharCode(code: number): boolean {
  return isAlpha(code) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2d || code === 0x2e;
}

/** The greatest SHORT_NAME_CODE of a letter or digit ("+" and "-" come after). */
const LAST_ALNUM = 36;

/** The key of "url" (see SHORT_NAME_CODE): the Appendix's prefix. */
const URL_KEY = (21 * 64 + 18) * 64 + 12;

/** How many marks the reader passes before a name: a prefix of a few (as refusedWordsFrom). */
const MAX_MARKS = 4;

/**
 * How many characters a body may hold: hostile bodies are a few characters; a real URL's
 * run goes on past it, and costs at most this many reads before the general path takes it.
 */
const MAX_BODY = 40;

/**
 * How many words one call reads: bounded as the scan's other passes over refused triggers
 * are (PASS_STEPS in find-urls.ts), so that the loop is compiled whole, not on-stack.
 */
const MAX_WORDS = 1024;

/**
 * From the trigger at `at` ("<" when `angle`, else a colon), the scan's floor at `floor`:
 * where the scan goes on past the words it would consume with nothing to report, from the
 * trigger's word on (see the module's comment), or -1 when it takes none (the trigger is
 * the general path's). The word starts at the "<", or at the marks before the colon's name,
 * after whitespace or at the text's start, at or after the floor. The caller asks only when
 * no one listens for rejections, the in-place readers and fast paths are on, every parser of
 * the registry is urlsift's own (`table.builtInOnly`), every short name is in the table
 * (`table.shortNamesComplete`), and no label is asked for bare: `labels` are the label
 * schemes, refused at their colon (the table leaves them out, see `omitted`). `readScheme`
 * reads the names too long for the table's keys, and those with a ".". One function: a
 * small one that found the word's start and called a reader was inlined into atColon and
 * atAngle, whose code then ran the RFC text 0.7% slower (callgrind) where it was not asked.
 */
export function refusedRunEnd(text: string, at: number, angle: boolean, floor: number, table: SchemeNameTable, readScheme: SchemeNameReader, labels: ReadonlySet<string>, strict: boolean, fuzzy: boolean): number {
  const from = wordStart(text, at, angle);
  if (from < floor) return -1;
  const length = text.length;
  // Module-level tables read once (see unterminatedWrapperEnd in find-urls.ts).
  const chars = WORD_CHAR;
  const bodyChars = BODY_CHAR;
  const nameCodes = SHORT_NAME_CODE;
  const { schemes, omitted, shapes } = table;
  let i = from;
  // The start of the word being read (where the reader hands back), and of the last
  // wrapper whose end is not yet seen (-1: none).
  let start = from;
  let open = -1;
  // The reading goes on right after a colon refused at once: the body's colons are the scan's.
  let inBody = false;
  for (let words = 0; words < MAX_WORDS; words++) {
    let code = 0;
    for (; i < length; i++) {
      code = text.charCodeAt(i);
      if (code >= 0x80 || chars[code] !== GAP) break;
    }
    if (i === length) return length > from ? length : -1;
    if (!inBody || code === 0x3c) start = i;
    inBody = false;
    // The prefix: "<" and what makes it a wrapper, or marks, or an emphasis "_".
    let wrapper = false;
    let emphasis = false;
    if (code === 0x3c) {
      // The "<" ends the body of the wrapper before, which is then unterminated.
      open = -1;
      code = text.charCodeAt(++i);
      if ((code | 0x20) === 0x75 && (text.charCodeAt(i + 1) | 0x20) === 0x72 && (text.charCodeAt(i + 2) | 0x20) === 0x6c && text.charCodeAt(i + 3) === 0x3a) {
        // "<URL:": a wrapper, its body read bare from its start.
        wrapper = true;
        i += 4;
        code = text.charCodeAt(i);
      } else if (!isAlpha(code)) {
        // No wrapper: a "<" that no look back reads past.
        continue;
      }
    } else {
      const marksEnd = i + MAX_MARKS < length ? i + MAX_MARKS : length;
      while (i < marksEnd && code < 0x80 && chars[code] === MARK) code = text.charCodeAt(++i);
      if (code === 0x5f) {
        // "_name:" (one "_", after whitespace or a mark): an emphasis, refused at its colon
        // unless its run's tail given back ends in "_", which no body here holds.
        emphasis = true;
        code = text.charCodeAt(++i);
      }
    }
    if (!isAlpha(code)) break;
    // The name, by its key; a longer one, or one with ".", by the registry's reader.
    const name = i;
    let key = 0;
    let hash = 0;
    let last = 0;
    let max = name + MAX_SHORT_NAME + 1 < length ? name + MAX_SHORT_NAME + 1 : length;
    for (; i < max; i++) {
      code = text.charCodeAt(i);
      const bits = code < 0x80 ? (nameCodes[code] as number) : 0;
      if (bits === 0) break;
      key = key * 64 + bits;
      hash = (Math.imul(hash, 31) + bits) | 0;
      last = bits;
    }
    let slot = -1;
    let long: KnownScheme | undefined;
    if (code !== 0x3a || i === max) {
      if (i < max && code !== 0x2e) break;
      // A name with "." (no dot trigger in it: none in fuzzy mode, none after "w" or "p"),
      // or longer than a key holds: read by the registry's reader, as atColon reads it.
      const nameEnd = name + MAX_SCHEME_LENGTH + 1 < length ? name + MAX_SCHEME_LENGTH + 1 : length;
      let dotted = false;
      for (; i < nameEnd; i++) {
        code = text.charCodeAt(i);
        if (code === 0x2e) {
          const folded = text.charCodeAt(i - 1) | 0x20;
          if (fuzzy || folded === 0x77 || folded === 0x70) break;
          dotted = true;
        } else if (code >= 0x80 || (nameCodes[code] as number) === 0) break;
      }
      if (code !== 0x3a || i === nameEnd || wrapper) break;
      long = readScheme(text, name, i);
      // A name of none with "." or another mark may name one after a cut ("x.http:"): the general path's.
      if (long === undefined && (dotted || !alnumName(text, name, i))) break;
      last = (nameCodes[text.charCodeAt(i - 1)] as number) | 0;
      if (last === 0 || last > LAST_ALNUM) break;
      key = -1;
    } else if (last > LAST_ALNUM) break;
    let colon = i;
    let urlStart = name;
    // The candidate's context is "URL:name:" (no label check there, see atColon).
    let prefixed = false;
    if (key === URL_KEY) {
      // "<URL:URL:" and "_URL:" are the general path's.
      if (wrapper || emphasis) break;
      // "URL:" then a short name and its colon.
      urlStart = ++i;
      code = text.charCodeAt(i);
      key = 0;
      hash = 0;
      last = 0;
      max = urlStart + MAX_SHORT_NAME + 1 < length ? urlStart + MAX_SHORT_NAME + 1 : length;
      if (isAlpha(code)) {
        for (; i < max; i++) {
          code = text.charCodeAt(i);
          const bits = code < 0x80 ? (nameCodes[code] as number) : 0;
          if (bits === 0) break;
          key = key * 64 + bits;
          hash = (Math.imul(hash, 31) + bits) | 0;
          last = bits;
        }
      }
      if (key === 0 || key === URL_KEY || code !== 0x3a || i === max || last > LAST_ALNUM) break;
      colon = i;
      // Before a known scheme, that scheme's candidate; before a name of none, "URL:" is
      // refused at its colon, and so is the name's (read as a word's).
      prefixed = true;
    }
    let known: KnownScheme | undefined;
    // Refused at the colon, consuming nothing.
    let atColon: boolean;
    if (key === -1) {
      known = long;
      atColon = known === undefined || emphasis || labels.has(known.name);
    } else {
      slot = shortNameSlot(table, key, hash);
      if (slot !== -1) known = schemes[slot];
      else prefixed = false;
      // A name of no scheme (of letters and digits: a cut after "+" or "-" may hold one, the
      // general path's), a label not asked for bare, an emphasis.
      if (slot === -1 && !alnumName(text, urlStart, colon)) break;
      atColon = slot === -1 || (!prefixed && (omitted[slot] === 1 || emphasis));
    }
    // "<" before a known scheme's name and colon, or "<URL:": a wrapper, unterminated only
    // if the next "<" or the text's end comes before any ">" (see below).
    const opens = wrapper || (known !== undefined && name === start + 1 && text.charCodeAt(start) === 0x3c);
    if (opens) open = start;
    const quick = known?.quick;
    if (known !== undefined && quick === undefined) break;
    // "scheme://" then a letter or digit: a host, as real URLs are written (about 6,600 a pass
    // over the RFC text once the scan has met a short run): the general path's at once.
    if (!atColon && text.charCodeAt(colon + 1) === 0x2f && text.charCodeAt(colon + 2) === 0x2f && isAlnumCode(text.charCodeAt(colon + 3))) break;
    // The body, to whitespace, "<", ">" or the text's end.
    const bodyMax = colon + 1 + MAX_BODY < length ? colon + 1 + MAX_BODY : length;
    let seen = 0;
    let before = 0x3a;
    let runEnd = colon + 1;
    for (; runEnd < bodyMax; runEnd++) {
      code = text.charCodeAt(runEnd);
      const bits = code < 0x80 ? (bodyChars[code] as number) : 0;
      if (bits === BODY_DOT) {
        // Where a dot search may stop: after "w" or "p" ("www.", "ftp."), anywhere in fuzzy
        // mode (a host's: the general path's); after an "@", an e-mail address's domain.
        const folded = before | 0x20;
        if (fuzzy || folded === 0x77 || folded === 0x70 || (seen & BODY_AT) !== 0) break;
      } else if ((bits & IN_BODY) === 0) break;
      seen |= bits;
      before = code;
    }
    const end = runEnd < length ? (code < 0x80 ? (bodyChars[code] as number) : 0) : BODY_ENDS;
    if ((runEnd === bodyMax && bodyMax < length) || (end !== BODY_ENDS && end !== BODY_CLOSES)) break;
    const rest = colon + 1;
    if (end === BODY_CLOSES) {
      if (!opens) {
        // A ">" after a wrapper seen open: it may end that wrapper (the general path's).
        if (open !== -1) break;
      } else {
        // "<scheme:body>" or "<URL:scheme:body>", terminated: read by readWrapperBody as it
        // stands (no whitespace, no quote, no "." for an authority to repair) and refused
        // whole in accept's readInPlace, a label's too ("<DAV:read/>" is passed over).
        if (known === undefined || (seen & BODY_DOT) !== 0) break;
        if (!(runEnd === rest ? known.builtIn : quick !== undefined && quick(text, colon, runEnd, strict))) break;
        open = -1;
        i = runEnd + 1;
        continue;
      }
    }
    if (atColon) {
      // Refused at the colon: the body's colons are the scan's, read on as words'.
      if ((seen & BODY_COLON) !== 0) {
        i = rest;
        inBody = true;
        continue;
      }
    } else if (known !== undefined) {
      // The candidate, its tail given back as atColon gives it (see refusedWordsFrom), and
      // the colons of its run with it: refused by its shape (see refusalShapeOf), else by
      // its quick refusal.
      const shape = slot === -1 ? 0 : (shapes[slot] as number);
      let refused: boolean;
      if (shape === SHAPE_AUTHORITY && !(text.charCodeAt(rest) === 0x2f && text.charCodeAt(rest + 1) === 0x2f && runEnd - rest >= 2)) refused = true;
      else if (shape === SHAPE_ADDRESS && (seen & (BODY_AT | BODY_QUESTION)) === 0) refused = true;
      else {
        const trimmed = runEnd === rest || keepsTail(before) ? runEnd : runEnd === rest + 1 && givesBackAlone(before) ? rest : trimTrailing(text, urlStart, runEnd, rest);
        refused = trimmed === rest ? known.builtIn : quick !== undefined && quick(text, colon, trimmed, strict);
      }
      if (!refused) break;
    }
    // Past the run; a ">" that ends it (no wrapper open) as whitespace.
    i = end === BODY_CLOSES ? runEnd + 1 : runEnd;
  }
  // The word that is none, or the wrapper before it whose end was not seen.
  const end = open !== -1 ? open : start;
  return end > from ? end : -1;
}

/**
 * The start of the word of the trigger at `at` for refusedRunEnd, or -1: the "<" itself
 * (`angle`), or the name before the colon at `at` (scheme characters, no ".") and the marks
 * before it (WORD_CHAR); either at the text's start or after whitespace, which no look
 * back reads past.
 */
function wordStart(text: string, at: number, angle: boolean): number {
  let start = at;
  if (!angle) {
    const min = at - MAX_SCHEME_LENGTH - 1 > 0 ? at - MAX_SCHEME_LENGTH - 1 : 0;
    for (let code = text.charCodeAt(start - 1); start > min && code < 0x80 && (SHORT_NAME_CODE[code] as number) !== 0; code = text.charCodeAt(start - 1)) start--;
    const markMin = start - MAX_MARKS > 0 ? start - MAX_MARKS : 0;
    for (let code = text.charCodeAt(start - 1); start > markMin && code < 0x80 && WORD_CHAR[code] === MARK; code = text.charCodeAt(start - 1)) start--;
  }
  if (start === 0) return 0;
  const before = text.charCodeAt(start - 1);
  return before < 0x80 && WORD_CHAR[before] === GAP ? start : -1;
}

/** True when `text[from, to)` holds letters and digits only. */
function alnumName(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isAlnumCode(text.charCodeAt(i))) return false;
  return true;
}

function isAlnumCode(code: number): boolean {
  return isAlpha(code) || (code >= 0x30 && code <= 0x39);
}
