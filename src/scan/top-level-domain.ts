/**
 * Top-level domains (RFC 1591 §2, the IANA root zone): a schemeless host (`www.foo`) or a
 * bare domain in fuzzy mode is a host only when its last label is a delegated top-level
 * domain. The list is the `tlds` package's copy of IANA's; updating it is a dependency bump.
 */
import tlds from 'tlds/index.json' with { type: 'json' };
import { domainToAscii } from '../schemes/idn.js';
import { isAlnum, isAlpha } from './characters.js';

/**
 * Every delegated top-level domain, lower case, in its Unicode form and, for the
 * internationalised ones, also its `xn--` form (RFC 3490 §5), which text may carry.
 * Built at the first lookup: most runs never read a schemeless host.
 */
let known: Set<string> | undefined;

/** RFC 1123 §2.1: a top-level domain is alphabetic, two characters at least (the list has no shorter one). */
export const MIN_TLD_LENGTH = 2;

/** The longest top-level domain in the list; a longer last label is refused without a copy. */
let maxTldLength = 0;

/**
 * Special-use names that are not in the root zone but stand for hosts in text: RFC 2606
 * §2 / RFC 6761 §6.5 "example" (documentation: every RFC's examples), RFC 6761 §6.2
 * "test", and RFC 7686 ".onion" (Tor services).
 */
const SPECIAL_USE = ['example', 'test', 'onion'];

function knownTlds(): Set<string> {
  if (known) return known;
  known = new Set(SPECIAL_USE);
  for (const tld of tlds) {
    const lower = tld.toLowerCase();
    known.add(lower);
    if (/[^\x00-\x7f]/.test(lower)) {
      const ascii = domainToAscii(lower);
      if (ascii !== '') known.add(ascii);
    }
  }
  for (const tld of known) if (tld.length > maxTldLength) maxTldLength = tld.length;
  asciiTable = new Int32Array(ASCII_TABLE_SIZE);
  for (const tld of known) {
    if (/[^\x00-\x7f]/.test(tld)) continue;
    const index = asciiNames.push(tld);
    let slot = foldedHash(tld, 0, tld.length) & (ASCII_TABLE_SIZE - 1);
    while (asciiTable[slot] !== 0) slot = (slot + 1) & (ASCII_TABLE_SIZE - 1);
    asciiTable[slot] = index;
  }
  return known;
}

/**
 * The ASCII names of the list (about 1,300), by the hash of their characters, so that an
 * ASCII label is looked up by character codes where it stands: no slice, no lower-cased
 * copy, no string hashed per host. A slice of two-byte text (a host after a "’" or CJK
 * prose) is a two-byte string, whose lower-casing and hashing cost about 0.3 µs: 1 MB of
 * "’ www.help.zzq" ran at 0.07x normal text. Open addressing: a slot holds an index
 * into `asciiNames` plus one, 0 when empty; a power of two at least twice the names.
 */
const ASCII_TABLE_SIZE = 4096;
let asciiTable: Int32Array | undefined;
const asciiNames: string[] = [];

/** A hash of `text[start, end)` with ASCII letters folded to lower case. */
function foldedHash(text: string, start: number, end: number): number {
  let hash = end - start;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    hash = (Math.imul(hash, 31) + (code >= 0x41 && code <= 0x5a ? code | 0x20 : code)) | 0;
  }
  return (hash ^ (hash >>> 15)) >>> 0;
}

/** True when the ASCII label `text[start, end)` is a name of the list, in any case. */
function isKnownAsciiLabel(table: Int32Array, text: string, start: number, end: number): boolean {
  const length = end - start;
  for (let slot = foldedHash(text, start, end) & (ASCII_TABLE_SIZE - 1); ; slot = (slot + 1) & (ASCII_TABLE_SIZE - 1)) {
    const index = table[slot] as number;
    if (index === 0) return false;
    const name = asciiNames[index - 1] as string;
    if (name.length !== length) continue;
    let k = 0;
    while (k < length) {
      const code = text.charCodeAt(start + k);
      if ((code >= 0x41 && code <= 0x5a ? code | 0x20 : code) !== name.charCodeAt(k)) break;
      k++;
    }
    if (k === length) return true;
  }
}

/**
 * True when the host `text[start, end)` ends in a known top-level domain (one trailing
 * dot, the DNS root, is allowed). A host without a dot has no top-level domain.
 */
export function hasKnownTld(text: string, start: number, end: number): boolean {
  // The list is read in once; after that, no call before the cheap tests below (the
  // scan asks at every host of a refused run, and most are refused by them).
  const set = known ?? knownTlds();
  if (end > start && text.charCodeAt(end - 1) === 0x2e) end--;
  // The last label is looked for no further back than the longest top-level domain: a
  // host refused in a long run must not cost a walk over all of it.
  const min = Math.max(start, end - maxTldLength - 1);
  let dot = end - 1;
  while (dot >= min && text.charCodeAt(dot) !== 0x2e) dot--;
  const length = end - dot - 1;
  if (dot < min || length < MIN_TLD_LENGTH || length > maxTldLength) return false;
  // Every top-level domain starts with a letter and ends in a letter or digit (the
  // "xn--" forms), ASCII or not: a label such as "a(" is refused without a copy.
  const first = text.charCodeAt(dot + 1);
  const last = text.charCodeAt(end - 1);
  if ((first < 0x80 && !isAlpha(first)) || (last < 0x80 && !isAlnum(last))) return false;
  // An ASCII label, the usual case, is looked up where it stands (see asciiTable); a label
  // with other characters, by its lower-cased copy (Unicode case mapping).
  let ascii = true;
  for (let i = dot + 1; i < end; i++) {
    if (text.charCodeAt(i) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii && !sliceLookup) return isKnownAsciiLabel(asciiTable as Int32Array, text, dot + 1, end);
  return set.has(text.slice(dot + 1, end).toLowerCase());
}

/**
 * True when the label `text[from, end)`, which the caller has read as ASCII letters,
 * digits and "-" and found to end in a letter or digit, is a top-level domain of the list
 * in any case: {@link hasKnownTld} for a host whose last label the caller found already,
 * with no walk back to it, no test of its characters, no trailing dot. What hasKnownTld
 * tests first needs no test here: no name of the list has one character, starts with a
 * digit or "-", or is longer than the longest.
 */
export function isKnownAsciiTld(text: string, from: number, end: number): boolean {
  const set = known ?? knownTlds();
  if (end - from > maxTldLength) return false;
  if (sliceLookup) return set.has(text.slice(from, end).toLowerCase());
  return isKnownAsciiLabel(asciiTable as Int32Array, text, from, end);
}

/** Every label looked up by its lower-cased copy, as before the ASCII table: for tests that compare the two. */
let sliceLookup = false;

/**
 * Turns the ASCII table off (`true`) or on, so a test can compare {@link hasKnownTld}'s
 * two look-ups on the same labels.
 * @internal
 */
export function lookUpTldsBySlice(on: boolean): void {
  sliceLookup = on;
}
