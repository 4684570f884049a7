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
    if (typeof entry !== 'string') return undefined;
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
 * Parses one URL with its scheme's parser. Never throws: a URL that is not valid
 * for its scheme, or whose scheme is unknown, gives a `Rejection`.
 */
export function parseUrl(text: string, options: ParseUrlOptions = {}): Parsed | Rejection {
  const name = readSchemeName(text);
  if (name === undefined) {
    return { reason: 'no-scheme', detail: `"${text.slice(0, 40)}" does not start with a scheme name and ":"`, offset: 0 };
  }
  const parser = lookupScheme(options.registry ?? defaultRegistry, name);
  if (!parser) return { reason: 'unknown-scheme', scheme: name.toLowerCase(), detail: `"${name}" is not a scheme urlsift knows`, offset: 0 };
  return parser(text, { strict: options.strict ?? false });
}
