/**
 * `findUrls`: the scanner for URLs in context (RFC 1738 Appendix).
 *
 * One pass over the text. Native `indexOf` jumps between the few characters that can
 * start or reveal a candidate (`<`, `:`, `.`, `@`); each candidate is read once and,
 * whether its scheme parser accepts it or not, the scan goes on after it. Look-behinds
 * (a scheme before `:`, `www` before `.`, a local part before `@`) are bounded by named
 * constants, so the whole scan is linear in the length of the text.
 */
import { isRejection, type Parsed, type QuietParseOptions, type Rejection } from '../schemes/parsed.js';
import { parseHttp } from '../schemes/http.js';
import { parseFtp } from '../schemes/ftp.js';
import { lastRead, readFtpInPlace, readHttpInPlace, readMailtoInPlace, readNewsInPlace } from '../schemes/in-place.js';
import { parseNews } from '../schemes/news.js';
import { parseMailto } from '../schemes/mailto.js';
import { defaultRegistry, MAX_SCHEME_LENGTH, parseUrl, type KnownScheme, refusesUnreadNames, type SchemeNameReader, type SchemeRegistry, schemeNameReader } from '../schemes/registry.js';
import { afterSpacelessText, authorityEnd, bareRunEnd, emailAt, fuzzyLabelEndsAt, emailDomainEndIn, fuzzyHostAt, isDomainChar, isSchemelessPrefix, MAX_DOMAIN_LENGTH, fuzzyRefusedEnd, MAX_URL_LENGTH, NO_PREFIX, schemelessPrefixAt, WWW } from './bare.js';
import { hasKnownTld, isKnownAsciiTld } from './top-level-domain.js';
import { endsBareUrl, isAlnum, isAlpha, isSchemeChar, isWhitespace, startsWithFold } from './characters.js';
import { hyphenReadings } from './hyphen.js';
import { createLineWalker, type LineWalker, NO_LINES, type Point, pointOf, walkTo } from '../lines.js';
import type { Match, MatchContext, Position, RejectedCandidate } from './match.js';
import { createTrailingMemo, givesBackAlone, keepsTail, trimTrailing, type TrailingMemo } from './trailing.js';
import { createNextCjk, createRefusedRun, createRunMemo, type FuzzyRuns, passFuzzyRefused, passRefusedEmphasis, passRefusedHosts, passRefusedNames, type NextCjk, type RefusedEmphasis, type RefusedRun, type RunMemo } from './run-memo.js';
import { readWrapperBody } from './wrapper.js';
import { refusedRunEnd } from './refused-words.js';
import { foldedCode, MAX_SHORT_NAME, mayBeName, schemeNameEnds, SHORT_NAME_CODE, shortNameScheme, shortNameSlot, type SchemeNameEnds, type SchemeNameTable } from './scheme-ends.js';

/** Options for {@link findUrls}. */
export interface FindUrlsOptions {
  /** Report `www.` and `ftp.` hosts without a scheme as `http://` / `ftp://` (default `true`). */
  schemeless?: boolean;
  /** Report bare e-mail addresses as `mailto:` (default `false`). */
  emails?: boolean;
  /**
   * Also report bare domains with a known top-level domain (`example.com/x`) and IPv4
   * literals with a path or port (`192.0.2.1:8080`), as `http://`, with the note `fuzzy`
   * (default `false`: old Usenet signatures are full of host names that are not links).
   */
  fuzzy?: boolean;
  /**
   * Label-like opaque schemes ({@link LABEL_SCHEMES}: `tel`, `dav`, `cid`...) to report
   * bare as well; in wrappers (`<tel:...>`, `URL:tel:...`) they are always reported.
   * Names in any case; others are ignored (default: none).
   */
  bareSchemes?: readonly string[];
  /**
   * Report internationalised host names in their ASCII form (`http://xn--mller-kva.de`,
   * RFC 3492 Punycode via IDNA) instead of as written (default `false`). `raw` keeps the text.
   */
  punycode?: boolean;
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

/** Shared by every match without notes or alternatives; frozen so no caller can change the others'. */
const NO_NOTES: string[] = Object.freeze([]) as unknown as string[];
const NO_ALTERNATIVES: string[] = NO_NOTES;

/**
 * Opaque schemes whose bare form is far more often a label or namespace than a URL:
 * `TEL:+64 3 364...` in signatures, WebDAV property names `DAV:read` (RFC 4918 §14), part
 * references `cid:` and `mid:` (RFC 2392) that mean nothing outside their message,
 * `urn:` namespaces in XML, `im:`/`pres:` (RFC 3860, RFC 3859) and lock tokens. Bare, they
 * are reported only when asked for (`bareSchemes`); wrapped, always.
 */
export const LABEL_SCHEMES: readonly string[] = Object.freeze(['tel', 'dav', 'cid', 'mid', 'urn', 'im', 'pres', 'opaquelocktoken']);

// The notes a wrapper can get from the scanner, as bits, in the order they are listed.
const CUT_AT_QUOTE = 1;
const REPAIRED_AUTHORITY = 2;
const HYPHEN_BREAK = 4;
const QUOTE_PREFIX = 8;
const WRAPPER_NOTES = ['cut-at-quote', 'repaired-authority', 'hyphen-break', 'quote-prefix'];

/** Every set of wrapper notes, by its mask, as a shared frozen list: no list is built per wrapper. */
const WRAPPER_NOTE_LISTS: readonly (readonly string[])[] = Array.from({ length: 1 << WRAPPER_NOTES.length }, (_, mask) =>
  mask === 0 ? NO_NOTES : Object.freeze(WRAPPER_NOTES.filter((_, bit) => (mask & (1 << bit)) !== 0)),
);

/** {@link LABEL_SCHEMES} to look up: the scanner asks at every bare scheme it reads. */
const LABEL_SCHEME_SET: ReadonlySet<string> = new Set(LABEL_SCHEMES);

/** The note of every fuzzy match. */
const FUZZY_NOTES: string[] = Object.freeze(['fuzzy']) as unknown as string[];

/** A candidate refused before its parser ran, reported to no one (`onReject` is not set). */
const REFUSED = Symbol('refused');

/**
 * How many characters nextIndexOf compares by hand before it calls the native search.
 * Prose has a `.` or `:` every 50 or so characters (RFC text: 21,000 dots per MB), so
 * each character looked at by hand is mostly a cost; a trigger right after the last
 * (hostile "a:a:", "<ab<ab", "x.p.x.p.") is found without the call. Counted with
 * valgrind (instructions per character), 16 against 4: the RFC and pipermail text 42.4
 * against 34.4, the generated mail 36.1 against 34.2, and rows with a trigger every 2
 * to 4 characters no dearer (every 5: about 12% dearer).
 */
const NEAR_LOOKAHEAD = 4;

/**
 * Finds the URLs in `text`, in text order. Pure and synchronous; linear in
 * `text.length`. Candidates their scheme parser refuses are not matches; they go to
 * `options.onReject`.
 */
export function findUrls(text: string, options: FindUrlsOptions = {}): Match[] {
  return scanText(text, options, true);
}

/**
 * {@link findUrls} that hands each match to `onMatch` as it is found (rejections, to
 * `options.onReject`, in text order among them) instead of gathering them: memory
 * stays bounded by the text, however many matches it holds.
 */
export function eachUrl(text: string, options: FindUrlsOptions | undefined, onMatch: (match: Match) => void): void {
  scanText(text, options, true, onMatch);
}

/**
 * The `onMatch` callbacks given to {@link offsetsOnly}: their scans leave out lines and
 * columns. A weak set: a callback is looked up once per scan, when its first match is
 * recorded, and is not kept alive by having been marked.
 */
const OFFSETS_ONLY: WeakSet<(match: Match) => void> = new WeakSet();

/**
 * Marks `onMatch`, for {@link eachUrl} and {@link startUrlScan}, as reading no more of a
 * match's position than its offsets: its scans skip the walk of the text's lines, and each
 * point it gets has `line` 0 and `column` `offset + 1` (every other field as usual). Why:
 * the command line's lean path reads the offsets alone and finds raw lines itself, and
 * the walk was a tenth of the scan's instructions on mail (about 200 per line of text;
 * the 30 MB of /tmp/usrp.mbox, eachUrl: 913 M instructions a pass with it, 820 M
 * without). A scan that reports rejections (`onReject`) walks the lines all the same:
 * their positions are read. Returns `onMatch`.
 * @internal
 */
export function offsetsOnly<T extends (match: Match) => void>(onMatch: T): T {
  OFFSETS_ONLY.add(onMatch);
  return onMatch;
}

/**
 * `findUrls` with the in-place readers on (`inPlace`) or off: off, every candidate goes
 * through its scheme's full parser as a string. The differential test compares the two.
 * @internal
 */
export function scanText(text: string, options: FindUrlsOptions | undefined, inPlace: boolean, onMatch?: (match: Match) => void): Match[] {
  return runScan(text, options, inPlace, onMatch, Infinity, undefined).scan?.matches ?? [];
}

/**
 * A scan of one text that goes step by step: {@link startUrlScan} makes it,
 * {@link scanUrlsBefore} runs it on. `findUrls` is one such scan run to its end.
 */
export interface UrlScan {
  /** Nothing of the text before it is left to read: no match found later starts before it. */
  readonly floor: number;
  /** True when the whole text has been scanned. */
  readonly done: boolean;
}

/** A {@link UrlScan} as the scanner keeps it: the main loop's state between steps. */
interface ResumableScan {
  /** The scan's shared state, or undefined when the text holds no trigger. */
  readonly scan: Scan | undefined;
  /** Nothing may start before `floor`: the text up to it has been consumed. */
  floor: number;
  /** The next trigger of each kind at or after the floor, or a stale one before it. */
  nextAngle: number;
  nextColon: number;
  nextDot: number;
  nextAt: number;
  done: boolean;
}

/**
 * Starts an {@link eachUrl} scan of `text` that runs only as far as it is told
 * ({@link scanUrlsBefore}): matches go to `onMatch`, rejections to `options.onReject`, as
 * they are found; run to its end, it finds what `eachUrl` finds, in the same order.
 * Why: `scan()` hands out a huge document's matches step by step (a header of thousands of
 * encoded words, a one-line body), rather than holding them all until the document ends.
 * Throws a `TypeError` for the arguments `findUrls` refuses.
 */
export function startUrlScan(text: string, options: FindUrlsOptions | undefined, onMatch: (match: Match) => void): UrlScan {
  // Run up to offset 0, it only makes its first searches, which a later step would make too.
  return runScan(text, options, true, onMatch, 0, undefined);
}

/**
 * Runs `scanned` on over every trigger (`<`, `:`, `.`, `@`) that stands before `until` in
 * its text, and stops at the first one at or after it. A match may end past `until`, and
 * one read at a trigger after it may start before it. Returns `scanned.done`.
 */
export function scanUrlsBefore(scanned: UrlScan, until: number): boolean {
  const state = scanned as ResumableScan;
  if (state.done || state.scan === undefined) return true;
  return runScan(state.scan.text, undefined, true, undefined, until, state).done;
}

/**
 * The scanner's main loop: a new scan of `text` (`resume` undefined), or `resume` run on,
 * over the triggers before `until`; returns the scan's state where it stopped (`resume`
 * itself when given). One function for both on purpose: a scan run to its end in one call
 * (findUrls) builds its `Scan` here, where the optimised loop knows the object's shape, and
 * a loop of its own reading a `Scan` built elsewhere measured 6-12% slower on prose.
 */
function runScan(text: string, options: FindUrlsOptions | undefined, inPlace: boolean, onMatch: ((match: Match) => void) | undefined, until: number, resume: ResumableScan | undefined): ResumableScan {
  let scan: Scan;
  let length: number;
  let schemeless: boolean;
  let fuzzy: boolean;
  let floor = 0;
  let nextAngle: number;
  let nextColon: number;
  let nextDot: number;
  let nextAt: number;
  if (resume === undefined) {
    if (typeof text !== 'string') {
      throw new TypeError(`findUrls: expected the text as a string, got ${describe(text)}`);
    }
    if (options === null || (options !== undefined && typeof options !== 'object')) {
      throw new TypeError(`findUrls: expected the options as an object or undefined, got ${describe(options)}`);
    }
    options ??= {};
    const registry = options.registry ?? defaultRegistry;
    const readScheme = schemeNameReader(registry);
    const onReject = options.onReject;
    const bareLabels = bareLabelSchemes(options.bareSchemes);
    // A text that holds no trigger (a greeting, a signature line: many short parts of a
    // message) holds no candidate, and is answered before the scan's state is built: about
    // half the fixed cost of a call. These first searches are the main loop's own. The
    // slow path (`inPlace` off) scans on, for the differential tests to compare.
    fuzzy = options.fuzzy === true;
    schemeless = options.schemeless !== false;
    nextAngle = nextIndexOf(text, '<', 0);
    nextColon = nextSchemeColon(text, 0);
    nextAt = options.emails === true ? nextIndexOf(text, '@', 0) : text.length;
    length = text.length;
    if (inPlace && nextAngle === length && nextColon === length && nextAt === length && !mayHoldHostDot(text, fuzzy, !schemeless)) {
      return { scan: undefined, floor: length, nextAngle, nextColon, nextDot: length, nextAt, done: true };
    }
    const nameEnds = schemeNameEnds(registry, bareLabels.size === 0 ? LABEL_SCHEME_SET : undefined);
    scan = {
      text,
      length,
      readScheme,
      // Bare label schemes are refused at their colon as names of no scheme are, unless
      // some are asked for (see LABEL_SCHEMES and namesNoScheme).
      nameEnds,
      inPlace,
      onReject,
      onMatch,
      matches: [],
      bareLabels,
      strict: options.strict ?? false,
      registry,
      punycode: options.punycode === true,
      fuzzy,
      schemeless,
      emails: options.emails === true,
      shortRuns: false,
      refusedWords: inPlace && onReject === undefined && nameEnds.builtInOnly && nameEnds.shortNamesComplete && bareLabels.size === 0,
      runs: undefined,
      trimRun: undefined,
      lines: undefined,
      refusedEmphasis: { before: 0 },
      unterminatedBody: -1,
      refusedHostsBefore: 0,
      refusedSpaceless: false,
      refusedRun: undefined,
      nextCjk: undefined,
      refusedDotsBefore: 0,
      fuzzyRuns: { done: 0 },
    };
    nextDot = !schemeless && !fuzzy ? length : nextHostDot(scan, 0, 0);
  } else {
    scan = resume.scan as Scan;
    text = scan.text;
    length = scan.length;
    schemeless = scan.schemeless;
    fuzzy = scan.fuzzy;
    ({ floor, nextAngle, nextColon, nextDot, nextAt } = resume);
  }
  let done = false;
  for (;;) {
    // A trigger before the floor is stale and is looked for again from the floor, but
    // only when needed: a "<" at the floor itself comes first whatever follows, so the
    // other searches wait (in a run of "<URL:" or "<http:" they would find what the
    // next wrapper consumes).
    if (nextAngle < floor) nextAngle = nextAngleCandidate(scan, floor);
    let at = nextAngle;
    if (at !== floor) {
      if (nextColon < floor) nextColon = nextColonPastEmphasis(scan, floor, floor);
      if (nextDot < floor) nextDot = nextHostDot(scan, floor, floor);
      if (nextAt < floor) nextAt = nextEmailAt(scan, floor);
      if (nextColon < at) at = nextColon;
      if (nextDot < at) at = nextDot;
      if (nextAt < at) at = nextAt;
    }
    if (at >= length) {
      done = true;
      break;
    }
    if (at >= until) break;
    let consumed = -1;
    if (at === nextAngle) {
      // A wrapper needs a letter after "<" (URL: or a scheme) or "=" before it (URL=<).
      if (isAlpha(text.charCodeAt(at + 1)) || text.charCodeAt(at - 1) === 0x3d) consumed = atAngle(scan, at, floor);
      if (consumed === -1) {
        nextAngle = nextAngleCandidate(scan, afterAngleRun(text, at + 1));
      }
    } else if (at === nextColon) {
      consumed = atColon(scan, at, floor);
      if (consumed === -1) nextColon = nextColonPastEmphasis(scan, at + 1, floor);
    } else if (at === nextDot) {
      consumed = schemeless ? atDot(scan, at, floor) : -1;
      if (consumed === -1 && fuzzy) consumed = atFuzzyDot(scan, at, floor);
      if (consumed === -1) nextDot = nextHostDot(scan, at + 1, floor);
    } else {
      consumed = atAt(scan, at, floor);
      if (consumed === -1) nextAt = nextEmailAt(scan, at + 1);
    }
    if (consumed !== -1) floor = consumed;
  }
  const state: ResumableScan = resume ?? { scan, floor, nextAngle, nextColon, nextDot, nextAt, done };
  state.floor = done ? length : floor;
  state.nextAngle = nextAngle;
  state.nextColon = nextColon;
  state.nextDot = nextDot;
  state.nextAt = nextAt;
  state.done = done;
  return state;
}

/**
 * The state of one scan, which the steps of the scan (module-level functions: atAngle,
 * atColon, atDot, accept...) share. Why they are not closures in `scanText`: V8 compiles
 * a hot closure's code for the very function object it was created as, and a closure
 * made anew per call is garbage after the call. Each collection then threw that code
 * away, and every later call (each MIME part of a message) compiled it again: with
 * `gc()` before each 1 MB run of "<URL:", 15 optimising compiles each of atAngle and
 * `next` in 15 runs (2 each without the collections), a fixed cost per call that made
 * the bench's 1 MB rows of refused wrappers run at a third of normal speed, and about
 * 0.9 µs per call that has a trigger (20,000 calls on 90-character texts). Module-level
 * functions are compiled once. (What V8 learned about the `scan` object itself does not
 * always survive a collection either: loops that read a whole row live in small
 * functions that take plain values, such as lastOfEmptyUrlWrappers.) The state is one
 * object literal, and so are the memories it holds, whose methods are module-level
 * functions too (see createRunMemo: a class instance's map dies with it at a collection,
 * and takes the code compiled for it along). The memories of runs, tails and lines are
 * built at their first use: most calls on a short part need none of them.
 */
interface Scan {
  readonly text: string;
  readonly length: number;
  readonly readScheme: SchemeNameReader;
  /** Which scheme names can end before a colon (see namesNoScheme), bare label schemes left out unless asked for. */
  readonly nameEnds: SchemeNameTable;
  /** The in-place readers are on (see scanText). */
  readonly inPlace: boolean;
  readonly onReject: FindUrlsOptions['onReject'];
  /** Gets each match as it is found (eachUrl), or undefined: gathered in `matches`. */
  readonly onMatch: ((match: Match) => void) | undefined;
  readonly matches: Match[];
  /** The label schemes to report bare (`bareSchemes`). */
  readonly bareLabels: ReadonlySet<string>;
  readonly strict: boolean;
  readonly registry: SchemeRegistry;
  readonly punycode: boolean;
  readonly fuzzy: boolean;
  readonly schemeless: boolean;
  /** E-mail addresses are reported: "@" is a trigger. */
  readonly emails: boolean;
  /**
   * atColon has read a run of at most SHORT_BODY characters or "URL:" before a name of no
   * scheme and its colon, or atAngle a short wrapper (SHORT_WRAPPER) or one read as
   * "scheme:" alone: the colon search looks for words refused
   * whole (see refusedWordsFrom), and atAngle for wrappers refused whole (refusedWrappersEnd).
   */
  shortRuns: boolean;
  /**
   * The reader of refused runs may read this scan (see refusedRunEnd): no one listens for
   * rejections, the in-place readers are on, every parser of the registry is urlsift's own
   * and its table holds every short name, and no label is asked for bare.
   */
  readonly refusedWords: boolean;
  /** Built at first use: see {@link runsOf}. */
  runs: RunMemo | undefined;
  /** Built at first use: see {@link trimRunOf}. */
  trimRun: TrailingMemo | undefined;
  /** Built at first use: see {@link locate}. */
  lines: LineWalker | undefined;
  /** Emphasis colons refused alike after the last (see RefusedEmphasis). */
  readonly refusedEmphasis: RefusedEmphasis;
  /** Body start of the last unterminated wrapper, or -1. */
  unterminatedBody: number;
  /**
   * Schemeless hosts whose dot stands before this offset, after text of the same kind
   * (`refusedSpaceless`), are refused as the last one was (see rememberRefusedHosts).
   */
  refusedHostsBefore: number;
  refusedSpaceless: boolean;
  /** The later hosts of the run of the last refused host (see passRefusedNames); built at first use. */
  refusedRun: RefusedRun | undefined;
  /** Where the next CJK character is (see passRefusedHosts); built at first use. */
  nextCjk: NextCjk | undefined;
  /** The greatest of `refusedHostsBefore` and `refusedRun.before`. */
  refusedDotsBefore: number;
  /** Fuzzy mode: the dots before `done` belong to a host run already looked at. */
  readonly fuzzyRuns: FuzzyRuns;
}

/** The scan's run memory (see run-memo.ts), built at its first use. */
function runsOf(scan: Scan): RunMemo {
  return (scan.runs ??= createRunMemo(scan.text));
}

/** The scan's memory of trimmed tails (see createTrailingMemo), built at its first use. */
function trimRunOf(scan: Scan): TrailingMemo {
  return (scan.trimRun ??= createTrailingMemo(scan.text));
}

/**
 * The scan's line walker, built at its first use: {@link NO_LINES} for a scan whose
 * matches go to an {@link offsetsOnly} callback and whose rejections go nowhere.
 */
function linesOf(scan: Scan): LineWalker {
  return (scan.lines ??= scan.onMatch !== undefined && scan.onReject === undefined && OFFSETS_ONLY.has(scan.onMatch) ? NO_LINES : createLineWalker(scan.text));
}

/** The point of `offset` in the scan's text. */
function locate(scan: Scan, offset: number): Point {
  return pointOf(linesOf(scan), offset);
}

/** The position of `text[start, end)`. */
function positionOf(scan: Scan, start: number, end: number): Position {
  const first = locate(scan, start);
  const walker = scan.lines as LineWalker;
  // Nearly every URL ends on the line it starts on, where the walker now stands (a line
  // ends at its "\n", which is still on it): the end's point needs no walk and no call.
  if (end <= walker.lineEnd) return { start: first, end: { line: first.line, column: first.column + (end - start), offset: end } };
  return { start: first, end: pointOf(walker, end) };
}

/**
 * Reads the URL `source[from, to)` in place (`readHttpInPlace` and its siblings), in
 * lenient mode. `REFUSED` when no one asks for rejections and the scheme's parser is
 * known to refuse it: "scheme:" alone, or what its quick refusal (src/schemes/quick.ts)
 * knows, as in runs of "http:/" or "mailto:("; `undefined` when the scheme's full parser
 * must decide. A caller that has read the scheme already passes its `colon` and `known`
 * entry.
 */
function readInPlace(scan: Scan, source: string, from: number, to: number, colon: number, known: KnownScheme | undefined): Parsed | typeof REFUSED | undefined {
  if (known === undefined) {
    colon = schemeColonOf(source, from, to);
    // No scheme name (a wrapper's reading such as "<URL:>" or "<foo:"), or one parseUrl
    // finds no parser for: refused there too ("no-scheme", "unknown-scheme").
    if (colon === -1) return scan.onReject === undefined ? REFUSED : undefined;
    known = scan.readScheme(source, from, colon);
    if (known === undefined) return scan.onReject === undefined && refusesUnreadNames(scan.registry) ? REFUSED : undefined;
  }
  // "http:" and nothing more, as in a run of "<http:": every built-in parser refuses it.
  if (colon + 1 === to && known.builtIn && scan.onReject === undefined) return REFUSED;
  const parser = known.parser;
  const read = scan.strict
    ? undefined
    : parser === parseHttp
      ? readHttpInPlace(source, colon, to, known.name)
      : parser === parseMailto
        ? readMailtoInPlace(source, colon, to, known.name)
        : parser === parseFtp
          ? readFtpInPlace(source, colon, to, known.name)
          : parser === parseNews
            ? readNewsInPlace(source, colon, to, known.name)
            : undefined;
  // Asked only of what the readers leave: an accepted URL pays nothing for it (bench (a)).
  if (read === undefined && known.quick !== undefined && scan.onReject === undefined && known.quick(source, colon, to, scan.strict)) return REFUSED;
  return read;
}

/**
 * The colon after the scheme name at `from` in `source[from, to)`, looked for as far as
 * a scheme name can reach (as readSchemeName does), or -1.
 */
function schemeColonOf(source: string, from: number, to: number): number {
  const max = Math.min(to, from + MAX_SCHEME_LENGTH + 1);
  for (let colon = from; colon < max; colon++) if (source.charCodeAt(colon) === 0x3a) return colon;
  return -1;
}

/** Options of the quiet parses: no one listens for rejections (see QuietParseOptions). */
const QUIET_LENIENT: QuietParseOptions = Object.freeze({ strict: false, quiet: true });
const QUIET_STRICT: QuietParseOptions = Object.freeze({ strict: true, quiet: true });

/**
 * Validates `url` with its scheme's full parser, which also writes the details of
 * rejections. A caller that knows the scheme passes it as `known`. With the in-place
 * readers on, a built-in parser of a frozen registry (`known.quick`) is called directly,
 * without a second look-up, and quietly when no one listens for rejections.
 */
function parseFully(scan: Scan, url: string, known: KnownScheme | undefined): Parsed | Rejection {
  if (url.length > MAX_URL_LENGTH) {
    return { reason: 'too-long', detail: `candidate is ${url.length} characters, over the ${MAX_URL_LENGTH} limit` };
  }
  if (scan.inPlace) {
    if (known === undefined) {
      const colon = schemeColonOf(url, 0, url.length);
      if (colon !== -1) known = scan.readScheme(url, 0, colon);
    }
    if (known !== undefined && known.quick !== undefined) {
      return known.parser(url, scan.onReject !== undefined ? { strict: scan.strict } : scan.strict ? QUIET_STRICT : QUIET_LENIENT);
    }
  }
  return parseUrl(url, { strict: scan.strict, registry: scan.registry });
}

/** Validates one reading of a URL: in place first (`inPlace`), then with the full parser. */
function parse(scan: Scan, reading: string): Parsed | Rejection | typeof REFUSED {
  const parsed = scan.inPlace && reading.length <= MAX_URL_LENGTH ? readInPlace(scan, reading, 0, reading.length, -1, undefined) : undefined;
  return parsed ?? parseFully(scan, reading, undefined);
}

/**
 * Validates a candidate and records the match (or reports the rejection). The URL is
 * `source[from, to)`: the text itself for bare and prefixed URLs, a reading otherwise.
 * A caller that holds that URL as a string already passes it as `written`.
 */
function accept(scan: Scan, start: number, end: number, context: MatchContext, notes: readonly string[], source: string, from: number, to: number, colon = -1, known?: KnownScheme, written?: string): void {
  const scannerNotes = withWrapperNote(scan, start, notes);
  const read = scan.inPlace && to - from <= MAX_URL_LENGTH ? readInPlace(scan, source, from, to, colon, known) : undefined;
  if (read === REFUSED) return;
  const url = written ?? (from === 0 && to === source.length ? source : source.slice(from, to));
  // Read in place: accepted, and no rejection check on a result that cannot be one. Its
  // scheme, notes and fragment are read back from the reader's lastRead, of one shape.
  if (read !== undefined) {
    record(scan, start, end, context, scannerNotes, url, read, NO_ALTERNATIVES, lastRead.fragment, lastRead.scheme, lastRead.notes);
    return;
  }
  const parts = parseFully(scan, url, known);
  if (isRejection(parts)) {
    if (scan.onReject) scan.onReject({ ...parts, candidate: url, raw: scan.text.slice(start, end), context, position: positionOf(scan, start, end) });
    return;
  }
  record(scan, start, end, context, scannerNotes, url, parts, NO_ALTERNATIVES, parts.fragment ?? fragmentOf(url), parts.scheme, parts.notes);
}

/**
 * The scanner's notes for a candidate at `start`, with `unterminated-wrapper` when it
 * starts the body of the unterminated wrapper just before it. That note is spent on the
 * first candidate after the wrapper, accepted or not.
 */
function withWrapperNote(scan: Scan, start: number, notes: readonly string[]): readonly string[] {
  const body = scan.unterminatedBody;
  if (body === -1 || start < body || start - body > MAX_UNTERMINATED_GAP) return notes;
  scan.unterminatedBody = -1;
  return isWhitespaceBetween(scan.text, body, start) ? [...notes, 'unterminated-wrapper'] : notes;
}

/**
 * A scan of a text at least this long keeps its matches in objects made by literal sites
 * of their own (see record). V8 decides per literal site, from the first young-generation
 * collections that see its objects, whether to allocate them in the old generation at
 * once ("allocation-site pretenuring"), and keeps a decision not to. The matches of a short
 * text (a message, an article) mostly go before a collection sees them: the CLI writes and
 * drops them, a caller of findUrls keeps them or not. Those of a long text all live through
 * the collections its own scan makes (it allocates about 1.5 bytes per unit of text, 75 MB
 * for the 50 MB of bench (a); a young generation holds 16 MB at most on 64-bit Node), and
 * copying them there twice each cost two fifths of a pass: a findUrls pass over
 * the 50 MB of bench (a) after a call on 1 MB of it, 2.24 G instructions with the sites
 * shared, 2.02 G with sites of their own, 1.34 G when the matches are dropped as they come
 * (callgrind, `node --single-threaded --predictable` with fixed seeds and the default young
 * generation, (4 passes - 2 passes) / 2). Far above a message; 8 MiB as UTF-16.
 * @internal
 */
export const LONG_TEXT_UNITS = 1 << 22;

/**
 * Records an accepted URL as one match. `fragment` is the text after the URL's first
 * `#`: the in-place readers know it (a URL they accept has no `#` before its fragment),
 * the full parsers' results may leave it to be looked for. `scheme` and `partNotes` are
 * `parts.scheme` and `parts.notes`, which a caller that read in place has from lastRead.
 */
function record(scan: Scan, start: number, end: number, context: MatchContext, scannerNotes: readonly string[], url: string, parts: Parsed, alternatives: string[], fragment: string | undefined, scheme: string, partNotes: string[]): void {
  const punycode = scan.punycode;
  if (punycode && parts.asciiHost !== undefined && parts.host !== undefined) url = withAsciiHost(url, parts.host, parts.asciiHost);
  // A bare URL is its own source slice.
  const raw = context === 'bare' && !punycode ? url : scan.text.slice(start, end);
  // The position's points as positionOf has them, made here with the match (see below).
  const walker = linesOf(scan);
  walkTo(walker, start);
  const line = walker.line;
  const column = start - walker.lineStart + 1;
  let endLine = line;
  let endColumn = column + (end - start);
  // Nearly every URL ends on the line it starts on (see positionOf).
  if (end > walker.lineEnd) {
    walkTo(walker, end);
    endLine = walker.line;
    endColumn = end - walker.lineStart + 1;
  }
  const notes = scannerNotes.length > 0 ? mergeNotes(scannerNotes, partNotes) : partNotes.length === 0 ? NO_NOTES : Object.isFrozen(partNotes) ? partNotes : partNotes.slice();
  // One literal per shape, `fragment` last and only when there is one: every field in
  // the object itself, no second store for a key added afterwards. The four objects of a
  // match come from the literal sites of this function alone, written twice: once for the
  // matches a long text's scan keeps, once for all others (see LONG_TEXT_UNITS).
  if (scan.onMatch === undefined && scan.text.length >= LONG_TEXT_UNITS) {
    scan.matches.push(
      fragment === undefined
        ? { url, raw, scheme, context, position: { start: { line, column, offset: start }, end: { line: endLine, column: endColumn, offset: end } }, alternatives, notes, parts }
        : { url, raw, scheme, context, position: { start: { line, column, offset: start }, end: { line: endLine, column: endColumn, offset: end } }, alternatives, notes, parts, fragment },
    );
    return;
  }
  const match: Match =
    fragment === undefined
      ? { url, raw, scheme, context, position: { start: { line, column, offset: start }, end: { line: endLine, column: endColumn, offset: end } }, alternatives, notes, parts }
      : { url, raw, scheme, context, position: { start: { line, column, offset: start }, end: { line: endLine, column: endColumn, offset: end } }, alternatives, notes, parts, fragment };
  if (scan.onMatch) scan.onMatch(match);
  else scan.matches.push(match);
}

/** A candidate with several readings (a wrapper with hyphen breaks). */
function propose(scan: Scan, { start, end, readings, context, notes }: Candidate): void {
  if (readings.length === 1) {
    const reading = readings[0] as string;
    accept(scan, start, end, context, notes, reading, 0, reading.length);
    return;
  }
  const scannerNotes = withWrapperNote(scan, start, notes);
  // Appendix: the hyphen "may or may not" belong. Keep it unless only other readings parse.
  let chosen = -1;
  let parts: Parsed | undefined;
  let firstResult: Parsed | Rejection | undefined;
  const alternatives: string[] = [];
  for (let index = 0; index < readings.length; index++) {
    const reading = readings[index] as string;
    const found = parse(scan, reading);
    // Refused without a detail only when no one asks for rejections.
    const result = found === REFUSED ? { reason: 'empty' } : found;
    firstResult ??= result;
    if (isRejection(result)) continue;
    if (parts === undefined) {
      parts = result;
      chosen = index;
    } else {
      alternatives.push(reading);
    }
  }
  if (parts === undefined) {
    if (scan.onReject) scan.onReject({ ...(firstResult as Rejection), candidate: readings[0] ?? '', raw: scan.text.slice(start, end), context, position: positionOf(scan, start, end) });
    return;
  }
  const url = readings[chosen] as string;
  // Kept with the match as an exact copy: the array pushed to has room for 16 more
  // (152 bytes where one reading needs 24; bench (a), one wrapper match in ten).
  record(scan, start, end, context, scannerNotes, url, parts, alternatives.length === 0 ? NO_ALTERNATIVES : alternatives.slice(), parts.fragment ?? fragmentOf(url), parts.scheme, parts.notes);
}

/**
 * The first dot at or after `from` that nextHostDot must look at, past the hosts
 * refused alike after the last refused one. Apart from nextHostDot, which the scan's
 * loop takes in: code added there costs every text a few percent.
 */
function passRefusedDots(scan: Scan, from: number): number {
  const text = scan.text;
  if (scan.fuzzy) return from < scan.refusedHostsBefore ? passFuzzyRefused(text, from, scan.refusedHostsBefore, scan.refusedSpaceless, scan.fuzzyRuns) : from;
  const at = from < scan.refusedHostsBefore ? passRefusedHosts(text, from, scan.refusedHostsBefore, scan.refusedSpaceless, (scan.nextCjk ??= createNextCjk())) : from;
  const run = scan.refusedRun;
  return run !== undefined && at < run.before ? passRefusedNames(text, at, run) : at;
}

/**
 * After a schemeless host in a run is refused for its top-level domain, with no one
 * asking for rejections: the later hosts of the run whose name ends where its name ends
 * are refused alike, and need no second look. Its name ended at `nameEnd`, the first of
 * the next ":", authority stop and the trimmed end `end` of the run that ends at
 * `runEnd`. A later host that starts before `nameEnd` finds the same ":" and stop (each
 * is the next one from its start), and the same last label before `nameEnd`. Its
 * trimmed end is never before the run's tail given back whole (`lowestEnd`), and is
 * exactly that when the tail holds no closing bracket: so it ends its name at `nameEnd`
 * too when `nameEnd` is a ":" or a stop before that tail, or that tail itself. Its run
 * end is the same when it follows the same kind of text (CJK prose or not; see
 * bareRunEnd). Bench rows "www.a( repeated", "www. repeated": about 0.7 µs per host
 * before, when each read its run again. The hosts of the run that end their names
 * elsewhere are looked at by passRefusedNames, without a trip through the scan's loop.
 */
function rememberRefusedHosts(scan: Scan, start: number, nameEnd: number, end: number, runEnd: number, spaceless: boolean): void {
  const trimRun = trimRunOf(scan);
  const lowest = trimRun.lowestEnd(runEnd);
  if (nameEnd < end ? nameEnd <= lowest : end === lowest && trimRun.bracketFree(runEnd)) {
    // A later host's dot stands at least 2 before the end of its name.
    scan.refusedHostsBefore = nameEnd - 2;
    scan.refusedSpaceless = spaceless;
  }
  // A later host's minEnd (its dot + 2) must stand before the tail (see RefusedRun).
  const refusedRun = (scan.refusedRun ??= createRefusedRun());
  if (!spaceless && lowest - 2 > start + 3) {
    refusedRun.before = lowest - 2;
    refusedRun.lowest = lowest;
    refusedRun.runEnd = runEnd;
    refusedRun.tailRefused = !hasKnownTld(scan.text, start, lowest);
    // The scan's search found the next name stop from this start already.
    refusedRun.stopFrom = start;
    refusedRun.stop = runsOf(scan).nextNameStop(start);
  }
  scan.refusedDotsBefore = Math.max(scan.refusedHostsBefore, refusedRun.before);
}

/** True for the dot of a host refused alike after the last (see rememberRefusedHosts). */
function isRefusedHost(scan: Scan, dot: number): boolean {
  return dot < scan.refusedHostsBefore && afterSpacelessText(scan.text, dot - 3) === scan.refusedSpaceless;
}

/** `.`: a schemeless `www.` or `ftp.` host. Returns the new floor or -1. */
function atDot(scan: Scan, dot: number, floor: number): number {
  if (isRefusedHost(scan, dot)) return -1;
  const text = scan.text;
  // No object per dot: a run of refused hosts after CJK prose asks at every one.
  const prefix = dot - 3 < floor ? NO_PREFIX : schemelessPrefixAt(text, dot);
  if (prefix === NO_PREFIX) return -1;
  const start = dot - 3;
  // A short host that ends its run, refused for its top-level domain: refused here, before
  // the run memory is built or asked (see shortHostRefusedEnd). Outside fuzzy mode the
  // search passed over such hosts already (see pastRefusedShortHost).
  if (scan.fuzzy && scan.onReject === undefined && scan.inPlace && fastPaths && shortHostRefusedEnd(text, dot) !== -1) return -1;
  const scheme = prefix === WWW ? 'http' : 'ftp';
  const runs = runsOf(scan);
  const trimRun = trimRunOf(scan);
  const onReject = scan.onReject;
  const spaceless = afterSpacelessText(text, start);
  // The next name stop first: the run is read on from it, once for both (see RunMemo.runEnd).
  const nameStop = runs.nextNameStop(start);
  const runEnd = runs.runEnd(dot + 1, true, spaceless, nameStop);
  // No stop in the run: the name runs to the host's end, which is the run's tail given
  // back whole, or just after a closing bracket of that tail, and no top-level domain
  // ends in one. When the first refuses the name, so does every other, and the
  // brackets need no counting (bench row "www.a( then )": a megabyte counted per run).
  if (nameStop >= runEnd && onReject === undefined && scan.inPlace) {
    const lowest = trimRun.lowestFor(runEnd, dot + 2);
    if (!trimRun.bracketFree(runEnd) && !hasKnownTld(text, start, lowest)) {
      // The tail holds a bracket: only what passRefusedNames reads is remembered.
      rememberRefusedHosts(scan, start, lowest, lowest, runEnd, spaceless);
      return -1;
    }
  }
  const end = trimRun.trim(start, runEnd, dot + 2);
  // No one writes a user name before a schemeless host: "www.info@shop.example" is an
  // e-mail address (found as one with `emails`), not the host shop.example.
  // "ftp.cica" or "www.foo" in prose is an abbreviation, not a host: the name must end in
  // a delegated top-level domain (RFC 1591 §2). A port after the host is not part of it.
  // And "www." alone before a top-level domain ("www.foo", "www.info") names no site:
  // a host needs a domain of its own between the prefix and the top-level domain.
  // The authority ends at "/", "?" or "#" (RFC 3986 §3.2); the name, at a ":" before it.
  // The first of these (or "@") from the start is remembered across the run: a refused
  // host consumes nothing, and the next "www." of the run asks again.
  let nameEnd = nameStop;
  if (nameEnd >= end) {
    nameEnd = end;
  } else if (text.charCodeAt(nameEnd) === 0x40 /* @ */) {
    return -1;
  } else if (text.charCodeAt(nameEnd) === 0x3a /* : */) {
    // A port, or a password: an "@" before the authority ends makes it a user name's.
    const after = runs.nextAuthorityStopOrAt(nameEnd + 1);
    if (after < end && text.charCodeAt(after) === 0x40) return -1;
  }
  // A domain: a dot after the prefix's, but a trailing dot (the DNS root, RFC 1034 §3.1)
  // is no domain of its own.
  const domainEnd = nameEnd - 1 >= start + 4 && text.charCodeAt(nameEnd - 1) === 0x2e ? nameEnd - 1 : nameEnd;
  const why = !hasKnownTld(text, start, nameEnd) ? 'unknown-tld' : runs.nextDot(start + 4) >= domainEnd ? 'no-domain' : undefined;
  if (why !== undefined) {
    if (why === 'unknown-tld' && onReject === undefined && scan.inPlace) rememberRefusedHosts(scan, start, nameEnd, end, runEnd, spaceless);
    // In fuzzy mode "www.foo" may still be a bare domain with a known top-level domain.
    if (onReject && !(scan.fuzzy && why === 'no-domain')) {
      const candidate = `${scheme}://${text.slice(start, end)}`;
      const name = text.slice(start, nameEnd).slice(0, 80);
      const detail = why === 'unknown-tld' ? `"${name}" does not end in a top-level domain of the IANA list` : `"${name}" has no domain between "${text.slice(start, dot)}." and its top-level domain`;
      onReject({ reason: why, detail, candidate, raw: text.slice(start, end), context: 'schemeless', position: positionOf(scan, start, end) });
    }
    return -1;
  }
  const url = `${scheme}://${text.slice(start, end)}`;
  accept(scan, start, end, 'schemeless', NO_NOTES, url, 0, url.length);
  return end;
}

/**
 * How far shortHostRefusedEnd reads a host: a longer one (or one that a host inside it would
 * read again, "www.www.www...") goes to the run memory, which reads each character once.
 */
const SHORT_HOST_LENGTH = 64;

/** ASCII letters, digits, "-" and ".": what a host name holds (RFC 1034 §3.5), as 1 or 0. */
const HOST_NAME_CHAR: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) => (isAlnum(code) || code === 0x2d || code === 0x2e ? 1 : 0));

/**
 * The end of the schemeless host whose prefix's dot is at `dot` (it starts at `dot - 3`),
 * when that host is refused at once; -1 otherwise. Refused: it is letters, digits, "-" and
 * "." up to a character below U+2E80 that ends every bare run (space, line break, `<>"`,
 * typographic quotes) or the end of the text, within SHORT_HOST_LENGTH, and its name
 * (that run, its trailing punctuation given back) ends in no known top-level domain.
 * atDot refuses such a host for its top-level domain whatever the run memory says: the
 * name stop, the run's end and its tail are all that character. Spaced hosts of prose
 * ("’ www.help.zzq" repeated) cost about 0.3 µs each through the memory, which pays off
 * only when hosts share a run.
 */
function shortHostRefusedEnd(text: string, dot: number): number {
  const start = dot - 3;
  const max = Math.min(text.length, dot + SHORT_HOST_LENGTH);
  let end = dot + 1;
  // The last dot, where the last label starts (see isKnownAsciiTld).
  let lastDot = dot;
  // The character at `end` and the one before it, as read: each character is read once.
  let code = 0;
  let last = 0x2e;
  while (end < max) {
    code = text.charCodeAt(end);
    if (code >= 0x80 || HOST_NAME_CHAR[code] !== 1) break;
    if (code === 0x2e) lastDot = end;
    last = code;
    end++;
  }
  // Below U+2E80 (CJK), what ends a bare run ends it whatever the text before it: a
  // typographic quote "’" as a space (see bareRunEnd).
  if (end < text.length && (end === max || code >= 0x2e80 || !endsBareUrl(code))) return -1;
  // A name that ends in a letter or digit gives nothing back (no "'s" or footnote mark
  // stands in a run of host characters), and its last label is known.
  if (isAlnum(last)) return isKnownAsciiTld(text, lastDot + 1, end) ? -1 : end;
  return hasKnownTld(text, start, trimTrailing(text, start, end, dot + 2)) ? -1 : end;
}

/**
 * Outside fuzzy mode, the dot of a `www.` or `ftp.` host at `dot` that nextHostDot found:
 * `dot` when atDot must look at it; when shortHostRefusedEnd refuses the host, the next
 * dot after "w" or "p" past its end (nextPrefixDot), for nextHostDot to look at. atDot
 * would refuse the host at once whatever the floor, with nothing to report and nothing
 * remembered, and no later dot of the host can end a prefix: the character four before
 * it is a letter of "www"/"ftp", that dot, or a host character, each of which continues
 * a word (see schemelessPrefixAt). So the host and its dots are passed over with no trip
 * through the scan's loop: "’ www.help.zzq" repeated went through it twice per host
 * (its "p." too), at 0.44x normal text. (In fuzzy mode atFuzzyDot reads such a dot too.)
 * The hosts refused alike after it are passed over here too, up to REFUSED_HOST_STEPS:
 * a next dot whose prefix prefixDotAfterHost read on its way is a host's when
 * nextHostDot would take it as one (past the refused hosts it passes over, `www`/`ftp`
 * at a word start, a letter or digit after it). Returned as `-dot - 1` when that host is
 * not refused: atDot must look at it, as nextHostDot would find after reading it again.
 */
function pastRefusedShortHost(scan: Scan, dot: number): number {
  if (scan.fuzzy || scan.onReject !== undefined || !scan.inPlace || !fastPaths) return dot;
  const text = scan.text;
  let end = shortHostRefusedEnd(text, dot);
  if (end === -1) return dot;
  for (let step = 0; step < REFUSED_HOST_STEPS; step++) {
    const next = prefixDotAfterHost(text, end);
    // Not known to be a host's: for nextHostDot to read.
    if (!afterHost.prefix || next < scan.refusedDotsBefore || !isAlnum(text.charCodeAt(next + 1))) return next;
    end = shortHostRefusedEnd(text, next);
    if (end === -1) return -next - 1;
  }
  return prefixDotAfterHost(text, end);
}

/**
 * How many refused hosts pastRefusedShortHost passes over per call: a bounded loop is
 * compiled whole, not on-stack (see PASS_STEPS), and nextHostDot takes over after them.
 */
const REFUSED_HOST_STEPS = 64;

/** The fast paths that refuse a candidate before the general code (see setFastPaths). */
let fastPaths = true;

/**
 * Turns off (`false`) or on the scanner's early refusals (shortHostRefusedEnd and its
 * siblings), so a test can compare them with the general code on the same text.
 * @internal
 */
export function setFastPaths(on: boolean): void {
  fastPaths = on;
}

/**
 * Fuzzy mode, `.` that is no `www.`/`ftp.` host: a bare domain with a known top-level
 * domain, or an IPv4 literal with a path or port (what linkify-it's fuzzyLink finds).
 * The host run around the dot is read once: later dots in it are passed over.
 */
function atFuzzyDot(scan: Scan, dot: number, floor: number): number {
  const { text, fuzzyRuns } = scan;
  if (dot < fuzzyRuns.done) return -1;
  const found = fuzzyHostAt(text, dot, Math.max(floor, fuzzyRuns.done));
  fuzzyRuns.done = found.runEnd;
  if (found.start === -1) return -1;
  const { start, hostEnd, ipv4 } = found;
  const after = hostEnd < scan.length ? text.charCodeAt(hostEnd) : 0x20;
  // After the host (fuzzyHostAt checked what may follow it): a port, path, query or fragment?
  const tail = after === 0x2f || after === 0x3a || after === 0x3f || after === 0x23;
  if (ipv4 ? !tail : !hasKnownTld(text, start, hostEnd)) return -1;
  const end = trimTrailing(text, start, tail ? bareRunEnd(text, hostEnd, false, afterSpacelessText(text, start)) : hostEnd, dot + 2);
  if (ipv4 && end <= hostEnd + 1) return -1;
  const url = `http://${text.slice(start, end)}`;
  accept(scan, start, end, 'schemeless', FUZZY_NOTES, url, 0, url.length);
  return end;
}

/** `@`: a bare e-mail address, as `mailto:`. Returns the new floor or -1. */
function atAt(scan: Scan, at: number, floor: number): number {
  const found = emailAt(scan.text, at, floor);
  if (!found) return -1;
  const url = `mailto:${scan.text.slice(found.start, found.end)}`;
  accept(scan, found.start, found.end, 'email', NO_NOTES, url, 0, url.length);
  return found.end;
}

/**
 * The next `.` at or after `from` that ends `www` or `ftp` at a word start, before a
 * letter or digit. Most dots end sentences or number sections (RFC text has about
 * 21,000 per MB), and a run of "www.www." has one at every fourth character: they are
 * passed over here, without a trip through the main loop.
 */
function nextHostDot(scan: Scan, from: number, floor: number): number {
  const { text, length, fuzzy } = scan;
  let at = fuzzy ? nextIndexOf(text, '.', from) : nextPrefixDot(text, from);
  let passed = 0;
  for (;;) {
    if (at < scan.refusedDotsBefore) at = passRefusedDots(scan, at);
    if (at >= length) return length;
    const before = text.charCodeAt(at - 1) | 0x20;
    if ((before === 0x77 /* w */ || before === 0x70) /* p */ && schemelessPrefixAt(text, at) !== NO_PREFIX && !isRefusedHost(scan, at)) {
      const next = pastRefusedShortHost(scan, at);
      if (next === at) return at;
      // A host after refused ones, read already: atDot's (see pastRefusedShortHost).
      if (next < 0) return -next - 1;
      at = next;
      continue;
    }
    if (!fuzzy) {
      at = nextPrefixDot(text, at + 1);
      continue;
    }
    // Fuzzy mode: any dot after a letter or digit of a host run not yet read.
    if (at >= scan.fuzzyRuns.done && isAlnum(text.charCodeAt(at - 1))) {
      if (!fastPaths || !scan.inPlace) return at;
      if (fuzzyLabelEndsAt(text, at)) {
        // Refused, its run read (as pastRefusedFuzzyHost would mark it): on to the next dot,
        // and past the ones after it refused alike (see pastFuzzyLabels).
        scan.fuzzyRuns.done = at + 1;
        at = pastFuzzyLabels(scan, nextIndexOf(text, '.', at + 1));
        continue;
      }
      const next = pastRefusedFuzzyHost(scan, at, floor);
      if (next === at) return at;
      at = next;
      continue;
    }
    if (at < scan.fuzzyRuns.done && fastPaths && scan.inPlace) {
      at = nextIndexOf(text, '.', scan.fuzzyRuns.done);
      continue;
    }
    // A dot right after a dot ends no "www" and no host label: a rule of dots is passed
    // over in one loop (bench row "(www.a then ."). Many dots after no letter or digit
    // (".:.:"): the next after one, natively (see DENSE_RUN).
    if (++passed === DENSE_RUN && fastPaths && scan.inPlace) at = secondOfPair(HOST_DOT, text, at + 1);
    else at = text.charCodeAt(at + 1) === 0x2e ? afterDots(text, at + 1) : nextIndexOf(text, '.', at + 1);
  }
}

/**
 * Fuzzy mode, from the dot at `at` (or the text's length): past each dot that nextHostDot
 * would pass over as it passes the one before (a dot fuzzyLabelEndsAt refuses, after a
 * letter or digit of a host run not yet read, no "w" or "p" before it, and none of the
 * refused hosts passRefusedDots passes), up to NAMELESS_STEPS of them, marked read as
 * there. The dot where that stops, for nextHostDot to read. A loop of its own, called,
 * not on-stack: "a.(" repeated was passed whole in one call of nextHostDot, whose loop
 * was compiled on-stack again after each collection (see PASS_STEPS), at about 75 MB/s.
 */
function pastFuzzyLabels(scan: Scan, at: number): number {
  const { text, length, fuzzyRuns } = scan;
  for (let step = 0; step < NAMELESS_STEPS; step++) {
    if (at >= length || at < scan.refusedDotsBefore || at < fuzzyRuns.done) return at;
    const before = text.charCodeAt(at - 1);
    const folded = before | 0x20;
    if (folded === 0x77 || folded === 0x70 || !isAlnum(before) || !fuzzyLabelEndsAt(text, at)) return at;
    fuzzyRuns.done = at + 1;
    at = nextIndexOf(text, '.', at + 1);
  }
  return at;
}

/**
 * Fuzzy mode, a dot at `dot` after a letter or digit of a host run not yet read: `dot`
 * when atFuzzyDot must look at it, or the next dot past its host run when fuzzyHostAt
 * refuses it (from the scan's floor now, and so from any later one: see
 * fuzzyRefusedEnd). That run is marked read, as atFuzzyDot marks it, and its later dots
 * are passed over with it: they end no "www" or "ftp" at a word start, as the characters
 * from the run's first dot on are host characters, so the one before a "www" after it
 * always continues a word (see schemelessPrefixAt). Without a trip through the scan's
 * loop per dot: ".:a", "a.(" repeated ran at about 0.1x normal text. Apart from
 * nextHostDot, which the scan's loop takes in.
 */
function pastRefusedFuzzyHost(scan: Scan, dot: number, floor: number): number {
  const refusedEnd = fuzzyRefusedEnd(scan.text, dot, Math.max(floor, scan.fuzzyRuns.done));
  if (refusedEnd === -1) return dot;
  scan.fuzzyRuns.done = refusedEnd;
  return nextIndexOf(scan.text, '.', refusedEnd);
}

/**
 * The next `.` at or after `from` that follows a "w" or a "p" in any case: the only
 * dots that can end "www" or "ftp". One search for "." per dot, and a look at the
 * character before it: measured on the generated mail and the RFC texts, cheaper than
 * four searches for "w.", "W.", "p." and "P." (5x on mail, where a search for "w." stops
 * at every "w" of the prose, and 1.2x on RFC text, 21,000 dots per MB). Module level over
 * plain values, so its compiled loop outlives a collection between scans.
 */
function nextPrefixDot(text: string, from: number): number {
  const length = text.length;
  let dot = nextIndexOf(text, '.', from);
  for (;;) {
    if (dot >= length) return length;
    let before = text.charCodeAt(dot - 1) | 0x20;
    if (before === 0x77 /* w */ || before === 0x70 /* p */) return dot;
    // The next dots by hand while they come within NEAR_LOOKAHEAD of the last, each
    // character read once, the one before a dot known: a rule of dots (bench row "(www.a
    // then .") and hostile ".:.:" in one loop, not a search per dot.
    let i = dot + 1;
    let near = Math.min(length, i + NEAR_LOOKAHEAD);
    let passed = 0;
    for (; i < near; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x2e) {
        if (before === 0x77 || before === 0x70) return i;
        // Dense (".:.:"): the rest natively (see DENSE_RUN).
        if (++passed === DENSE_RUN) return secondOfPair(PREFIX_DOT, text, i + 1);
        near = Math.min(length, i + 1 + NEAR_LOOKAHEAD);
      }
      before = code | 0x20;
    }
    // Read by hand already: a native search on (nextIndexOf would read them again).
    dot = indexFrom(text, '.', i);
  }
}

/**
 * How far past a refused short host prefixDotAfterHost looks for the next dot by hand:
 * spaced hosts of prose ("’ www.help.zzq" repeated) have the next "www." a space and a
 * word away, just past NEAR_LOOKAHEAD, and a native search on two-byte text cost about a
 * fifth of that row's time. Read only after such a host, never in plain prose.
 */
const AFTER_HOST_LOOKAHEAD = 16;

/**
 * {@link nextPrefixDot} from `from`, the end of a refused host, the first
 * AFTER_HOST_LOOKAHEAD characters by hand. When it read the four characters before the
 * dot it returns, `afterHost.prefix` tells whether they are a schemeless prefix at a word
 * start (see isSchemelessPrefix); false when it did not read them.
 */
function prefixDotAfterHost(text: string, from: number): number {
  const near = Math.min(text.length, from + AFTER_HOST_LOOKAHEAD);
  // The last four characters read, nearest first; no dot stands at `from`, the host's
  // end, so `c1` is set before a dot reads it.
  let c1 = 0;
  let c2 = 0;
  let c3 = 0;
  let c4 = 0;
  for (let i = from; i < near; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e) {
      const before = c1 | 0x20;
      if (before === 0x77 /* w */ || before === 0x70 /* p */) {
        afterHost.prefix = i - 4 >= from && isSchemelessPrefix(c4, c3, c2, c1);
        return i;
      }
      afterHost.prefix = false;
      return nextPrefixDot(text, i + 1);
    }
    c4 = c3;
    c3 = c2;
    c2 = c1;
    c1 = code;
  }
  afterHost.prefix = false;
  return nextPrefixDot(text, near);
}

/** What prefixDotAfterHost read before the dot it returned. One record, reused. */
const afterHost = { prefix: false };

/** The next `.` after the rule of dots that starts at `from`. */
function afterDots(text: string, from: number): number {
  let after = from + 1;
  while (after < text.length && text.charCodeAt(after) === 0x2e) after++;
  return nextIndexOf(text, '.', after);
}

/**
 * The next `:` at or after `from` that a scheme name could end: a letter, digit, `+`,
 * `-` or `.` right before it (RFC 3986 §3.1). Colons after words of prose ("Note:",
 * "10:30") are passed over here, without a trip through the main loop.
 */
function nextSchemeColon(text: string, from: number): number {
  const length = text.length;
  let at = nextIndexOf(text, ':', from);
  for (;;) {
    if (at >= length || isSchemeChar(text.charCodeAt(at - 1))) return at;
    // The next colons by hand while they come within NEAR_LOOKAHEAD of the last, each
    // character read once, the one before a colon known: a run of colons (no scheme name
    // before the second) and hostile "<:<:" in one loop, not a search per colon.
    let before = 0x3a;
    let i = at + 1;
    let near = Math.min(length, i + NEAR_LOOKAHEAD);
    let passed = 0;
    for (; i < near; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x3a) {
        if (isSchemeChar(before)) return i;
        // Dense (":<:<"): the rest natively (see DENSE_RUN).
        if (++passed === DENSE_RUN) return secondOfPair(SCHEME_COLON, text, i + 1);
        near = Math.min(length, i + 1 + NEAR_LOOKAHEAD);
      }
      before = code;
    }
    // Read by hand already: a native search on (nextIndexOf would read them again).
    at = indexFrom(text, ':', i);
  }
}

/**
 * The lengths of the {@link LABEL_SCHEMES} names as bits (`1 << (length - 1)`), by their
 * first letter: most names are none by these two reads, with no look-up in the set (the
 * greatest cost of unterminatedWrapperEnd, with names of 40 schemes in random order).
 */
const LABEL_SHAPES: Uint32Array = LABEL_SCHEMES.reduce((shapes, name) => {
  shapes[name.charCodeAt(0)] = ((shapes[name.charCodeAt(0)] as number) | (1 << (name.length - 1))) >>> 0;
  return shapes;
}, new Uint32Array(0x80));

/** True when `name` (a scheme's, lower case) is one of {@link LABEL_SCHEMES}. */
function isLabelName(name: string): boolean {
  const lengths = LABEL_SHAPES[name.charCodeAt(0) & 0x7f] as number;
  return (lengths & (1 << (name.length - 1))) !== 0 && LABEL_SCHEME_SET.has(name);
}

// What each ASCII character does in the body of an unterminated wrapper read by
// unterminatedWrapperEnd (UNTERMINATED_KIND): 0 nothing, or one of the following; any
// character beyond ASCII is UNTERMINATED_BAILS.
/** Ends the bare run (whitespace, '"': see BODY_END), not the body. */
const UNTERMINATED_RUN_ENDS = 1;
/** "<": ends the body, unterminated. */
const UNTERMINATED_ENDS = 2;
/** ">": the wrapper may be terminated (readWrapperBody's to read); beyond ASCII, spaceless text may change the run. */
const UNTERMINATED_BAILS = 3;
/** ".": a dot trigger after "w" or "p" (or after any letter or digit in fuzzy mode). */
const UNTERMINATED_DOT = 4;
/** ":": a trigger after a scheme character. */
const UNTERMINATED_COLON = 5;
/** "@": a trigger with e-mail addresses on. */
const UNTERMINATED_AT = 6;
const UNTERMINATED_KIND: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) =>
  code === 0x3c ? UNTERMINATED_ENDS : code === 0x3e ? UNTERMINATED_BAILS : endsBareUrl(code) ? UNTERMINATED_RUN_ENDS : code === 0x2e ? UNTERMINATED_DOT : code === 0x3a ? UNTERMINATED_COLON : code === 0x40 ? UNTERMINATED_AT : 0,
);

/**
 * How far past its scheme's colon unterminatedWrapperEnd reads a wrapper's body for the
 * "<" that leaves it unterminated (or the ">" of a simple terminated one), before it hands
 * the wrapper to the general path. A refused body of hostile text is a few characters
 * ("<ftp:x ", "<nfs://( "); the general path costs about 1 µs a wrapper, some 300
 * characters of normal text, so a body read here up to this length is still cheaper than
 * that trip. Past it the wrapper goes the general way, which reads it again: linear.
 */
const UNTERMINATED_BODY = 256;

/**
 * True when the name `text[start, colon)` (a letter first, then scheme characters, none
 * of them a known scheme's whole name) holds no trigger the scan would take: the
 * candidate atColon reads at its colon and the hosts atDot reads at its dots are refused
 * whatever the floor, with nothing to report, so a wrapper of this name is passed over
 * as one of a name of letters and digits is (see unterminatedWrapperEnd). The scan reads
 * such names from the wrapper's "<" or "<URL:" on: no scheme character stands before
 * `start`.
 * - "url" (the Appendix's prefix, which atColon reads whatever the registry holds): a
 *   candidate only with a scheme's name and colon after it, a colon trigger of the body
 *   that the caller reads ("<URL:URL:x" holds none).
 * - Every other name: no cut of it names a scheme ("x-http:" is "http:" to atColon,
 *   which cuts after each character that is no letter or digit before a letter).
 * - A "." of it after "w" or "p" is a dot trigger. atDot reads a host from 3 before it to
 *   a name end at or before the colon (a name stop, ":" among them) and refuses it for
 *   its top-level domain, or for having no domain of its own when no other "." follows
 *   ("<www.a:"): so no "." may stand after that dot in the name.
 * - In fuzzy mode, a "." after a letter or digit is a dot trigger of atFuzzyDot too: see
 *   fuzzyNameRefused.
 */
function namesNoCandidate(text: string, start: number, colon: number, readScheme: SchemeNameReader, fuzzy: boolean): boolean {
  if (colon - start === 3 && startsWithFold(text, start, 'url')) return true;
  let trigger = false;
  for (let cut = start + 1; cut < colon; cut++) {
    const before = text.charCodeAt(cut - 1);
    if (before === 0x2e) {
      if (trigger) return false;
      const folded = text.charCodeAt(cut - 2) | 0x20;
      trigger = folded === 0x77 || folded === 0x70;
    }
    if (!isAlnum(before) && isAlpha(text.charCodeAt(cut)) && readScheme(text, cut, colon) !== undefined) return false;
  }
  // A last "." ("<www.:") has no cut after it; atDot refuses it (no host character after).
  if (text.charCodeAt(colon - 1) === 0x2e && trigger) return false;
  return !fuzzy || fuzzyNameRefused(text, start, colon);
}

/**
 * Fuzzy mode: true when atFuzzyDot refuses, with nothing to report, every dot of the name
 * `text[start, colon)` that it reads with the floor at `start` (the wrapper's body, where
 * atAngle leaves it): the first dot after a letter or digit of each run of host
 * characters (the others stand before the run's end, `fuzzyRuns.done`). Refused: no host
 * there ("z39.50r:", whose last label starts with a digit, RFC 1738 §3.1), a host whose
 * top-level domain is none ("www.a:"), or a dotted quad with no port, path, query or
 * fragment after it. A host atFuzzyDot reads on is a candidate: false.
 */
function fuzzyNameRefused(text: string, start: number, colon: number): boolean {
  let done = start;
  for (let dot = start + 1; dot < colon; dot++) {
    if (text.charCodeAt(dot) !== 0x2e || dot < done || !isAlnum(text.charCodeAt(dot - 1))) continue;
    const found = fuzzyHostAt(text, dot, done);
    done = found.runEnd;
    if (found.start === -1) continue;
    const after = found.hostEnd < text.length ? text.charCodeAt(found.hostEnd) : 0x20;
    const tail = after === 0x2f || after === 0x3a || after === 0x3f || after === 0x23;
    if (found.ipv4 ? tail : hasKnownTld(text, found.start, found.hostEnd)) return false;
  }
  return true;
}

/**
 * For the unterminated wrapper whose body starts at `bodyStart` (after "<" or "<URL:"),
 * with a known scheme `known` whose name starts there and ends at `colon`, or (after
 * "<URL:") no name (`colon` -1, `known` undefined): what atAngle, then the scan's loop and
 * atColon, would do with it and with the wrappers right after it, in one pass: the new
 * floor, or -1 when the first is not such a wrapper (atAngle reads it the general way).
 * "<ftp:x ", "<nfs://( ", "<URL:mailto:( ", "<tel:x" in random order went through atAngle,
 * the main loop, the colon search and atColon, about 1 µs a wrapper (0.05x normal text).
 *
 * Unterminated: a "<" (RFC 1738 §2.2: no URL holds one) or the text's end comes before
 * any ">", within UNTERMINATED_BODY; readWrapperBody finds no body whatever the line
 * breaks between. atAngle leaves the body's start as the scan's floor and
 * `unterminatedBody`, and the body is read as bare text. Its first trigger is the
 * scheme's colon when the name holds no "." that a host may end at (after "w" or "p"; in
 * fuzzy mode, after a letter or digit unless atFuzzyDot refuses it, see fuzzyNameRefused).
 * A dot trigger of the body counts as a colon's does: inside the candidate, consumed with
 * it; after it, the scan's loop's to read. atColon reads the name back from the colon to
 * the floor, the body's start ("<" or ":" before it); the name is known, so no cut, no
 * emphasis, no "URL:" prefix. The run ends at the body's first whitespace, "<", ">" or
 * '"' (bareRunEnd, on ASCII only: no spaceless prose), trimmed as trimTrailing does; the
 * candidate is "scheme:" alone or refused by the scheme's quick refusal, with nothing to
 * report, or goes to accept, as atColon sends it. A label scheme not asked for bare is
 * refused at its colon. The floor returned is atColon's (or the colon's end), or the "<"
 * that ends the body when no colon after a scheme character, no dot trigger and no "@"
 * before a letter or digit (e-mail addresses on) stands after the candidate: no trigger
 * is passed over, and no look back from a
 * later trigger reads past that "<" (see BODY_END), nor past a colon.
 *
 * The wrappers after it, each at the floor so found (or after a terminated one and ASCII
 * whitespace): "<" or "<URL:" (not a run of empty "<URL:", see lastOfEmptyUrlWrappers),
 * then a known scheme's name (by its key, as refusedWrappersEnd reads it, or by the
 * registry's reader), a name of no scheme in which the scan reads no candidate (refused
 * at its colon, see namesNoCandidate: "<www.a:", "<URL:URL:x"), or no name, with a body
 * that holds no trigger. A terminated one whose body holds no whitespace, '"', "." or
 * character beyond ASCII is read as readWrapperBody and atAngle read it (no note, nothing
 * to repair): of a known scheme, sent to accept, or refused by the quick refusal, as
 * refusedWrappersEnd does; after "<URL:" with no known scheme, refused as readInPlace
 * refuses it. Up to PASS_STEPS wrappers a call, as other loops over refused triggers.
 * The first wrapper may be of no scheme too, after "<URL:", and then terminated or not:
 * atAngle asks before it reads the body of such a one.
 *
 * A name of no scheme with a dot or another mark, "url", a terminated "<URL:" of no known
 * scheme and "@" before no domain ended the pass, and the scan's loop, the dot and colon
 * searches, atDot and atAngle took the wrappers one at a time: in the mixes of refused
 * wrappers ("<" and "<URL:" prefixes) about 5,500 and 9,400 trips a megabyte; with
 * fuzzy mode, where any dot ended it, 32,700 and 19,900 (3,750 after, "<").
 */
function unterminatedWrapperEnd(scan: Scan, text: string, bodyStart: number, colon: number, known: KnownScheme | undefined): number {
  // The scan's fields read here, not in atAngle (see refusedWrappersEnd).
  const { fuzzy, emails, strict, nameEnds: table, bareLabels, readScheme } = scan;
  // Module-level constants read once: Node 20's V8 loads a module-level binding from the
  // module's context at each use, with a check that it is initialised, in every pass of a
  // loop (perf annotate of this function).
  const kinds = UNTERMINATED_KIND;
  const nameCodes = SHORT_NAME_CODE;
  const RUN_ENDS = UNTERMINATED_RUN_ENDS;
  const ENDS = UNTERMINATED_ENDS;
  const BAILS = UNTERMINATED_BAILS;
  const DOT = UNTERMINATED_DOT;
  const COLON = UNTERMINATED_COLON;
  const lastAlnum = LAST_ALNUM;
  const maxName = MAX_SCHEME_LENGTH;
  const maxShortName = MAX_SHORT_NAME;
  const urlKey = URL_KEY;
  const maxBody = UNTERMINATED_BODY;
  const length = text.length;
  let result = -1;
  // The wrapper is "<URL:...": atAngle notes its body's start whatever it holds.
  let url = text.charCodeAt(bodyStart - 1) === 0x3a;
  // The name may hold a "." (atAngle's, or one read below with a dot).
  let dotted = true;
  for (let wrappers = 0; wrappers < PASS_STEPS; wrappers++) {
    // The name of a known scheme: no "." that a host may end at (see below), a trigger
    // before the colon. A name of none holds only letters and digits (see below).
    if (known !== undefined && dotted) {
      for (let n = bodyStart + 1; n < colon; n++) {
        if (text.charCodeAt(n) === 0x2e) {
          const folded = text.charCodeAt(n - 1) | 0x20;
          if (folded === 0x77 || folded === 0x70) return result;
        }
      }
      // In fuzzy mode, a dot after a letter or digit ("<z39.50r:") unless atFuzzyDot refuses it.
      if (fuzzy && !fuzzyNameRefused(text, bodyStart, colon)) return result;
    }
    // The body, after the colon (or from its start when there is no name), to "<" or the
    // text's end, or to ">" (terminated: read below when it is simple).
    let i = colon === -1 ? bodyStart : colon + 1;
    const max = Math.min(length, i + maxBody);
    let runEnd = -1;
    // The last character at which a colon, "@" or "." may be a trigger of the scan.
    let trigger = -1;
    let dot = false;
    let terminated = false;
    // The colon, or the "<" or "URL:" before a body of no name: known, not read again.
    let before = colon !== -1 || url ? 0x3a : 0x3c;
    for (; i < max; i++) {
      const code = text.charCodeAt(i);
      const kind = code < 0x80 ? (kinds[code] as number) : BAILS;
      if (kind !== 0) {
        if (kind === RUN_ENDS) {
          if (runEnd === -1) runEnd = i;
        } else if (kind === ENDS) {
          break;
        } else if (kind === BAILS) {
          if (code !== 0x3e) return result;
          // After "<" and no scheme name, no wrapper: ">" is a run end of bare text.
          if (known !== undefined || url) {
            terminated = true;
            break;
          }
          if (runEnd === -1) runEnd = i;
        } else if (kind === DOT) {
          // In fuzzy mode a dot after a letter or digit only: the dot search passes over
          // the others whatever the path (see nextHostDot). A trigger as a colon is: one
          // inside the candidate is consumed with it, before the scan's loop gets there.
          const folded = before | 0x20;
          if (folded === 0x77 || folded === 0x70 || (fuzzy && isAlnum(before))) trigger = i;
          dot = true;
        } else if (kind === COLON ? isSchemeChar(before) : emails && isAlnum(text.charCodeAt(i + 1))) {
          // An "@" before no letter or digit starts no domain: atAt refuses it at once
          // whatever stands before it (see nextEmailAt, emailDomainEndIn).
          trigger = i;
        }
      }
      before = code;
    }
    if (i === max && max < length) return result;
    // Where the next wrapper's "<" stands, for the loop to go on with it; -1 to stop there.
    let next: number;
    let floor: number;
    if (terminated) {
      // A body of a known scheme with no whitespace, '"', "." or character beyond ASCII, to
      // its ">": readWrapperBody reads it as it stands, and atAngle notes nothing (no quote
      // to cut at, no line break, no authority to repair: that needs a dot) and sends it to
      // accept, as refusedWrappersEnd reads it too.
      if (runEnd !== -1 || dot) return result;
      const open = url ? bodyStart - 5 : bodyStart - 1;
      if (known === undefined) {
        // "<URL:" and no known scheme's name (terminated, so "<URL:" after all): refused in
        // readInPlace as it reads the body (no colon within a name's reach, or a name the
        // registry does not read when it refuses those), else the general path's to read.
        const bodyColon = schemeColonOf(text, bodyStart, i);
        if (bodyColon !== -1 && !(readScheme(text, bodyStart, bodyColon) === undefined && refusesUnreadNames(scan.registry))) return result;
      }
      floor = i + 1;
      if (floor - bodyStart <= SHORT_WRAPPER) scan.shortRuns = true;
      if (known === undefined) {
        // Refused, with nothing to report; accept spends the note (withWrapperNote).
        const note = scan.unterminatedBody;
        if (note !== -1 && open >= note && open - note <= MAX_UNTERMINATED_GAP) scan.unterminatedBody = -1;
      } else if (url || text.charCodeAt(i - 1) !== 0x2f || !isLabelName(known.name)) {
        // Not "<DAV:read/>" (see atAngle), passed over.
        if (i === colon + 1 ? known.builtIn : known.quick !== undefined && known.quick(text, colon, i, strict)) {
          // Refused in readInPlace, with nothing to report; accept spends the note (withWrapperNote).
          const note = scan.unterminatedBody;
          if (note !== -1 && open >= note && open - note <= MAX_UNTERMINATED_GAP) scan.unterminatedBody = -1;
        } else {
          accept(scan, open, floor, url ? 'wrapper' : 'angle', WRAPPER_NOTE_LISTS[0] as string[], text, bodyStart, i, colon, known);
        }
      }
      // ASCII whitespace after it (no trigger, and no look back reads past it), then "<".
      next = floor;
      for (let code = text.charCodeAt(next); code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d; code = text.charCodeAt(next)) next++;
      if (text.charCodeAt(next) !== 0x3c) next = -1;
      else floor = next;
      result = floor;
      if (next === -1) break;
    } else {
      if (runEnd === -1) runEnd = i;
      // Past the candidate, the floor is the "<" that ends the body (or the text's end) when
      // nothing after the candidate is a trigger: the scan's loop takes that "<" at its floor,
      // before the other searches (see runScan). Not after "=": atAngle reads "URL=" before a
      // "<" only at or after the floor.
      const pastTail = before === 0x3d ? -1 : i;
      if (known === undefined) {
        // No candidate: a name of no scheme, refused at its colon, or none at all. Every
        // trigger after is the scan's loop's to read.
        if (trigger !== -1 || pastTail === -1) return result;
        if (url) scan.unterminatedBody = bodyStart;
        floor = pastTail;
      } else if (isLabelName(known.name) && !bareLabels.has(known.name)) {
        scan.unterminatedBody = bodyStart;
        floor = trigger === -1 && pastTail !== -1 ? pastTail : colon + 1;
      } else {
        scan.unterminatedBody = bodyStart;
        // As atColon does on a short run.
        if (runEnd - colon <= SHORT_BODY + 1) scan.shortRuns = true;
        const last = text.charCodeAt(runEnd - 1);
        const end = runEnd === colon + 1 || keepsTail(last) ? runEnd : runEnd === colon + 2 && givesBackAlone(last) ? colon + 1 : trimTrailing(text, bodyStart, runEnd, colon + 1);
        floor = trigger < end && pastTail !== -1 ? pastTail : end;
        if (end === colon + 1 && known.builtIn) {
          // "scheme:" alone, refused by every built-in parser: as atAngle did, a short run refused whole.
          scan.shortRuns = true;
        } else if (known.quick === undefined || !known.quick(text, colon, end, strict)) {
          // accept decides; a candidate its quick refusal refuses it would refuse in
          // readInPlace, with nothing to report. Either way the note goes to no later
          // candidate, as the name stands between (see withWrapperNote).
          accept(scan, bodyStart, end, 'bare', NO_NOTES, text, bodyStart, end, colon, known);
        }
      }
      result = floor;
      if (floor !== pastTail || floor === length) break;
      next = floor;
    }
    // The next wrapper, its "<" at the floor: "<URL:" or "<", then a name and its colon, or
    // none. A name is read by its key (as refusedWrappersEnd reads it) when it is short,
    // else (and when the table lacks it) by the registry's reader, which atAngle uses.
    // Each character read once (a read costs a look at the string's representation):
    // "u" first, then the rest of "url:".
    const open = next;
    let code = text.charCodeAt(open + 1);
    url = (code | 0x20) === 0x75 && startsWithFold(text, open + 2, 'rl:');
    bodyStart = open + 1;
    if (url) {
      bodyStart = open + 5;
      code = text.charCodeAt(bodyStart);
      // "<URL:" then "<" or whitespace: a run of empty wrappers, passed over to its last with
      // no note for those before (see lastOfEmptyUrlWrappers).
      if (code <= 0x20 || code === 0x3c) break;
    }
    i = bodyStart;
    known = undefined;
    colon = -1;
    if (isAlpha(code)) {
      let key = 0;
      let hash = 0;
      // Letters and digits only: another scheme character may cut the name (see atColon).
      let alnum = true;
      dotted = false;
      const nameMax = Math.min(length, i + maxName + 1);
      for (;;) {
        // SHORT_NAME_CODE: the scheme characters but ".".
        const bits = code < 0x80 ? (nameCodes[code] as number) : 0;
        if (bits === 0) {
          if (code !== 0x2e) break;
          dotted = true;
          alnum = false;
        } else {
          if (bits > lastAlnum) alnum = false;
          key = key * 64 + bits;
          hash = (Math.imul(hash, 31) + bits) | 0;
        }
        if (++i === nameMax) break;
        code = text.charCodeAt(i);
      }
      if (code === 0x3a && i < nameMax) {
        // "url:" is the Appendix's prefix, whatever the registry holds: no scheme's name.
        const urlName = i - bodyStart === 3 && key === urlKey;
        if (!urlName) {
          // A short name ("+" and "-" have codes too) is looked up by its key, and is no
          // scheme when the table lacks it and holds every short name of the registry.
          const short = !dotted && i - bodyStart <= maxShortName;
          known = short ? shortNameScheme(table, key, hash) : undefined;
          if (known === undefined && !(short && table.shortNamesComplete)) known = readScheme(text, bodyStart, i);
        }
        // "url", or a name of no scheme with another scheme character in it, which may
        // hold one after a cut ("x-http:") or a dot trigger: passed over only when
        // neither atColon nor atDot would read a candidate in it, else atColon's to read.
        if (known === undefined && (urlName || !alnum) && !namesNoCandidate(text, bodyStart, i, readScheme, fuzzy)) break;
        colon = i;
      }
    }
  }
  return result;
}

/**
 * How far past the scan's floor (the end of what it consumed last) a trigger may stand
 * for atColon and atAngle to ask the reader of refused runs first (refusedRunEnd): hostile
 * text packs its refused words a few characters apart, each consumed up to the next, and
 * once the reader runs it consumes them itself; the URLs of real text stand after prose,
 * where the reader would only hand them back. Asked at every trigger, the RFC text cost 2%
 * more instructions (callgrind, 7,800 asks a pass); within 24 characters 0.4% (900), within
 * this 300 asks a pass, with bench row "refused candidates, mixed" as fast.
 */
const REFUSED_RUN_REACH = 12;

/** `<`: a `<URL:...>`, `URL=<...>` or `<scheme:...>` wrapper. Returns the new floor or -1. */
function atAngle(scan: Scan, open: number, floor: number): number {
  if (scan.shortRuns && open - floor <= REFUSED_RUN_REACH && scan.refusedWords && fastPaths) {
    // Once the scan has met a short run, the words from here on, read by the reader of
    // refused runs (refused-words.ts), up to the first it cannot decide.
    const past = refusedRunEnd(scan.text, open, true, floor, scan.nameEnds, scan.readScheme, LABEL_SCHEME_SET, scan.strict, scan.fuzzy);
    if (past !== -1) {
      // Nothing reported in between: the note of an unterminated wrapper goes to no later candidate.
      scan.unterminatedBody = -1;
      return past;
    }
  }
  const text = scan.text;
  const readScheme = scan.readScheme;
  let start = open;
  let bodyStart: number;
  let context: MatchContext;
  let colon = -1;
  let known: KnownScheme | undefined;
  if (text.charCodeAt(open - 1) === 0x3d && open - 4 >= floor && startsWithFold(text, open - 4, 'url=') && (open === 4 || !isAlnum(text.charCodeAt(open - 5)))) {
    // The early draft's form (seeds/004): URL=<ftp://...>.
    start = open - 4;
    bodyStart = open + 1;
    context = 'wrapper';
  } else if (startsWithFold(text, open + 1, 'url:')) {
    // Appendix: "URL:" in any case; whitespace after the colon is dropped with the rest.
    bodyStart = open + 5;
    context = 'wrapper';
    // A run of "<URL:" with no body: passed over to its last (see lastOfEmptyUrlWrappers).
    // A body of whitespace only ("<URL: <URL: ") with the in-place readers on, so that
    // the slow path checks it.
    if (text.charCodeAt(bodyStart) === 0x3c || (scan.inPlace && emptyBodyAngle(text, bodyStart) !== -1)) {
      open = start = lastOfEmptyUrlWrappers(text, open);
      if (emptyUrlBody !== -1) scan.unterminatedBody = emptyUrlBody;
      bodyStart = open + 5;
    }
    // A short body refused whole (row "<URL:http:/>"), and the run of such wrappers after it.
    // A body of no known scheme ("<URL:data:> ", "<URL:x>"), terminated or not, is read by
    // unterminatedWrapperEnd, which finds where it ends, with the wrappers after it: the
    // general way, about 0.4 µs a wrapper when each is terminated. Only here: the wrappers
    // of real mail name a known scheme, and a body is not read twice (see below).
    if (scan.shortRuns && scan.inPlace && fastPaths && scan.onReject === undefined && text.charCodeAt(bodyStart) > 0x20) {
      const bodyColon = schemeRunEnd(text, bodyStart);
      const bodyKnown = bodyColon === -1 ? undefined : readScheme(text, bodyStart, bodyColon);
      const end =
        bodyKnown !== undefined
          ? refusedWrappersEnd(scan, text, open, bodyStart, bodyColon, bodyKnown)
          : bodyColon === -1 || namesNoCandidate(text, bodyStart, bodyColon, readScheme, scan.fuzzy)
            ? unterminatedWrapperEnd(scan, text, bodyStart, bodyColon, undefined)
            : -1;
      if (end !== -1) return end;
    }
  } else {
    colon = schemeRunEnd(text, open + 1);
    if (colon === -1 || (known = readScheme(text, open + 1, colon)) === undefined) return -1;
    // "<http:<" and "<http: <": the next "<" ends the body before any ">" (RFC 1738 §2.2:
    // no URL contains one), so the wrapper is unterminated, and its bare reading is
    // "http:" alone (whitespace ends a bare run), refused by every built-in parser. With
    // no one asking for rejections, go on after the colon.
    if (scan.inPlace && known.builtIn && scan.onReject === undefined && emptyBodyAngle(text, colon + 1) !== -1) {
      // A run of them: passed over to the last (see lastOfEmptySchemeWrappers).
      const last = lastOfEmptySchemeWrappers(text, open, colon, known.name, readScheme);
      if (last !== open) colon = schemeRunEnd(text, last + 1);
      scan.unterminatedBody = last + 1;
      return colon + 1;
    }
    if (scan.shortRuns && scan.inPlace && fastPaths && known.builtIn && scan.onReject === undefined) {
      // A short body refused whole, terminated ("<http:>") or unterminated at the next "<"
      // ("<http:/"), and the run of such wrappers after it.
      const end = refusedWrappersEnd(scan, text, open, open + 1, colon, known);
      if (end !== -1) return end;
    }
    bodyStart = open + 1;
    context = 'angle';
  }
  const body = readWrapperBody(text, bodyStart, open);
  // A short wrapper arms refusedWrappersEnd for the rest of the scan, as a short run arms
  // refusedWordsFrom (see Scan.shortRuns): tried at every wrapper, it cost (a) 2.6% of its
  // instructions, and most wrappers of real mail are longer (see SHORT_WRAPPER).
  if (body && body.end - bodyStart <= SHORT_WRAPPER) scan.shortRuns = true;
  if (!body) {
    // Unterminated: not a wrapper. Its body is scanned as bare text.
    scan.unterminatedBody = bodyStart;
    // "<scheme:..." or "<URL:..." (not "URL=<", whose start stands before its "<"): read in
    // one pass with the wrappers after it, as the scan would read them (see
    // unterminatedWrapperEnd). Asked only here, once readWrapperBody has found no ">": a
    // real wrapper's body is not read twice (3,500 a pass over (a), 67 characters each).
    if (start === open && scan.inPlace && fastPaths && scan.onReject === undefined) {
      let end: number;
      if (known !== undefined) end = unterminatedWrapperEnd(scan, text, bodyStart, colon, known);
      else {
        // After "URL:", a known scheme's name, a name in which the scan reads no candidate
        // ("<URL:www.a:x ", "<URL:URL:x ", see namesNoCandidate) or none ("<URL:x ",
        // "<URL:// "). Not "url:" as a scheme: atColon reads it as the Appendix's prefix.
        const bodyColon = schemeRunEnd(text, bodyStart);
        const bodyKnown = bodyColon === -1 || (bodyColon - bodyStart === 3 && startsWithFold(text, bodyStart, 'url')) ? undefined : readScheme(text, bodyStart, bodyColon);
        end =
          bodyKnown !== undefined
            ? unterminatedWrapperEnd(scan, text, bodyStart, bodyColon, bodyKnown)
            : bodyColon === -1 || namesNoCandidate(text, bodyStart, bodyColon, readScheme, scan.fuzzy)
              ? unterminatedWrapperEnd(scan, text, bodyStart, bodyColon, undefined)
              : -1;
      }
      if (end !== -1) return end;
    }
    // Unless the bare reading is "scheme:" alone (a run of "<http:"), which every
    // built-in parser refuses: with no one asking for rejections, skip past its colon.
    if (known !== undefined && scan.inPlace && known.builtIn && scan.onReject === undefined && trimTrailing(text, bodyStart, bareRunEnd(text, colon + 1), colon + 1) === colon + 1) {
      // A short run refused whole: it arms refusedWrappersEnd (see Scan.shortRuns).
      scan.shortRuns = true;
      return colon + 1;
    }
    return bodyStart;
  }
  let url = body.url;
  // XML 1.0 §3.1 EmptyElemTag: "<DAV:read/>" is an element of a label-like namespace
  // (RFC 4918 §14 property names), not a URL in angle brackets.
  if (context === 'angle' && known !== undefined && LABEL_SCHEMES.includes(known.name) && url.endsWith('/')) return body.end;
  let hyphenBreaks = body.hyphenBreaks;
  /** The scanner's notes, as a mask over WRAPPER_NOTES. */
  let found = 0;
  // RFC 1738 §2.2: '"' is unsafe and never stands unencoded in a URL; one in a wrapper is
  // left from markup around it (<http://a.example/TR/">): the URL ends before it.
  const quote = url.indexOf('"');
  if (quote !== -1) {
    url = url.slice(0, quote);
    hyphenBreaks = hyphenBreaks.filter((index) => index < quote);
    found |= CUT_AT_QUOTE;
  }
  const repaired = repairedAuthority(url);
  if (repaired !== undefined) {
    url = repaired;
    hyphenBreaks = hyphenBreaks.map((index) => index + 2);
    found |= REPAIRED_AUTHORITY;
  }
  if (hyphenBreaks.length > 0) found |= HYPHEN_BREAK;
  if (body.quotePrefix) found |= QUOTE_PREFIX;
  const notes = WRAPPER_NOTE_LISTS[found] as string[];
  // One reading (no hyphen at a line break): validated as it is, with no candidate record.
  // A body written in one piece (nothing dropped, nothing added) is read where it stands
  // in the text: the scheme read above is reused, and the parts are cut from the text.
  if (hyphenBreaks.length === 0 && (found & REPAIRED_AUTHORITY) === 0 && body.url.length === body.end - 1 - bodyStart) {
    accept(scan, start, body.end, context, notes, text, bodyStart, bodyStart + url.length, colon, known, url);
  } else if (hyphenBreaks.length === 0) accept(scan, start, body.end, context, notes, url, 0, url.length);
  else propose(scan, { start, end: body.end, readings: hyphenReadings(url, hyphenBreaks), context, notes });
  return body.end;
}

/**
 * For the wrapper at `open` whose body starts at `bodyStart` (`open + 5` after "<URL:",
 * else `open + 1`) with a known scheme `known` that ends at `colon`: the new floor when
 * atAngle, and atColon after it, would consume the wrapper with nothing to report and
 * nothing after it depends on their doing so; then the same for each next wrapper of a
 * run of such, up to PASS_STEPS ("<http:/", "<http:>" or "<URL:http:/>" repeated:
 * each went through the scan's loop, atAngle, the search for the next "<" and atColon,
 * at 0.05x to 0.3x normal text). -1 when the first is none; otherwise the scan's
 * unterminatedBody is left as after the last (see below).
 *
 * The body after the colon is at most SHORT_BODY printable ASCII characters, with no
 * whitespace, `"` or `.`, then:
 * - `>`: terminated, read by readWrapperBody as it stands with no note (no quote to cut
 *   at, no line break, no authority to repair: that needs a dot), and refused whole in
 *   accept's readInPlace: "scheme:" alone, which every built-in parser refuses, or refused
 *   by the scheme's quick refusal. accept spends the unterminated-wrapper note, except on
 *   "<DAV:read/>", which atAngle passes over before it;
 * - `<` or the text's end, after "<scheme:" only: unterminated, and its bare reading from
 *   the name (whole after "<", with no "." in it: no dot trigger in it) holds no trigger of
 *   the scan (`:`, `@` with e-mail addresses on) and no `_`, `=`, `>`; the reading, its
 *   tail given back, is refused as refusedWordsFrom's are, and atColon consumes it. The
 *   note is then this body's start, as atAngle leaves it (accept may spend it: either way
 *   it goes to no later candidate, as the name stands between).
 * The next wrapper's "<" stands right there, after `>` or a body with no "=" (no "URL=<"),
 * before "URL:" and a body that starts with neither "<" nor whitespace (no run of empty
 * "<URL:"), or before a known name of a built-in parser (read by its key, as
 * refusedWordsFrom reads names) and a body that starts with no whitespace.
 */
function refusedWrappersEnd(scan: Scan, text: string, open: number, bodyStart: number, colon: number, known: KnownScheme): number {
  // The scan's fields read here, not in atAngle: code compiled for atAngle that read them
  // was thrown away and compiled again on the second scan of a text (bench (a)).
  const { nameEnds: table, strict, emails } = scan;
  let note = scan.unterminatedBody;
  const length = text.length;
  let result = -1;
  for (let wrappers = 0; wrappers < PASS_STEPS; wrappers++) {
    const url = bodyStart !== open + 1;
    // The body: to ">" (terminated), or to "<" or the text's end (unterminated).
    const max = Math.min(length, colon + 2 + SHORT_BODY);
    let i = colon + 1;
    let last = 0x3a;
    let bare = true;
    let code = 0;
    for (; i < max; i++) {
      code = text.charCodeAt(i);
      if (code === 0x3e || code === 0x3c) break;
      if (code <= 0x20 || code >= 0x7f || code === 0x22 || code === 0x2e) {
        code = -1;
        break;
      }
      const kind = SHORT_BODY_KIND[code] as number;
      if (kind !== 0 && !(kind === BODY_AT && !emails)) bare = false;
      last = code;
    }
    let next: number;
    if (code === 0x3e && i < max) {
      if (!(i === colon + 1 ? known.builtIn : known.quick !== undefined && known.quick(text, colon, i, strict))) break;
      // accept spends the note (withWrapperNote): not on "<DAV:read/>".
      if ((url || last !== 0x2f || !LABEL_SCHEME_SET.has(known.name)) && note !== -1 && open >= note && open - note <= MAX_UNTERMINATED_GAP) note = -1;
      result = next = i + 1;
    } else if (!url && bare && ((code === 0x3c && i < max) || i === length) && !(wrappers === 0 && known.name.includes('.'))) {
      // One character after the colon, given back ("<http:)"): the name and it hold no "(".
      const end = i === colon + 1 || keepsTail(last) ? i : i === colon + 2 && givesBackAlone(last) ? colon + 1 : trimTrailing(text, bodyStart, i, colon + 1);
      if (!(end === colon + 1 ? known.builtIn : known.quick !== undefined && known.quick(text, colon, end, strict))) break;
      note = bodyStart;
      result = end;
      next = i;
    } else {
      break;
    }
    // The next wrapper, its "<" right there.
    if (text.charCodeAt(next) !== 0x3c) break;
    open = next;
    bodyStart = startsWithFold(text, open + 1, 'url:') ? open + 5 : open + 1;
    i = bodyStart;
    code = text.charCodeAt(i);
    if (!isAlpha(code)) break;
    let key = 0;
    let hash = 0;
    const nameMax = Math.min(length, i + MAX_SHORT_NAME + 1);
    for (; i < nameMax; i++) {
      code = text.charCodeAt(i);
      const bits = code < 0x80 ? (SHORT_NAME_CODE[code] as number) : 0;
      if (bits === 0) break;
      key = key * 64 + bits;
      hash = (Math.imul(hash, 31) + bits) | 0;
    }
    if (code !== 0x3a || i === nameMax || key === URL_KEY) break;
    const nextKnown = shortNameScheme(table, key, hash);
    if (nextKnown === undefined || (bodyStart === open + 1 && !nextKnown.builtIn) || text.charCodeAt(i + 1) <= 0x20) break;
    known = nextKnown;
    colon = i;
  }
  // Stored once, on the scan: a module-level variable that changes here sent atAngle's
  // compiled code back to be compiled again (V8 assumes such a variable constant).
  if (result !== -1) {
    scan.unterminatedBody = note;
    // As atColon does on a short run.
    scan.shortRuns = true;
  }
  return result;
}

/**
 * {@link nextSchemeColon}, past the emphasis colons refused alike after the last (see
 * RefusedEmphasis). Apart from it: code added to its loop costs every text a few
 * percent, and a page of ":" a third. A colon returned past the emphasis run may be
 * prose's, which atColon refuses.
 */
function nextColonPastEmphasis(scan: Scan, from: number, floor: number): number {
  const refuse = scan.inPlace && fastPaths;
  // A scheme's colon before what ends every bare run (see ENDS_BODY_AT_ONCE) is refused
  // in the search too, when no one asks for rejections and no parser of the registry
  // may take "scheme:" alone.
  const bodyless = refuse && scan.onReject === undefined && scan.nameEnds.builtInOnly;
  // Words refused whole are passed over once atColon has read a short run (see refusedWordsFrom).
  const words = bodyless && scan.shortRuns;
  for (;;) {
    const found = colonFrom(scan.text, from, floor, scan.readScheme, scan.refusedEmphasis, scan.nameEnds, refuse, bodyless, words, scan.bareLabels.size === 0, scan.strict, scan.emails, scan.fuzzy);
    if (found >= 0) return found;
    from = -found - 1;
  }
}

/**
 * nextColonPastEmphasis from `from`: the colon it finds, or `-(i + 1)` when it has
 * refused PASS_STEPS colons, for the offset `i` to go on from. `refuse`: the fast paths
 * are on; `bodyless`: colons before a body that ends at once are refused too (see
 * endsBodyAtOnce). Plain values, not the scan: code compiled for a scan's object does
 * not outlive a collection (see Scan).
 */
function colonFrom(text: string, from: number, floor: number, readScheme: SchemeNameReader, emphasis: RefusedEmphasis, table: SchemeNameTable, refuse: boolean, bodyless: boolean, words: boolean, labels: boolean, strict: boolean, emails: boolean, fuzzy: boolean): number {
  const length = text.length;
  /** How many colons in a row were refused here, each close after where the search for it began. */
  let close = 0;
  for (let step = 0; ; step++) {
    if (step === PASS_STEPS) return -(from + 1);
    let at = nextSchemeColon(text, from);
    if (at < emphasis.before) at = passRefusedEmphasis(text, at, emphasis, readScheme, floor);
    if (at >= length || !refuse) return at;
    let next = at + 1;
    if (!namesNoScheme(text, at, table) && !(bodyless && endsBodyAtOnce(text, at))) {
      // The word of a known scheme's short body refused whole, and those after it that
      // are refused alike: the search goes on after them.
      const start = words ? wordStart(text, at, floor) : -1;
      const past = start === -1 ? start : refusedWordsFrom(text, start, table, readScheme, labels, strict, emails, fuzzy);
      if (past === start) return at;
      next = past;
    }
    // Refused colons close together, many in a row: words before colons ("abcd:abcd:"),
    // read on by hand as far as a scheme name reaches.
    close = at - from <= WIDE_COLON_WINDOW ? close + 1 : 0;
    const window = close >= DENSE_RUN ? WIDE_COLON_WINDOW : NEAR_COLON_WINDOW;
    from = next;
    if (from >= emphasis.before) {
      // Past the emphasis memory: the next colons, while they come close, by hand.
      const near = nearNamingColon(text, from, table, window, bodyless, words);
      if (near >= 0) return near;
      from = -near - 1;
    }
  }
}

/**
 * How far past a refused colon nearNamingColon reads by hand for the next one; past it,
 * a native search. Colons of prose are far apart, of hostile text close together.
 */
const NEAR_COLON_WINDOW = 4;

/**
 * nearNamingColon's window after DENSE_RUN refused colons in a row, each at most this far
 * from the last: the longest scheme name and its colon. Colons after words ("abcdefgh:"
 * repeated) come a word apart, past NEAR_COLON_WINDOW, and each cost a native search (0.5x
 * normal text). Mail headers and times ("Date: ... 10:30:00") hold a few close colons in a
 * row: after two, this window cost the pipermail text about 4%.
 */
const WIDE_COLON_WINDOW = MAX_SCHEME_LENGTH + 1;

/** What nearNamingColon does with each ASCII character (NEAR_KIND): */
const NEAR_ENDS_RUN = 0;
const NEAR_SCHEME_CHAR = 1;
const NEAR_COLON = 2;
/**
 * One look-up per character instead of isSchemeChar's comparisons, which a space (the
 * character before each word of hostile rows such as "http: " repeated) fails all of:
 * about 15% of nearNamingColon's time on those rows.
 */
const NEAR_KIND: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) => (code === 0x3a ? NEAR_COLON : isSchemeChar(code) ? NEAR_SCHEME_CHAR : NEAR_ENDS_RUN));

/**
 * From `from`, just after a colon: the first colon whose name could be a scheme's, found
 * by hand in one read of each character, while each comes within NEAR_COLON_WINDOW of
 * the last ("a:a:a:", ".:.:"); the others are passed over as nextSchemeColon and
 * namesNoScheme pass them. When none comes near, `-(i + 1)` for the offset `i` at which
 * to search on.
 */
function nearNamingColon(text: string, from: number, table: SchemeNameTable, window: number, bodyless: boolean, words: boolean): number {
  const { ends, hashes } = table;
  const length = text.length;
  // The run of scheme characters before each colon; none before `from`, a colon's next.
  let runStart = from;
  let end = Math.min(length, from + window);
  // The answer when no colon comes near, set with `end` rather than computed after the
  // loop: V8 compiles the loop (on-stack) before any call has left it, and an operation
  // with no feedback on the way out sent every later call back to the interpreter.
  let miss = end === length ? length : -(end + 1);
  let i = from;
  let passed = 0;
  let colons = 0;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    const kind = code < 0x80 ? (NEAR_KIND[code] as number) : NEAR_ENDS_RUN;
    if (kind === NEAR_SCHEME_CHAR) continue;
    if (kind === NEAR_COLON) {
      if (i > runStart && !namesNoSchemeIn(text, runStart, i, ends, hashes) && !(bodyless && endsBodyAtOnce(text, i))) {
        // Words refused whole are colonFrom's to look at (see refusedWordsFrom): from this colon.
        if (words) return -(i + 1);
        return i;
      }
      if (++passed === DENSE_RUN) {
        // Dense: the next colon a name of the registry ends, before a body when `bodyless`
        // (see namedColon), natively: what that pattern passes over is refused here
        // ("http: ", "tel:( ", "abcdefgh:" repeated, each name read once). What it
        // finds is the scan's, or colonFrom's when words are refused whole.
        const next = secondOfPair(bodyless ? table.namedColonBeforeBody : table.namedColon, text, i + 1);
        return next === length ? length : words ? -(next + 1) : next;
      }
      runStart = i + 1;
      // After PASS_STEPS colons the search hands back to colonFrom (see PASS_STEPS): the
      // window ends at once, and the loop leaves with the answer to go on after this colon.
      end = Math.min(length, i + 1 + (++colons === PASS_STEPS ? 0 : window));
      miss = end === length ? length : -(end + 1);
    } else {
      runStart = i + 1;
    }
  }
  return miss;
}

/**
 * ASCII characters that end every bare run (see bareRunEnd), as 1 or 0: whitespace and
 * controls, `<`, `>`, `"`. None is a scheme, host or local-part character, so no look
 * back from a later trigger (a scheme name, a schemeless host, an e-mail address, "URL=")
 * reads past one, wherever the scan's floor stands.
 */
const BODY_END: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) => (endsBareUrl(code) ? 1 : 0));

/**
 * True when what follows the colon at `colon` ends every bare run at once: whatever
 * scheme name atColon reads before it (whatever the floor), the trimmed candidate is
 * "scheme:" alone, which every built-in parser refuses; a label or no scheme is refused
 * anyway, and a "URL:" prefix with no scheme after it. atColon then refuses the colon or
 * consumes it alone, and nothing after it depends on which (a later look back stops at
 * the character after it, see BODY_END); with no one asking for rejections nothing is
 * reported, so the search passes over it: "http: " repeated went through the scan's loop
 * and the run memories at every colon, at about 0.2x normal text.
 */
function endsBodyAtOnce(text: string, colon: number): boolean {
  const code = text.charCodeAt(colon + 1);
  return code < 0x80 && BODY_END[code] === 1;
}

/**
 * How many characters a body may hold for refusedWordsFrom: hostile rows of refused
 * bodies ("http:/ ", "mailto:( ", bench row "varied refused bodies" with up to 8) end
 * their run within a few characters; a real URL's runs on past it, and costs at most
 * this many reads before the search hands its colon to atColon. atColon arms the search
 * (`Scan.shortRuns`) when it reads a run this short.
 */
const SHORT_BODY = 10;

/**
 * How long a terminated wrapper's body (to its ">") may be and arm the scan's fast paths for
 * refused words and wrappers (Scan.shortRuns): a short name, its colon and a short body, the
 * ">" included (20). Most wrappers of real mail are longer; a short real one
 * ("<URL:http://a.example/>", 18) arms them too, which costs only their tries, as before the
 * arming (2.6% of (a)'s instructions when tried at every wrapper).
 */
const SHORT_WRAPPER = MAX_SHORT_NAME + 2 + SHORT_BODY;

/** What each ASCII character does in a short body (see refusedWordsFrom): 0 nothing, or one of the following. */
const BODY_ENDS = 1;
/** A trigger of the scan (`:`, `.`), a mark a later look back reads (`_`, `=`), or a run end other than whitespace. */
const BODY_STOPS = 2;
/** `@`: a trigger when e-mail addresses are on. */
const BODY_AT = 3;
const SHORT_BODY_KIND: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) =>
  code <= 0x20 ? BODY_ENDS : code === 0x40 ? BODY_AT : endsBareUrl(code) || code === 0x3a || code === 0x2e || code === 0x5f || code === 0x3d ? BODY_STOPS : 0,
);

/** `.` in a word's body: a trigger after "w" or "p" (the end of "www" or "ftp", see nextPrefixDot), or in fuzzy mode. */
const BODY_DOT = 4;
/**
 * SHORT_BODY_KIND for the bodies of refusedWordsFrom. Whitespace, `"` and `>` end a word:
 * each ends every bare run and is no scheme, host or local-part character, so no look
 * back from a later trigger reads past it (see BODY_END). `<` is a trigger of its own and
 * stops. A `:` is the body's (the word is consumed whole, the colons in it with it): glued
 * words ("nfs:(ftp:/ ") are one word. A `.` that no dot search stops at is the body's too.
 */
const WORD_BODY_KIND: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) =>
  code <= 0x20 || code === 0x22 || code === 0x3e
    ? BODY_ENDS
    : code === 0x40
      ? BODY_AT
      : code === 0x2e
        ? BODY_DOT
        : endsBareUrl(code) || code === 0x5f || code === 0x3d
          ? BODY_STOPS
          : 0,
);

/**
 * Marks that may stand between whitespace (or the end of the word before) and a word's
 * name, as in "(http:/ ", "\"mailto:( " or "foo:news:( ": printable ASCII that is no
 * scheme character (so atColon's name stops there too) and no host or domain character,
 * neither "<" nor "@" (triggers), nor "_" or "=" (marks a look back reads: an emphasis,
 * "URL=<"). No candidate of a trigger before the name ends inside it, whatever the floor:
 * such a candidate ends at a run's end, a host's or an address's end (whose characters
 * stop at the mark), or its run's tail given back, which stops at its last letter or
 * digit, or after a colon when nothing follows it ("scheme:" alone): never inside a name
 * that follows a mark and ends in a letter or digit before its colon. A ":" is a mark:
 * the colon before is refused without consuming anything (the search passed it) or its
 * candidate takes the name with it.
 */
const WORD_MARK: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) =>
  code > 0x20 && code < 0x7f && !isSchemeChar(code) && code !== 0x5f && code !== 0x3d && code !== 0x3c && code !== 0x40 ? 1 : 0,
);

/**
 * How many characters a body may hold for refusedWordsFrom (more than SHORT_BODY, which
 * arms it): refused words glued together ("nfs:(ftp:/gopher:% ") are one word, a body of
 * several short ones. A real URL's run goes on past it, and costs at most this many reads
 * before the search hands its colon to atColon; only once the scan has met a short run.
 */
const WORD_BODY = 40;

/**
 * How many names with no colon after them refusedWordsFrom reads on in a row: the bodies of
 * hostile words hold one or two ("foo:a(", "tel:a.b "), prose a run of them, which the
 * native colon search passes faster (reading on, the RFC text cost 2.5% more).
 */
const MAX_TEXT_NAMES = 2;

/** How many marks (WORD_MARK) refusedWordsFrom passes before a name: a prefix of a few. */
const MAX_WORD_MARKS = 4;

/**
 * The start of the word whose colon is at `colon` (see refusedWordsFrom): its name runs
 * back from the colon over scheme characters to whitespace, a mark (WORD_MARK) or the
 * text's start, at or after the floor, within MAX_SCHEME_LENGTH; or the "_" before such a
 * name, itself after whitespace, a mark or the text's start (an emphasis, see atColon);
 * -1 otherwise.
 */
function wordStart(text: string, colon: number, floor: number): number {
  const min = Math.max(floor, colon - MAX_SCHEME_LENGTH);
  let start = colon;
  while (start > min && isSchemeChar(text.charCodeAt(start - 1))) start--;
  if (start === colon || start === 0) return start < colon ? start : -1;
  const before = text.charCodeAt(start - 1);
  if (before <= 0x20 || (before < 0x80 && WORD_MARK[before] === 1)) return start;
  if (before !== 0x5f || start - 1 <= floor) return -1;
  const mark = text.charCodeAt(start - 2);
  return start - 1 === 0 || mark <= 0x20 || (mark < 0x80 && WORD_MARK[mark] === 1) ? start - 1 : -1;
}

/**
 * From `from`, the start of a word (or whitespace before one): the offset at which the
 * colon search goes on, past the words that atColon would consume with nothing to report
 * and whose consumption changes nothing after them, and past the colons it would refuse
 * at once; `from` when the first word is none of these. Asked only when no one listens
 * for rejections, every parser of the registry is urlsift's own, and atColon has read a
 * short run in this scan (`Scan.shortRuns`): real URLs' runs are long, and prose holds no
 * such word. Rows "http:/ ", "mailto:( ", "URL:http:/ " and "varied refused bodies" went
 * through the scan's loop, atColon and the run memories per word, at about 0.15x normal
 * text; here each character is read once.
 *
 * A word is whitespace and marks (WORD_MARK, a few at a time), a name, `:`, a body, then
 * whitespace or the text's end:
 * - the name is letters, digits, "+" and "-", at most MAX_SHORT_NAME, starting with a
 *   letter and ending in a letter or digit: a known scheme's, or "URL" then `:` and such
 *   a name (the Appendix's prefix, as atColon reads it). After whitespace or a mark, at or
 *   after the floor (every word after the first starts past where atColon would have
 *   consumed the one before), and with no "." in it, no trigger before it consumes text
 *   that ends inside it (a host or address ends at a stop, a run's tail given back stops
 *   at its last letter or digit), so atColon reads that very name;
 * - the body is ASCII, at most SHORT_BODY characters, with no trigger of the scan (`:`,
 *   `.`, `@` with e-mail addresses on) and no `_` or `=`, and ends at whitespace, which
 *   no look back from a later trigger reads past (see BODY_END);
 * - the candidate, its tail given back (trimTrailing), is "scheme:" alone, which every
 *   built-in parser refuses, or one the scheme's quick refusal refuses.
 * atColon then consumes the word with nothing to report; no later candidate gets the
 * unterminated-wrapper note it spends, as the word's characters stand between.
 *
 * A colon that atColon refuses at once, whatever its body, consumes nothing and changes
 * nothing: the pass goes on right after it, the body read as marks and words (the colons
 * in it are the scan's, and are read so). Such a colon ends the name (of scheme
 * characters, after whitespace or a mark, so atColon reads that name) of no scheme, as
 * atColon reads it (RFC 3986 §3.1, with the cut after prose punctuation, see
 * refusesNameAtOnce); of a label scheme not asked for bare (LABEL_SCHEMES); the "URL:"
 * prefix before no scheme name and colon; or an emphasis "_scheme:" whose run's tail
 * given back does not end in "_" (atColon's identifier rule: its memory of refused
 * emphasis only spares later colons of the same run, which are read here). Names of
 * scheme characters with no colon after them, before whitespace or a mark, are text.
 */
function refusedWordsFrom(text: string, from: number, table: SchemeNameTable, readScheme: SchemeNameReader, labels: boolean, strict: boolean, emails: boolean, fuzzy: boolean): number {
  const length = text.length;
  let i = from;
  let start = from;
  // The scheme of the last word's name, by its key: a run of words mostly repeats a few names.
  let lastKey = -1;
  let lastKnown: KnownScheme | undefined;
  // Whether that scheme is a label refused at its colon: one the table leaves out (see
  // Scan.nameEnds; one look-up, not isLabelName's per word).
  let lastLabel = false;
  // The name is glued to an "@" before it ("a@ftp:"): no word's (see WORD_MARK).
  let afterAt = false;
  // Names with no colon after them read since the last colon (see MAX_TEXT_NAMES).
  let texts = 0;
  for (let words = 0; words < PASS_STEPS; words++) {
    // Whitespace, then the name: each character read once. A bounded loop, not a read
    // past the end: V8 compiled that read as a call (no feedback for the string there).
    let code = 0;
    for (; i < length; i++) {
      code = text.charCodeAt(i);
      if (code > 0x20) break;
    }
    // Marks before the name (see WORD_MARK); whitespace after them is another gap.
    // Bounds by comparison, not Math.min: V8 compiled Math.min's result as a double here,
    // and every `i < max` of the loops after it as a comparison of doubles.
    const marksEnd = i + MAX_WORD_MARKS < length ? i + MAX_WORD_MARKS : length;
    if (i < marksEnd && code < 0x80 && WORD_MARK[code] === 1) afterAt = false;
    while (i < marksEnd && code < 0x80 && WORD_MARK[code] === 1) code = ++i < length ? text.charCodeAt(i) : 0;
    if (i < length && code <= 0x20) {
      afterAt = false;
      start = i;
      continue;
    }
    start = i;
    if (code === 0x40 && !emails) {
      // "@", no trigger with e-mail addresses off: a name glued after it is read as
      // atColon reads it (no scheme character), but is no word's (see WORD_MARK).
      afterAt = true;
      i++;
      continue;
    }
    // An emphasis "_" before the name (see atColon), so atColon reads the same "_" and no
    // second one before it.
    let emphasis = false;
    if (code === 0x5f && i + 1 < length && isAlpha(text.charCodeAt(i + 1))) {
      emphasis = true;
      code = text.charCodeAt(++i);
    }
    if (i === length) return start;
    if (!isAlpha(code)) {
      // Scheme characters before any letter ("-", ".5:"): text, or a name of no scheme.
      const next = emphasis || !isSchemeChar(code) ? -1 : refusedNameEnd(text, i, readScheme, labels, emails);
      if (next === -1 || (text.charCodeAt(next - 1) !== 0x3a && ++texts > MAX_TEXT_NAMES)) return start;
      i = next;
      continue;
    }
    const name = i;
    let key = 0;
    let hash = 0;
    // The last character's code (SHORT_NAME_CODE): a letter or digit is at most LAST_ALNUM.
    let last = 0;
    let max = name + MAX_SHORT_NAME + 1 < length ? name + MAX_SHORT_NAME + 1 : length;
    for (; i < max; i++) {
      code = text.charCodeAt(i);
      const bits = code < 0x80 ? (SHORT_NAME_CODE[code] as number) : 0;
      if (bits === 0) break;
      key = key * 64 + bits;
      hash = (Math.imul(hash, 31) + bits) | 0;
      last = bits;
    }
    if (code !== 0x3a || i === max || last > LAST_ALNUM) {
      // No short name and colon. Text before whitespace or a mark: on from there.
      if (code !== 0x3a && i < max && (code <= 0x20 || (code < 0x80 && WORD_MARK[code] === 1) || (code === 0x40 && !emails))) {
        if (++texts > MAX_TEXT_NAMES) return start;
        continue;
      }
      // A longer name, one with "." or ending in "+" or "-": on past its colon when atColon
      // refuses that at once.
      const next = refusedNameEnd(text, name, readScheme, labels, emails);
      if (next === -1 || (text.charCodeAt(next - 1) !== 0x3a && ++texts > MAX_TEXT_NAMES)) break;
      i = next;
      continue;
    }
    // The colon atColon is called at.
    const nameColon = i;
    let colon = i;
    let known: KnownScheme | undefined;
    // The URL starts at the name, or after the "URL:" prefix.
    let urlStart = name;
    if (key === URL_KEY) {
      urlStart = ++i;
      code = i < length ? text.charCodeAt(i) : 0;
      key = 0;
      hash = 0;
      last = 0;
      max = urlStart + MAX_SHORT_NAME + 1 < length ? urlStart + MAX_SHORT_NAME + 1 : length;
      if (isAlpha(code)) {
        for (; i < max; i++) {
          code = text.charCodeAt(i);
          const bits = code < 0x80 ? (SHORT_NAME_CODE[code] as number) : 0;
          if (bits === 0) break;
          key = key * 64 + bits;
          hash = (Math.imul(hash, 31) + bits) | 0;
          last = bits;
        }
      }
      if (key !== 0 && (i === max || code === 0x2e || (code === 0x3a && (last > LAST_ALNUM || !table.shortNamesComplete)))) {
        // A name that schemeRunEnd reads otherwise (longer, with a ".", ending in "+" or
        // "-"): read as atColon reads it. A scheme's stays atColon's.
        const end = schemeRunEnd(text, urlStart);
        if (end !== -1 && readScheme(text, urlStart, end) !== undefined) break;
        key = 0;
      } else if (key !== 0 && code === 0x3a) {
        known = shortNameScheme(table, key, hash);
      }
      if (known === undefined) {
        // "URL:" before no scheme name and colon, or a name of no scheme: atColon refuses its
        // colon and consumes nothing. On from the character after it (a mark, see WORD_MARK).
        i = urlStart;
        afterAt = false;
        texts = 0;
        continue;
      }
      colon = i;
    } else {
      if (key !== lastKey) {
        const slot = shortNameSlot(table, key, hash);
        lastKnown = slot === -1 ? undefined : table.schemes[slot];
        lastLabel = slot !== -1 && table.omitted[slot] === 1;
        lastKey = key;
      }
      known = lastKnown;
      // A name of no scheme, or a label not asked for bare: atColon refuses its colon at once.
      if (known === undefined ? table.shortNamesComplete && cutsNoScheme(text, name, colon, readScheme) : lastLabel) {
        i = colon + 1;
        afterAt = false;
        texts = 0;
        continue;
      }
      if (known === undefined) break;
    }
    if (afterAt && !emphasis) break;
    if (emphasis) {
      // Refused at once unless the run's tail given back ends in "_" (see atColon): the run
      // ends where every bare run of ASCII does (BODY_END).
      const runMax = colon + 2 + WORD_BODY < length ? colon + 2 + WORD_BODY : length;
      let runEnd = colon + 1;
      let underscore = false;
      for (; runEnd < runMax; runEnd++) {
        code = text.charCodeAt(runEnd);
        if (code >= 0x80 || BODY_END[code] === 1) break;
        if (code === 0x5f) underscore = true;
      }
      if (code >= 0x80 || (runEnd === runMax && runMax < length)) break;
      if (underscore) {
        const end = trimTrailing(text, urlStart, runEnd, colon + 1);
        if (end - 1 > colon + 1 && text.charCodeAt(end - 1) === 0x5f) break;
      }
      i = nameColon + 1;
      afterAt = false;
      texts = 0;
      continue;
    }
    // The body, to whitespace.
    const bodyMax = colon + 2 + WORD_BODY < length ? colon + 2 + WORD_BODY : length;
    let runEnd = colon + 1;
    last = 0x3a;
    let glued = false;
    for (; runEnd < bodyMax; runEnd++) {
      code = text.charCodeAt(runEnd);
      if (code >= 0x80) break;
      if (code === 0x3a) glued = true;
      const kind = WORD_BODY_KIND[code] as number;
      if (kind === 0 || (kind === BODY_AT && !emails) || (kind === BODY_DOT && !fuzzy && (last | 0x20) !== 0x77 && (last | 0x20) !== 0x70)) {
        last = code;
        continue;
      }
      // Whitespace ends the run; a stop ends the search (as a character beyond ASCII does).
      if (kind !== BODY_ENDS) code = 0x80;
      break;
    }
    if (code >= 0x80 || (runEnd === bodyMax && bodyMax < length)) break;
    // A label (see LABEL_SCHEMES) may consume nothing: the colons of its body are the scan's.
    if (known.quick === undefined || (glued && urlStart === name && LABEL_SCHEME_SET.has(known.name))) break;
    // The tail given back as trimTrailing gives it, read only when its last character may go.
    const end = runEnd === colon + 1 || keepsTail(last) ? runEnd : runEnd === colon + 2 && givesBackAlone(last) ? colon + 1 : trimTrailing(text, urlStart, runEnd, colon + 1);
    if (!(end === colon + 1 ? known.builtIn : known.quick(text, colon, end, strict))) break;
    i = runEnd;
    start = i;
    texts = 0;
  }
  // The start of the word that is none (after its whitespace), or where the last ends.
  // No arithmetic on these ways out: V8 compiles the loop (on-stack) before any call has
  // come this way, and an operation with no feedback here sent every later call back to
  // the interpreter (a deoptimisation per call).
  return start;
}

/**
 * For a name of no short scheme (see shortNameScheme) from `name` to its colon, after
 * whitespace or a mark: true when no scheme starts after a character other than a letter
 * or digit in it either, atColon's cut for prose punctuation glued before a scheme ("x-http:",
 * RFC 3986 §3.1): atColon then refuses the colon at once.
 */
function cutsNoScheme(text: string, name: number, colon: number, readScheme: SchemeNameReader): boolean {
  for (let cut = name + 1; cut < colon; cut++) {
    if (!isAlnum(text.charCodeAt(cut - 1)) && isAlpha(text.charCodeAt(cut)) && readScheme(text, cut, colon) !== undefined) return false;
  }
  return true;
}

/**
 * For the run of scheme characters from `run` (after whitespace, a mark, "@" or "_", at or
 * after the floor): where refusedWordsFrom goes on, or -1. After the colon that ends it,
 * when atColon refuses that at once: the run (at most MAX_SCHEME_LENGTH, so atColon reads
 * it whole) holds no letter, or its name from the first letter is of no scheme, its cuts
 * included (see cutsNoScheme); or a label not asked for bare (`labels`); or "URL" before
 * no scheme name and colon. At the whitespace, mark, "@" (e-mail addresses off) or
 * emphasis "_" that ends a run with no colon: text.
 */
function refusedNameEnd(text: string, run: number, readScheme: SchemeNameReader, labels: boolean, emails: boolean): number {
  const max = run + MAX_SCHEME_LENGTH + 1 < text.length ? run + MAX_SCHEME_LENGTH + 1 : text.length;
  let colon = run;
  while (colon < max && isSchemeChar(text.charCodeAt(colon))) colon++;
  if (colon === max) return -1;
  const code = text.charCodeAt(colon);
  if (code !== 0x3a) {
    const ends = code <= 0x20 || (code < 0x80 && WORD_MARK[code] === 1) || (code === 0x40 && !emails) || (code === 0x5f && isAlpha(text.charCodeAt(colon + 1)));
    return ends ? colon : -1;
  }
  // atColon's name starts at the first letter (RFC 3986 §3.1).
  let name = run;
  while (name < colon && !isAlpha(text.charCodeAt(name))) name++;
  if (name === colon) return colon + 1;
  const known = readScheme(text, name, colon);
  if (known !== undefined) return labels && isLabelName(known.name) ? colon + 1 : -1;
  if (colon - name === 3 && startsWithFold(text, name, 'url')) {
    // The Appendix's prefix: refused at once before no scheme name and colon.
    const end = schemeRunEnd(text, colon + 1);
    return end === -1 || readScheme(text, colon + 1, end) === undefined ? colon + 1 : -1;
  }
  return cutsNoScheme(text, name, colon, readScheme) ? colon + 1 : -1;
}

/** The greatest SHORT_NAME_CODE of a letter or digit ("+" and "-" come after). */
const LAST_ALNUM = 36;

/** The key of "url" (see SHORT_NAME_CODE): the Appendix's prefix. */
const URL_KEY = (21 * 64 + 18) * 64 + 12;

/**
 * {@link namesNoScheme} for the colon at `colon`, whose run of scheme characters starts
 * at `runStart` (or before it, when the run is longer than any name that `ends` allows
 * for its last character). Only the lengths that `ends` allows are read, longest first
 * (a real "http:" is found at the first read).
 */
function namesNoSchemeIn(text: string, runStart: number, colon: number, ends: SchemeNameEnds, hashes: Uint8Array): boolean {
  const last = text.charCodeAt(colon - 1);
  if (!(last < 0x80)) return true;
  const folded = foldedCode(last);
  let mask = ends[folded] as number;
  const run = colon - runStart;
  if (run < MAX_SCHEME_LENGTH) mask &= (1 << run) - 1;
  while (mask !== 0) {
    const length = 32 - Math.clz32(mask);
    mask &= ~(1 << (length - 1));
    const start = colon - length;
    // A name that may be one of the registry's: atColon reads it (a real "http:" is read once).
    // Each character read once: the last above, the first two here.
    const first = text.charCodeAt(start);
    if (isAlpha(first) && mayBeName(hashes, length, first | 0x20, length > 1 ? foldedCode(text.charCodeAt(start + 1)) : 0, folded)) return false;
  }
  return true;
}

/**
 * The next `<` at or after `from` that atAngle may take: one after "=" (the early draft's
 * URL=<...>, which depends on the floor), or before "URL:" or a known scheme name and
 * its colon. The others are passed over as the scan's loop would pass over them (after
 * a refused wrapper, the rest of a run of "<" that no letter follows; see
 * afterAngleRun), with no trip through that loop: atAngle refuses them at once whatever
 * the floor, with nothing to report. 1 MB of "<a" repeated ran at about 0.25x normal text.
 */
function nextAngleCandidate(scan: Scan, from: number): number {
  const { text, readScheme } = scan;
  let open = nextIndexOf(text, '<', from);
  if (!scan.inPlace || !fastPaths) return open;
  for (;;) {
    const found = angleCandidateFrom(text, open, readScheme);
    if (found >= 0) return found;
    open = -found - 1;
  }
}

/**
 * How many refused triggers a search passes over per call of the function that reads
 * them (angleCandidateFrom, colonFrom): a search that passes over a whole 1 MB row in one
 * call runs its loop in code compiled for that loop alone (on-stack replacement), which a
 * garbage collection throws away, and the bench's runs (each after `gc()`) compiled it
 * again: "<a" repeated ran at 50 MB/s so, 135 MB/s without the collections. Called once
 * per this many, the function is compiled whole, and kept (see PASS_CHUNK in run-memo.ts).
 */
const PASS_STEPS = 1024;

/**
 * nextAngleCandidate from the "<" at `open` (or the text's length): the "<" it finds, or
 * `-(i + 1)` when it has passed over PASS_STEPS, for the "<" at `i` to go on from.
 */
function angleCandidateFrom(text: string, open: number, readScheme: SchemeNameReader): number {
  const length = text.length;
  let passed = 0;
  for (let step = 0; ; step++) {
    if (open >= length || text.charCodeAt(open - 1) === 0x3d) return open;
    if (step === PASS_STEPS) return -(open + 1);
    // Where to search on past the "<" at `open`, refused.
    let next: number;
    for (;;) {
      const first = text.charCodeAt(open + 1);
      if (!isAlpha(first)) {
        next = afterAngleRun(text, open + 1);
        // Dense ("<:<:"): the next "<" before a letter or after "=", natively (see DENSE_RUN).
        if (++passed === DENSE_RUN) return nextAngleOfPair(text, next);
        break;
      }
      if ((first | 0x20) === 0x75 && startsWithFold(text, open + 1, 'url:')) return open;
      // schemeRunEnd, and the character where its run stops, read once: no "<" is a
      // scheme character, so the next one is there or after it.
      const max = Math.min(length, open + 2 + MAX_SCHEME_LENGTH);
      let stop = open + 2;
      let code = text.charCodeAt(stop);
      while (stop < max && isSchemeChar(code)) code = text.charCodeAt(++stop);
      if (code === 0x3a && readScheme(text, open + 1, stop) !== undefined) return open;
      if (code !== 0x3c) {
        next = stop;
        break;
      }
      // A "<" right after the run ("<a<a"): no search for it, and no "=" before it. Each
      // counts as a step too, or a whole row of them is passed in one call (see PASS_STEPS);
      // the ones after it like it, in a loop of their own (see pastNamelessWrappers).
      open = pastNamelessWrappers(text, stop);
      if (++step === PASS_STEPS) return -(open + 1);
    }
    open = nextIndexOf(text, '<', next);
  }
}

/**
 * How many wrappers pastNamelessWrappers passes over per call, and dots pastFuzzyLabels:
 * bounded as PASS_STEPS bounds a search, so that a loop is compiled whole, not on-stack
 * (see PASS_STEPS).
 */
const NAMELESS_STEPS = 64;

/**
 * From the "<" at `open`: past each "<" whose run of scheme characters (a letter first,
 * at most MAX_SCHEME_LENGTH more) a "<" ends right after, as angleCandidateFrom passes
 * it (no colon after the run, so no scheme to read and no "<URL:"); up to
 * NAMELESS_STEPS of them. The "<" where that stops, for angleCandidateFrom to read.
 * A loop of its own: in angleCandidateFrom's, whose code also holds what other wrappers
 * take ("<http:", "<URL:"), 1 MB of "<a" repeated ran at 85-136 MB/s after the bench's
 * rows of those, 150-180 MB/s before them.
 */
function pastNamelessWrappers(text: string, open: number): number {
  const length = text.length;
  for (let step = 0; step < NAMELESS_STEPS; step++) {
    if (!isAlpha(text.charCodeAt(open + 1))) return open;
    const max = Math.min(length, open + 2 + MAX_SCHEME_LENGTH);
    let stop = open + 2;
    let code = text.charCodeAt(stop);
    while (stop < max && isSchemeChar(code)) code = text.charCodeAt(++stop);
    if (code !== 0x3c) return open;
    open = stop;
  }
  return open;
}

/**
 * The next `@` at or after `from` that a domain follows (see emailDomainEnd): atAt
 * refuses the others at once whatever comes before them, with nothing to report, and
 * they are passed over here with no trip through the scan's loop. 1 MB of "a@" repeated
 * (e-mail addresses on) ran at about 0.1x normal text.
 */
function nextEmailAt(scan: Scan, from: number): number {
  const { text, length } = scan;
  let at = nextIndexOf(text, '@', from);
  if (!scan.inPlace || !fastPaths) return at;
  for (;;) {
    if (at >= length) return at;
    // emailDomainRunEnd, noting a dot, and the character where the run stops, read once:
    // a run with no dot holds no domain ("a@a@"), and emailDomainEndIn needs no look.
    const max = Math.min(length, at + 1 + MAX_DOMAIN_LENGTH);
    let runEnd = at + 1;
    let dotted = false;
    let code = text.charCodeAt(runEnd);
    while (runEnd < max && isDomainChar(code)) {
      if (code === 0x2e) dotted = true;
      code = text.charCodeAt(++runEnd);
    }
    if (dotted && emailDomainEndIn(text, at, runEnd) !== -1) return at;
    // No "@" is a domain character: the next one is where the run stops (no search for
    // it) or after it.
    at = code === 0x40 ? runEnd : nextIndexOf(text, '@', runEnd);
  }
}

/**
 * True when no name atColon could read before the colon at `colon` is a known scheme or
 * "URL": each part of its run of scheme characters that starts with a letter, up to
 * MAX_SCHEME_LENGTH, is no name of the registry (`ends` tells which lengths can be). atColon
 * reads one of these names, which one depending on the floor (see its cuts), and refuses
 * the colon when it is none, with nothing to report; so such a colon is passed over in
 * the search, whatever the floor is when the scan gets there, with no trip through the
 * scan's loop: 1 MB of "a:" repeated ran at about 0.2x normal text, of "abcd:" at 0.3x.
 */
function namesNoScheme(text: string, colon: number, table: SchemeNameTable): boolean {
  const { ends, hashes } = table;
  const last = text.charCodeAt(colon - 1);
  const mask = last < 0x80 ? (ends[foldedCode(last)] as number) : 0;
  // Most words of prose end as no scheme name does: no look back at all.
  if (mask === 0) return true;
  const min = Math.max(0, colon - (32 - Math.clz32(mask)));
  let runStart = colon - 1;
  while (runStart > min && isSchemeChar(text.charCodeAt(runStart - 1))) runStart--;
  return namesNoSchemeIn(text, runStart, colon, ends, hashes);
}

/** `:`: a bare `scheme:...` or a `URL:scheme:...` prefix. Returns the new floor or -1. */
function atColon(scan: Scan, colon: number, floor: number): number {
  if (scan.shortRuns && colon - floor <= REFUSED_RUN_REACH && scan.refusedWords && fastPaths) {
    // Once the scan has met a short run, the words from here on, read by the reader of
    // refused runs (refused-words.ts), up to the first it cannot decide.
    const past = refusedRunEnd(scan.text, colon, false, floor, scan.nameEnds, scan.readScheme, LABEL_SCHEME_SET, scan.strict, scan.fuzzy);
    if (past !== -1) {
      // Nothing reported in between: the note of an unterminated wrapper goes to no later candidate.
      scan.unterminatedBody = -1;
      return past;
    }
  }
  const { text, readScheme } = scan;
  const min = Math.max(floor, colon - MAX_SCHEME_LENGTH - 1);
  let start = colon;
  while (start > min && isSchemeChar(text.charCodeAt(start - 1))) start--;
  if (start === min && start > floor && isSchemeChar(text.charCodeAt(start - 1))) return -1;
  // A scheme starts with a letter (RFC 3986 §3.1); "-http:" is "-" then "http:".
  while (start < colon && !isAlpha(text.charCodeAt(start))) start++;
  if (start === colon) return -1;
  // Prose punctuation glued before a scheme ("see...http:", "word.http:") is read as part
  // of the scheme name by RFC 3986 §3.1's grammar: when the whole run is no known scheme,
  // the scheme starts after its last ".", "-" or "+" (bounded: the run is at most
  // MAX_SCHEME_LENGTH characters). The longest known suffix wins: "x.svn+ssh:" is "svn+ssh:".
  // The scheme is read once here (most colons in prose end a word that is none).
  let known = readScheme(text, start, colon);
  if (known === undefined && !(colon - start === 3 && startsWithFold(text, start, 'url'))) {
    for (let cut = start + 1; cut < colon; cut++) {
      if (!isAlnum(text.charCodeAt(cut - 1)) && isAlpha(text.charCodeAt(cut)) && (known = readScheme(text, cut, colon)) !== undefined) {
        start = cut;
        break;
      }
    }
  }
  // A scheme glued to one "_" ("_http:", "x_http:") is part of an identifier, unless the
  // "_" opens an emphasis that the URL's last character closes ("_http://a.example_"); a
  // rule of several "_" before it ("____http:") is a separator line.
  let emphasis = false;
  if (start > 0 && text.charCodeAt(start - 1) === 0x5f && (start === 1 || text.charCodeAt(start - 2) !== 0x5f)) emphasis = true;
  let urlStart = start;
  let schemeColon = colon;
  let context: MatchContext = 'bare';
  if (colon - start === 3 && startsWithFold(text, start, 'url')) {
    // Appendix: the prefix "URL:" written right before a URL.
    schemeColon = schemeRunEnd(text, colon + 1);
    if (schemeColon === -1) return -1;
    if ((known = readScheme(text, colon + 1, schemeColon)) === undefined) {
      // "URL:" before a name of no scheme and its colon ("URL:foo:[" repeated), which mail
      // does not write: the colon search passes over such words too (see refusedWordsFrom),
      // as after a short run. Bench row "URL:foo:[ repeated" went through the scan's loop
      // here at each "URL:", at 0.2x normal text.
      scan.shortRuns = true;
      return -1;
    }
    urlStart = colon + 1;
    context = 'prefix';
  } else if (known === undefined) {
    return -1;
  } else if (LABEL_SCHEME_SET.has(known.name) && !scan.bareLabels.has(known.name)) {
    // A label, not a link, unless asked for (see LABEL_SCHEMES).
    return -1;
  }
  const runEnd = runsOf(scan).runEnd(schemeColon + 1, false, afterSpacelessText(text, start));
  // A short run, as hostile text repeats refused ones: the colon search looks for more.
  if (runEnd - schemeColon <= SHORT_BODY + 1) scan.shortRuns = true;
  let end = trimRunOf(scan).trim(urlStart, runEnd, schemeColon + 1);
  if (emphasis) {
    // Refused without consuming the run: the later "_http:" of the run whose colon
    // stands before its tail are refused alike (see RefusedEmphasis), unless the tail
    // given back ends in "_".
    if (end - 1 <= schemeColon + 1 || text.charCodeAt(end - 1) !== 0x5f) {
      const lowest = trimRunOf(scan).lowestEnd(runEnd);
      if (scan.inPlace && text.charCodeAt(lowest - 1) !== 0x5f) scan.refusedEmphasis.before = lowest - 1;
      return -1;
    }
    end = trimTrailing(text, urlStart, end - 1, schemeColon + 1);
  }
  // "http:" and nothing more (a run of "<http:"): every built-in parser refuses it, and
  // when no one asks for rejections there is nothing to report.
  if (end === schemeColon + 1 && scan.inPlace && known.builtIn && scan.onReject === undefined) return end;
  accept(scan, start, end, context, NO_NOTES, text, urlStart, end, schemeColon, known);
  return end;
}

/**
 * False when no `.` of `text` can be a trigger of the scan: none after "w" or "p" (the
 * end of "www" or "ftp", see nextPrefixDot), none at all in fuzzy mode, and
 * none that matters when schemeless hosts are off.
 */
function mayHoldHostDot(text: string, fuzzy: boolean, schemelessOff: boolean): boolean {
  if (fuzzy) return text.indexOf('.') !== -1;
  if (schemelessOff) return false;
  return text.includes('w.') || text.includes('W.') || text.includes('p.') || text.includes('P.');
}

/**
 * The index of the next `char` at or after `from` in `text`, or the text's length. The
 * next few characters are looked at by hand first: a native search has a fixed cost per
 * call that dominates when triggers crowd together (hostile "<<<<" or ":::").
 */
function nextIndexOf(text: string, char: string, from: number): number {
  const code = char.charCodeAt(0);
  const near = Math.min(text.length, from + NEAR_LOOKAHEAD);
  for (let i = from; i < near; i++) if (text.charCodeAt(i) === code) return i;
  const index = text.indexOf(char, near);
  return index === -1 ? text.length : index;
}

/**
 * How many triggers a search passes over by hand, each close after the last, before it
 * searches on with a regular expression for the next one it must look at. Prose has a
 * colon or dot every few dozen characters, and rarely this many close together; hostile
 * text that packs refused triggers (":<" or ".:" repeated) was read one character at a
 * time by each of two searches, at about a third of normal speed. A two-character pattern
 * is searched natively at about twice the speed of a loop in JavaScript.
 */
const DENSE_RUN = 8;

/** Colons that a scheme character stands before (see nextSchemeColon). */
const SCHEME_COLON = /[A-Za-z0-9+.-]:/g;
/** Dots that "w" or "p" stands before (see nextPrefixDot). */
const PREFIX_DOT = /[wWpP]\./g;
/** Dots that a letter or digit stands before (fuzzy mode, see nextHostDot). */
const HOST_DOT = /[A-Za-z0-9]\./g;
/** "<" after "=" or before a letter (see nextAngleCandidate). */
const ANGLE_PAIR = /=<|<[A-Za-z]/g;

/**
 * The second character of the first match of `pair` (a global pattern of two characters,
 * no backtracking) whose second character is at or after `from`, or the text's length.
 */
function secondOfPair(pair: RegExp, text: string, from: number): number {
  pair.lastIndex = from > 0 ? from - 1 : 0;
  return pair.test(text) ? pair.lastIndex - 1 : text.length;
}

/**
 * How far nextAngleOfPair searches with ANGLE_PAIR before the plain search takes over
 * again. The pattern runs at about twice a JavaScript loop's speed where "<" are dense,
 * but where they are sparse far slower than `indexOf('<')`, which skips to its character
 * in wide steps (33 MB of RFC text: 21 ms against 2.5 ms). Unbounded, a few refused "<" in
 * one search handed the rest of the text to the pattern: about 4% of the instructions of
 * a scan of RFC text. Dense text pays one slice (no copy) and one search per window.
 */
const ANGLE_WINDOW = 4096;

/**
 * The first "<" at or after `from` after "=" or before a letter (ANGLE_PAIR), looked for
 * before `from + ANGLE_WINDOW`; or `-(i + 1)` when there is none, for angleCandidateFrom
 * to go on from the "<" at `i` (or the text's length), the first at or after the window's
 * last unit (a "<" there has its letter past the window).
 */
function nextAngleOfPair(text: string, from: number): number {
  // "=<" with its "=" just before `from`; the search finds the others.
  if (text.charCodeAt(from) === 0x3c && text.charCodeAt(from - 1) === 0x3d) return from;
  const end = Math.min(text.length, from + ANGLE_WINDOW);
  ANGLE_PAIR.lastIndex = 0;
  if (!ANGLE_PAIR.test(text.slice(from, end))) return -(nextIndexOf(text, '<', Math.max(from, end - 1)) + 1);
  const after = from + ANGLE_PAIR.lastIndex;
  return text.charCodeAt(after - 1) === 0x3c ? after - 1 : after - 2;
}

/** `text.indexOf(char, from)`, or the text's length when there is none. */
function indexFrom(text: string, char: string, from: number): number {
  const index = text.indexOf(char, from);
  return index === -1 ? text.length : index;
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

/**
 * In a run of "<" from `from`, the first one followed by a letter, which alone can open
 * a wrapper, or the end of the run. A function of its own, not a loop in scanText: that
 * one is compiled again after each collection (see {@link Scan}), and this loop reads the
 * whole of bench row "< repeated".
 */
function afterAngleRun(text: string, from: number): number {
  // Bounded by hand: reads past the end make V8 compile a slower loop.
  const last = text.length - 1;
  while (from < last && text.charCodeAt(from) === 0x3c && !isAlpha(text.charCodeAt(from + 1))) from++;
  return from;
}

/**
 * In a run of "<URL:" with no body, from the one at `open`: the `<` of the last. Each
 * before it is unterminated, as the `<` of the next ends its body (RFC 1738 §2.2: no URL
 * holds one) after whitespace at most, with nothing to read bare (rows "<URL: repeated",
 * "<URL:  repeated"); the main loop would come back to the next
 * `<` at once, and atAngle would find the same (bench row "<URL: repeated"). A small
 * function of its own: its loop is compiled once, apart from atAngle, whose feedback on
 * its `scan` argument does not outlive a collection.
 */
function lastOfEmptyUrlWrappers(text: string, open: number): number {
  emptyUrlBody = -1;
  for (;;) {
    const next = emptyBodyAngle(text, open + 5);
    if (next === -1 || !startsWithFold(text, next + 1, 'url:')) return open;
    // A body of whitespace is read by atAngle one wrapper at a time, as unterminated
    // (see emptyUrlBody); "<" right after the colon is passed over with no note.
    if (next !== open + 5) emptyUrlBody = open + 5;
    open = next;
  }
}

/**
 * The body of the last wrapper of whitespace only that lastOfEmptyUrlWrappers passed
 * over, or -1: atAngle, reading each alone, had kept it as `unterminatedBody`, and the
 * next candidate gets its `unterminated-wrapper` note. Module state, not an argument:
 * see lastOfEmptyUrlWrappers on its `scan`.
 */
let emptyUrlBody = -1;

/**
 * In a run of "<http:" with no body (bench row "<http: repeated"), from the one at `open`
 * whose scheme `name` ends at `colon`: the `<` of the last. Each before it is what
 * atAngle refuses at once: a known built-in scheme, then "<" (RFC 1738 §2.2: no URL holds
 * one) after whitespace at most (rows "<http:  repeated", "<http: newline repeated"). Read
 * here, as the main loop would, without a trip through it; a function of its own for the
 * reason given at lastOfEmptyUrlWrappers.
 */
function lastOfEmptySchemeWrappers(text: string, open: number, colon: number, name: string, readScheme: SchemeNameReader): number {
  let last = open;
  for (;;) {
    // The next "<", past the whitespace the body may hold ("<http: <http: ").
    const next = emptyBodyAngle(text, colon + 1);
    // The same scheme again (the run's usual case), "<" after its colon: as the general
    // test below would find (the name is no "url", else "<url:" had been read as the
    // Appendix's wrapper), in one read of each character.
    const sameEnd = next + 1 + name.length;
    if (text.charCodeAt(sameEnd) === 0x3a && emptyBodyAngle(text, sameEnd + 1) !== -1 && startsWithFold(text, next + 1, name)) {
      last = next;
      colon = sameEnd;
      continue;
    }
    if (startsWithFold(text, next + 1, 'url:')) break;
    const after = schemeRunEnd(text, next + 1);
    if (after === -1 || emptyBodyAngle(text, after + 1) === -1 || readScheme(text, next + 1, after)?.builtIn !== true) break;
    last = next;
    colon = after;
  }
  return last;
}

/**
 * The "<" at `from`, or after ASCII whitespace (space, tab, CR, LF) from `from`; -1 when
 * another character comes first. A wrapper body of such whitespace ends at that "<", so
 * it is unterminated; whitespace ends a bare run, and holds no trigger of the scan. Each
 * character is read once: the whitespace belongs to the wrapper before the "<".
 */
function emptyBodyAngle(text: string, from: number): number {
  for (let i = from; ; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3c) return i;
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return -1;
  }
}

/** Schemes whose URLs always name a host after `//` (RFC 1738 §3.1), so a missing `//` is a slip. */
const AUTHORITY_SCHEMES = ['http', 'https', 'ftp'];

/**
 * `http:www.host.example/~me/` written without `//` (RFC 1738 §3.3 requires it): inside
 * a wrapper the intent is certain, so the reading gets its `//` back when what follows
 * the colon starts with a dotted host name. `undefined` when there is nothing to repair.
 */
function repairedAuthority(url: string): string | undefined {
  const colon = url.indexOf(':');
  // The cheap test first: nearly every wrapped URL has "/" after its colon.
  if (colon === -1 || !isAlnum(url.charCodeAt(colon + 1))) return undefined;
  if (!AUTHORITY_SCHEMES.includes(url.slice(0, colon).toLowerCase())) return undefined;
  let i = colon + 1;
  let dot = false;
  for (; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 0x2f || code === 0x3f || code === 0x23) break;
    if (code === 0x2e) dot = true;
    else if (!isAlnum(code) && code !== 0x2d) return undefined;
  }
  return dot ? `${url.slice(0, colon + 1)}//${url.slice(colon + 1)}` : undefined;
}

/**
 * `url` with its host `host` written as `ascii`: the first occurrence after the `//` and
 * any user name (RFC 3986 §3.2), where the parser read it.
 */
function withAsciiHost(url: string, host: string, ascii: string): string {
  const slashes = url.indexOf('//');
  if (slashes === -1) return url;
  const authority = authorityEnd(url, slashes + 2, url.length);
  const at = url.lastIndexOf('@', authority);
  const index = url.indexOf(host, at > slashes ? at + 1 : slashes + 2);
  return index === -1 ? url : url.slice(0, index) + ascii + url.slice(index + host.length);
}

/** The label schemes to report bare, lower case, from the `bareSchemes` option. */
function bareLabelSchemes(names: readonly string[] | undefined): ReadonlySet<string> {
  if (names === undefined) return EMPTY_SET;
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new TypeError(`findUrls: expected options.bareSchemes as an array of scheme names, got ${describe(names)}`);
  }
  return new Set(names.map((name) => name.toLowerCase()));
}

const EMPTY_SET: ReadonlySet<string> = new Set();

function isWhitespaceBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isWhitespace(text.charCodeAt(i))) return false;
  return true;
}

function fragmentOf(url: string): string | undefined {
  const hash = url.indexOf('#');
  return hash === -1 ? undefined : url.slice(hash + 1);
}

/**
 * Merged lists of two frozen lists, by identity. Frozen lists are shared constants
 * (WRAPPER_NOTE_LISTS, the in-place readers' lists), so there are only a few pairs, and
 * their merge is shared and frozen too.
 */
const MERGED_NOTES = new Map<readonly string[], Map<readonly string[], string[]>>();

/**
 * Merged lists kept per scanner list. The built-in readers have four frozen lists; a
 * registry's parser that freezes a new list per URL must not grow the cache without end.
 */
const MAX_MERGED_NOTE_LISTS = 16;

/** The scanner's notes, then the parser's, each once. */
function mergeNotes(scanner: readonly string[], parser: readonly string[]): string[] {
  const shared = Object.isFrozen(scanner) && Object.isFrozen(parser);
  if (shared && parser.length === 0) return scanner as string[];
  let byParser = shared ? MERGED_NOTES.get(scanner) : undefined;
  const known = byParser?.get(parser);
  if (known !== undefined) return known;
  const notes = scanner.slice();
  for (const note of parser) if (!notes.includes(note)) notes.push(note);
  if (!shared) return notes;
  if (byParser === undefined) MERGED_NOTES.set(scanner, (byParser = new Map()));
  // A custom parser might freeze a new list per URL: those are not kept.
  if (byParser.size < MAX_MERGED_NOTE_LISTS) byParser.set(parser, Object.freeze(notes) as string[]);
  return notes;
}

/** Names a wrong argument's type in a TypeError. */
function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
