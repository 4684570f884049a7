/**
 * `findUrls`: the scanner for URLs in context (RFC 1738 Appendix).
 *
 * One pass over the text. Native `indexOf` jumps between the few characters that can
 * start or reveal a candidate (`<`, `:`, `.`, `@`); each candidate is read once and,
 * whether its scheme parser accepts it or not, the scan goes on after it. Look-behinds
 * (a scheme before `:`, `www` before `.`, a local part before `@`) are bounded by named
 * constants, so the whole scan is linear in the length of the text.
 */
import { isRejection, type Parsed, type Rejection } from '../schemes/parsed.js';
import { defaultRegistry, lookupScheme, MAX_SCHEME_LENGTH, parseUrl, type SchemeRegistry } from '../schemes/registry.js';
import { bareRunEnd, emailAt, MAX_URL_LENGTH, schemelessAt } from './bare.js';
import { isAlnum, isAlpha, isSchemeChar, isWhitespace } from './characters.js';
import { hyphenReadings } from './hyphen.js';
import { createLocator } from '../lines.js';
import type { Match, MatchContext, RejectedCandidate } from './match.js';
import { trimTrailing } from './trailing.js';
import { readWrapperBody } from './wrapper.js';

/** Options for {@link findUrls}. */
export interface FindUrlsOptions {
  /** Report `www.` and `ftp.` hosts without a scheme as `http://` / `ftp://` (default `true`). */
  schemeless?: boolean;
  /** Report bare e-mail addresses as `mailto:` (default `false`). */
  emails?: boolean;
  /** Validate with the strict RFC 1738 §5 grammar (default `false`). */
  strict?: boolean;
  /** Which schemes are known and how each is parsed (default: the built-in registry). */
  registry?: SchemeRegistry;
  /** Called with every candidate its scheme parser refused, in text order. */
  onReject?: (rejected: RejectedCandidate) => void;
}

/**
 * After an unterminated wrapper, the candidate found at the start of its body (past at
 * most this much whitespace) gets the note `unterminated-wrapper`.
 */
const MAX_UNTERMINATED_GAP = 64;

/** A candidate before validation. */
interface Candidate {
  start: number;
  end: number;
  /** Readings of the URL, the preferred one first (more than one only for hyphen breaks). */
  readings: readonly string[];
  context: MatchContext;
  /** Notes the scanner adds (`hyphen-break`, `quote-prefix`). */
  notes: readonly string[];
}

const NO_NOTES: readonly string[] = Object.freeze([]);

/** How many characters `next` compares by hand before it calls the native search. */
const NEAR_LOOKAHEAD = 16;

/**
 * Finds the URLs in `text`, in text order. Pure and synchronous; linear in
 * `text.length`. Candidates their scheme parser refuses are not matches; they go to
 * `options.onReject`.
 */
export function findUrls(text: string, options: FindUrlsOptions = {}): Match[] {
  if (typeof text !== 'string') {
    throw new TypeError(`findUrls: expected the text as a string, got ${text === null ? 'null' : typeof text}`);
  }
  const registry = options.registry ?? defaultRegistry;
  const isScheme = schemeNames(registry);
  const parseOptions = { strict: options.strict ?? false, registry };
  const onReject = options.onReject;
  const locate = createLocator(text);
  const matches: Match[] = [];
  const length = text.length;
  const next = (char: string, from: number): number => {
    // Look at the next few characters by hand first: a native search has a fixed cost
    // per call that dominates when triggers crowd together (hostile "<<<<" or ":::").
    const code = char.charCodeAt(0);
    const near = Math.min(length, from + NEAR_LOOKAHEAD);
    for (let i = from; i < near; i++) if (text.charCodeAt(i) === code) return i;
    const index = text.indexOf(char, near);
    return index === -1 ? length : index;
  };

  /** Nothing may start before `floor`: the text up to it has been consumed. */
  let floor = 0;
  /** Body start of the last unterminated wrapper, or -1. */
  let unterminatedBody = -1;

  const parse = (reading: string): Parsed | Rejection =>
    reading.length > MAX_URL_LENGTH
      ? { reason: 'too-long', detail: `candidate is ${reading.length} characters, over the ${MAX_URL_LENGTH} limit` }
      : parseUrl(reading, parseOptions);

  const propose = ({ start, end, readings, context, notes }: Candidate): void => {
    let scannerNotes = notes;
    if (unterminatedBody !== -1 && start >= unterminatedBody && start - unterminatedBody <= MAX_UNTERMINATED_GAP) {
      if (isWhitespaceBetween(text, unterminatedBody, start)) scannerNotes = [...notes, 'unterminated-wrapper'];
      unterminatedBody = -1;
    }
    // Appendix: the hyphen "may or may not" belong. Keep it unless only other readings parse.
    let chosen = -1;
    let parts: Parsed | undefined;
    let firstResult: Parsed | Rejection | undefined;
    const alternatives: string[] = [];
    for (let index = 0; index < readings.length; index++) {
      const result = parse(readings[index] as string);
      firstResult ??= result;
      if (isRejection(result)) continue;
      if (parts === undefined) {
        parts = result;
        chosen = index;
      } else {
        alternatives.push(readings[index] as string);
      }
    }
    const position = { start: locate(start), end: locate(end) };
    const raw = text.slice(start, end);
    if (parts === undefined) {
      if (onReject) onReject({ ...(firstResult as Rejection), candidate: readings[0] ?? '', raw, context, position });
      return;
    }
    const url = readings[chosen] as string;
    const match: Match = {
      url,
      raw,
      scheme: parts.scheme,
      context,
      position,
      alternatives,
      notes: scannerNotes.length === 0 ? parts.notes.slice() : mergeNotes(scannerNotes, parts.notes),
      parts,
    };
    const fragment = parts.fragment ?? fragmentOf(url);
    if (fragment !== undefined) match.fragment = fragment;
    matches.push(match);
  };

  /** `<`: a `<URL:...>`, `URL=<...>` or `<scheme:...>` wrapper. Returns the new floor or -1. */
  const atAngle = (open: number): number => {
    let start = open;
    let bodyStart: number;
    let context: MatchContext;
    if (open - 4 >= floor && startsWithFold(text, open - 4, 'url=') && (open === 4 || !isAlnum(text.charCodeAt(open - 5)))) {
      // The early draft's form (seeds/004): URL=<ftp://...>.
      start = open - 4;
      bodyStart = open + 1;
      context = 'wrapper';
    } else if (startsWithFold(text, open + 1, 'url:')) {
      // Appendix: "URL:" in any case; whitespace after the colon is dropped with the rest.
      bodyStart = open + 5;
      context = 'wrapper';
    } else {
      const colon = schemeRunEnd(text, open + 1);
      if (colon === -1 || !isScheme(text.slice(open + 1, colon))) return -1;
      bodyStart = open + 1;
      context = 'angle';
    }
    const body = readWrapperBody(text, bodyStart, open);
    if (!body) {
      // Unterminated: not a wrapper. Its body is scanned as bare text.
      unterminatedBody = bodyStart;
      return bodyStart;
    }
    const notes: string[] = [];
    if (body.hyphenBreaks.length > 0) notes.push('hyphen-break');
    if (body.quotePrefix) notes.push('quote-prefix');
    propose({ start, end: body.end, readings: hyphenReadings(body.url, body.hyphenBreaks), context, notes });
    return body.end;
  };

  /** `:`: a bare `scheme:...` or a `URL:scheme:...` prefix. Returns the new floor or -1. */
  const atColon = (colon: number): number => {
    const min = Math.max(floor, colon - MAX_SCHEME_LENGTH - 1);
    let start = colon;
    while (start > min && isSchemeChar(text.charCodeAt(start - 1))) start--;
    if (start === min && start > floor && isSchemeChar(text.charCodeAt(start - 1))) return -1;
    // A scheme starts with a letter (RFC 3986 §3.1); "-http:" is "-" then "http:".
    while (start < colon && !isAlpha(text.charCodeAt(start))) start++;
    if (start === colon) return -1;
    let urlStart = start;
    let schemeColon = colon;
    let context: MatchContext = 'bare';
    if (colon - start === 3 && startsWithFold(text, start, 'url')) {
      // Appendix: the prefix "URL:" written right before a URL.
      schemeColon = schemeRunEnd(text, colon + 1);
      if (schemeColon === -1 || !isScheme(text.slice(colon + 1, schemeColon))) return -1;
      urlStart = colon + 1;
      context = 'prefix';
    } else if (!isScheme(text.slice(start, colon))) {
      return -1;
    }
    const end = trimTrailing(text, urlStart, bareRunEnd(text, schemeColon + 1), schemeColon + 1);
    propose({ start, end, readings: [text.slice(urlStart, end)], context, notes: NO_NOTES });
    return end;
  };

  /** `.`: a schemeless `www.` or `ftp.` host. Returns the new floor or -1. */
  const atDot = (dot: number): number => {
    const found = schemelessAt(text, dot, floor);
    if (!found) return -1;
    const end = trimTrailing(text, found.start, bareRunEnd(text, dot + 1), dot + 2);
    const url = `${found.scheme}://${text.slice(found.start, end)}`;
    propose({ start: found.start, end, readings: [url], context: 'schemeless', notes: NO_NOTES });
    return end;
  };

  /** `@`: a bare e-mail address, as `mailto:`. Returns the new floor or -1. */
  const atAt = (at: number): number => {
    const found = emailAt(text, at, floor);
    if (!found) return -1;
    propose({ ...found, readings: [`mailto:${text.slice(found.start, found.end)}`], context: 'email', notes: NO_NOTES });
    return found.end;
  };

  let nextAngle = next('<', 0);
  let nextColon = next(':', 0);
  let nextDot = options.schemeless === false ? length : next('.', 0);
  let nextAt = options.emails === true ? next('@', 0) : length;
  for (;;) {
    let at = nextAngle < nextColon ? nextAngle : nextColon;
    if (nextDot < at) at = nextDot;
    if (nextAt < at) at = nextAt;
    if (at >= length) break;
    let consumed = -1;
    if (at === nextAngle) {
      // A wrapper needs a letter after "<" (URL: or a scheme) or "=" before it (URL=<).
      if (isAlpha(text.charCodeAt(at + 1)) || text.charCodeAt(at - 1) === 0x3d) consumed = atAngle(at);
      if (consumed === -1) {
        // In a run of "<", only one followed by a letter can open a wrapper.
        // (Bounded by hand: reads past the end make V8 compile a slower loop.)
        let from = at + 1;
        while (from < length - 1 && text.charCodeAt(from) === 0x3c && !isAlpha(text.charCodeAt(from + 1))) from++;
        nextAngle = next('<', from);
      }
    } else if (at === nextColon) {
      // A scheme name ends in a letter, digit, "+", "-" or "." right before the colon.
      if (isSchemeChar(text.charCodeAt(at - 1))) consumed = atColon(at);
      if (consumed === -1) {
        // A colon right after a colon has no scheme name before it.
        let from = at + 1;
        while (from < length && text.charCodeAt(from) === 0x3a) from++;
        nextColon = next(':', from);
      }
    } else if (at === nextDot) {
      // Only a dot after "w" or "p" can end "www" or "ftp"; most dots end sentences.
      const before = text.charCodeAt(at - 1) | 0x20;
      if (before === 0x77 /* w */ || before === 0x70 /* p */) consumed = atDot(at);
      if (consumed === -1) nextDot = next('.', at + 1);
    } else {
      consumed = atAt(at);
      if (consumed === -1) nextAt = next('@', at + 1);
    }
    if (consumed !== -1) {
      floor = consumed;
      if (nextAngle < floor) nextAngle = next('<', floor);
      if (nextColon < floor) nextColon = next(':', floor);
      if (nextDot < floor) nextDot = next('.', floor);
      if (nextAt < floor) nextAt = next('@', floor);
    }
  }
  return matches;
}

/** Per registry, the names it resolves to a parser: asked at nearly every `:` of the text. */
const namesByRegistry = new WeakMap<SchemeRegistry, Set<string>>();

/**
 * A test for "is this (any-case) name a scheme of `registry`", built once per registry
 * from `lookupScheme`, so aliases and disabled entries count as the registry says.
 */
function schemeNames(registry: SchemeRegistry): (name: string) => boolean {
  let names = namesByRegistry.get(registry);
  if (!names) {
    names = new Set(Object.keys(registry).filter((name) => lookupScheme(registry, name) !== undefined));
    namesByRegistry.set(registry, names);
  }
  const known = names;
  return (name) => known.has(name) || known.has(name.toLowerCase());
}

/**
 * If a scheme name (a letter, then scheme characters, at most `MAX_SCHEME_LENGTH`)
 * starts at `from` and is followed by `:`, the index of that colon; otherwise -1.
 */
function schemeRunEnd(text: string, from: number): number {
  if (!isAlpha(text.charCodeAt(from))) return -1;
  const max = Math.min(text.length, from + MAX_SCHEME_LENGTH + 1);
  let i = from + 1;
  while (i < max && isSchemeChar(text.charCodeAt(i))) i++;
  return text.charCodeAt(i) === 0x3a ? i : -1;
}

/** True when `text` has `lower` (lower-case ASCII) at `at`, in any case. */
function startsWithFold(text: string, at: number, lower: string): boolean {
  if (at < 0 || at + lower.length > text.length) return false;
  for (let k = 0; k < lower.length; k++) {
    if ((text.charCodeAt(at + k) | 0x20) !== lower.charCodeAt(k)) return false;
  }
  return true;
}

function isWhitespaceBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isWhitespace(text.charCodeAt(i))) return false;
  return true;
}

function fragmentOf(url: string): string | undefined {
  const hash = url.indexOf('#');
  return hash === -1 ? undefined : url.slice(hash + 1);
}

/** The scanner's notes, then the parser's, each once. */
function mergeNotes(scanner: readonly string[], parser: readonly string[]): string[] {
  const notes = scanner.slice();
  for (const note of parser) if (!notes.includes(note)) notes.push(note);
  return notes;
}
