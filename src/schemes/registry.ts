/**
 * The scheme registry: which schemes urlsift knows and which parser checks each.
 *
 * Plain data in the manner of linkify-it: a name maps to a parser, to the name of
 * another entry (an alias, e.g. `https` → `http`), or to `false` (disabled). The
 * scanner asks the registry whether a name is a scheme and never carries per-scheme
 * rules itself.
 */
import { isSchemeName, MAX_SCHEME_LENGTH, readSchemeName } from './components.js';
import { parseFile } from './file.js';
import { parseFtp } from './ftp.js';
import { parseGeneric } from './generic.js';
import { parseGopher } from './gopher.js';
import { parseHttp } from './http.js';
import { parseMailto } from './mailto.js';
import { parseNews, parseNntp } from './news.js';
import type { Parsed, Rejection, SchemeParser } from './parsed.js';
import { parseProspero } from './prospero.js';
import { type QuickRefusal, quickRefusalOf } from './quick.js';
import { parseTelnet } from './telnet.js';
import { parseWais } from './wais.js';

/** The longest scheme name urlsift reads (see `components.ts`, where it is defined). */
export { MAX_SCHEME_LENGTH };

/** A registry entry: a parser, an alias naming another entry, or `false` to disable. */
export type SchemeEntry = SchemeParser | string | false;

/** Scheme names (lower case) to entries. */
export type SchemeRegistry = Readonly<Record<string, SchemeEntry>>;

/** An alias may name another alias; more hops than this is a cycle or a mistake. */
const MAX_ALIAS_HOPS = 8;

/** The schemes urlsift knows out of the box. */
export const defaultRegistry: SchemeRegistry = Object.freeze({
  // RFC 1738 §3, each with its own parser; aliases take the parser of the scheme they
  // name and their own default port (https 443, snews 563, ws 80, wss 443).
  ftp: parseFtp,
  http: parseHttp,
  https: 'http',
  gopher: parseGopher,
  mailto: parseMailto,
  news: parseNews,
  nntp: parseNntp,
  telnet: parseTelnet,
  wais: parseWais,
  file: parseFile,
  prospero: parseProspero,
  // RFC 5538 §8.1: "snews" has the syntax of "news". RFC 6455 §3: ws and wss URIs have
  // the syntax of http URIs.
  snews: 'news',
  ws: 'http',
  wss: 'http',
  // Later schemes seen in mail and news, checked by the generic RFC 3986 parser.
  ssh: parseGeneric,
  sftp: parseGeneric,
  git: parseGeneric,
  svn: parseGeneric,
  // Composite schemes of version control over SSH (IANA provisional "git+ssh"; "svn+ssh"
  // and "bzr+ssh" as their clients accept them), written in mail as they are typed.
  'git+ssh': parseGeneric,
  'svn+ssh': parseGeneric,
  'bzr+ssh': parseGeneric,
  bzr: parseGeneric,
  irc: parseGeneric,
  ircs: parseGeneric,
  xmpp: parseGeneric,
  sip: parseGeneric,
  sips: parseGeneric,
  tel: parseGeneric,
  urn: parseGeneric,
  mid: parseGeneric,
  cid: parseGeneric,
  ldap: parseGeneric,
  rtsp: parseGeneric,
  // Schemes the RFCs in our corpus wrap in angle brackets (IANA-registered).
  imap: parseGeneric,
  pop: parseGeneric,
  im: parseGeneric,
  pres: parseGeneric,
  dav: parseGeneric,
  opaquelocktoken: parseGeneric,
  nfs: parseGeneric,
  'z39.50r': parseGeneric,
  'z39.50s': parseGeneric,
});

/**
 * Returns a registry with `changes` applied over `base`: add a scheme with a parser,
 * alias one with a name, or disable one with `false`.
 */
export function createRegistry(
  changes: Readonly<Record<string, SchemeEntry>>,
  base: SchemeRegistry = defaultRegistry,
): SchemeRegistry {
  const registry: Record<string, SchemeEntry> = Object.create(null) as Record<string, SchemeEntry>;
  for (const [name, entry] of Object.entries(base)) registry[name] = entry;
  for (const [name, entry] of Object.entries(changes)) {
    if (!isSchemeName(name) || name !== name.toLowerCase()) {
      throw new TypeError(`createRegistry: "${name}" is not a lower-case scheme name of at most ${MAX_SCHEME_LENGTH} characters`);
    }
    if (typeof entry !== 'function' && typeof entry !== 'string' && entry !== false) {
      throw new TypeError(`createRegistry: the entry for "${name}" must be a parser function, the name of another scheme, or false; got ${entry === null ? 'null' : typeof entry}`);
    }
    registry[name] = entry;
  }
  return Object.freeze(registry);
}

/**
 * The parser for a scheme name (any case), following aliases; `undefined` when the
 * scheme is unknown or disabled.
 */
export function lookupScheme(registry: SchemeRegistry, name: string): SchemeParser | undefined {
  // Names are nearly always written in lower case already; skip the copy then.
  let key = Object.hasOwn(registry, name) ? name : name.toLowerCase();
  for (let hop = 0; hop < MAX_ALIAS_HOPS; hop++) {
    // Own properties only: a scheme called "constructor" must not find Object's.
    if (!Object.hasOwn(registry, key)) return undefined;
    const entry = registry[key];
    if (typeof entry === 'function') return entry;
    if (entry === false) return undefined;
    if (typeof entry !== 'string') {
      // Misuse, not content: a registry is code the caller wrote.
      throw new TypeError(`scheme registry: the entry for "${key}" must be a parser function, the name of another scheme, or false; got ${entry === null ? 'null' : typeof entry}`);
    }
    key = entry;
  }
  return undefined;
}

/** Options for {@link parseUrl}. */
export interface ParseUrlOptions {
  /** Follow the RFC 1738 §5 BNF exactly (default `false`: documented leniencies for real text). */
  strict?: boolean;
  /** The registry to use (default {@link defaultRegistry}). */
  registry?: SchemeRegistry;
}

/**
 * Parses one URL with its scheme's parser. A URL that is not valid for its scheme, or
 * whose scheme is unknown, gives a `Rejection`; only misuse throws (a `TypeError` for a
 * URL that is not a string, options that are not an object, a registry entry that is
 * not a parser, a scheme name or `false`, or a parser that returns no object).
 */
export function parseUrl(text: string, options: ParseUrlOptions = {}): Parsed | Rejection {
  if (typeof text !== 'string') throw new TypeError(`parseUrl: expected the URL as a string, got ${text === null ? 'null' : typeof text}`);
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`parseUrl: expected the options as an object or undefined, got ${options === null ? 'null' : typeof options}`);
  }
  const name = readSchemeName(text);
  if (name === undefined) {
    return { reason: 'no-scheme', detail: `"${text.slice(0, 40)}" does not start with a scheme name and ":"`, offset: 0 };
  }
  const parser = lookupScheme(options.registry ?? defaultRegistry, name);
  if (!parser) return { reason: 'unknown-scheme', scheme: name.toLowerCase(), detail: `"${name}" is not a scheme urlsift knows`, offset: 0 };
  const result = parser(text, { strict: options.strict ?? false });
  // Misuse, not content: a parser is code the caller wrote, and a result that is not an
  // object would fail later with a TypeError that names neither it nor its scheme.
  if (result === null || typeof result !== 'object') {
    throw new TypeError(`scheme registry: the parser for "${name.toLowerCase()}" must return an object (the parts of the URL or a rejection); got ${result === null ? 'null' : typeof result}`);
  }
  return result;
}

/** A scheme the registry resolves: its lower-case name (the registry's key) and parser. */
export interface KnownScheme {
  name: string;
  parser: SchemeParser;
  /**
   * The parser is one of urlsift's own, which all refuse `scheme:` with nothing after
   * the colon (`empty`); a scanner may skip the call when it reports no rejections.
   */
  builtIn: boolean;
  /**
   * The parser's quick refusal (see quick.ts), present only when the parser is one of
   * urlsift's own and the registry is frozen (as `defaultRegistry` and `createRegistry`'s
   * are): then the parser is the one `parseUrl` would look up for the name, and a scanner
   * that reports no rejections may refuse with this check, call the parser directly and
   * quietly (`QuietParseOptions`).
   */
  quick?: QuickRefusal | undefined;
}

/** urlsift's own parsers (see {@link KnownScheme.builtIn}). */
const BUILT_IN_PARSERS: ReadonlySet<unknown> = new Set(Object.values(defaultRegistry).filter((entry) => typeof entry === 'function'));

/** Whether `parser` is one of urlsift's own (see {@link KnownScheme.builtIn}). */
export function isBuiltInParser(parser: SchemeParser): boolean {
  return BUILT_IN_PARSERS.has(parser);
}

/**
 * Reads `text[start, end)` as a scheme name of the registry, in any case, by character
 * codes: the scanner asks at nearly every `:` of the text, and a `slice` and
 * `toLowerCase` per colon cost more than the rest of the check. `undefined` when the
 * registry does not know the name (or disables it).
 */
export type SchemeNameReader = (text: string, start: number, end: number) => KnownScheme | undefined;

/** One reader per registry: built at the first `findUrls` call that uses it. */
const readersByRegistry = new WeakMap<SchemeRegistry, SchemeNameReader>();

/**
 * The registries whose reader knows every name `parseUrl` finds: frozen, every key a
 * lower-case scheme name (as `createRegistry` makes them). A name such a reader does
 * not know is one `parseUrl` refuses (`unknown-scheme`, or `no-scheme`).
 */
const closedRegistries = new WeakSet<SchemeRegistry>();

/**
 * Whether `parseUrl` surely refuses, with `registry`, a URL whose scheme name the
 * registry's {@link schemeNameReader} (built already) does not know.
 */
export function refusesUnreadNames(registry: SchemeRegistry): boolean {
  return closedRegistries.has(registry);
}

/** The {@link SchemeNameReader} for `registry`, following aliases as `lookupScheme` does. */
export function schemeNameReader(registry: SchemeRegistry): SchemeNameReader {
  let reader = readersByRegistry.get(registry);
  if (reader) return reader;
  if (registry === null || typeof registry !== 'object') {
    throw new TypeError(`scheme registry: expected an object of scheme entries (see createRegistry), got ${registry === null ? 'null' : typeof registry}`);
  }
  // Names bucketed by length and first letter: a colon after prose ("note:") finds an
  // empty bucket at once; a known name is compared with at most a few others.
  const buckets: KnownScheme[][] = [];
  // A registry that can change may name another parser by the time parseUrl looks.
  const frozen = Object.isFrozen(registry);
  // A key the reader skips (not a lower-case scheme name) may still be one parseUrl finds.
  let closed = frozen && Object.getOwnPropertyNames(registry).length === Object.keys(registry).length;
  for (const name of Object.keys(registry)) {
    if (!isSchemeName(name) || name !== name.toLowerCase()) closed = false;
    const parser = lookupScheme(registry, name);
    if (parser === undefined || !isSchemeName(name) || name !== name.toLowerCase()) continue;
    const key = (name.length << 7) | name.charCodeAt(0);
    (buckets[key] ??= []).push({ name, parser, builtIn: BUILT_IN_PARSERS.has(parser), quick: frozen ? quickRefusalOf(parser) : undefined });
  }
  reader = (text, start, end) => {
    const length = end - start;
    if (length <= 0 || length > MAX_SCHEME_LENGTH) return undefined;
    // RFC 1738 §2.1: "interpreters should treat upper case letters as equivalent to lower
    // case in scheme names". Setting bit 0x20 lower-cases an ASCII letter.
    const bucket = buckets[(length << 7) | (text.charCodeAt(start) | 0x20)];
    if (bucket === undefined) return undefined;
    for (const known of bucket) {
      let k = 0;
      while (k < length && sameFolded(text.charCodeAt(start + k), known.name.charCodeAt(k))) k++;
      if (k === length) return known;
    }
    return undefined;
  };
  readersByRegistry.set(registry, reader);
  if (closed) closedRegistries.add(registry);
  return reader;
}

/** True when the text's character `code` is the lower-case name character `lower`, in any case. */
function sameFolded(code: number, lower: number): boolean {
  return code === lower || (lower >= 0x61 && lower <= 0x7a && (code | 0x20) === lower);
}
