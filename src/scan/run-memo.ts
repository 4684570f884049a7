/**
 * What the scanner learned about a bare run, remembered across the candidates in it.
 *
 * A refused candidate (`www.a(` with no top-level domain, an emphasis `_http:` that the
 * run does not close) consumes no text, so the next candidate starts inside the same run.
 * Without a memory each one would read the rest of the run again: on one long run of
 * `www.a(` that is quadratic. Every search here is a pure function of its start offset
 * (the next character of a kind, or the end of the run), so an answer `r` found from `lo`
 * holds for every start in `[lo, r]`; candidates come in text order, so each character is
 * read O(1) times per kind of search.
 */
import { afterSpacelessText, bareRunEnd, fuzzyRefusedRunEnd, isSpacelessText, NO_PREFIX, schemelessPrefixAt, startsSchemelessHost } from './bare.js';
import { codeUnitSearch, endsBareUrl, HAND_READ_LIMIT, indexOrLength, isAlnum, isAlpha, isSchemeChar, isSpacelessPunctuation, searchOrLength, startsWithFold } from './characters.js';
import { MAX_SCHEME_LENGTH, type SchemeNameReader } from '../schemes/registry.js';
import { hasKnownTld, MIN_TLD_LENGTH } from './top-level-domain.js';

/** The memory of one scan over `text`. */
export interface RunMemo {
  /**
   * {@link bareRunEnd} of `text` from `from`, remembered. `clearTo`: with `inHost`, the
   * caller knows that `[from, clearTo)` holds no run end and no authority stop (it is
   * before the host's next name stop, see {@link RunMemo.nextNameStop}): a search starts
   * there, and the run is read once for both.
   */
  runEnd(from: number, inHost: boolean, spaceless: boolean, clearTo?: number): number;
  /**
   * The first character at or after `from` that ends a host name or shows that there is
   * none: `/`, `?` or `#` (RFC 3986 §3.2: the end of an authority), `:` (a port) or `@`
   * (a user name before the host); an offset at or past the end of the run when there is
   * none in it. One search for all five: a refused host in a long run reads the run once.
   */
  nextNameStop(from: number): number;
  /** The first `/`, `?`, `#` or `@` at or after `from`, or an offset at or past the end of the run. */
  nextAuthorityStopOrAt(from: number): number;
  /** The first `.` at or after `from`, or an offset at or past the end of the run. */
  nextDot(from: number): number;
}

/**
 * Makes the memory for one scan of `text`: an object literal whose methods are
 * module-level functions, compiled once for every scan. Not closures: closures made per
 * scan were garbage after it, and the scan's compiled code that called them was thrown
 * away with them at each collection. Not a class either: the map (hidden class) that
 * a constructor's field stores lead to is held weakly, dies with the last instance at a
 * collection, and takes the code compiled for it along (V8 "weak objects" deopts, then
 * recompiles, on every scan after a `gc()`); a literal's map is kept by its site.
 */
export function createRunMemo(text: string): RunMemo {
  const memo: RunMemory = {
    text,
    plainFrom: 1,
    plainEnd: 0,
    spacelessFrom: 1,
    spacelessEnd: 0,
    hostClearTo: 0,
    hostStop: -1,
    nameStops: createFinder(text, AUTHORITY_STOP | AT | COLON),
    authorityStopsOrAt: createFinder(text, AUTHORITY_STOP | AT),
    dots: createFinder(text, DOT),
    runEnd: memoRunEnd,
    nextNameStop: memoNextNameStop,
    nextAuthorityStopOrAt: memoNextAuthorityStopOrAt,
    nextDot: memoNextDot,
  };
  return memo;
}

/** The state behind a {@link RunMemo}. */
interface RunMemory extends RunMemo {
  readonly text: string;
  // Plain runs: the end is the next character that ends every run, whatever came before.
  plainFrom: number;
  plainEnd: number;
  // Runs glued to CJK prose: CJK letters end them after the host (see bareRunEnd), so an
  // answer holds only for starts up to the end of the host it was read in.
  spacelessFrom: number;
  spacelessEnd: number;
  // The host is known to run on up to `hostClearTo`; -1 until an authority stop is met,
  // then where it stands. Read only as far as later starts ask (most are passed over:
  // see rememberRefusedHosts in find-urls.ts).
  hostClearTo: number;
  hostStop: number;
  readonly nameStops: Finder;
  readonly authorityStopsOrAt: Finder;
  readonly dots: Finder;
}

function inSpacelessHost(memo: RunMemory, from: number): boolean {
  if (memo.hostStop !== -1) return from <= memo.hostStop;
  for (; memo.hostClearTo < from; memo.hostClearTo++) {
    if (isAuthorityStop(memo.text.charCodeAt(memo.hostClearTo))) {
      memo.hostStop = memo.hostClearTo;
      return false;
    }
  }
  return true;
}

function memoRunEnd(this: RunMemory, from: number, inHost: boolean, spaceless: boolean, clearTo = from): number {
  if (!spaceless) {
    if (from < this.plainFrom || from > this.plainEnd) {
      this.plainFrom = from;
      this.plainEnd = bareRunEnd(this.text, inHost ? clearTo : from, inHost, false);
    }
    return this.plainEnd;
  }
  if (!inHost) return bareRunEnd(this.text, from, inHost, true);
  if (from < this.spacelessFrom || from > this.spacelessEnd || !inSpacelessHost(this, from)) {
    this.spacelessFrom = from;
    this.spacelessEnd = bareRunEnd(this.text, clearTo, true, true);
    this.hostClearTo = from;
    this.hostStop = -1;
  }
  return this.spacelessEnd;
}

function memoNextNameStop(this: RunMemory, from: number): number {
  return nextOf(this.nameStops, from);
}

function memoNextAuthorityStopOrAt(this: RunMemory, from: number): number {
  return nextOf(this.authorityStopsOrAt, from);
}

function memoNextDot(this: RunMemory, from: number): number {
  return nextOf(this.dots, from);
}

function isAuthorityStop(code: number): boolean {
  return code === 0x2f || code === 0x3f || code === 0x23;
}

/** The kinds of ASCII character the searches stop at, one bit each. */
const RUN_END = 1;
/** `/`, `?` or `#`. */
const AUTHORITY_STOP = 2;
const AT = 4;
const COLON = 8;
const DOT = 16;

/**
 * Each ASCII character's kinds. One table look-up per character read: the searches run
 * over every refused host of a run (bounds catalogue, `www.a(` repeated).
 */
const STOPS: Uint8Array = (() => {
  const table = new Uint8Array(0x80);
  for (let code = 0; code < 0x80; code++) {
    if (endsBareUrl(code)) table[code] = RUN_END;
  }
  table[0x2f] = table[0x3f] = table[0x23] = AUTHORITY_STOP;
  table[0x40] = AT;
  table[0x3a] = COLON;
  table[0x2e] = DOT;
  return table;
})();

/**
 * A search for the next character of a kind in `wanted`, or one that ends every bare run
 * (whitespace, `<>"`, CJK punctuation): no run holds such a character, so an answer past
 * a run's end means "none in the run". Remembered as described above.
 */
interface Finder {
  readonly text: string;
  readonly stops: number;
  lo: number;
  found: number;
}

function createFinder(text: string, wanted: number): Finder {
  return { text, stops: wanted | RUN_END, lo: 1, found: 0 };
}

/** The {@link Finder}'s answer from `from`. */
function nextOf(finder: Finder, from: number): number {
  if (from >= finder.lo && from <= finder.found) return finder.found;
  finder.lo = from;
  finder.found = nextStop(finder.text, from, finder.stops);
  return finder.found;
}

/** The first character at or after `from` of a kind in `stops`, or of a non-ASCII one that ends every run. */
function nextStop(text: string, from: number, stops: number): number {
  const length = text.length;
  // Past the first characters, a native search (see HAND_READ_LIMIT).
  let handEnd = Math.min(length, from + HAND_READ_LIMIT);
  let i = from;
  for (; i < handEnd; i++) {
    const code = text.charCodeAt(i);
    // Letters and the marks from "A" to "~" are no kind of stop (see STOPS): passed with
    // no look-up. Every ASCII stop stands at or below "@", or is DEL (bench row "漢www.a(
    // repeated" reads its megabyte here once, by hand).
    if (code > 0x40 && code < 0x7f) continue;
    if (code < 0x80) {
      if (((STOPS[code] as number) & stops) !== 0) break;
    } else {
      // Text beyond ASCII is read by hand to the end (see HAND_READ_LIMIT).
      handEnd = length;
      if (endsBareUrl(code) || isSpacelessPunctuation(code)) break;
    }
  }
  return i < handEnd || i === length ? i : searchOrLength(stopSearch(stops), text, i);
}

/** The native searches of {@link nextStop}, one per set of kinds, each built at its first long read. */
const STOP_SEARCHES: (RegExp | undefined)[] = [];

function stopSearch(stops: number): RegExp {
  return (STOP_SEARCHES[stops] ??= codeUnitSearch((code) => (code < 0x80 ? ((STOPS[code] as number) & stops) !== 0 : endsBareUrl(code) || isSpacelessPunctuation(code))));
}

/**
 * The first `.` at or after `from` and before `before` that does not end a host of the
 * kind refused last (CJK prose before it or not, `spaceless`), or the next `.` at or
 * after `before`. Module level (not a closure of the scan) so that its compiled loop
 * outlives a garbage collection between scans (bench row "www. repeated").
 */
export function passRefusedHosts(text: string, from: number, before: number, spaceless: boolean, cjk: NextCjk): number {
  if (spaceless) {
    // In a run of refused hosts a dot stands every few characters: a native search for each.
    for (let i = text.indexOf('.', from); i !== -1 && i < before; i = text.indexOf('.', i + 1)) {
      if (!afterSpacelessText(text, i - 3)) return i;
    }
    return indexOrLength(text, '.', before);
  }
  // After other text, the dot to find stands 4 after a CJK character (afterSpacelessText
  // of the host start 3 before it): a search for those, which are rare, instead of a look
  // at every character of the run. No CJK character stands past the end.
  const last = Math.min(before, text.length) - 4;
  let k = from < 4 ? 0 : from - 4;
  while (k < last) {
    k = nextCjkOf(text, k, last, cjk);
    if (k >= last) break;
    if (text.charCodeAt(k + 4) === 0x2e && afterSpacelessText(text, k + 1)) return k + 4;
    k++;
  }
  return indexOrLength(text, '.', before);
}

/**
 * What the searches for a character at or above U+2E80 found: none in `[from, at)`, and
 * one at `at` when `found`. Kept from call to call of one scan, whose searches start in
 * text order and overlap (every refused host of a long run asks up to its end): each
 * character is searched once per scan. Without it, in a text stored two bytes per
 * character (one "’" is enough) with no CJK, a search from each refused host whose name
 * holds a later "w." or "p." ("www.help.zzq") read on to the end: quadratic (600 KB took 8 s).
 */
export interface NextCjk {
  from: number;
  at: number;
  found: boolean;
}

/** A {@link NextCjk} that knows nothing yet. */
export function createNextCjk(): NextCjk {
  return { from: 0, at: 0, found: false };
}

/** Windows up to this long are read by hand: below it a regular expression's call costs more (a host name is a few dozen characters). */
const CJK_HAND_READ = 64;

/** The first character at or above U+2E80 in `text[from, to)`, `to` when there is none, or one past `to` found before. */
function nextCjkOf(text: string, from: number, to: number, cjk: NextCjk): number {
  if (from >= cjk.from && from <= cjk.at) {
    if (cjk.found || to <= cjk.at) return cjk.found ? cjk.at : to;
    // Searched up to `at` already: go on from there.
    from = cjk.at;
  } else {
    cjk.from = from;
  }
  let at = from;
  if (to - from <= CJK_HAND_READ) {
    while (at < to && text.charCodeAt(at) < 0x2e80) at++;
  } else {
    // The window only: on a two-byte text with no CJK the search would read on to the end.
    AT_OR_ABOVE_CJK.lastIndex = 0;
    at = AT_OR_ABOVE_CJK.test(text.slice(from, to)) ? from + AT_OR_ABOVE_CJK.lastIndex - 1 : to;
  }
  cjk.at = at;
  cjk.found = at < to;
  return at;
}

/**
 * Characters at or above U+2E80, where the CJK scripts and punctuation of
 * afterSpacelessText begin. One character class: no backtracking, linear.
 */
const AT_OR_ABOVE_CJK = /[\u2e80-\uffff]/g;

/**
 * What a schemeless host refused for its top-level domain tells about the later hosts of
 * its run (no CJK prose before it, so the run ends at the same place from any of them;
 * see bareRunEnd): each later host's trimmed end is never before the tail of the run
 * given back whole (`lowest`, see TrailingMemo.lowestEnd), and it stands either there or
 * just after a closing bracket of the tail that its bracket counts keep (trimTrailing
 * stops only at a character that the walk of the tail stopped at too, or at a kept
 * bracket), as long as its own `minEnd` (its dot + 2) stands before `lowest`.
 */
export interface RefusedRun {
  /** Hosts whose dot stands before this offset may be passed over; 0 when none. */
  before: number;
  /** The least trimmed end of a later host of the run. */
  lowest: number;
  /** Where the run ends. */
  runEnd: number;
  /** True when the name `[a later start, lowest)` has no known top-level domain (true for every later start when true for one). */
  tailRefused: boolean;
  /**
   * The next name stop (`/?#:@` or the end of the run) from `stopFrom` is `stop`, so from
   * every start up to it: kept from call to call, each stop is read once per scan. (Data,
   * not the scan's own search: compiled code that calls a closure of one scan is thrown
   * away once that closure is collected.)
   */
  stopFrom: number;
  stop: number;
}

/** A {@link RefusedRun} that passes over nothing. */
export function createRefusedRun(): RefusedRun {
  return { before: 0, lowest: 0, runEnd: 0, tailRefused: false, stopFrom: -1, stop: -1 };
}

/**
 * The first dot at or after `from` and before `run.before` that ends a `www`/`ftp`
 * prefix and whose host is not certainly refused for its top-level domain, or the next
 * `.` at or after `run.before`. A later host's name ends at the first of its next name
 * stop (`/?#:@`, RFC 3986 §3.2) and its trimmed end (see findUrls' atDot):
 * - a stop at or before `lowest` is before its end (or is it): the name ends at the stop,
 *   and an `@` before `lowest` refuses it (a user name), as does an unknown top-level domain;
 * - no stop in the run: the name ends at its trimmed end, which is `lowest` (refused when
 *   `tailRefused`) or just after a closing bracket (no top-level domain ends in one);
 * - a stop inside the tail: not decided here.
 * A host after CJK prose (its run may end sooner) is not decided here either. Bench rows
 * "www.a/( repeated" and "www.a( then )": about 0.5 µs per host through the scan's loop.
 */
export function passRefusedNames(text: string, from: number, run: RefusedRun): number {
  const before = run.before;
  for (let at = from; at < before; at += PASS_CHUNK) {
    const dot = passRefusedNamesIn(text, at, Math.min(before, at + PASS_CHUNK), run);
    if (dot !== -1) return dot;
  }
  return indexOrLength(text, '.', Math.max(from, before));
}

/**
 * {@link passRefusedNames} reads a run in pieces of this many characters, one call each.
 * A function that V8 enters once per scan runs its loop in code compiled for that loop
 * alone (on-stack replacement), which a garbage collection throws away: the next scan
 * compiled it again (about 10 ms of CPU for this one, more than the rest of a 1 MB row).
 * Called a few hundred times per megabyte, the function is compiled whole, and kept.
 */
const PASS_CHUNK = 4096;

/** {@link passRefusedNames} over the dots in `[from, to)`: the dot to look at, or -1. */
function passRefusedNamesIn(text: string, from: number, to: number, run: RefusedRun): number {
  const { lowest, runEnd, tailRefused } = run;
  // The memory in locals, stored back once.
  let stopFrom = run.stopFrom;
  let stop = run.stop;
  // No stop in the run and a tail that refuses the names: every host from stopFrom on is refused.
  let refusesAll = stop >= runEnd && tailRefused;
  // Whether the name that ends at the stop is refused, once asked: the same for every
  // host from stopFrom on (hasKnownTld reads the last label before the end, which holds
  // each such host's own dot). Unknown at first.
  let stopRefuses = UNKNOWN;
  // The last dot before the stop, when this call's search for it saw one; -1 otherwise.
  let stopLastDot = -1;
  let dot = from;
  for (; dot < to; dot++) {
    // A native search for the next dot: most characters of such a run are none.
    dot = text.indexOf('.', dot);
    if (dot === -1 || dot >= to) {
      dot = to;
      break;
    }
    const start = dot - 3;
    if (start < 0) continue;
    // The character before the host, read once for afterSpacelessText and schemelessPrefixAt.
    const before = start === 0 ? 0x20 : text.charCodeAt(start - 1);
    const spaceless = isSpacelessText(before);
    // Read first in a run of such hosts ("www.a( then )"): only one after CJK prose needs a look.
    if (refusesAll && start >= stopFrom && !spaceless) continue;
    if (!startsSchemelessHost(text, dot, before)) continue;
    if (spaceless) break;
    if (start < stopFrom || start > stop) {
      // From the dot on: "www." holds no stop, and the letter or digit after the dot is none.
      stopFrom = start;
      stop = nameStopAfter(text, dot + 2, dot);
      stopLastDot = nameRead.lastDot;
      refusesAll = stop >= runEnd && tailRefused;
      stopRefuses = UNKNOWN;
    }
    const nameStop = stop < runEnd ? stop : runEnd;
    if (nameStop <= lowest) {
      if (stopRefuses === UNKNOWN) stopRefuses = refusesName(text, start, nameStop, nameStop < lowest, nameStop === stop ? stopLastDot : -1) ? YES : NO;
      if (stopRefuses === NO) break;
    } else if (nameStop < runEnd || !tailRefused) {
      break;
    }
  }
  run.stopFrom = stopFrom;
  run.stop = stop;
  return dot < to ? dot : -1;
}

const UNKNOWN = 0;
const YES = 1;
const NO = 2;

/**
 * Where nameStopAfter found the last dot before the stop it returned, or -1 when it
 * went on with a native search and does not know. One record, reused.
 */
const nameRead = { lastDot: -1 };

/**
 * {@link nextStop} of the name stops (`/?#:@`, or what ends every run) from `from`, where
 * the name's last dot up to `from` is at `lastDot`: the first characters by hand, noting
 * the last dot on the way (nameRead.lastDot), so that refusesName needs no walk back to
 * the last label (bench row "www.a/( repeated": a stop right after each host's one letter).
 */
function nameStopAfter(text: string, from: number, lastDot: number): number {
  const handEnd = Math.min(text.length, from + HAND_READ_LIMIT);
  for (let i = from; i < handEnd; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) break;
    const kind = STOPS[code] as number;
    if (kind === 0) continue;
    if ((kind & DOT) !== 0) {
      lastDot = i;
      continue;
    }
    nameRead.lastDot = lastDot;
    return i;
  }
  nameRead.lastDot = -1;
  return nextStop(text, from, AUTHORITY_STOP | AT | COLON);
}

/**
 * True when the host at `start` is refused for the name that ends at `nameStop` (its
 * name stop or the run's end, before the tail): a user name before an `@` (`atRefuses`:
 * the stop stands before the tail), or no known top-level domain. A last label of one
 * character after `lastDot` (the name's last dot, -1 when not known) is none (RFC 1123
 * §2.1, see hasKnownTld): known without a read.
 */
function refusesName(text: string, start: number, nameStop: number, atRefuses: boolean, lastDot: number): boolean {
  const labelLength = lastDot === -1 ? -1 : nameStop - lastDot - 1;
  if (labelLength > 0 && labelLength < MIN_TLD_LENGTH) return true;
  return (atRefuses && text.charCodeAt(nameStop) === 0x40) || !hasKnownTld(text, start, nameStop);
}

/**
 * What an emphasis `_scheme:` refused because its run does not end in `_` tells about the
 * later colons of the run: each later `_scheme:` (its `_` right before the scheme, no
 * CJK prose before it) reads the same run, whose trimmed end is `lowest` or just after a
 * closing bracket (see {@link RefusedRun}) as long as its colon stands before `lowest`,
 * and neither ends in `_`: it is refused alike (see findUrls' atColon).
 */
export interface RefusedEmphasis {
  /** Colons before this offset may be passed over; 0 when none. */
  before: number;
}

/**
 * The first colon at or after `from` and before `run.before` that findUrls' atColon may
 * accept or consume (or the next `:` at or after `run.before`), with nothing before
 * `floor` consumed. Passed over: a colon with no scheme character before it (atColon
 * refuses it), and an emphasis `_scheme:` of a known scheme (not the "URL:" prefix)
 * whose scheme name starts right after the `_` and at or after `floor`, so that atColon
 * reads the same name from the same start. Bench row "(_http:a repeated": about 0.3 µs
 * per colon through the scan's loop.
 */
export function passRefusedEmphasis(text: string, from: number, run: RefusedEmphasis, readScheme: SchemeNameReader, floor: number): number {
  const before = run.before;
  for (let at = from; at < before; at += PASS_CHUNK) {
    const colon = passRefusedEmphasisIn(text, at, Math.min(before, at + PASS_CHUNK), readScheme, floor);
    if (colon !== -1) return colon;
  }
  return indexOrLength(text, ':', Math.max(from, before));
}

/** {@link isSchemeChar} of each ASCII character, as 1 or 0: one look-up per character of a name read back from a colon. */
const SCHEME_CHARS: Uint8Array = Uint8Array.from({ length: 0x80 }, (_, code) => (isSchemeChar(code) ? 1 : 0));

/** {@link isSchemeChar} by {@link SCHEME_CHARS}. */
function isSchemeCode(code: number): boolean {
  return code < 0x80 && SCHEME_CHARS[code] === 1;
}

/** {@link passRefusedEmphasis} over the colons in `[from, to)`: the colon to look at, or -1. */
function passRefusedEmphasisIn(text: string, from: number, to: number, readScheme: SchemeNameReader, floor: number): number {
  // The last name passed over, by its key (see NAME_KEY_LENGTH) or, when longer, as offsets:
  // a later name of the same characters is known without a call to readScheme (pure in the
  // name's characters; bench row "(_http:a repeated" reads the same name at every colon).
  let seenKey = -1;
  let seenStart = 0;
  let seenLength = -1;
  for (let colon = from; colon < to; colon++) {
    // A native search for the next colon, then a walk back over its scheme name: most
    // characters of such a run are neither.
    colon = text.indexOf(':', colon);
    if (colon === -1 || colon >= to) return -1;
    // The name's start, looked for back no further than a name of MAX_SCHEME_LENGTH; its
    // key and the character before it (`code`) read on the way, each character once.
    const min = colon - MAX_SCHEME_LENGTH - 1;
    let start = colon;
    let key = 0;
    let code = 0;
    let first = 0;
    while (start > min) {
      code = text.charCodeAt(start - 1);
      if (!isSchemeCode(code)) break;
      key = key * 128 + code;
      first = code;
      start--;
    }
    if (start === colon) continue;
    if (start === min || start - 1 < floor || code !== 0x5f || (start > 1 && text.charCodeAt(start - 2) === 0x5f) || !isAlpha(first)) return colon;
    const length = colon - start;
    if (length <= NAME_KEY_LENGTH ? key === seenKey : length === seenLength && sameCodeUnits(text, start, seenStart, length)) continue;
    if (readScheme(text, start, colon) === undefined || (length === 3 && startsWithFold(text, start, 'url'))) return colon;
    seenKey = length <= NAME_KEY_LENGTH ? key : -1;
    seenStart = start;
    seenLength = length;
  }
  return -1;
}

/**
 * The longest name passRefusedEmphasisIn tells apart by its key (each code unit as seven
 * bits, last first: exact in a double up to 49 bits); a longer one is compared where it stands.
 * Its walk back reads each character once, where comparing the two names read both again.
 */
const NAME_KEY_LENGTH = 7;

/** True when `text` holds the same `length` code units at `a` and at `b`. */
function sameCodeUnits(text: string, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}

/** Fuzzy mode: the dots before `done` belong to a host run already looked at. */
export interface FuzzyRuns {
  done: number;
}

/**
 * Fuzzy mode: the first dot at or after `from` and before `before` that findUrls must
 * look at (or the next `.` at or after `before`), where the dots before `before` that end
 * `www`/`ftp` after text of the kind `spaceless` are refused hosts (see findUrls'
 * rememberRefusedHosts). Passed over: a dot in a host run already read (`fuzzy.done`), a
 * dot after no letter or digit, and a dot that is no schemeless host (or a refused one)
 * whose host run is refused at once by what follows it (see fuzzyRefusedRunEnd), whose
 * run is then read (`fuzzy.done` moves to its end, as fuzzyHostAt's caller does). Bench
 * row "www.a( repeated, fuzzy": a trip through the scan's loop per host before.
 */
export function passFuzzyRefused(text: string, from: number, before: number, spaceless: boolean, fuzzy: FuzzyRuns): number {
  for (let at = from; at < before; at += PASS_CHUNK) {
    const dot = passFuzzyRefusedIn(text, at, Math.min(before, at + PASS_CHUNK), before, spaceless, fuzzy);
    if (dot !== -1) return dot;
  }
  return indexOrLength(text, '.', Math.max(from, before));
}

/** {@link passFuzzyRefused} over the dots in `[from, to)`: the dot to look at, or -1. */
function passFuzzyRefusedIn(text: string, from: number, to: number, before: number, spaceless: boolean, fuzzy: FuzzyRuns): number {
  // The memory in locals, stored back once.
  let done = fuzzy.done;
  let dot = from;
  for (; dot < to; dot++) {
    // A native search for the next dot past the host runs read: most characters are none.
    dot = text.indexOf('.', dot < done ? done : dot);
    if (dot === -1 || dot >= to) {
      dot = to;
      break;
    }
    if (!isAlnum(text.charCodeAt(dot - 1))) continue;
    // A refused host first: in its run, most dots are one.
    if (!(dot < before && afterSpacelessText(text, dot - 3) === spaceless) && schemelessPrefixAt(text, dot) !== NO_PREFIX) break;
    const runEnd = fuzzyRefusedRunEnd(text, dot);
    if (runEnd === -1) break;
    // On from the run's end (the loop's step): its dots are read.
    done = runEnd;
    dot = runEnd - 1;
  }
  fuzzy.done = done;
  return dot < to ? dot : -1;
}
