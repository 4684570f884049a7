/**
 * Which scheme names can end just before a colon: a per-registry table that lets the
 * scanner's colon search refuse a colon after a word of any length with one look-up,
 * and read names only when the word ends as a known one does.
 */
import { type KnownScheme, MAX_SCHEME_LENGTH, schemeNameReader, type SchemeRegistry } from '../schemes/registry.js';
import { refusalShapeOf } from '../schemes/quick.js';
import { endsBareUrl, isAlpha, isSchemeChar } from './characters.js';

/**
 * For each ASCII character (letters in lower case), the lengths of the registry's
 * scheme names that end in it, and of "url" (the Appendix's prefix), as bits: bit
 * `length - 1`, lengths 1 to MAX_SCHEME_LENGTH (32). A name that ends in a character
 * with no bit for its length is no name of the registry.
 */
export type SchemeNameEnds = Uint32Array;

/** A registry's {@link SchemeNameEnds}, and a search for the colons they allow. */
export interface SchemeNameTable {
  readonly ends: SchemeNameEnds;
  /**
   * The names of the registry (and "url") by a hash of their length, first two and last
   * characters (see {@link mayBeName}), 1 for each hash that one has: a name whose hash is
   * 0 is none of them. The registry's reader costs about 40 ns per name it is asked for
   * that starts as a known one does (the table refuses "bcd:" for "bzr"); this is one look-up.
   */
  readonly hashes: Uint8Array;
  /**
   * Colons that a name of the registry or "url" ends, in any case (global, two characters:
   * the name's last and the colon): a colon whose run of scheme characters has no such
   * name as a suffix is none that a scan may read a scheme before, where
   * {@link mayBeName} only says it may not be. The last character is matched first, the
   * rest of the names looked at behind the colon as a trie read from the colon back (see
   * namesBehind): at most one character compared per alternative, a name's length in all,
   * no quantifier. Every colon after a scheme character for a registry that is not frozen.
   */
  readonly namedColon: RegExp;
  /**
   * {@link namedColon} when what follows it does not end every bare run at once: an ASCII
   * character that ends a bare URL (whitespace, controls, `<`, `>`, `"`) right after the
   * colon fails it; the text's end and any other character pass.
   */
  readonly namedColonBeforeBody: RegExp;
  /**
   * Every scheme the registry knows is parsed by one of urlsift's own parsers, which all
   * refuse `scheme:` with nothing after the colon (see KnownScheme.builtIn). False for a
   * registry that is not frozen.
   */
  readonly builtInOnly: boolean;
  /**
   * The registry's short names (see {@link shortNameKey}) by key, every name of the
   * registry whatever `without` leaves out, as its reader reads them: an open-addressed
   * table of SHORT_NAME_SLOTS slots, the key in `keys` (0: empty), the scheme in `schemes`.
   * Empty for a registry that is not frozen.
   */
  readonly keys: Float64Array;
  readonly schemes: readonly (KnownScheme | undefined)[];
  /** 1 in the slot of each name that `without` leaves out (findUrls: a label not asked for bare), else 0. */
  readonly omitted: Uint8Array;
  /**
   * The shape of what each slot's quick refusal refuses at once (see refusalShapeOf):
   * the reader of refused runs decides most words with it, with no call (refused-words.ts).
   */
  readonly shapes: Uint8Array;
  /**
   * Every short name of the registry is in `keys`: a short name that {@link shortNameScheme}
   * does not find is no scheme. False for a registry with more short names than the table
   * holds, or one that is not frozen.
   */
  readonly shortNamesComplete: boolean;
}

/**
 * The longest name {@link shortNameKey} encodes: six bits a character, so a key of eight
 * is exact in a double (48 bits). Every name of the default registry but
 * "opaquelocktoken" is this short; a longer one is read by the registry's reader.
 */
export const MAX_SHORT_NAME = 8;

/**
 * Each ASCII character of a name without "." as six bits (letters in any case 1 to 26,
 * digits 27 to 36, "+" 37, "-" 38), 0 for any other: a name's key is
 * `key * 64 + code` over its characters, and no two names of up to MAX_SHORT_NAME
 * characters share one.
 */
export const SHORT_NAME_CODE: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) =>
  isAlpha(code) ? (code | 0x20) - 0x60 : code >= 0x30 && code <= 0x39 ? code - 0x30 + 27 : code === 0x2b ? 37 : code === 0x2d ? 38 : 0,
);

/** Slots of {@link SchemeNameTable.keys}: a power of two, at least twice the short names of any registry read. */
const SHORT_NAME_SLOTS = 256;

/**
 * The key of `name` (see SHORT_NAME_CODE), or 0 when it is longer than MAX_SHORT_NAME or
 * holds a character with no code; and its hash, `hash * 31 + code` over its characters
 * in 32 bits, where its probe starts. A caller reading a name computes both as it goes.
 */
function shortNameKey(name: string): [key: number, hash: number] {
  if (name.length > MAX_SHORT_NAME) return [0, 0];
  let key = 0;
  let hash = 0;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    const bits = code < 0x80 ? (SHORT_NAME_CODE[code] as number) : 0;
    if (bits === 0) return [0, 0];
    key = key * 64 + bits;
    hash = (Math.imul(hash, 31) + bits) | 0;
  }
  return [key, hash];
}

/**
 * The scheme whose short name has the key `key` and the hash `hash` (see shortNameKey),
 * or undefined: the registry's reader's answer for that name, without reading it again.
 */
export function shortNameScheme(table: SchemeNameTable, key: number, hash: number): KnownScheme | undefined {
  const slot = shortNameSlot(table, key, hash);
  return slot === -1 ? undefined : table.schemes[slot];
}

/** The slot of the short name with the key `key` and the hash `hash` in `table` (see shortNameScheme), or -1. */
export function shortNameSlot(table: SchemeNameTable, key: number, hash: number): number {
  const keys = table.keys;
  for (let slot = hash & (SHORT_NAME_SLOTS - 1); ; slot = (slot + 1) & (SHORT_NAME_SLOTS - 1)) {
    const found = keys[slot] as number;
    if (found === key) return slot;
    if (found === 0) return -1;
  }
}

/** The tables of each registry, built at its first scan: by the names left out (see schemeNameEnds). */
const tablesByRegistry = new WeakMap<SchemeRegistry, Map<ReadonlySet<string> | undefined, SchemeNameTable>>();

/**
 * The {@link SchemeNameEnds} of `registry`. Built from its keys, as the registry's
 * schemeNameReader is (a superset of the names it knows: keys it passes over only add
 * bits), except the keys in `without`: a caller that refuses a colon after those names
 * as it refuses one after no name at all (findUrls' bare label schemes) passes them.
 * Only a frozen registry (createRegistry's, the default) is read: the keys of
 * another object may change after its reader was built, so every length of every
 * character is set for it, and the table refuses nothing.
 */
export function schemeNameEnds(registry: SchemeRegistry, without?: ReadonlySet<string>): SchemeNameTable {
  let tables = tablesByRegistry.get(registry);
  let table = tables?.get(without);
  if (table !== undefined) return table;
  const ends = new Uint32Array(0x80);
  const hashes = new Uint8Array(HASHES);
  const keys = new Float64Array(SHORT_NAME_SLOTS);
  const schemes: (KnownScheme | undefined)[] = new Array<KnownScheme | undefined>(SHORT_NAME_SLOTS).fill(undefined);
  const omitted = new Uint8Array(SHORT_NAME_SLOTS);
  const shapes = new Uint8Array(SHORT_NAME_SLOTS);
  let builtInOnly = false;
  let shortNamesComplete = false;
  // The names of `ends`, as the colon patterns look for them (see namedColon).
  const names: string[] = [];
  if (!Object.isFrozen(registry)) {
    ends.fill(0xffffffff);
    hashes.fill(1);
  } else {
    const reader = schemeNameReader(registry);
    builtInOnly = true;
    let shortNames = 0;
    shortNamesComplete = true;
    for (const name of [...Object.keys(registry), 'url']) {
      const known = reader(name, 0, name.length);
      if (known !== undefined && !known.builtIn) builtInOnly = false;
      const [key, hash] = known === undefined ? [0, 0] : shortNameKey(name);
      // A table at most half full: the names past that are not in it, and their
      // candidates go the general way (see shortNameScheme's callers).
      if (key !== 0 && ++shortNames > SHORT_NAME_SLOTS / 2) shortNamesComplete = false;
      if (key !== 0 && shortNames <= SHORT_NAME_SLOTS / 2) {
        let slot = hash & (SHORT_NAME_SLOTS - 1);
        while (keys[slot] !== 0 && keys[slot] !== key) slot = (slot + 1) & (SHORT_NAME_SLOTS - 1);
        keys[slot] = key;
        schemes[slot] = known;
        shapes[slot] = refusalShapeOf(known?.quick);
        if (without?.has(name) === true) omitted[slot] = 1;
      }
      if (without?.has(name) === true) continue;
      const length = name.length;
      const last = foldedCode(name.charCodeAt(length - 1));
      if (length < 1 || length > MAX_SCHEME_LENGTH || last >= 0x80) continue;
      ends[last] = ((ends[last] as number) | (1 << (length - 1))) >>> 0;
      hashes[nameHashIn(name, 0, length)] = 1;
      names.push(name);
    }
  }
  // A name's last character then the colon, natively (most colons of hostile text are
  // refused there, at the cost of a two-character pattern), then the rest of the names
  // back from the colon. Any colon after a scheme character may be named in a registry
  // that is not frozen.
  const root = namesBehind(Object.isFrozen(registry) ? names : []);
  const last = Object.isFrozen(registry) ? [...root.before.keys()].map(oneCharacter).join('') : 'A-Za-z0-9+.\\-';
  const behind = Object.isFrozen(registry) ? `(?<=(?:${trieBehind(root)}):)` : '';
  let bodyEnds = '';
  for (let code = 0; code < 0x80; code++) if (endsBareUrl(code)) bodyEnds += `\\x${code.toString(16).padStart(2, '0')}`;
  // No name at all: a pattern that never matches.
  const named = last === '' ? '[^\\s\\S]:' : `[${last}]:`;
  table = {
    ends,
    hashes,
    namedColon: new RegExp(named + behind, 'g'),
    namedColonBeforeBody: new RegExp(`${named}(?![${bodyEnds}])${behind}`, 'g'),
    builtInOnly,
    shortNamesComplete,
    keys,
    schemes,
    omitted,
    shapes,
  };
  if (tables === undefined) tablesByRegistry.set(registry, (tables = new Map()));
  tables.set(without, table);
  return table;
}

/** One node of the trie of names read from their end (see namesBehind): a name ends here, or the characters before. */
interface NameNode {
  ends: boolean;
  readonly before: Map<string, NameNode>;
}

/**
 * The trie of `names` read from their end, in lower case, for a look-behind pattern (see
 * trieBehind): each character before a colon is compared with the few that can stand
 * there, and a name that ends there ends the look at once (a longer one with it as a
 * suffix adds nothing, and is left out). Names that no scan can read as a scheme (one that
 * does not start with a letter, or holds a character that is no scheme character:
 * atColon reads a run of them from a letter) are left out too.
 */
function namesBehind(names: readonly string[]): NameNode {
  const root: NameNode = { ends: false, before: new Map() };
  for (const name of names) {
    if (!isAlpha(name.charCodeAt(0)) || ![...name].every((char) => isSchemeChar(char.charCodeAt(0)))) continue;
    let node = root;
    for (let i = name.length - 1; i >= 0 && !node.ends; i--) {
      const char = name[i] as string;
      const lower = char.toLowerCase();
      let next = node.before.get(lower);
      if (next === undefined) node.before.set(lower, (next = { ends: false, before: new Map() }));
      node = next;
    }
    node.ends = true;
    node.before.clear();
  }
  return root;
}

/**
 * The names of `node`'s trie (see namesBehind) as a pattern for a look-behind, which reads
 * from its end: for each character that may come before, the names before it, then it.
 */
function trieBehind(node: NameNode): string {
  const alternatives: string[] = [];
  for (const [char, next] of node.before) {
    const rest = next.ends ? '' : trieBehind(next);
    alternatives.push((rest.includes('|') ? `(?:${rest})` : rest) + `[${oneCharacter(char)}]`);
  }
  return alternatives.join('|');
}

/** A name's character (a scheme character, letters in lower case) in a character class: a letter in both cases. */
function oneCharacter(char: string): string {
  return isAlpha(char.charCodeAt(0)) ? char + char.toUpperCase() : char === '-' ? '\\-' : char;
}

/** An ASCII letter in lower case; any other code as it is. */
export function foldedCode(code: number): number {
  return isAlpha(code) ? code | 0x20 : code;
}

/** How many hashes {@link SchemeNameTable.hashes} tells apart: a power of two. */
const HASHES = 4096;

/**
 * A hash of a name (at least one character) from its length, its first two and its last
 * character, any case ("bcdefgh" and "bzr+ssh" differ in the second): the characters'
 * codes folded (foldedCode), the second 0 for a name of one.
 */
function nameHash(length: number, first: number, second: number, last: number): number {
  const mixed = Math.imul(length, 0x9e3779b1) ^ Math.imul(first, 0x85ebca77) ^ Math.imul(second, 0x27d4eb2f) ^ Math.imul(last, 0xc2b2ae3d);
  return (mixed >>> 20) & (HASHES - 1);
}

/** {@link nameHash} of the name `text[start, end)`. */
function nameHashIn(text: string, start: number, end: number): number {
  return nameHash(end - start, foldedCode(text.charCodeAt(start)), end - start > 1 ? foldedCode(text.charCodeAt(start + 1)) : 0, foldedCode(text.charCodeAt(end - 1)));
}

/**
 * False when a name of `length` characters whose first two and last characters have the
 * folded codes `first`, `second` (0 for a name of one) and `last` (see foldedCode) is
 * certainly no name of the table's registry nor "url"; true when it may be one. The
 * caller reads the characters: the colon search asks at every colon after a word that ends
 * as a name does, and a read of the text is most of what each look costs.
 */
export function mayBeName(hashes: Uint8Array, length: number, first: number, second: number, last: number): boolean {
  return hashes[nameHash(length, first, second, last)] === 1;
}
