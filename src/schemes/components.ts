/**
 * The components every URL shares (RFC 1738 §2.1, RFC 3986 §3): the scheme before the
 * first `:`, the fragment after the first `#`, and the frame a scheme parser fills in
 * between them.
 */
import { charClass, checkPart, QUERY_3986, XCHAR, type PartRule } from './characters.js';
import { QUIET_REJECTION, type QuietParseOptions, reject, type Parsed, type ParseState, type Rejection, type SchemeParseOptions } from './parsed.js';

/**
 * RFC 1738 §2.1 allows scheme names of any length; real ones are short. Looking back
 * further than this from a `:` would only cost time on hostile text.
 */
export const MAX_SCHEME_LENGTH = 32;

// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). RFC 1738 §2.1 and §5
// allow a leading digit or sign too, but no registered scheme has one and text such as
// "10:30" must not look like a URL.
const SCHEME_START = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const SCHEME_CHAR = charClass('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.');

/** True when `name` is a scheme name (RFC 3986 §3.1) of at most `maxLength` characters. */
export function isSchemeName(name: string, maxLength = MAX_SCHEME_LENGTH): boolean {
  if (name.length === 0 || name.length > maxLength) return false;
  if (SCHEME_START[name.charCodeAt(0)] !== 1) return false;
  for (let i = 1; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code >= 128 || SCHEME_CHAR[code] !== 1) return false;
  }
  return true;
}

/**
 * The scheme name at the start of `text`, as written, when a `:` follows it (RFC 3986
 * §3.1); `undefined` otherwise. The one reader of scheme names: the parsers, the
 * normaliser, the HTML attribute reader and the link policy all come through here.
 * Only the first `maxLength + 1` characters are looked at for the `:`.
 */
export function readSchemeName(text: string, maxLength = MAX_SCHEME_LENGTH): string | undefined {
  const colon = (maxLength < text.length ? text.slice(0, maxLength + 1) : text).indexOf(':');
  if (colon <= 0) return undefined;
  const name = text.slice(0, colon);
  return isSchemeName(name, maxLength) ? name : undefined;
}

/**
 * RFC 1738 has no fragment in its BNF; its Appendix shows one (`#WARNING`) after the
 * URL. Strict mode allows `xchar` there, lenient mode RFC 3986 §3.5 `fragment`.
 * A fragment never leaves the client, so escapes in it are not sent on.
 */
export const FRAGMENT: PartRule = { name: 'fragment', strict: XCHAR, lenient: QUERY_3986, sent: false };

/** A URL being parsed: its state, the parts found so far, and where the scheme-specific part lies. */
export interface UrlFrame {
  state: ParseState;
  parsed: Parsed;
  /** Offset just after `scheme:`. */
  rest: number;
  /** Offset of the first `#`, or the URL's length: the scheme-specific part is `[rest, end)`. */
  end: number;
}

/**
 * Reads the scheme and the fragment of `url` and checks that something lies between.
 * The fragment is the text after the first `#` (RFC 1738 Appendix, RFC 3986 §3.5).
 */
export function beginUrl(url: string, options: SchemeParseOptions): UrlFrame | Rejection {
  const name = readSchemeName(url);
  if (name === undefined) {
    return { reason: 'no-scheme', detail: `"${url.slice(0, 40)}" does not start with a scheme name and ":"`, offset: 0 };
  }
  const colon = name.length;
  const scheme = name.toLowerCase();
  const state: ParseState = { url, scheme, strict: options.strict, quiet: (options as Partial<QuietParseOptions>).quiet === true, notes: [] };
  const hash = url.indexOf('#', colon + 1);
  const end = hash === -1 ? url.length : hash;
  if (end === colon + 1) return state.quiet ? QUIET_REJECTION : reject(state, 'empty', `nothing follows "${url.slice(0, colon + 1)}"`, colon + 1);
  const parsed: Parsed = { scheme, notes: [] };
  if (hash !== -1) {
    const bad = checkPart(state, hash + 1, url.length, FRAGMENT);
    if (bad) return bad;
    parsed.fragment = url.slice(hash + 1);
  }
  return { state, parsed, rest: colon + 1, end };
}

/** Completes a frame: the collected notes, sorted so that results compare stably. */
export function finishUrl(frame: UrlFrame): Parsed {
  frame.parsed.notes = frame.state.notes.sort();
  return frame.parsed;
}

/** The first index in `[from, to)` of `text` holding one of `chars`, or `to`. */
export function indexOfAny(text: string, chars: string, from: number, to: number): number {
  // Code-unit comparisons: called on every URL, it must not allocate a string per character.
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    for (let k = 0; k < chars.length; k++) if (chars.charCodeAt(k) === code) return i;
  }
  return to;
}

/**
 * The first index of `needle` in `[from, to)` of `text` (the whole needle inside), or `to`.
 * Bounded on purpose: an unbounded `indexOf` called once per field could rescan the rest
 * of a hostile URL each time.
 */
export function indexIn(text: string, needle: string, from: number, to: number): number {
  // One character, as nearly every caller asks: a loop small enough for V8 to inline.
  if (needle.length !== 1) return textIndexIn(text, needle, from, to);
  const code = needle.charCodeAt(0);
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) return i;
  return to;
}

/** {@link indexIn} of a needle longer than one character. */
function textIndexIn(text: string, needle: string, from: number, to: number): number {
  const first = needle.charCodeAt(0);
  const last = to - needle.length;
  for (let i = from; i <= last; i++) {
    if (text.charCodeAt(i) === first && text.startsWith(needle, i)) return i;
  }
  return to;
}

/** The last index of `char` in `[from, to)` of `text`, or `-1`. */
export function lastIndexIn(text: string, char: string, from: number, to: number): number {
  const code = char.charCodeAt(0);
  for (let i = to - 1; i >= from; i--) {
    if (text.charCodeAt(i) === code) return i;
  }
  return -1;
}

/** `//` at `rest`, both before `end` (RFC 1738 §3.1: "The scheme specific data start with a double slash"). */
export function hasAuthority(text: string, rest: number, end: number): boolean {
  return end - rest >= 2 && text.charCodeAt(rest) === 0x2f && text.charCodeAt(rest + 1) === 0x2f;
}

/**
 * Requires `//` right after `scheme:` (RFC 1738 §3.1: "The scheme specific data start
 * with a double slash"). Returns the offset after it, or a `missing-authority` rejection.
 */
export function requireAuthority(frame: UrlFrame): number | Rejection {
  const { state, rest, end } = frame;
  if (hasAuthority(state.url, rest, end)) return rest + 2;
  if (state.quiet) return QUIET_REJECTION;
  return reject(
    state,
    'missing-authority',
    `"${state.scheme}:" must be followed by "//" and a host (RFC 1738 §3.1), not "${state.url.slice(rest, Math.min(end, rest + 20))}"`,
    rest,
  );
}
