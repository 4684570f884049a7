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
import { bareRunEnd } from './bare.js';
import { endsBareUrl, isSpacelessPunctuation } from './characters.js';

/** The memory of one scan over `text`. */
export interface RunMemo {
  /** {@link bareRunEnd} of `text` from `from`, remembered. */
  runEnd(from: number, inHost: boolean, spaceless: boolean): number;
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

/** Makes the memory for one scan of `text`. */
export function createRunMemo(text: string): RunMemo {
  // Plain runs: the end is the next character that ends every run, whatever came before.
  let plainFrom = 1;
  let plainEnd = 0;
  // Runs glued to CJK prose: CJK letters end them after the host (see bareRunEnd), so an
  // answer holds only for starts up to the end of the host it was read in.
  let spacelessFrom = 1;
  let spacelessEnd = 0;
  // The host is known to run on up to `hostClearTo`; -1 until an authority stop is met,
  // then where it stands. Read only as far as later starts ask (most are passed over:
  // see rememberRefusedHosts in find-urls.ts).
  let hostClearTo = 0;
  let hostStop = -1;
  const inSpacelessHost = (from: number): boolean => {
    if (hostStop !== -1) return from <= hostStop;
    for (; hostClearTo < from; hostClearTo++) {
      if (isAuthorityStop(text.charCodeAt(hostClearTo))) {
        hostStop = hostClearTo;
        return false;
      }
    }
    return true;
  };
  const runEnd = (from: number, inHost: boolean, spaceless: boolean): number => {
    if (!spaceless) {
      if (from < plainFrom || from > plainEnd) {
        plainFrom = from;
        plainEnd = bareRunEnd(text, from, inHost, false);
      }
      return plainEnd;
    }
    if (!inHost) return bareRunEnd(text, from, inHost, true);
    if (from < spacelessFrom || from > spacelessEnd || !inSpacelessHost(from)) {
      spacelessFrom = from;
      spacelessEnd = bareRunEnd(text, from, true, true);
      hostClearTo = from;
      hostStop = -1;
    }
    return spacelessEnd;
  };
  return {
    runEnd,
    nextNameStop: nextFinder(text, AUTHORITY_STOP | AT | COLON),
    nextAuthorityStopOrAt: nextFinder(text, AUTHORITY_STOP | AT),
    nextDot: nextFinder(text, DOT),
  };
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
function nextFinder(text: string, wanted: number): (from: number) => number {
  const stops = wanted | RUN_END;
  let lo = 1;
  let found = 0;
  return (from: number): number => {
    if (from >= lo && from <= found) return found;
    lo = from;
    found = nextStop(text, from, stops);
    return found;
  };
}

/** The first character at or after `from` of a kind in `stops`, or of a non-ASCII one that ends every run. */
function nextStop(text: string, from: number, stops: number): number {
  const length = text.length;
  let i = from;
  for (; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if (((STOPS[code] as number) & stops) !== 0) break;
    } else if (endsBareUrl(code) || isSpacelessPunctuation(code)) {
      break;
    }
  }
  return i;
}
