/**
 * Characters in URLs: the classes of RFC 1738 §2.2 and §5 (strict mode) and of
 * RFC 3986 §2 / RFC 3987 §2.2 (lenient mode), and the one check every component goes
 * through: escapes well formed, each character allowed where it stands.
 *
 * All checks are single passes over the text with table look-ups; nothing backtracks.
 */
import { addNote, type ParseState, QUIET_REJECTION, reject, type Rejection } from './parsed.js';

/** A set of ASCII characters, as a 128-entry membership table. */
export type CharClass = Readonly<Uint8Array>;

/** Builds a class from the characters of the given strings. */
export function charClass(...members: string[]): CharClass {
  const table = new Uint8Array(128);
  for (const text of members) {
    for (let i = 0; i < text.length; i++) table[text.charCodeAt(i)] = 1;
  }
  return table;
}

/** True when `code` is in `set` (ASCII only; anything else is not a member). */
export function isIn(set: CharClass, code: number): boolean {
  return code < 128 && set[code] === 1;
}

const LOWALPHA = 'abcdefghijklmnopqrstuvwxyz';
const HIALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGIT = '0123456789';

/** RFC 1738 §5 `alpha`. */
export const ALPHA = charClass(LOWALPHA, HIALPHA);
/** RFC 1738 §5 `alphadigit`. */
export const ALPHADIGIT = charClass(LOWALPHA, HIALPHA, DIGIT);
/** RFC 1738 §5 `digit`. */
export const DIGITS = charClass(DIGIT);
/** RFC 1738 §5 `hex`; `abcdef` too (§2.2: "The characters "abcdef" may also be used"). */
export const HEX = charClass(DIGIT, 'ABCDEFabcdef');

// RFC 1738 §5: safe = "$" | "-" | "_" | "." | "+"; extra = "!" | "*" | "'" | "(" | ")" | ",".
const SAFE = '$-_.+';
const EXTRA = "!*'(),";
/** RFC 1738 §5 `reserved`. */
export const RESERVED_1738 = ';/?:@&=';

/** The characters of RFC 1738 §5 `uchar` other than escapes, for building classes. */
export const UCHAR_CHARS = LOWALPHA + HIALPHA + DIGIT + SAFE + EXTRA;
/** RFC 1738 §5 `uchar` without `escape` (escapes are checked separately). */
export const UCHAR = charClass(UCHAR_CHARS);
/** RFC 1738 §5 `xchar` without `escape`. */
export const XCHAR = charClass(LOWALPHA, HIALPHA, DIGIT, SAFE, EXTRA, RESERVED_1738);

// RFC 3986 §2.2, §2.3.
const UNRESERVED_3986 = '-._~';
const SUB_DELIMS = "!$&'()*+,;=";
/** RFC 3986 §2.3 `unreserved`. */
export const UNRESERVED = charClass(LOWALPHA, HIALPHA, DIGIT, UNRESERVED_3986);
/** RFC 3986 §3.2.1 `userinfo` characters (without `pct-encoded`). */
export const USERINFO_3986 = charClass(LOWALPHA, HIALPHA, DIGIT, UNRESERVED_3986, SUB_DELIMS, ':');
/** The characters of RFC 3986 §3.3 `pchar` other than escapes, for building classes. */
export const PCHAR_CHARS = LOWALPHA + HIALPHA + DIGIT + UNRESERVED_3986 + SUB_DELIMS + ':@';
/** RFC 3986 §3.3 `pchar` (without `pct-encoded`). */
export const PCHAR = charClass(PCHAR_CHARS);
/** RFC 3986 §3.3 `path-abempty` characters: `pchar` and `/`. */
export const PATH_3986 = charClass(LOWALPHA, HIALPHA, DIGIT, UNRESERVED_3986, SUB_DELIMS, ':@/');
/** RFC 3986 §3.4 `query` and §3.5 `fragment`: `pchar`, `/` and `?`. */
export const QUERY_3986 = charClass(LOWALPHA, HIALPHA, DIGIT, UNRESERVED_3986, SUB_DELIMS, ':@/?');

/**
 * RFC 1738 §2.2: characters that are "unsafe because gateways and other transport agents
 * are known to sometimes modify" them, plus `#` (reachable only inside a fragment, since
 * the first `#` ends the URL proper). Lenient mode accepts them with the note `unsafe-char`.
 */
export const UNSAFE = charClass('{}|\\^~[]`#');

/**
 * How one component may be written: its characters in strict mode (RFC 1738 §5) and in
 * lenient mode (RFC 3986), and whether its decoded form is sent on to a server, which
 * makes `%0D`, `%0A` and `%00` worth the note `encoded-control` (RFC 1738 §6).
 */
export interface PartRule {
  /** What the part is called in rejection details, e.g. `"path"`. */
  name: string;
  strict: CharClass;
  lenient: CharClass;
  /** The part's decoded octets go on the wire (ftp commands, gopher selectors, NNTP...). */
  sent: boolean;
  /** Rejection reason for a character not allowed here (default `bad-char`). */
  reason?: string;
}

/** RFC 3986 §2.1: `%` followed by two hex digits. */
export function isEscapeAt(text: string, index: number): boolean {
  return text.charCodeAt(index) === 0x25 && isIn(HEX, text.charCodeAt(index + 1)) && isIn(HEX, text.charCodeAt(index + 2));
}

/** The octet an escape at `index` stands for (the caller has checked it is one). */
export function escapeValue(text: string, index: number): number {
  return Number.parseInt(text.slice(index + 1, index + 3), 16);
}

/**
 * RFC 3987 §2.2 `ucschar` and `iprivate`, minus what must never appear in an IRI:
 * C1 controls, lone surrogates, non-characters, the specials block, and the bidi
 * formatting characters RFC 3987 §4.1 forbids ("MUST NOT be used in IRIs").
 * Returns how many UTF-16 code units the character at `index` takes, or 0 when refused.
 */
export function acceptNonAscii(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0xa0) return 0; // C1 controls (U+0080–U+009F).
  if (code >= 0xd800 && code <= 0xdbff) {
    const low = text.charCodeAt(index + 1);
    if (!(low >= 0xdc00 && low <= 0xdfff)) return 0;
    const point = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
    // Each plane's last two code points are non-characters.
    return (point & 0xfffe) === 0xfffe ? 0 : 2;
  }
  if (code >= 0xdc00 && code <= 0xdfff) return 0;
  if (code >= 0xfdd0 && code <= 0xfdef) return 0;
  if (code >= 0xfff0) return 0;
  if (code === 0x061c || code === 0x200e || code === 0x200f) return 0;
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return 0;
  return 1;
}

/** Shows a character in a rejection detail. */
function showChar(text: string, index: number): string {
  const code = text.codePointAt(index) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code > 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0xa0) ? `"${String.fromCodePoint(code)}" (${hex})` : hex;
}

/** {@link scanPart}'s note bits: an escaped CR, LF or NUL in a part that is sent on. */
export const PART_ENCODED_CONTROL = 1;
/** {@link scanPart}'s note bits: an RFC 1738 §2.2 unsafe or a non-ASCII IRI character, lenient mode. */
export const PART_UNSAFE_CHAR = 2;

/**
 * The one pass of {@link checkPart} over `text[start, end)` as the component `rule`, in
 * place and without building a string: the offset of the first character that refuses
 * the part (a `%` that starts no escape inside it, or a character not allowed there),
 * or, when none does, `-1 - bits` with the note bits (`PART_ENCODED_CONTROL`,
 * `PART_UNSAFE_CHAR`) the part earns. A negative result is an accepted part.
 */
export function scanPart(text: string, start: number, end: number, rule: PartRule, strict: boolean): number {
  // ASCII other than "%" and the unsafe characters is allowed with no note or refused, in
  // either mode. A small function of its own so that V8 inlines it into its callers (the
  // quick refusals); escapes, notes and non-ASCII are scanPartFrom's.
  const allowed = strict ? rule.strict : rule.lenient;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || code === 0x25 || UNSAFE[code] === 1) return scanPartFrom(text, i, end, rule, strict);
    if (allowed[code] !== 1) return i;
  }
  return -1;
}

/**
 * {@link scanPart}'s whole walk from `start` on, for any character there. scanPart hands
 * it the rest at the first character that is not plain.
 * @internal Exported for the differential test of scanPart.
 */
export function scanPartFrom(text: string, start: number, end: number, rule: PartRule, strict: boolean): number {
  const allowed = strict ? rule.strict : rule.lenient;
  let bits = 0;
  for (let i = start; i < end; ) {
    const code = text.charCodeAt(i);
    if (code === 0x25) {
      if (i + 3 > end || !isIn(HEX, text.charCodeAt(i + 1)) || !isIn(HEX, text.charCodeAt(i + 2))) return i;
      if (rule.sent && isEncodedControlAt(text, i)) bits |= PART_ENCODED_CONTROL;
      i += 3;
      continue;
    }
    if (code < 128) {
      if (allowed[code] === 1) {
        if (UNSAFE[code] === 1) bits |= PART_UNSAFE_CHAR;
      } else if (!strict && UNSAFE[code] === 1) {
        bits |= PART_UNSAFE_CHAR;
      } else {
        return i;
      }
      i += 1;
      continue;
    }
    // A high surrogate at the part's end reads the character after it, which in a URL cut
    // from its text is none: read in place, a part may be less sure than its parser's.
    const width = strict ? 0 : acceptNonAscii(text, i);
    if (width === 0) return i;
    bits |= PART_UNSAFE_CHAR;
    i += width;
  }
  return -1 - bits;
}

/** `%0D`, `%0A` or `%00` at `index` (the caller has checked it is an escape). */
function isEncodedControlAt(text: string, index: number): boolean {
  if (text.charCodeAt(index + 1) !== 0x30) return false;
  const low = text.charCodeAt(index + 2) | 0x20;
  return low === 0x30 || low === 0x61 || low === 0x64;
}

/**
 * Checks `state.url[start, end)` as the component `rule`: every `%` starts an escape
 * (RFC 1738 §2.2, RFC 3986 §2.1: `bad-escape` otherwise, in both modes); every other
 * character is allowed by the rule for the current mode. In lenient mode the RFC 1738
 * §2.2 unsafe characters and non-ASCII IRI characters (RFC 3987) are accepted with the
 * note `unsafe-char`. Adds `encoded-control` for `%0D`, `%0A`, `%00` in a part that is
 * sent on (RFC 1738 §6). Returns a rejection or `undefined` when the part is fine.
 */
export function checkPart(state: ParseState, start: number, end: number, rule: PartRule): Rejection | undefined {
  const found = scanPart(state.url, start, end, rule, state.strict);
  if (found >= 0) return state.quiet ? QUIET_REJECTION : partRejection(state, rule, found);
  if (found !== -1) addPartNotes(state, -1 - found);
  return undefined;
}

/** Adds the notes of {@link scanPart}'s `bits`. */
export function addPartNotes(state: ParseState, bits: number): void {
  if ((bits & PART_ENCODED_CONTROL) !== 0) addNote(state, 'encoded-control');
  if ((bits & PART_UNSAFE_CHAR) !== 0) addNote(state, 'unsafe-char');
}

/** The rejection of the part `rule` of `state.url` where {@link scanPart} found `index` refuses it. */
export function partRejection(state: ParseState, rule: PartRule, index: number): Rejection {
  if (state.url.charCodeAt(index) === 0x25) {
    return reject(state, 'bad-escape', `"%" at offset ${index} in the ${rule.name} is not followed by two hex digits (RFC 1738 §2.2)`, index);
  }
  const why = state.strict
    ? 'RFC 1738 §5 does not allow it there unencoded'
    : 'it must be percent-encoded there (RFC 3986 §2, RFC 3987 §2.2)';
  return reject(state, rule.reason ?? 'bad-char', `${showChar(state.url, index)} at offset ${index} in the ${rule.name}: ${why}`, index);
}

const UTF8_ENCODER = new TextEncoder();
const UTF8_DECODER = new TextDecoder('utf-8', { fatal: true });

/**
 * Percent-decodes `text` as UTF-8 (RFC 3986 §2.5, RFC 3987 §3.2); `undefined` when an
 * escape is malformed or the octets are not UTF-8.
 */
export function decodePercent(text: string): string | undefined {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (code === 0x25) {
      if (!isEscapeAt(text, i)) return undefined;
      bytes.push(escapeValue(text, i));
      i += 3;
    } else if (code < 0x80) {
      bytes.push(code);
      i += 1;
    } else {
      const point = text.codePointAt(i) ?? code;
      for (const byte of UTF8_ENCODER.encode(String.fromCodePoint(point))) bytes.push(byte);
      i += point > 0xffff ? 2 : 1;
    }
  }
  try {
    return UTF8_DECODER.decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}
